/**
 * Errors at an array item's path (one run-time index from the root): the row's error there is made
 * once per index below 64 and kept with the entry's table (`errorAtItem`, `addErrorAtItem`,
 * `errorWithAtItem`). The errors must stay Ajv's on every call — the first, which makes them, and
 * later ones, which reuse them — below and above the kept range, and a kept error must never carry
 * another index's path.
 */
import { describe, expect, it } from "vitest";
import type { Schema } from "../../generator/core/schema/schema.js";
import { compileAll, validatorSource } from "./harness.js";
import { referenceValidator } from "./reference.js";

const item = {
  type: "object",
  properties: {
    a: { type: "string", minLength: 2 },
    b: { type: "array", prefixItems: [{ type: "integer" }] },
  },
  required: ["a"],
  additionalProperties: false,
};

const schemas: Schema[] = [
  { type: "array", items: item } as Schema,
  {
    type: "object",
    properties: {
      list: { type: "array", items: item },
      tags: { type: "array", items: { enum: ["x", "y"] } },
      grid: {
        type: "array",
        items: { type: "array", items: { type: "number" } },
      },
    },
    additionalProperties: false,
  } as Schema,
];

/** `n` items, each failing differently by its index (type, minLength, required, an additional key). */
function items(n: number): unknown[] {
  return Array.from({ length: n }, (_, i) =>
    i % 4 === 0
      ? { a: i, b: ["no"] }
      : i % 4 === 1
        ? { a: "x" }
        : i % 4 === 2
          ? { [`k${i}`]: 1 }
          : "not an object",
  );
}

const inputs: unknown[] = [
  items(3),
  items(70),
  {
    list: items(70),
    tags: Array.from({ length: 70 }, (_, i) => (i % 3 ? "z" : "x")),
  },
  { list: items(5), grid: [[1, "a"], ["b"]], extra: 1 },
  { list: [{ a: "ok" }, { a: "x", q: 1 }] },
];

describe("errors at array items, kept per index", () => {
  it("are written with the item helpers where the path has one run-time index", () => {
    const source = validatorSource(schemas);
    expect(source).toMatch(
      /addErrorAtItem\(errs, _e, \d+, i\d+, "\/list\/", "\/a"\)/,
    );
    expect(source).toMatch(
      /errorWithAtItem\(_e, \d+, i\d+, "\/list\/", "", k\d+\)/,
    );
    expect(source).toMatch(/insertError\(errs, a\d+\+\+, errorAtItem\(_e, /);
    // Two run-time indexes (an item of an item): built at run time as before.
    expect(source).toMatch(
      /addErrorAt\(errs, _e\[\d+\]!, "\/grid\/" \+ i\d+ \+ "\/" \+ i\d+\)/,
    );
  });

  it("give Ajv's errors on the first call and on later ones, below and above the kept range", async () => {
    const validators = await compileAll(schemas);
    let errors = 0;
    for (let pass = 0; pass < 3; pass++)
      schemas.forEach((schema, i) => {
        const ajv = referenceValidator(schema)!;
        // Later passes reverse the inputs: a kept error met first by a longer array is reused.
        for (const input of pass === 1 ? [...inputs].reverse() : inputs) {
          const expected = ajv(input);
          if ("threw" in expected) throw new Error(expected.threw);
          const actual = validators[i]!(input);
          if (!actual.ok) errors += actual.errors.length;
          expect(
            actual.ok ? { ok: true } : { ok: false, errors: actual.errors },
            `pass ${pass}, schema ${i}: ${JSON.stringify(input)}`,
          ).toEqual(
            expected.ok ? { ok: true } : { ok: false, errors: expected.errors },
          );
        }
      });
    expect(errors).toBeGreaterThan(500);
  });

  it("share the kept errors between results (frozen), and only below index 64", async () => {
    const [v] = await compileAll([schemas[0]!]);
    const first = v!(items(70));
    const second = v!(items(70));
    if (first.ok || second.ok) throw new Error("expected errors");
    const at = (r: typeof first, path: string) =>
      r.errors.find((e) => e.instancePath === path && e.keyword === "type")!;
    expect(at(second, "/3")).toBe(at(first, "/3"));
    expect(Object.isFrozen(at(first, "/3"))).toBe(true);
    expect(at(second, "/67")).not.toBe(at(first, "/67"));
    expect(at(second, "/67")).toEqual(at(first, "/67"));
  });
});
