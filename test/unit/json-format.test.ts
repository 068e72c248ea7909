/** The JSON fast path formats exactly as prettier's json parser does, or declines. */
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  formatJsonFast,
  formatJsonValue,
  hasExponentSign,
} from "../../generator/node/json-format.js";
import { jsonText } from "../../generator/core/providers/json-text.js";
import type { Json } from "../../generator/core/schema/json.js";

const seed = Number(process.env.FC_SEED ?? 424242);
const key = fc.oneof(
  fc.constantFrom(
    "type",
    "properties",
    "required",
    "enum",
    "a",
    "__proto__",
    "description",
    "x-y",
    "",
  ),
  fc.string({ maxLength: 12 }),
);
const leaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1000, max: 100000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e21, 1e-7, -0.5, 123456789012),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "string",
    "object",
    "Name of the food.",
    'quote " and \\ backslash',
    "\u2028",
    "é",
    "😀",
    "日本",
  ),
);
const json = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { maxDepth: 5 },
    leaf,
    fc.array(tie("v"), { maxLength: 8 }),
    fc.array(fc.integer({ min: 0, max: 99999 }), { maxLength: 40 }),
    fc.dictionary(key, tie("v"), { maxKeys: 5 }),
  ),
})).v;
const options = fc.record({
  printWidth: fc.constantFrom(20, 40, 80, 120),
  tabWidth: fc.constantFrom(2, 4),
  useTabs: fc.boolean(),
});

describe("JSON fast formatter", () => {
  it("matches prettier byte for byte whenever it answers", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(json, options, async (value, opts) => {
        const text = JSON.stringify(value, null, 2) + "\n";
        const o = {
          ...opts,
          parser: "json" as const,
          endOfLine: "lf" as const,
        };
        const fast = formatJsonFast(text, o);
        if (fast === undefined) return;
        answered++;
        expect(fast).toBe(await prettier.format(text, o));
      }),
      { seed, numRuns: 400 },
    );
    expect(answered).toBeGreaterThan(200);
  });

  it("prints a value kept as data exactly as prettier formats its text (jsonText's), U+2028 included", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(json, options, async (value, opts) => {
        const o = {
          ...opts,
          parser: "json" as const,
          endOfLine: "lf" as const,
        };
        const fast = formatJsonValue(value, o);
        if (fast === undefined) return;
        answered++;
        expect(fast).toBe(await prettier.format(jsonText(value as Json), o));
      }),
      { seed: seed + 1, numRuns: 400 },
    );
    expect(answered).toBeGreaterThan(200);
  });

  it("lays out arrays inside arrays of objects, and exponents, as prettier does", async () => {
    const value = {
      a: [
        [1, 2],
        { b: [3, "x"] },
        [
          [4, 5],
          [6, 7],
        ],
      ],
      big: 1e21,
      list: [1e21, 2e-7],
      s: "1e+5",
    };
    for (const printWidth of [10, 20, 80]) {
      const o = {
        printWidth,
        parser: "json" as const,
        endOfLine: "lf" as const,
      };
      expect(formatJsonValue(value, o)).toBe(
        await prettier.format(jsonText(value), o),
      );
    }
  });

  it("finds an `e+` wherever `includes` does (looked for from the `+`)", () => {
    for (const text of [
      "e+",
      "e+5",
      "1e+21",
      "+e",
      "+",
      "",
      "ee++",
      "a+e+",
      "E+5",
    ])
      expect(hasExponentSign(text), text).toBe(text.includes("e+"));
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("e", "+", "1", '"', "é", "\n"), {
          maxLength: 12,
        }),
        (pieces) => {
          const text = pieces.join("");
          expect(hasExponentSign(text)).toBe(text.includes("e+"));
        },
      ),
      { seed: seed + 2, numRuns: 500 },
    );
  });

  it("declines what it does not reproduce", () => {
    const text = JSON.stringify({ a: ["日本"] }, null, 2) + "\n";
    expect(formatJsonFast(text, { parser: "json" })).toBeUndefined();
    expect(formatJsonFast('{"a":1}\n', { parser: "json" })).toBeUndefined();
    expect(
      formatJsonFast(JSON.stringify({ a: 1 }, null, 2) + "\n", {
        parser: "json",
        plugins: ["x"],
      }),
    ).toBeUndefined();
    expect(
      formatJsonFast(JSON.stringify({ a: 1 }, null, 2) + "\n", {
        parser: "json",
        objectWrap: "collapse",
      }),
    ).toBeUndefined();
  });
});
