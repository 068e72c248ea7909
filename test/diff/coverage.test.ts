/**
 * Nothing is dropped: adding, removing or changing any supported keyword inside a property is
 * reported by some rule, and the direction tables are exhaustive.
 */
import { describe, expect, it } from "vitest";
import { diffCatalogs } from "../../generator/core/diff/diff-catalogs.js";
import { partyFor, type Effect } from "../../generator/core/diff/direction.js";
import { KEYWORDS } from "../../generator/core/schema/keywords.js";
import type { Json } from "../../generator/core/schema/json.js";
import { version } from "./support.js";

/** For each keyword: a value, and another value of the same keyword (a change). */
const SAMPLES: Record<string, readonly [Json, Json]> = {
  type: ["string", "integer"],
  enum: [
    ["a", "b"],
    ["a", "c"],
  ],
  const: ["a", "b"],
  properties: [{ x: { type: "string" } }, { x: { type: "integer" } }],
  required: [["x"], ["y"]],
  additionalProperties: [false, { type: "string" }],
  patternProperties: [
    { "^x": { type: "string" } },
    { "^x": { type: "integer" } },
  ],
  propertyNames: [{ maxLength: 3 }, { maxLength: 4 }],
  minProperties: [1, 2],
  maxProperties: [3, 2],
  dependentRequired: [{ x: ["y"] }, { x: ["z"] }],
  items: [{ type: "string" }, { type: "integer" }],
  prefixItems: [[{ type: "string" }], [{ type: "integer" }]],
  contains: [{ type: "string" }, { type: "integer" }],
  minContains: [1, 2],
  maxContains: [3, 2],
  minItems: [1, 2],
  maxItems: [3, 2],
  uniqueItems: [true, false],
  minLength: [1, 2],
  maxLength: [3, 2],
  pattern: ["^a", "^b"],
  format: ["date", "email"],
  minimum: [0, 1],
  maximum: [10, 9],
  exclusiveMinimum: [0, 1],
  exclusiveMaximum: [10, 9],
  multipleOf: [2, 3],
  allOf: [[{ minLength: 1 }], [{ minLength: 2 }]],
  anyOf: [
    [{ type: "string" }, { type: "integer" }],
    [{ type: "string" }, { type: "boolean" }],
  ],
  oneOf: [
    [{ type: "string" }, { type: "integer" }],
    [{ type: "string" }, { type: "boolean" }],
  ],
  not: [{ const: "x" }, { const: "y" }],
  if: [{ minLength: 1 }, { minLength: 2 }],
  then: [{ maxLength: 3 }, { maxLength: 4 }],
  else: [{ maxLength: 5 }, { maxLength: 6 }],
  title: ["A", "B"],
  description: ["A", "B"],
  examples: [["a"], ["b"]],
  default: ["a", "b"],
  deprecated: [true, false],
  readOnly: [true, false],
  writeOnly: [true, false],
};
/** Keywords that are not about the values accepted at a place, each with the reason. */
const NOT_A_CHANGE: Record<string, string> = {
  $schema: "read, then removed by normalisation",
  $ref: "followed: the target is compared (the refactor fixtures test it)",
  $defs: "reached only through $ref",
  definitions: "read as $defs",
  $comment: "for catalog authors only; nobody downstream sees it",
};

function catalogWith(prop: Json): string {
  return JSON.stringify({
    toolcat: 1,
    tools: {
      t: {
        description: "T.",
        effect: "read",
        input: {
          type: "object",
          properties: { p: prop },
          additionalProperties: false,
        },
      },
    },
  });
}

function changes(before: Json, after: Json): string[] {
  return diffCatalogs(
    version("old.yaml", catalogWith(before)),
    version("new.yaml", catalogWith(after)),
  ).map((f) => f.rule);
}

/** The findings of a change at property `p`, as `rule at` with the place relative to `p`. */
function placed(before: Json, after: Json): string[] {
  return diffCatalogs(
    version("old.yaml", catalogWith(before)),
    version("new.yaml", catalogWith(after)),
  ).map(
    (f) =>
      `${f.rule} at ${f.pointer.replace("/tools/t/input/properties/p", "")}`,
  );
}

/** Whether some finding is an input rule reported at the keyword itself (or inside it). */
const atKeyword = (keyword: string) => (found: readonly string[]) =>
  found.some(
    (f) =>
      f.startsWith("input-") &&
      (f.endsWith(` at /${keyword}`) || f.includes(` at /${keyword}/`)),
  );

describe("every supported keyword is compared", () => {
  it("the samples list every keyword toolcat accepts", () => {
    expect(
      [...Object.keys(SAMPLES), ...Object.keys(NOT_A_CHANGE)].sort(),
    ).toEqual(Object.keys(KEYWORDS).sort());
  });

  for (const [keyword, [a, b]] of Object.entries(SAMPLES)) {
    it(`${keyword}: added, removed and changed are each reported`, () => {
      // Not just any finding: one about this keyword, at its place.
      const here = atKeyword(keyword);
      for (const [what, before, after] of [
        ["added", {}, { [keyword]: a }],
        ["removed", { [keyword]: a }, {}],
        ["changed", { [keyword]: a }, { [keyword]: b }],
      ] as const) {
        const found = placed(before, after);
        expect(here(found), `${what}: ${JSON.stringify(found)}`).toBe(true);
      }
      expect(changes({ [keyword]: a }, { [keyword]: a }), "unchanged").toEqual(
        [],
      );
    });
  }
});

describe("direction", () => {
  it("follows oasdiff/Confluent for both sides and every effect", () => {
    const table = (["narrows", "widens", "uncertain", "none"] as Effect[]).map(
      (e) => [
        e,
        partyFor("input", e).breaks,
        partyFor("output", e).breaks,
        partyFor("output", e).certainty,
      ],
    );
    expect(table).toEqual([
      ["narrows", "callers", "handlers", "certain"],
      ["widens", "handlers", "consumers", "certain"],
      ["uncertain", "callers", "consumers", "possibly"],
      ["none", "nobody", "nobody", "certain"],
    ]);
  });
});

describe("definitions used many times over", () => {
  /** Six properties per level, each a `$ref` to the next level: 6^(depth-1) places reach the leaf. */
  function manyTimesOver(depth: number, leaf: Json): string {
    const $defs: Record<string, Json> = {};
    for (let i = 0; i < depth; i++)
      $defs[`D${i}`] =
        i === depth - 1
          ? leaf
          : {
              type: "object",
              properties: Object.fromEntries(
                [0, 1, 2, 3, 4, 5].map((j) => [
                  `k${j}`,
                  { $ref: `#/$defs/D${i + 1}` },
                ]),
              ),
              additionalProperties: false,
            };
    return JSON.stringify({
      toolcat: 1,
      $defs,
      tools: {
        t: {
          description: "T.",
          effect: "read",
          input: {
            type: "object",
            properties: { root: { $ref: "#/$defs/D0" } },
            additionalProperties: false,
          },
        },
      },
    });
  }

  it("reports a changed definition at the first places it is used, not at all 6^5 (ten levels never finished)", () => {
    const found = diffCatalogs(
      version("old.yaml", manyTimesOver(6, { type: "string" })),
      version("new.yaml", manyTimesOver(6, { type: "string", maxLength: 3 })),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(16);
    expect(new Set(found.map((f) => f.rule))).toEqual(
      new Set(["input-constraint-tightened"]),
    );
  });

  it("still reports every place of a definition used at a few", () => {
    const found = diffCatalogs(
      version("old.yaml", manyTimesOver(2, { type: "string" })),
      version("new.yaml", manyTimesOver(2, { type: "string", maxLength: 3 })),
    );
    expect(found.map((f) => f.pointer).sort()).toEqual(
      [0, 1, 2, 3, 4, 5]
        .map((j) => `/tools/t/input/properties/root/properties/k${j}/maxLength`)
        .sort(),
    );
  });
});
