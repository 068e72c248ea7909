/**
 * Line-end normalisation of generated text: LF only, exactly one trailing newline. Written as
 * scans rather than `replace(/\n*$/)`, which tries the pattern at every position of a file that
 * can be megabytes long.
 */

/** `text` with CRLF and lone CR turned into LF. */
export function lfOnly(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/** `text` with its trailing newlines (none or many) replaced by exactly one. */
export function oneTrailingNewline(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length - 1 ? text : text.slice(0, end) + "\n";
}

/** LF line ends and exactly one trailing newline, whatever a formatter or template did. */
export function normaliseText(text: string): string {
  return oneTrailingNewline(lfOnly(text));
}

/** How many newlines the concatenation of `parts` ends with, read from its last parts only. */
export function trailingNewlines(parts: readonly string[]): number {
  let count = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    let end = part.length;
    while (end > 0 && part.charCodeAt(end - 1) === 10) end--;
    count += part.length - end;
    if (end > 0) break;
  }
  return count;
}

/**
 * Whether normaliseText gives the concatenation of `parts` back as it is (no CR, exactly one
 * trailing newline), told from the parts: the concatenation is not made. A CR cannot appear
 * where two parts meet, and a CRLF split between two parts still has its CR in one of them.
 */
export function normalParts(parts: readonly string[]): boolean {
  return parts.every((p) => !p.includes("\r")) && trailingNewlines(parts) === 1;
}

/**
 * `parts` concatenated (as a rope when the parts are normal already: V8 copies the characters
 * together only when the text is read, as writing it does) and normalised: the same text as
 * `normaliseText(parts.join(""))`. In `generate --watch` most of a file's parts are the strings
 * of the run before, and the files that changed would otherwise be copied whole and scanned again
 * each run (the provider files alone are 5 MB of two-byte text on the real tools). `rope` makes
 * the rope (a caller keeps its parts for writing it: node/rope-parts.ts).
 */
export function normalisedJoin(
  parts: readonly string[],
  rope: (parts: readonly string[]) => string = concatenated,
): string {
  if (!normalParts(parts)) return normaliseText(parts.join(""));
  return rope(parts);
}

/** `parts.join("")` made with `+`: a rope of the parts, not a copy of them. */
export function concatenated(parts: readonly string[]): string {
  let text = "";
  for (const part of parts) text += part;
  return text;
}
