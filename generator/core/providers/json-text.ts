/**
 * The JSON copies of the declarations (generated/providers/<target>.json): exactly the text of
 * `JSON.stringify(value, null, 2)`, with U+2028/U+2029 escaped like every other generated literal.
 * The native serialiser is the printer (it is several times faster than any walk in JavaScript);
 * the formatter lays out the same text (generator/node/json-format.ts).
 */
import { escapeLineSeparators } from "../codegen/code.js";
import type { Json } from "../schema/json.js";

/** `JSON.stringify(value, null, 2)` with the separators escaped, and a final newline. */
export function jsonText(value: Json): string {
  return escapeLineSeparators(JSON.stringify(value, null, 2)) + "\n";
}
