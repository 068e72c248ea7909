/**
 * Generated validators stay linear in the size of the instance, counted without a clock: every
 * object and array of the instance is a proxy that counts what the validator asks of it (reads,
 * key listings, own-property tests). For each schema, an instance four times larger must not cost
 * more than about four times the reads — the shapes chosen are where a naive validator goes
 * quadratic: pairwise `uniqueItems`, `enum`/`const` equality on large values (bounded by the
 * schema's values: constant), many unknown keys, composites retried per item, recursion,
 * `contains`, patterns over many keys. (Work on the error list itself is not counted: appending is
 * constant, and `insertError` moves only the current object's unknown-key errors, once per
 * required name the schema lists.)
 */
import { describe, expect, it } from "vitest";
import type { Schema } from "../../generator/core/schema/schema.js";
import { compileAll } from "./harness.js";

/** A deep copy of `value` in which every object and array counts the operations done on it. */
function counting(value: unknown, counter: { n: number }): unknown {
  if (typeof value !== "object" || value === null) return value;
  const target: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? value.map((v) => counting(v, counter))
    : {};
  if (!Array.isArray(value))
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(target, k, {
        value: counting(v, counter),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  const count = () => void counter.n++;
  return new Proxy(target, {
    get: (t, k, r) => (count(), Reflect.get(t, k, r)),
    has: (t, k) => (count(), Reflect.has(t, k)),
    ownKeys: (t) => (count(), Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, k) => (
      count(),
      Reflect.getOwnPropertyDescriptor(t, k)
    ),
  });
}

interface Case {
  readonly name: string;
  readonly schema: Schema;
  /** An instance of size about n (valid or not: both paths must be linear). */
  readonly instance: (n: number) => unknown;
  /** The work does not grow with n at all (equality with a fixed value stops at the first difference). */
  readonly constant?: boolean;
}

const tree = (depth: number, fan: number): unknown =>
  depth === 0
    ? { label: "leaf" }
    : {
        label: `n${depth}`,
        children: Array.from({ length: fan }, () => tree(depth - 1, fan)),
      };

const CASES: readonly Case[] = [
  {
    name: "uniqueItems over distinct objects",
    schema: { type: "array", uniqueItems: true } as Schema,
    instance: (n) =>
      Array.from({ length: n }, (_, i) => ({ a: i, b: [i, String(i)] })),
  },
  {
    name: "uniqueItems over distinct strings",
    schema: {
      type: "array",
      items: { type: "string" },
      uniqueItems: true,
    } as Schema,
    instance: (n) => Array.from({ length: n }, (_, i) => `s${i}`),
  },
  {
    name: "enum and const against a large value",
    schema: {
      enum: [[1, 2, 3], { a: [1] }, "x"],
      not: { const: { a: [1] } },
    } as Schema,
    instance: (n) => Array.from({ length: n }, (_, i) => ({ a: [i] })),
    constant: true,
  },
  {
    name: "many unknown keys and missing required properties",
    schema: {
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a", "b", "c"],
      minProperties: 2,
      additionalProperties: false,
    } as Schema,
    instance: (n) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])),
  },
  {
    name: "anyOf and oneOf on every item, failing",
    schema: {
      type: "array",
      items: {
        anyOf: [
          {
            type: "object",
            properties: { kind: { const: "a" } },
            required: ["kind"],
            additionalProperties: false,
          },
          { type: "array", items: { type: "string" } },
        ],
        oneOf: [{ type: "object" }, { type: "object", required: ["z"] }],
      },
    } as Schema,
    instance: (n) =>
      Array.from({ length: n }, (_, i) => ({ kind: "b", extra: i })),
  },
  {
    name: "recursion through $ref",
    schema: {
      $ref: "#/$defs/Tree",
      $defs: {
        Tree: {
          type: "object",
          properties: {
            label: { type: "string" },
            children: { type: "array", items: { $ref: "#/$defs/Tree" } },
          },
          required: ["label"],
          additionalProperties: false,
        },
      },
    } as Schema,
    instance: (n) => tree(2, Math.max(1, Math.round(Math.sqrt(n)))),
  },
  {
    name: "contains with bounds, and patternProperties over many keys",
    schema: {
      type: "object",
      properties: {
        list: {
          type: "array",
          contains: { type: "integer", minimum: 10 },
          minContains: 2,
          maxContains: 3,
        },
      },
      patternProperties: {
        "^k": { type: "integer" },
        "[0-9]$": { minimum: 0 },
      },
      additionalProperties: { type: "array" },
    } as Schema,
    instance: (n) => ({
      list: Array.from({ length: n }, (_, i) => i),
      ...Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          i % 2 ? `k${i}` : `x${i}`,
          i % 3 ? i : "no",
        ]),
      ),
    }),
  },
];

describe("validators stay linear in the instance size", () => {
  it("four times the instance costs about four times the reads, for every shape", async () => {
    const validators = await compileAll(CASES.map((c) => c.schema));
    const reads = (i: number, n: number) => {
      const counter = { n: 0 };
      const data = counting(CASES[i]!.instance(n), counter);
      validators[i]!(data);
      return counter.n;
    };
    CASES.forEach((c, i) => {
      const small = reads(i, 200);
      const large = reads(i, 800);
      const label = `${c.name}: ${small} reads for n=200, ${large} for n=800`;
      if (c.constant) {
        expect(large, label).toBe(small);
        return;
      }
      expect(small, label).toBeGreaterThan(200);
      // 4x the size: at most ~4x the reads (a quadratic validator would need ~16x).
      expect(large / small, label).toBeLessThan(5);
    });
  });

  it("the counter does see quadratic work (the check can fail)", () => {
    const counter = { n: 0 };
    const data = counting(
      Array.from({ length: 100 }, (_, i) => ({ i })),
      counter,
    ) as { i: number }[];
    // A pairwise comparison of every item, as a naive uniqueItems would do.
    for (let a = 0; a < data.length; a++)
      for (let b = a + 1; b < data.length; b++)
        void (data[a]!.i === data[b]!.i);
    const small = counter.n;
    counter.n = 0;
    const larger = counting(
      Array.from({ length: 400 }, (_, i) => ({ i })),
      counter,
    ) as { i: number }[];
    for (let a = 0; a < larger.length; a++)
      for (let b = a + 1; b < larger.length; b++)
        void (larger[a]!.i === larger[b]!.i);
    expect(counter.n / small).toBeGreaterThan(10);
  });
});
