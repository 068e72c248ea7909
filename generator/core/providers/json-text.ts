/**
 * The JSON copies of the declarations (generated/providers/<target>.json): exactly the text of
 * `JSON.stringify(value, null, 2)`, with U+2028/U+2029 escaped like every other generated literal.
 * The native serialiser is the printer (it is several times faster than any walk in JavaScript);
 * the formatter lays out the same text (generator/node/json-format.ts).
 */
import type { Json } from "../schema/json.js";

/** `JSON.stringify(value, null, 2)` with the separators escaped, and a final newline. */
export function jsonText(value: Json): string {
  return escapeLineSeparators(JSON.stringify(value, null, 2)) + "\n";
}

/**
 * U+2028 and U+2029 as escapes: JSON allows them raw in strings, but older JavaScript parsers
 * and some editors take them for line ends. `includes` first: on megabytes of (usually one-byte)
 * text it costs nothing.
 */
export function escapeLineSeparators(text: string): string {
  const separators = text.includes("\u2028") || text.includes("\u2029");
  return separators ? text.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029")) : text;
}
