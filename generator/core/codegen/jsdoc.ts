/**
 * Comments are output too: catalog descriptions reach generated code only through here.
 * The text can neither close the comment early nor break out through an exotic line end.
 */

/** Normalises every line terminator (CRLF, CR, U+2028, U+2029, NEL) to LF. */
export function normaliseLineEnds(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n");
}

/** Whatever commentSafe would change: a line end other than LF, a control character, `*\/`. */
const NEEDS_CARE =
  /[\r\u2028\u2029\u0085\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\*\//;

/**
 * Text made safe inside a block comment: control characters are dropped, then `*\/` is broken so
 * it cannot end the comment. In that order: dropping a character between `*` and `/` must not
 * join them after the check.
 */
export function commentSafe(text: string): string {
  // Most descriptions need none of it: one test instead of three rewrites (every comment asks).
  if (!NEEDS_CARE.test(text)) return text;
  return normaliseLineEnds(text)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
    .replace(/\*\//g, "*\\/");
}

/** Text made safe on a single `//` line: every line end becomes a space. */
export function lineCommentSafe(text: string): string {
  return commentSafe(text).replace(/\n/g, " ");
}

/** A JSDoc block from description lines (already plain text); empty input gives an empty string. */
export function jsdoc(
  lines: readonly (string | undefined)[],
  indent = "",
): string {
  const body = lines
    .filter((l): l is string => l !== undefined && l.trim() !== "")
    .flatMap((l) => commentSafe(l).split("\n"))
    // trimEnd removes exactly what `\s+$` matches (white space and line terminators), in one pass.
    .map((l) => l.trimEnd());
  if (body.length === 0) return "";
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((l) => `${indent} *${l === "" ? "" : " " + l}`).join("\n")}\n${indent} */\n`;
}
