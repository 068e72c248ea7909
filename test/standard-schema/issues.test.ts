/**
 * The Standard Schema issues' short way (a cached wording and one walk down the value) against
 * the long way, for errors of every shape the validators make: frozen table errors, copies at an
 * array item's path, errors made for one failure, escaped pointers, indexes with leading zeros,
 * paths through arrays and objects, missing and inherited members. Each issue's message must be
 * describeError's line without its field, and its path the instance path as segments (numbers
 * where the value has an array) plus the property a required,
 * dependentRequired or unknown-key error names.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { issuesOf } from "../../templates/runtime/standard-schema.js";
import {
  describeError,
  type RenderableError,
} from "../../templates/runtime/validation-errors.js";

function expectedMessage(error: RenderableError, value: unknown): string {
  const d = describeError(error, value);
  return `${d.rule} — expected ${d.expected}${d.received === undefined ? "" : `; received ${d.received}`}`;
}

function expectedPath(error: RenderableError, value: unknown): PropertyKey[] {
  const tokens =
    error.instancePath === ""
      ? []
      : error.instancePath
          .slice(1)
          .split("/")
          .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = value;
  const out: PropertyKey[] = tokens.map((t) => {
    const index = Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(t);
    node =
      typeof node === "object" && node !== null
        ? (node as Record<string, unknown>)[t]
        : undefined;
    return index ? Number(t) : t;
  });
  const p = error.params;
  if (error.keyword === "required" || error.keyword === "dependentRequired")
    out.push(String(p["missingProperty"]));
  if (error.keyword === "additionalProperties")
    out.push(String(p["additionalProperty"]));
  return out;
}

const KEYS = [
  "a",
  "b",
  "0",
  "1",
  "01",
  "",
  "a/b",
  "a~1b",
  "c~d",
  "__proto__",
  "length",
];
const token = fc.constantFrom(...KEYS);
const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Values whose members are named by KEYS: nested objects and arrays, some with inherited members. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null)),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.array(fc.tuple(token, tie("v")), { maxLength: 4 }).map((entries) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of entries)
        Object.defineProperty(o, k, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return o;
    }),
    tie("v").map((v) => Object.create({ a: v, 0: v }) as unknown),
  ),
})).v;

/** The errors: a keyword and its params, at a pointer, frozen like a table error or not. */
const error: fc.Arbitrary<RenderableError> = fc
  .record({
    path: fc.array(token, { maxLength: 3 }),
    raw: fc.boolean(),
    kind: fc.constantFrom<[string, Record<string, unknown>]>(
      ["type", { type: "number" }],
      ["type", { type: ["integer", "null"] }],
      ["required", { missingProperty: "a" }],
      ["required", { missingProperty: "0", nullLeavesOut: true }],
      ["additionalProperties", { additionalProperty: "b" }],
      ["additionalProperties", { additionalProperty: "0" }],
      ["minimum", { comparison: ">=", limit: 1 }],
      ["enum", { allowedValues: ["x", 1, null] }],
      ["uniqueItems", { i: 0, j: 1 }],
      ["minItems", { limit: 1 }],
      ["format", { format: "date" }],
      ["const", { allowedValue: { k: [1] } }],
      ["dependentRequired", { missingProperty: "b", property: "a" }],
      ["propertyNames", { propertyName: "zz" }],
    ),
    anyOf: fc.boolean(),
    frozen: fc.boolean(),
    frozenParams: fc.boolean(),
  })
  .map(({ path, raw, kind, anyOf, frozen, frozenParams }) => {
    const [keyword, params] = kind;
    // A raw pointer keeps "~" and "/" unescaped in the tokens: not a well-formed pointer.
    const pointer = path.map((k) => `/${raw ? k : escape(k)}`).join("");
    const p = frozenParams ? Object.freeze({ ...params }) : { ...params };
    const e = {
      instancePath: pointer,
      schemaPath: `#/${anyOf ? "anyOf/1/" : ""}properties/x/${keyword}`,
      keyword,
      params: p,
      message: `must pass ${keyword}`,
    };
    return frozen ? Object.freeze(e) : e;
  });

describe("Standard Schema issues: the short way says what the long way says", () => {
  it("message and path for any error on any value (property)", () => {
    fc.assert(
      fc.property(
        fc.array(error, { minLength: 1, maxLength: 3 }),
        value,
        (errors, v) => {
          // Twice: the second time from the caches.
          for (let round = 0; round < 2; round++) {
            const issues = issuesOf(errors, v);
            expect(issues).toHaveLength(errors.length);
            issues.forEach((issue, i) => {
              expect(issue.message).toBe(expectedMessage(errors[i]!, v));
              expect(issue.path).toEqual(expectedPath(errors[i]!, v));
            });
          }
        },
      ),
      { numRuns: 4000, seed: 22 },
    );
  });

  it("paths through arrays, escaped names and own members only", () => {
    const e = (instancePath: string, keyword = "type") =>
      Object.freeze({
        instancePath,
        schemaPath: `#/x/${keyword}`,
        keyword,
        params: Object.freeze({ type: "string", limit: 1 }),
        message: "m",
      });
    const data = { "a/b": [{ "c~d": 5 }], list: [1, 2] };
    expect(issuesOf([e("/a~1b/0/c~0d")], data)).toEqual([
      {
        message: "type — expected a string; received 5",
        path: ["a/b", 0, "c~d"],
      },
    ]);
    // Not frozen (a copy at an item's path): the pointer is read as it goes.
    expect(issuesOf([{ ...e("/list/1") }], data)).toEqual([
      { message: "type — expected a string; received 2", path: ["list", 1] },
    ]);
    // "01" is no index; an item past the end, or an inherited member, is not received.
    expect(issuesOf([e("/list/01"), e("/list/5")], data)).toEqual([
      { message: "type — expected a string", path: ["list", "01"] },
      { message: "type — expected a string", path: ["list", 5] },
    ]);
    expect(
      issuesOf([e("/a")], Object.create({ a: "inherited" }) as unknown),
    ).toEqual([{ message: "type — expected a string", path: ["a"] }]);
  });
});
