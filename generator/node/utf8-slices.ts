/**
 * A text's UTF-8, one slice at a time, in a buffer reused from slice to slice: `buffer.write` of
 * a slice into a buffer that is already there costs about a quarter of `Buffer.from` of the whole
 * text (which measures the bytes first and allocates them: 12 against 3 ms for the 5.4 MB of a
 * one-tool edit's provider files), and nothing as large as the text is ever allocated. A text
 * made as a rope of parts (rope-parts.ts) is encoded part after part instead: reading the rope
 * would make V8 copy it whole into one flat two-byte string first, which cost more than the
 * encoding.
 */

/** UTF-16 units encoded per slice by default (one more for a whole surrogate pair). */
export const SLICE_UNITS = 256 * 1024;

/** A buffer that holds any slice of `slice` units (and the pair that may end one): 3 bytes a unit. */
export function sliceBuffer(slice: number): Buffer {
  return Buffer.allocUnsafe((slice + 1) * 3);
}

/**
 * Encodes `text` into `buffer` (made by `sliceBuffer(slice)`) one slice after the other, calling
 * `each` with the byte length of each slice, which it finds at the start of `buffer`; stops early
 * when `each` returns false, and then returns false. A surrogate pair is never split (each half
 * alone would be encoded as U+FFFD), so the bytes are those of the whole text encoded at once.
 */
export function eachUtf8Slice(
  text: string,
  buffer: Buffer,
  slice: number,
  each: (length: number) => boolean,
): boolean {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + slice, text.length);
    // Stop before a pair that the slice would cut, or take it whole when it is all the slice holds.
    if (
      end < text.length &&
      isSurrogatePair(text.charCodeAt(end - 1), text.charCodeAt(end))
    )
      end += end - start > 1 ? -1 : 1;
    if (!each(buffer.write(text.slice(start, end), 0, "utf8"))) return false;
    start = end;
  }
  return true;
}

/**
 * As eachUtf8Slice, the chunks of `text` encoded from `parts` (the strings it is the
 * concatenation of), as many parts at once as surely fit in `buffer` (3 bytes a unit): the bytes
 * are the same, and the rope is never read. Without parts, or when a surrogate pair is cut
 * between two of them (each half alone would be U+FFFD; the output's parts are whole lines, but
 * the bytes must be the text's whatever the parts), the text is sliced as eachUtf8Slice does.
 */
export function eachUtf8Chunk(
  text: string,
  parts: readonly string[] | undefined,
  buffer: Buffer,
  slice: number,
  each: (length: number) => boolean,
): boolean {
  if (parts === undefined || pairAcrossParts(parts))
    return eachUtf8Slice(text, buffer, slice, each);
  let used = 0;
  for (const part of parts) {
    if (used + part.length * 3 > buffer.length) {
      if (used > 0 && !each(used)) return false;
      used = 0;
      if (part.length > slice) {
        if (!eachUtf8Slice(part, buffer, slice, each)) return false;
        continue;
      }
    }
    used += buffer.write(part, used, "utf8");
  }
  return used === 0 || each(used);
}

function pairAcrossParts(parts: readonly string[]): boolean {
  let last = 0;
  for (const part of parts) {
    if (part.length === 0) continue;
    if (isSurrogatePair(last, part.charCodeAt(0))) return true;
    last = part.charCodeAt(part.length - 1);
  }
  return false;
}

/**
 * Whether `text` has no lone surrogate (`String.prototype.isWellFormed`, which the ES2022 library
 * the project compiles against does not declare). The written memo runs it on the parts that
 * differ only: a tool's chunk or a few.
 */
export function wellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (!isSurrogatePair(unit, text.charCodeAt(i + 1))) return false;
    i++;
  }
  return true;
}

function isSurrogatePair(first: number, second: number): boolean {
  return (
    first >= 0xd800 && first <= 0xdbff && second >= 0xdc00 && second <= 0xdfff
  );
}
