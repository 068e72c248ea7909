/**
 * Where toolcat's validators and Ajv 8.20 (unpatched) part ways, and where toolcat deliberately
 * keeps an Ajv quirk. Each case states Ajv's answer, so an Ajv upgrade that changes it shows up
 * here. The differential tests use a reference with the bugs below fixed (reference.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  CompileError,
  validatorProblems,
} from "../../generator/core/emit/validators/compile.js";
import type { Schema } from "../../generator/core/schema/schema.js";
import {
  compileAll,
  validatorSource,
  type CompiledValidator,
} from "./harness.js";
import { referenceAjv, referenceValidator } from "./reference.js";

const ajvPlain = (schema: unknown) =>
  referenceValidator(schema, { fixBugs: false })!;
const ajvFixed = (schema: unknown) => referenceValidator(schema)!;

const SCHEMAS = {
  containsInLoop: { type: "array", items: { contains: { const: 1 } } },
  notPrefixItems: {
    not: { prefixItems: [{ type: "string" }], contains: { const: 1 } },
  },
  notRequiredEmpty: { not: { required: ["a", ""] } },
  // JSON text: a `__proto__` key in an object literal would set the prototype instead.
  protoProperty: JSON.parse(
    '{"type": "object", "properties": {"__proto__": {"type": "string"}}, "additionalProperties": false}',
  ) as object,
  uniqueStrings: {
    type: "array",
    items: { type: "string" },
    uniqueItems: true,
  },
  uniqueTypedPrefix: {
    prefixItems: [{}, {}],
    items: { type: "integer" },
    uniqueItems: true,
  },
  constructorConst: { const: { constructor: { a: 1 } } },
  valueOfEnum: { enum: [{ a: 1 }, [1]] },
  recursive: { type: "array", items: { $ref: "#" } },
} satisfies Record<string, unknown>;
const names = Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[];
const ours = {} as Record<keyof typeof SCHEMAS, CompiledValidator>;

beforeAll(async () => {
  const compiled = await compileAll(names.map((n) => SCHEMAS[n] as Schema));
  names.forEach((n, i) => (ours[n] = compiled[i]!));
});

const verdict = (o: { ok: boolean } | { threw: string }) =>
  "threw" in o ? "throws" : o.ok ? "valid" : "invalid";

describe("Ajv bugs toolcat does not reproduce", () => {
  it("contains on an empty array inside a loop: Ajv reuses the previous item's result", () => {
    const data = [[1], []];
    expect(verdict(ajvPlain(SCHEMAS.containsInLoop)(data))).toBe("valid");
    expect(verdict(ajvFixed(SCHEMAS.containsInLoop)(data))).toBe("invalid");
    expect(ours.containsInLoop(data).ok).toBe(false);
  });

  it("not + prefixItems on a short array: Ajv's fail-fast code skips the keywords after prefixItems", () => {
    // The inner schema fails on [] (no item equals 1), so `not` must pass.
    expect(verdict(ajvPlain(SCHEMAS.notPrefixItems)([]))).toBe("invalid");
    expect(verdict(ajvFixed(SCHEMAS.notPrefixItems)([]))).toBe("valid");
    expect(ours.notPrefixItems([]).ok).toBe(true);
  });

  it('not + required [""]: Ajv\'s fail-fast code never reports a missing "" property', () => {
    expect(verdict(ajvPlain(SCHEMAS.notRequiredEmpty)({ a: 1 }))).toBe(
      "invalid",
    );
    expect(verdict(ajvFixed(SCHEMAS.notRequiredEmpty)({ a: 1 }))).toBe("valid");
    expect(ours.notRequiredEmpty({ a: 1 }).ok).toBe(true);
  });

  it("a property named __proto__: Ajv ignores its schema and calls it additional", () => {
    const good = JSON.parse('{"__proto__": "x"}');
    const bad = JSON.parse('{"__proto__": 1}');
    expect(verdict(ajvPlain(SCHEMAS.protoProperty)(good))).toBe("invalid");
    expect(ours.protoProperty(good).ok).toBe(true);
    const r = ours.protoProperty(bad);
    expect(
      r.ok ? [] : r.errors.map((e) => `${e.instancePath} ${e.schemaPath}`),
    ).toEqual(["/__proto__ #/properties/__proto__/type"]);
  });

  it("a property name that is not well-formed Unicode: Ajv cannot compile it (URIError); toolcat rejects it", () => {
    const schema = { properties: { "\ud800": { type: "string" } } };
    expect(() => referenceAjv().compile(schema)).toThrow(URIError);
    expect(validatorProblems(schema as Schema).map((p) => p.rule)).toEqual([
      "invalid-schema",
    ]);
    expect(() => validatorSource([schema as Schema])).toThrow(CompileError);
  });
});

describe("Ajv behaviour toolcat keeps, for equal results", () => {
  it('uniqueItems with string items never reports a repeated "__proto__" (Ajv keys a plain object by item)', () => {
    expect(
      verdict(ajvPlain(SCHEMAS.uniqueStrings)(["__proto__", "__proto__"])),
    ).toBe("valid");
    expect(ours.uniqueStrings(["__proto__", "__proto__"]).ok).toBe(true);
    expect(ours.uniqueStrings(["constructor", "constructor"]).ok).toBe(false);
  });

  it("uniqueItems skips items of other types than `items` declares, prefix items included", () => {
    expect(verdict(ajvPlain(SCHEMAS.uniqueTypedPrefix)([1.5, 1.5]))).toBe(
      "valid",
    );
    expect(ours.uniqueTypedPrefix([1.5, 1.5]).ok).toBe(true);
    expect(ours.uniqueTypedPrefix([1, 1]).ok).toBe(false);
  });

  it("deep equality treats objects whose own `constructor` members are distinct objects as different", () => {
    const data = JSON.parse('{"constructor": {"a": 1}}');
    expect(verdict(ajvPlain(SCHEMAS.constructorConst)(data))).toBe("invalid");
    expect(ours.constructorConst(data).ok).toBe(false);
  });
});

describe("where Ajv throws, toolcat answers", () => {
  it("an own valueOf/toString member in enum/const/uniqueItems data: Ajv's equal calls it", () => {
    for (const data of [
      JSON.parse('{"valueOf": 1}'),
      JSON.parse('{"toString": "x"}'),
    ]) {
      expect(verdict(ajvPlain(SCHEMAS.valueOfEnum)(data))).toBe("throws");
      expect(ours.valueOfEnum(data).ok).toBe(false);
    }
    expect(ours.valueOfEnum({ a: 1 }).ok).toBe(true);
  });

  it("recursion deeper than maxDepth (1000) is a $ref error; Ajv overflows the stack near 4000", () => {
    const nest = (depth: number) => {
      let v: unknown[] = [];
      for (let i = 0; i < depth; i++) v = [v];
      return v;
    };
    const ajv = ajvPlain(SCHEMAS.recursive);
    expect(verdict(ajv(nest(900)))).toBe("valid");
    expect(ours.recursive(nest(900)).ok).toBe(true);
    expect(verdict(ajv(nest(100_000)))).toBe("throws");
    const deep = ours.recursive(nest(100_000));
    expect(deep.ok).toBe(false);
    if (!deep.ok) {
      expect(deep.errors).toHaveLength(1);
      expect(deep.errors[0]).toMatchObject({
        keyword: "$ref",
        schemaPath: "#/items/$ref",
        params: { limit: 1000 },
      });
      // The check that would make the 1001st nested call fails, at the value 1001 levels down.
      expect(deep.errors[0]!.instancePath).toBe("/0".repeat(1001));
    }
  });
});
