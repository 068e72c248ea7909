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
