/**
 * excerpt's short ways (numbers, booleans, null, plain short strings, small flat arrays and
 * objects) against the one definition of an excerpt, written here on its own: JSON text (a
 * bigint as `"<digits>n"`, an object met before as `"[circular]"`, `String(value)` where JSON has
 * no text, the object's tag when serialising throws), cut to `max` code points with "…", control
 * characters and line separators as spaces.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { excerpt } from "../../templates/runtime/validation-errors.js";

function reference(value: unknown, max: number): string {
  let text: string;
  try {
    const seen = new Set<unknown>();
    text =
      JSON.stringify(value, (_key, v: unknown) => {
        if (typeof v === "bigint") return `${v}n`;
        if (typeof v === "object" && v !== null) {
          if (seen.has(v)) return "[circular]";
          seen.add(v);
        }
        return v;
      }) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  const points = Array.from(text);
  if (points.length > max)
    text = `${points.slice(0, Math.max(1, max - 1)).join("")}…`;
  return text.replace(/[\u0000-\u001f\u2028\u2029]/g, " ");
}

const shared = { a: 1 };
const withToJson = { toJSON: () => ({ x: shared, y: shared }) };
const holes: unknown[] = [1, , 3]; // eslint-disable-line no-sparse-arrays

const SAMPLES: unknown[] = [
  0,
  -0,
  1.5,
  -1e21,
  5e-324,
  NaN,
  Infinity,
  -Infinity,
  true,
  false,
  null,
  undefined,
  "",
  "75,5",
  'a"b',
  "a\\b",
  "tab\there",
  "line\u2028sep",
  "para\u2029sep",
  "\u007f",
  "é😀",
  "\ud800",
  "x".repeat(64),
  "x".repeat(65),
  "😀".repeat(40),
  10n,
  Symbol("s"),
  () => 1,
  {},
  [],
  ["none", "none"],
  [1, "a", true, null, undefined, () => 1, Symbol("s")],
  holes,
  [10n],
  { a: 10n },
  { a: 1, b: "two\nlines", c: "\u2028" },
  [[1], [2]],
  [shared, shared],
  [undefined, shared, shared],
  ["a\n", { a: [shared, shared] }],
  { x: shared, y: shared },
  withToJson,
  Array.from({ length: 17 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i])),
  new Date(0),
  new String("ab"),
  new Number(5),
  Object(1n),
  new Map([[1, 2]]),
  new Uint8Array([1, 2, 3]),
  Object.create(null),
  Object.assign(Object.create(null), { a: 1 }),
];

describe("excerpt", () => {
  it("its short ways write the reference text (samples, every max from 1 to 70)", () => {
    SAMPLES.forEach((value, i) => {
      for (let max = 1; max <= 70; max++)
        expect(excerpt(value, max), `sample ${i} at ${max}`).toBe(
          reference(value, max),
        );
    });
    // The default length.
    for (const value of SAMPLES)
      expect(excerpt(value)).toBe(reference(value, 40));
  });

  it("an object met twice is [circular], also inside a small flat-looking container", () => {
    expect(excerpt([shared, shared])).toBe('[{"a":1},"[circular]"]');
    expect(excerpt(withToJson)).toBe('{"x":{"a":1},"y":"[circular]"}');
  });

  it("writes the reference text for any value (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything({
            withBigInt: true,
            withBoxedValues: true,
            withDate: true,
            withMap: true,
            withSet: true,
            withNullPrototype: true,
            withSparseArray: true,
            withTypedArray: true,
            withUnicodeString: true,
          }),
          fc.string({ unit: "binary" }),
          fc.array(fc.oneof(fc.string({ unit: "binary" }), fc.double())),
        ),
        fc.integer({ min: 1, max: 80 }),
        (value, max) => {
          expect(excerpt(value, max)).toBe(reference(value, max));
        },
      ),
      { numRuns: 3000, seed: 22 },
    );
  });
});
