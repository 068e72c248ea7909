/**
 * Scanning generated TypeScript by character codes, shared by the formatter's line breakers
 * (ts-code-format.ts, ts-wide-lines.ts): they skip string literals the same way.
 */

/**
 * The index of the quote that closes the string literal whose opening quote (`"` or `'`) is at
 * `open`, stepping over backslash escapes; `text.length` or more when the literal is not closed.
 */
export function closingQuote(text: string, open: number): number {
  const quote = text.charCodeAt(open);
  let j = open + 1;
  while (j < text.length && text.charCodeAt(j) !== quote)
    j += text.charCodeAt(j) === 92 ? 2 : 1;
  return j;
}
