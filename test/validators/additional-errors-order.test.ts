/**
 * `additionalProperties: false` while collecting: the object's one pass over the keys appends each
 * additional key's error as it meets it, and the keywords Ajv checks before (`maxProperties`,
 * `minProperties`, `required`) insert theirs in front. With `propertyNames` between them the pass
 * gathers the errors in a list instead. Either way the errors and their order must be Ajv's,
 * including after errors recorded earlier (an earlier item of the same array, an untyped keyword).
 */
import { describe, expect, it } from "vitest";
import type { Schema } from "../../generator/core/schema/schema.js";
import { compileAll, validatorSource } from "./harness.js";
import { referenceValidator } from "./reference.js";

const item = {
  type: "object",
  properties: { a: { type: "string" }, b: { type: "integer" } },
  required: ["a", "b", "c"],
  minProperties: 3,
  maxProperties: 4,
  additionalProperties: false,
};

const schemas: Schema[] = [
  { type: "array", items: item } as Schema,
  {
    type: "array",
    items: { ...item, propertyNames: { maxLength: 3 } },
  } as Schema,
  {
    type: "object",
    properties: { list: { type: "array", items: item } },
    required: ["x"],
    additionalProperties: false,
    not: { required: ["z"] },
  } as Schema,
  {
    type: "object",
    properties: { p: item },
    patternProperties: { "^y": { type: "number" } },
    additionalProperties: false,
  } as Schema,
];

const inputs: unknown[] = [
  [{ a: "x", b: 1, c: 2 }],
  [{}, { zz: 1 }, { a: 1, yy: 2, xx: 3, ww: 4, vv: 5 }],
  [
    { a: 1, long_key: 1 },
    { c: 1, d: 2, b: "no" },
  ],
  { list: [{ q: 1 }, {}], z: 1, w: 2 },
  { list: [{ a: "1", b: 2, c: 3, d: 4, e: 5 }], y1: "no", y2: 3, other: true },
  { p: { e: 1 }, yes: 1, no: 2 },
  { p: { a: "x", b: 1, c: 1, e: 1 } },
];

describe("additionalProperties errors appended by the key pass", () => {
  it("the pass appends, the keywords before insert with insertError (and the list form with propertyNames)", () => {
    const source = validatorSource(schemas);
    expect(source).toMatch(/errs = insertError\(errs, a\d+\+\+, /);
    expect(source).toMatch(
      /else for \(const e\d+ of k\d+\) errs\.push\(e\d+\);/,
    );
  });

  it("gives Ajv's errors in Ajv's order", async () => {
    const validators = await compileAll(schemas);
    let failures = 0;
    schemas.forEach((schema, i) => {
      const ajv = referenceValidator(schema)!;
      for (const input of inputs) {
        const expected = ajv(input);
        if ("threw" in expected) throw new Error(expected.threw);
        const actual = validators[i]!(input);
        if (!actual.ok) failures++;
        expect(
          actual.ok ? { ok: true } : { ok: false, errors: actual.errors },
          `schema ${i}: ${JSON.stringify(input)}`,
        ).toEqual(
          expected.ok ? { ok: true } : { ok: false, errors: expected.errors },
        );
      }
    });
    // The inputs are chosen to fail with several errors each; make sure they did.
    expect(failures).toBeGreaterThan(20);
  });
});
