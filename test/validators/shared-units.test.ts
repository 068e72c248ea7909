/**
 * Units shared between entries of one owner (a tool's input and output): a `$defs` schema both
 * copy (as catalog `$defs` are) is compiled to one function, called by every entry — and each
 * entry still answers exactly as Ajv does, with its own instance paths. A def that differs, or
 * that depends on its resource (a `$ref` cycle, a reference to the root), gets a function of its
 * own; so do entries of different owners (an edit to one tool must not rename another's code).
 */
import { describe, expect, it } from "vitest";
import type { Schema } from "../../generator/core/schema/schema.js";
import { compileAll, validatorSource } from "./harness.js";
import { referenceValidator } from "./reference.js";

const defs = {
  Currency: { type: "string", enum: ["EUR", "USD"] },
  Money: {
    type: "object",
    properties: {
      amount: { type: "number", minimum: 0 },
      currency: { $ref: "#/$defs/Currency" },
    },
    required: ["amount", "currency"],
    additionalProperties: false,
  },
};

const tool = (property: string, money: object = defs.Money): Schema =>
  ({
    type: "object",
    properties: {
      [property]: { $ref: "#/$defs/Money" },
      other: { type: "string" },
    },
    required: [property],
    $defs: { ...defs, Money: money },
  }) as Schema;

const unitFunctions = (source: string) =>
  source.match(/^function \w+_vf\d+\(/gm)?.length ?? 0;
const owner = "one tool";

describe("units shared between entries", () => {
  it("an identical def is one function, and every entry answers as Ajv does", async () => {
    const schemas = [tool("price"), tool("cost"), tool("price")];
    expect(unitFunctions(validatorSource(schemas, { owner }))).toBe(1);
    const validators = await compileAll(schemas, { owner });
    const inputs: unknown[] = [
      { price: { amount: 1, currency: "EUR" } },
      { price: { amount: -1, currency: "GBP", x: 1 } },
      { cost: { amount: "1" } },
      { cost: null, other: 3 },
      { price: [] },
      {},
    ];
    schemas.forEach((schema, i) => {
      const ajv = referenceValidator(schema)!;
      for (const input of inputs)
        expect(
          validators[i]!(input),
          `entry ${i}: ${JSON.stringify(input)}`,
        ).toEqual(normalise(ajv(input)));
    });
  });

  it("a def that differs gets its own function", () => {
    const other = {
      ...defs.Money,
      properties: {
        ...defs.Money.properties,
        amount: { type: "number", minimum: 1 },
      },
    };
    expect(
      unitFunctions(
        validatorSource([tool("price"), tool("price", other)], { owner }),
      ),
    ).toBe(2);
  });

  it("entries of different owners never share", () => {
    expect(unitFunctions(validatorSource([tool("price"), tool("price")]))).toBe(
      2,
    );
  });

  it("a def used six times in one used six times, ten levels deep, compiles and is still shared", async () => {
    // Each unit's share key used to hold its callees' keys written out: 6^9 copies, past V8's
    // longest string (RangeError: Invalid string length).
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 10; i++)
      $defs[`D${i}`] =
        i === 9
          ? { type: "string", maxLength: 3 }
          : {
              type: "object",
              properties: Object.fromEntries(
                [0, 1, 2, 3, 4, 5].map((j) => [
                  `k${j}`,
                  { $ref: `#/$defs/D${i + 1}` },
                ]),
              ),
            };
    const schema = {
      type: "object",
      properties: { root: { $ref: "#/$defs/D0" } },
      $defs,
    } as Schema;
    const source = validatorSource([schema, schema], { owner });
    // One function per definition, for both entries.
    expect(unitFunctions(source)).toBeLessThanOrEqual(10);
    const [validate] = await compileAll([schema], { owner });
    const ajv = referenceValidator(schema)!;
    for (const input of [
      { root: { k0: { k1: { k2: "abc" } } } },
      { root: { k0: { k5: { k3: "toolong" } } } },
      { root: { k4: 1 } },
    ])
      expect(validate!(input), JSON.stringify(input)).toEqual(
        normalise(ajv(input)),
      );
  });

  it("a def on a $ref cycle is not shared", () => {
    const tree = {
      type: "object",
      properties: {
        child: { $ref: "#/$defs/Tree" },
        c: { $ref: "#/$defs/Currency" },
      },
    };
    const schema = {
      type: "object",
      properties: { t: { $ref: "#/$defs/Tree" } },
      $defs: { Tree: tree, Currency: defs.Currency },
    } as Schema;
    expect(unitFunctions(validatorSource([schema, schema], { owner }))).toBe(2);
  });
});

/** Ajv's outcome in the shape generated validators return. */
function normalise(
  outcome: ReturnType<NonNullable<ReturnType<typeof referenceValidator>>>,
): unknown {
  if ("threw" in outcome) throw new Error(outcome.threw);
  return outcome.ok
    ? { ok: true, value: expect.anything() }
    : { ok: false, errors: outcome.errors };
}
