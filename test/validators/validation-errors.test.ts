/**
 * Wording of templates/runtime/validation-errors.ts, keyword by keyword, on the errors generated
 * validators actually produce (each case compiles its schema and validates the input first).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Schema } from "../../generator/core/schema/schema.js";
import {
  describeError,
  excerpt,
  fieldPath,
  pointerSegments,
  renderValidationErrors,
  type RenderableError,
} from "../../templates/runtime/validation-errors.js";
import { compileAll, type CompiledValidator } from "./harness.js";

interface Case {
  readonly name: string;
  readonly schema: Schema;
  readonly input: unknown;
  /** Every rendered problem line, in order. */
  readonly lines: readonly string[];
}

const obj = (
  properties: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Schema => ({ type: "object", properties, ...extra }) as Schema;

const CASES: Case[] = [
  {
    name: "type",
    schema: obj({ data: obj({ weight_kg: { type: "number" } }) }),
    input: { data: { weight_kg: "75,5" } },
    lines: ['- data.weight_kg: type — expected a number; received "75,5"'],
  },
  {
    name: "type list",
    schema: obj({ note: { type: ["string", "null"] } }),
    input: { note: 3 },
    lines: ["- note: type — expected a string or null; received 3"],
  },
  {
    name: "required",
    schema: obj({ date: { type: "string" } }, { required: ["date"] }),
    input: {},
    lines: [
      "- date: required — expected a value (required property); received missing",
    ],
  },
  {
    name: "required nested",
    schema: obj({
      sets: { type: "array", items: obj({}, { required: ["reps"] }) },
    }),
    input: { sets: [{ reps: 1 }, { reps: 2 }, {}] },
    lines: [
      "- sets[2].reps: required — expected a value (required property); received missing",
    ],
  },
  {
    name: "minimum in an array item",
    schema: obj({
      sets: {
        type: "array",
        items: obj({ reps: { type: "integer", minimum: 1 } }),
      },
    }),
    input: { sets: [{ reps: 1 }, { reps: 3 }, { reps: 0 }] },
    lines: [
      "- sets[2].reps: minimum — expected a number at least 1; received 0",
    ],
  },
  {
    name: "exclusiveMinimum",
    schema: obj({ w: { type: "number", exclusiveMinimum: 0 } }),
    input: { w: 0 },
    lines: [
      "- w: exclusiveMinimum — expected a number greater than 0; received 0",
    ],
  },
  {
    name: "maximum",
    schema: obj({ w: { type: "number", maximum: 500 } }),
    input: { w: 501 },
    lines: ["- w: maximum — expected a number at most 500; received 501"],
  },
  {
    name: "exclusiveMaximum",
    schema: obj({ w: { exclusiveMaximum: 1 } }),
    input: { w: 1 },
    lines: [
      "- w: exclusiveMaximum — expected a number less than 1; received 1",
    ],
  },
  {
    name: "multipleOf",
    schema: obj({ w: { multipleOf: 0.5 } }),
    input: { w: 0.3 },
    lines: ["- w: multipleOf — expected a multiple of 0.5; received 0.3"],
  },
  {
    name: "enum",
    schema: obj({ meal: { enum: ["Desayuno", "Cena"] } }),
    input: { meal: "lunch" },
    lines: [
      '- meal: enum — expected one of "Desayuno", "Cena"; received "lunch"',
    ],
  },
  {
    name: "const",
    schema: obj({ v: { const: 2 } }),
    input: { v: 3 },
    lines: ["- v: const — expected exactly 2; received 3"],
  },
  {
    name: "minLength",
    schema: obj({ food: { type: "string", minLength: 1 } }),
    input: { food: "" },
    lines: ['- food: minLength — expected at least 1 character; received ""'],
  },
  {
    name: "maxLength, long value truncated",
    schema: obj({ note: { type: "string", maxLength: 5 } }),
    input: { note: "x".repeat(100) },
    lines: [
      `- note: maxLength — expected at most 5 characters; received "${"x".repeat(38)}…`,
    ],
  },
  {
    name: "pattern",
    schema: obj({ id: { type: "string", pattern: "^ex-[a-z]+$" } }),
    input: { id: "EX-1" },
    lines: [
      '- id: pattern — expected text matching the pattern "^ex-[a-z]+$"; received "EX-1"',
    ],
  },
  {
    name: "format date",
    schema: obj({ date: { type: "string", format: "date" } }),
    input: { date: "2023-02-29" },
    lines: [
      '- date: format — expected a calendar date (YYYY-MM-DD); received "2023-02-29"',
    ],
  },
  {
    name: "format uuid",
    schema: obj({ id: { type: "string", format: "uuid" } }),
    input: { id: "nope" },
    lines: ['- id: format — expected a UUID; received "nope"'],
  },
  {
    name: "additionalProperties",
    schema: obj({ a: {} }, { additionalProperties: false }),
    input: { a: 1, extra: { deep: true } },
    lines: [
      '- extra: additionalProperties — expected no such property (unknown properties are not allowed); received {"deep":true}',
    ],
  },
  {
    name: "minItems",
    schema: obj({ items: { type: "array", minItems: 1 } }),
    input: { items: [] },
    lines: ["- items: minItems — expected at least 1 item; received []"],
  },
  {
    name: "maxItems",
    schema: obj({ items: { type: "array", maxItems: 2 } }),
    input: { items: [1, 2, 3] },
    lines: ["- items: maxItems — expected at most 2 items; received [1,2,3]"],
  },
  {
    name: "items false after prefixItems",
    schema: obj({ pair: { prefixItems: [{}, {}], items: false } }),
    input: { pair: [1, 2, 3] },
    lines: ["- pair: items — expected at most 2 items; received [1,2,3]"],
  },
  {
    name: "uniqueItems",
    schema: obj({
      tags: { type: "array", items: { type: "string" }, uniqueItems: true },
    }),
    input: { tags: ["a", "b", "a"] },
    lines: [
      '- tags: uniqueItems — expected unique items (items 2 and 0 are equal); received ["a","b","a"]',
    ],
  },
  {
    name: "contains",
    schema: obj({ xs: { contains: { const: 1 }, minContains: 2 } }),
    input: { xs: [1, 2] },
    lines: [
      "- xs[1]: const — expected exactly 1; received 2",
      "- xs: contains — expected at least 2 matching items; received [1,2]",
    ],
  },
  {
    name: "minProperties",
    schema: obj({ data: { type: "object", minProperties: 1 } }),
    input: { data: {} },
    lines: [
      "- data: minProperties — expected at least 1 property; received {}",
    ],
  },
  {
    name: "maxProperties",
    schema: obj({}, { maxProperties: 1 }),
    input: { a: 1, b: 2 },
    lines: [
      '- arguments: maxProperties — expected at most 1 property; received {"a":1,"b":2}',
    ],
  },
  {
    name: "propertyNames",
    schema: obj({}, { propertyNames: { maxLength: 3 } }),
    input: { long_name: 1 },
    lines: [
      '- arguments: maxLength — expected at most 3 characters; received {"long_name":1}',
      '- arguments: propertyNames — expected valid property names; "long_name" is not one',
    ],
  },
  {
    name: "dependentRequired",
    schema: obj({}, { dependentRequired: { from: ["to"] } }),
    input: { from: 1 },
    lines: [
      "- to: dependentRequired — expected a value (required when from is present); received missing",
    ],
  },
  {
    name: "anyOf",
    schema: obj({ v: { anyOf: [{ type: "string" }, { type: "null" }] } }),
    input: { v: 1 },
    lines: [
      "- v: type — expected a string (alternative 1); received 1",
      "- v: type — expected null (alternative 2); received 1",
      "- v: anyOf — expected a value matching at least one of the allowed alternatives (see the lines above); received 1",
    ],
  },
  {
    name: "oneOf, two match",
    schema: obj({ v: { oneOf: [{ type: "number" }, { minimum: 0 }] } }),
    input: { v: 1 },
    lines: [
      "- v: oneOf — expected a value matching exactly one alternative (it matches alternatives 1 and 2); received 1",
    ],
  },
  {
    name: "not",
    schema: obj({ v: { not: { const: "x" } } }),
    input: { v: "x" },
    lines: [
      '- v: not — expected a value that does not match the excluded shape; received "x"',
    ],
  },
  {
    name: "if/then",
    schema: obj(
      { kind: {}, n: {} },
      {
        if: obj({ kind: { const: "a" } }, { required: ["kind"] }),
        then: { required: ["n"] },
      },
    ),
    input: { kind: "a" },
    lines: [
      "- n: required — expected a value (required property); received missing",
      '- arguments: if — expected a value meeting the conditional requirement ("then"); received {"kind":"a"}',
    ],
  },
  {
    name: "false schema",
    schema: obj({ forbidden: false }),
    input: { forbidden: 1 },
    lines: [
      "- forbidden: false schema — expected nothing (no value is allowed here); received 1",
    ],
  },
  {
    name: "hostile keys",
    schema: obj({
      "a b": { type: "string" },
      "x/y~z": { type: "string" },
      "😀": { type: "string" },
    }),
    input: { "a b": 1, "x/y~z": 2, "😀": 3 },
    lines: [
      '- ["a b"]: type — expected a string; received 1',
      '- ["x/y~z"]: type — expected a string; received 2',
      '- ["😀"]: type — expected a string; received 3',
    ],
  },
];

let validators: CompiledValidator[] = [];
beforeAll(async () => {
  validators = await compileAll(CASES.map((c) => c.schema));
});

function errorsOf(i: number): RenderableError[] {
  const r = validators[i]!(CASES[i]!.input);
  if (r.ok) throw new Error(`case ${CASES[i]!.name}: input is valid`);
  return r.errors;
}

describe("rendering validation errors as a tool result", () => {
  CASES.forEach((c, i) => {
    it(c.name, () => {
      const text = renderValidationErrors("log_set", errorsOf(i), c.input);
      const [head, ...rest] = text.split("\n");
      expect(head).toBe(
        `The tool "log_set" was not run: its arguments are invalid (${c.lines.length === 1 ? "1 problem" : `${c.lines.length} problems`}).`,
      );
      expect(rest.pop()).toBe("Fix these fields and call the tool again.");
      expect(rest).toEqual(c.lines);
    });
  });

  it("caps the number of lines and counts the rest", () => {
    const errors = Array.from({ length: 30 }, (_, i) => ({
      instancePath: `/${i}`,
      keyword: "type",
      params: { type: "string" },
    }));
    const text = renderValidationErrors(
      "t",
      errors,
      Array.from({ length: 30 }, () => 0),
      { maxErrors: 5 },
    );
    expect(text.split("\n")).toHaveLength(1 + 5 + 1 + 1);
    expect(text).toContain("- … and 25 more");
  });

  it("never throws, whatever the arguments and errors are", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const weird = [
      { instancePath: "/self", keyword: "type", params: { type: "string" } },
      {
        instancePath: "/x",
        keyword: "unknown-keyword",
        params: {},
        message: "custom",
      },
      { instancePath: "not a pointer", keyword: "required", params: {} },
      null as unknown as RenderableError,
    ];
    expect(() =>
      renderValidationErrors("t\u2028*/", weird, cyclic),
    ).not.toThrow();
    expect(renderValidationErrors("t", weird, 10n)).toContain("was not run");
  });

  it("paths and excerpts", () => {
    expect(pointerSegments("/a~1b/c~0d/0")).toEqual(["a/b", "c~d", "0"]);
    expect(fieldPath([], {})).toBe("arguments");
    expect(fieldPath(["sets", "2", "reps"], { sets: [{}, {}, {}] })).toBe(
      "sets[2].reps",
    );
    expect(fieldPath(["map", "2"], { map: { "2": 1 } })).toBe('map["2"]');
    expect(fieldPath(["__proto__", "constructor"], undefined)).toBe(
      "__proto__.constructor",
    );
    expect(excerpt("a\u2028b\nc")).toBe(String.raw`"a b\nc"`);
    expect(excerpt("😀".repeat(50), 10)).toBe(`"${"😀".repeat(8)}…`);
    expect(
      describeError(
        { instancePath: "", keyword: "tool", params: { name: "nope" } },
        {},
      ),
    ).toEqual({
      field: "tool",
      rule: "tool",
      expected: "the name of a tool of the catalog",
      received: '"nope"',
    });
  });
});
