/**
 * Hostile input, for the escaping contract and for the data model. Property names, enum values,
 * patterns, `$defs` names and annotations carry quotes, backslashes, `*\/`, `${`, U+2028/U+2029,
 * `__proto__`, `constructor`, reserved words, emoji and lone surrogates. The generated source must
 * stay well-formed (it compiles and no catalog text escapes a string literal), the validators must
 * return exactly Ajv's results on JSON-parsed data that uses the same keys, and nothing may touch
 * a prototype.
 */
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import type { Schema } from "../../generator/core/schema/schema.js";
import {
  compileAll,
  validatorSource,
  type CompiledValidator,
} from "./harness.js";
import { referenceValidator } from "./reference.js";

const HOSTILE = [
  '"',
  "'",
  "`",
  "\\",
  "*/",
  "/*",
  "${x}",
  "\u2028",
  "\u2029",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "class",
  "default",
  "1abc",
  "0",
  "a b",
  "",
  "-",
  "~",
  "/",
  "~1",
  "%20",
  "😀",
  "é",
  "\u0000",
  "</script>",
];
const LONE = ["\ud800", "\udc00", "a\ud800b"];

/** Built from JSON text so `__proto__` keys are own properties, as a catalog loader produces them. */
function schemaFromEntries(entries: Record<string, unknown>): Schema {
  const props = HOSTILE.map(
    (k) =>
      `${JSON.stringify(k)}: ${JSON.stringify({ type: "string", description: `*/ ${k} \u2028 ${"${x}"}`, maxLength: 3 })}`,
  ).join(", ");
  return JSON.parse(
    `{"type": "object", "properties": {${props}}, ${Object.entries(entries)
      .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
      .join(", ")}}`,
  ) as Schema;
}

const SCHEMAS: Record<string, Schema> = {
  properties: schemaFromEntries({
    required: [...HOSTILE, ...LONE],
    additionalProperties: { type: "integer" },
  }),
  patternsAndNames: JSON.parse(
    JSON.stringify({
      type: "object",
      patternProperties: Object.fromEntries(
        [
          '"',
          "\\\\",
          "\\*/",
          "\\$\\{",
          "[\\u2028]",
          "^__proto__$",
          "😀",
          "/",
        ].map((p) => [p, { type: "integer" }]),
      ),
      propertyNames: { pattern: "^[^\u2029]*$" },
      dependentRequired: { __proto__x: ["constructor", "\ud800"] },
    }),
  ) as Schema,
  enums: { enum: [...HOSTILE, ...LONE, { __proto__x: 1 }, ["*/"]] } as Schema,
  consts: JSON.parse(
    '{"type": "array", "prefixItems": [{"const": {"__proto__": {"constructor": "*/"}}}, {"const": "\\u2028${x}"}, {"pattern": "\\"\\\\*/\\u2028\\\\$\\\\{"}]}',
  ) as Schema,
  defs: JSON.parse(
    '{"$defs": {"a\\"b": {"type": "string"}, "*/": {"type": "number"}, "__proto__": {"type": "boolean"}, "x/y~z": {"type": "null"}, "😀": {"items": {"$ref": "#/$defs/%F0%9F%98%80"}}}, "properties": {"q": {"$ref": "#/$defs/a%22b"}, "c": {"$ref": "#/$defs/*%2F"}, "p": {"$ref": "#/$defs/__proto__"}, "s": {"$ref": "#/$defs/x~1y~0z"}, "e": {"$ref": "#/$defs/%F0%9F%98%80"}}}',
  ) as Schema,
};
const names = Object.keys(SCHEMAS);
let validators: CompiledValidator[] = [];
let source = "";

beforeAll(async () => {
  source = validatorSource(names.map((n) => SCHEMAS[n]!));
  validators = await compileAll(names.map((n) => SCHEMAS[n]!));
});

describe("hostile names, values and patterns", () => {
  it("the generated source keeps every catalog string inside a literal", () => {
    expect(source).not.toMatch(/[\u2028\u2029\u0000]/);
    // Descriptions are not emitted at all by the validators.
    expect(source).not.toContain("*/ ");
    // Patterns reach the output only as string literals given to new RegExp(…, "u").
    expect(source).not.toMatch(/=\s*\/[^/*].*\/[a-z]*;/);
    expect(source).toMatch(/new RegExp\("\^__proto__\$", "u"\)/);
    // Property keys that need it are computed (`["__proto__"]`), never plain.
    expect(source).not.toMatch(/[{,]\s*__proto__\s*:/);
  });

  it("data with the same hostile keys gets exactly Ajv's result, and no prototype changes", () => {
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const data = fc.sample(
      fc.dictionary(
        fc.constantFrom(...HOSTILE, ...LONE, "__proto__x"),
        fc.oneof(
          fc.string({ maxLength: 5 }),
          fc.integer(),
          fc.constant(null),
          fc.boolean(),
        ),
        { maxKeys: 12 },
      ),
      { seed: 7, numRuns: 300 },
    );
    // Also exactly as tool arguments arrive: parsed from JSON text.
    const parsed = data.map((d) => JSON.parse(JSON.stringify(d)) as unknown);
    names.forEach((n, i) => {
      const ajv = referenceValidator(SCHEMAS[n])!;
      for (const d of [
        ...data,
        ...parsed,
        [["*/", "*/"]],
        ["\u2028${x}", '"'],
        JSON.parse(
          '[{"__proto__": {"constructor": "*/"}}, "\\u2028${x}", "\\"\\\\*/\\u2028${"]',
        ),
      ]) {
        const expected = ajv(d);
        if ("threw" in expected) continue; // Ajv has no answer (see ajv-quirks.test.ts)
        const got = validators[i]!(d);
        const actual = got.ok
          ? { ok: true }
          : { ok: false, errors: got.errors };
        if (!isDeepStrictEqual(actual, expected))
          throw new Error(
            `${n}: ${JSON.stringify(d)}\n  ajv:  ${JSON.stringify(expected)}\n  ours: ${JSON.stringify(actual)}`,
          );
      }
    });
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
      protoBefore,
    );
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });

  it("a JSON __proto__ key is data: checked as a property, never a prototype", () => {
    const i = names.indexOf("properties");
    const ok = JSON.parse(
      `{${HOSTILE.map((k) => `${JSON.stringify(k)}: "v"`).join(", ")}, ${LONE.map((k) => `${JSON.stringify(k)}: 1`).join(", ")}}`,
    );
    expect(validators[i]!(ok)).toEqual({ ok: true, value: ok });
    const bad = JSON.parse('{"__proto__": 5}');
    const r = validators[i]!(bad);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(
        r.errors
          .filter((e) => e.instancePath === "/__proto__")
          .map((e) => e.keyword),
      ).toEqual(["type"]);
    // An object that merely inherits a required name does not have it.
    const inherited = Object.create({ constructor: "v" }) as object;
    const r2 = validators[i]!(inherited);
    expect(
      !r2.ok &&
        r2.errors.some(
          (e) =>
            e.keyword === "required" &&
            e.params.missingProperty === "constructor",
        ),
    ).toBe(true);
  });

  it("own properties that are not enumerable, inherited ones and integer keys get exactly Ajv's result", async () => {
    // Objects no JSON text produces: the key pass (`for…in`, enumerable own keys) must not be the
    // only source of presence, and inherited members are never present or additional.
    const props = {
      a: { type: "string" },
      b: { type: "integer" },
      length: { type: "integer" },
      "0": { type: "boolean" },
    };
    const schemas: Schema[] = [
      {
        type: "object",
        properties: props,
        required: ["a", "length"],
        additionalProperties: false,
        minProperties: 1,
      },
      { type: "object", properties: props, required: ["a", "length"] },
      {
        type: "object",
        properties: props,
        patternProperties: { "^z": { type: "number" } },
        propertyNames: { maxLength: 3 },
        maxProperties: 2,
        additionalProperties: { type: "null" },
      },
      // Few names: read by name, no pass over the keys.
      {
        type: "object",
        properties: { a: { type: "string" }, length: { type: "integer" } },
        required: ["a"],
      },
      // Many names: with many missing, Object.getOwnPropertyNames decides whether to read them.
      {
        type: "object",
        properties: {
          ...props,
          c: { type: "null" },
          d: { type: "null" },
          e: { type: "null" },
          f: { type: "null" },
        },
        required: ["a", "length"],
        additionalProperties: false,
      },
    ] as Schema[];
    const hidden = (o: object, k: string, v: unknown) =>
      Object.defineProperty(o, k, {
        value: v,
        enumerable: false,
        writable: true,
        configurable: true,
      });
    const withProto = (proto: object, own: object) =>
      Object.assign(Object.create(proto) as object, own);
    const nullProto = Object.assign(Object.create(null) as object, {
      a: "x",
      b: 1,
      length: 2,
    });
    const data: unknown[] = [
      hidden({}, "a", "x"),
      hidden({ b: 1, length: 3 }, "a", 5),
      hidden(hidden({ a: "x" }, "length", 2), "zz", "n"),
      withProto({ a: "x", length: 1, zz: 1, extra: 1 }, {}),
      withProto({ a: "x" }, { b: 2, length: 0 }),
      hidden(withProto({ a: "inherited" }, { length: 1 }), "a", 3),
      nullProto,
      { 0: true, a: "x", length: 1 },
      { 1: 2, 0: "no", a: "x", length: 1 },
      new String("ab"),
      Object.assign(new String("abc"), { a: "x" }),
      /re/,
      new Date(0),
    ];
    const ours = await compileAll(schemas);
    schemas.forEach((schema, i) => {
      const ajv = referenceValidator(schema)!;
      for (const d of data) {
        const expected = ajv(d);
        const got = ours[i]!(d);
        const actual = got.ok
          ? { ok: true }
          : { ok: false, errors: got.errors };
        expect(
          actual,
          `schema ${i}: ${String(Object.prototype.toString.call(d))} ${JSON.stringify(d)}`,
        ).toEqual(expected);
      }
    });
  });

  it("$defs with hostile names resolve through percent-encoded, escaped JSON pointers", () => {
    const v = validators[names.indexOf("defs")]!;
    expect(v({ q: "s", c: 1, p: true, s: null, e: [[[]]] }).ok).toBe(true);
    const r = v({ q: 1, c: "x", p: 0, s: 1 });
    expect(r.ok ? [] : r.errors.map((e) => e.schemaPath)).toEqual([
      "#/$defs/a%22b/type",
      "#/$defs/*%2F/type",
      "#/$defs/__proto__/type",
      "#/$defs/x~1y~0z/type",
    ]);
  });
});
