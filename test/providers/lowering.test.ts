/** Unit tests of the lowering passes, the dialects, the normalisation plan and its runtime. */
import { describe, expect, it } from "vitest";
import type { Json } from "../../generator/core/schema/json.js";
import {
  ANTHROPIC_STRICT,
  GOOGLE,
  OPENAI_STRICT,
} from "../../generator/core/providers/lowering/dialects.js";
import {
  lowerResource,
  type Dialect,
} from "../../generator/core/providers/lowering/lowering.js";
import {
  closeObjects,
  findRecursion,
  moveKeywords,
  requireAllNullable,
  tupleToItems,
  typeLiterals,
} from "../../generator/core/providers/lowering/passes.js";
import { buildPlan } from "../../generator/core/providers/normalise-plan.js";
import {
  normaliseArguments,
  type ToolArgumentPlan,
} from "../../templates/runtime/normalise-arguments.js";

const only = (...passes: Dialect["passes"]): Dialect => ({
  id: "test",
  passes,
});
const lower = (schema: unknown, dialect: Dialect) =>
  lowerResource(schema as Json, dialect);

describe("passes", () => {
  it("typeLiterals: an enum over several kinds becomes typed branches, never a type list beside enum", () => {
    expect(
      lower(
        { type: ["string", "null"], enum: ["a", null], description: "D." },
        only(typeLiterals),
      ).schema,
    ).toEqual({
      anyOf: [{ type: "string", enum: ["a"] }, { type: "null" }],
      description: "D.",
    });
    expect(
      lower({ type: ["string", "null"], enum: ["a", "b"] }, only(typeLiterals))
        .schema,
    ).toEqual({ type: "string", enum: ["a", "b"] });
    expect(
      lower({ type: "integer", enum: [1, 2] }, only(typeLiterals)).schema,
    ).toEqual({ type: "integer", enum: [1, 2] });
    expect(
      lower({ enum: [1, "x"], minLength: 1 }, only(typeLiterals)).schema,
    ).toEqual({
      anyOf: [
        { type: "number", enum: [1] },
        { type: "string", enum: ["x"], minLength: 1 },
      ],
    });
    expect(
      lower({ const: true, description: "C." }, only(typeLiterals)).schema,
    ).toEqual({ type: "boolean", const: true, description: "C." });
    expect(
      lower({ enum: [{ a: 1 }] }, only(typeLiterals)).blockers.map(
        (b) => b.kind,
      ),
    ).toEqual(["complex-literal"]);
  });

  it("requireAllNullable: optional → required and nullable, annotations outside; optional-and-nullable blocks", () => {
    const l = lower(
      {
        type: "object",
        properties: {
          a: { type: "string" },
          b: { type: "integer", minimum: 0, description: "B." },
          u: { anyOf: [{ type: "string" }, { type: "number" }] },
        },
        required: ["a"],
      },
      only(requireAllNullable),
    );
    expect(l.schema).toEqual({
      type: "object",
      properties: {
        a: { type: "string" },
        b: {
          anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }],
          description: "B. Null means not given.",
        },
        u: {
          anyOf: [{ type: "string" }, { type: "number" }, { type: "null" }],
          description: "Null means not given.",
        },
      },
      required: ["a", "b", "u"],
    });
    expect(l.nullWrappers.size).toBe(2);
    const blocked = lower(
      {
        type: "object",
        properties: {
          n: { type: ["string", "null"] },
          r: { $ref: "#/$defs/N" },
        },
        $defs: { N: { type: "null" } },
      },
      only(requireAllNullable),
    );
    expect(blocked.blockers.map((b) => [b.kind, b.pointer])).toEqual([
      ["optional-nullable", "/properties/n"],
      ["optional-nullable", "/properties/r"],
    ]);
  });

  it("tupleToItems: a closed tuple becomes one item schema with maxItems; an open one blocks", () => {
    const l = lower(
      {
        type: "array",
        prefixItems: [
          { type: "integer", description: "A." },
          { type: "integer", description: "B." },
        ],
        items: false,
        maxItems: 5,
      },
      only(tupleToItems),
    );
    expect(l.schema).toMatchObject({
      type: "array",
      items: { type: "integer" },
      maxItems: 2,
    });
    expect(l.moved.map((m) => m.text)).toEqual([
      "items by position (1) A, (2) B",
    ]);
    expect(
      lower(
        {
          type: "array",
          prefixItems: [{ type: "string" }, { type: "number" }],
          items: { type: "boolean" },
        },
        only(tupleToItems),
      ).schema,
    ).toMatchObject({
      type: "array",
      items: {
        anyOf: [{ type: "string" }, { type: "number" }, { type: "boolean" }],
      },
    });
    expect(
      lower(
        { type: "array", prefixItems: [{ type: "string" }] },
        only(tupleToItems),
      ).blockers.map((b) => b.kind),
    ).toEqual(["open-tuple"]);
  });

  it("closeObjects: closes what it can, blocks maps and pattern keys", () => {
    expect(
      lower({ type: "object", properties: {} }, only(closeObjects)).schema,
    ).toEqual({ type: "object", properties: {}, additionalProperties: false });
    expect(
      lower(
        { type: "object", additionalProperties: { type: "string" } },
        only(closeObjects),
      ).blockers.map((b) => b.kind),
    ).toEqual(["open-object"]);
    expect(
      lower(
        {
          type: "object",
          patternProperties: { x: {} },
          additionalProperties: false,
        },
        only(closeObjects),
      ).blockers.map((b) => b.kind),
    ).toEqual(["open-object"]);
  });

  it("moveKeywords: states moved keywords, grouping a conditional and contains with its bounds", () => {
    const l = lower(
      {
        type: "integer",
        if: { minimum: 10 },
        then: { multipleOf: 10 },
        else: { maximum: 5 },
        description: "N",
      },
      only(moveKeywords((k) => ["if", "then", "else"].includes(k))),
    );
    expect(l.schema).toEqual({
      type: "integer",
      description:
        'N. Constraints: if it matches {"minimum":10}, it must match {"multipleOf":10}; otherwise it must match {"maximum":5}.',
    });
    expect(l.moved.map((m) => m.keyword)).toEqual(["if", "then", "else"]);
    const c = lower(
      {
        type: "array",
        items: { type: "integer" },
        contains: { const: 1 },
        maxContains: 2,
      },
      only(moveKeywords((k) => k.includes("ontains"))),
    );
    expect(c.schema).toEqual({
      type: "array",
      items: { type: "integer" },
      description: 'Constraints: 1 to 2 items match {"const":1}.',
    });
  });

  it("drops what a moved subtree contained (no blockers or records from inside it)", () => {
    const l = lower(
      { type: "string", allOf: [{ minLength: 1 }, { not: true }] },
      OPENAI_STRICT,
    );
    expect(l.blockers).toEqual([]);
    expect(l.moved.map((m) => [m.pointer, m.keyword])).toEqual([["", "allOf"]]);
  });

  it("findRecursion: reports each reference that closes a cycle", () => {
    const found: string[] = [];
    findRecursion(
      {
        type: "object",
        properties: { self: { $ref: "#" }, t: { $ref: "#/$defs/T" } },
        $defs: {
          T: { type: "array", items: { $ref: "#/$defs/T" } },
          U: { type: "string" },
        },
      } as Json,
      (_k, _r, p) => found.push(p),
    );
    expect(found.sort()).toEqual(["/$defs/T/items", "/properties/self"]);
  });
});

describe("dialects", () => {
  it("say whether they declare optional properties as nullable exactly when their passes do", () => {
    for (const d of [OPENAI_STRICT, ANTHROPIC_STRICT, GOOGLE])
      expect(d.optionalAsNullable === true, d.id).toBe(
        d.passes.includes(requireAllNullable),
      );
  });

  it("Anthropic strict keeps optional properties and minItems 0/1, moves bounds", () => {
    const l = lower(
      {
        type: "object",
        properties: {
          a: {
            type: "array",
            items: { type: "string" },
            minItems: 1,
            maxItems: 3,
          },
          b: { type: "array", items: { type: "string" }, minItems: 2 },
          n: { type: "number", maximum: 3 },
        },
        required: ["a"],
      },
      ANTHROPIC_STRICT,
    );
    expect(l.schema).toEqual({
      type: "object",
      properties: {
        a: {
          type: "array",
          items: { type: "string" },
          minItems: 1,
          description: "Constraints: at most 3 items.",
        },
        b: {
          type: "array",
          items: { type: "string" },
          description: "Constraints: at least 2 items.",
        },
        n: { type: "number", description: "Constraints: maximum 3." },
      },
      required: ["a"],
      additionalProperties: false,
    });
  });

  it("Google: const becomes a one-value enum; pattern keys move together with additionalProperties", () => {
    const l = lower(
      {
        type: "object",
        properties: { c: { const: "x" } },
        patternProperties: { "^x-": { type: "string" } },
        additionalProperties: false,
      },
      GOOGLE,
    );
    expect(l.schema).toEqual({
      type: "object",
      properties: { c: { enum: ["x"] } },
      description:
        'Constraints: properties whose names match a pattern follow {"^x-":{"type":"string"}}; no other properties.',
    });
  });

  it("OpenAI strict: an unsupported format moves, a supported one stays; a dropped default is stated", () => {
    const l = lower(
      {
        type: "object",
        properties: {
          u: { type: "string", format: "uri" },
          d: { type: "string", format: "date", default: "2020-01-01" },
        },
        required: ["u", "d"],
        additionalProperties: false,
      },
      OPENAI_STRICT,
    );
    expect(l.schema).toEqual({
      type: "object",
      properties: {
        u: { type: "string", description: 'Constraints: format "uri".' },
        d: {
          type: "string",
          format: "date",
          description: 'Default "2020-01-01".',
        },
      },
      required: ["u", "d"],
      additionalProperties: false,
    });
  });
});

describe("normalisation plan", () => {
  const planOf = (schema: unknown) => {
    const l = lower(schema, OPENAI_STRICT);
    return { lowering: l, ...buildPlan(l.schema, l.nullWrappers) };
  };

  it("has no plan when nothing is optional, even through recursion", () => {
    const p = planOf({
      type: "object",
      properties: { t: { $ref: "#/$defs/T" } },
      required: ["t"],
      additionalProperties: false,
      $defs: {
        T: {
          type: "object",
          properties: { c: { type: "array", items: { $ref: "#/$defs/T" } } },
          required: ["c"],
          additionalProperties: false,
        },
      },
    });
    expect(p.plan).toBeUndefined();
    expect(p.blockers).toEqual([]);
  });

  it("follows recursion and picks union branches by keys, or by a constant when keys coincide", () => {
    const branch = (kind: string) => ({
      type: "object",
      properties: { kind: { const: kind }, v: { type: "string" } },
      required: ["kind"],
      additionalProperties: false,
    });
    const p = planOf({
      type: "object",
      properties: {
        u: { anyOf: [branch("a"), branch("b")] },
        t: { $ref: "#/$defs/T" },
      },
      required: ["u", "t"],
      additionalProperties: false,
      $defs: {
        T: {
          type: "object",
          properties: {
            n: { type: "string" },
            c: { type: "array", items: { $ref: "#/$defs/T" } },
          },
          additionalProperties: false,
        },
      },
    });
    expect(p.blockers).toEqual([]);
    const plan = p.plan!;
    expect(
      normaliseArguments(plan, {
        u: { kind: "b", v: null },
        t: { n: null, c: [{ n: "x", c: null }] },
      }),
    ).toEqual({ u: { kind: "b" }, t: { c: [{ n: "x" }] } });
  });

  it("blocks alternatives that neither keys nor a constant tell apart", () => {
    const alt = (type: string) => ({
      type: "object",
      properties: { v: { type }, note: { type: "string" } },
      required: ["v"],
      additionalProperties: false,
    });
    const p = planOf({
      type: "object",
      properties: { u: { anyOf: [alt("string"), alt("number")] } },
      required: ["u"],
      additionalProperties: false,
    });
    expect(p.blockers.map((b) => b.kind)).toContain("ambiguous-union");
  });
});

describe("runtime normaliseArguments", () => {
  const plan: ToolArgumentPlan = {
    root: {
      object: { inner: { object: {}, omitNull: ["__proto__"] } },
      omitNull: ["constructor", "x"],
    },
    defs: {},
  };

  it("removes exactly the planned nulls, keeps hostile keys as own data, never mutates", () => {
    const input = JSON.parse(
      '{"x":null,"constructor":null,"__proto__":null,"inner":{"__proto__":null,"keep":null},"y":null}',
    ) as Record<string, unknown>;
    const before = JSON.stringify(input);
    const out = normaliseArguments(plan, input) as Record<string, unknown>;
    expect(JSON.stringify(input)).toBe(before);
    expect(Object.keys(out)).toEqual(["__proto__", "inner", "y"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(out, "__proto__")).toBe(true);
    expect(out.inner).toEqual({ keep: null });
    expect(Object.keys(out.inner as object)).toEqual(["keep"]);
  });

  it("leaves values of other shapes alone", () => {
    for (const v of [null, 1, "s", [null], true])
      expect(normaliseArguments(plan, v)).toEqual(v);
  });
});
