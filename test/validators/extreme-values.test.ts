/**
 * Validators never throw on any JSON value, however extreme: nesting far deeper than the call
 * stack allows (equality, `uniqueItems` and unknown values are walked without recursion), strings of
 * millions of characters and lone surrogates, numbers at the limits of doubles. Where Ajv can
 * answer (it overflows the stack on deep values), the answer is Ajv's.
 */
import { describe, expect, it } from "vitest";
import type { Schema } from "../../generator/core/schema/schema.js";
import { compileAll } from "./harness.js";
import { referenceValidator } from "./reference.js";

/** `[[[…[leaf]…]]]` or `{"a":{"a":…}}` nested `depth` times, built without recursion. */
function nested(
  depth: number,
  kind: "array" | "object",
  leaf: unknown = 1,
): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = kind === "array" ? [v] : { a: v };
  return v;
}

const DEEP = 200_000;

/** JSON text of the value, or a marker when it is too deep for `JSON.stringify` (then only the top is compared). */
function text(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return Array.isArray(value)
      ? `array of ${value.length}`
      : `object with ${Object.keys(value as object).join(",")}`;
  }
}

const SCHEMAS: Schema[] = [
  { type: "array", uniqueItems: true } as Schema,
  { enum: [nested(3, "array"), { a: { a: 1 } }, "x"] } as Schema,
  { const: nested(2, "object") } as Schema,
  {
    type: "object",
    properties: {
      v: { type: "string", minLength: 2, maxLength: 5, pattern: "^a" },
    },
    additionalProperties: { type: ["array", "object"] },
  } as Schema,
  {
    type: "array",
    items: {
      type: "number",
      multipleOf: 0.01,
      maximum: 1e308,
      exclusiveMinimum: -1e308,
    },
    contains: { const: 5e-324 },
  } as Schema,
  {
    anyOf: [
      { type: "array", maxItems: 1, items: { type: "array" } },
      { type: "object", minProperties: 1 },
    ],
    not: { const: [] },
  } as Schema,
];

const INPUTS: unknown[] = [
  nested(DEEP, "array"),
  nested(DEEP, "object"),
  [nested(DEEP, "array"), nested(DEEP, "array")],
  [nested(DEEP, "object", "x"), nested(DEEP, "object", "y")],
  { v: "a".repeat(5_000_000), w: nested(DEEP, "array") },
  { v: "a\ud800", "\udc00": [], "\ud800\udc00": {} },
  { v: "\ud83d\ude00\ud83d", x: [] },
  [
    1e308,
    -1e308,
    5e-324,
    -5e-324,
    0,
    -0,
    9007199254740993,
    1.7976931348623157e308,
    0.1 + 0.2,
  ],
  [5e-324, 1e-7, 123456789.01],
];

describe("extreme JSON values", () => {
  it("never throw, never change the input, and answer as Ajv wherever Ajv answers", async () => {
    const validators = await compileAll(SCHEMAS);
    let compared = 0;
    SCHEMAS.forEach((schema, i) => {
      const ajv = referenceValidator(schema)!;
      for (const input of INPUTS) {
        const before = text(input);
        const result = validators[i]!(input);
        expect(typeof result.ok).toBe("boolean");
        expect(text(input)).toBe(before);
        const expected = ajv(input);
        if ("threw" in expected) continue;
        compared++;
        expect(
          result.ok ? { ok: true } : { ok: false, errors: result.errors },
          `schema ${i}`,
        ).toEqual(
          expected.ok ? { ok: true } : { ok: false, errors: expected.errors },
        );
      }
    });
    // Ajv overflows only where it walks the deepest values: nearly every pair is compared.
    expect(
      compared,
      `${compared} of ${SCHEMAS.length * INPUTS.length} compared`,
    ).toBeGreaterThan(40);
  });
});
