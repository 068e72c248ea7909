/**
 * Texts that put every kind of UTF-16 at the edges of slices and parts, for the tests of the
 * slice-by-slice encoding (generator/node/utf8-slices.ts): ASCII, a newline, two- and three-byte
 * characters, a surrogate pair, and lone halves (which UTF-8 writes as U+FFFD; two halves drawn
 * one after the other make a pair).
 */
import fc from "fast-check";

export const utf16Units = [
  "a",
  "\n",
  "é",
  "€",
  "😀",
  "\ud83d",
  "\ude00",
  "\ud800",
] as const;

/** Strings of up to `maxLength` of the units above. */
export function utf16Text(maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...utf16Units), maxLength });
}
