/**
 * Differential property test of the fast YAML path: random catalog-like documents, printed in
 * varied styles (and also damaged), must either be declined by the subset parser or give exactly
 * what the `yaml`-based path gives. Replay a failure with FC_SEED=<seed>; search longer with
 * FC_RUNS=<n>.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Json } from "../../generator/core/schema/json.js";
import { compareWithYamlPath } from "./yaml-compare.js";
import { mulberry32, YamlPrinter } from "./yaml-printer.js";

const seed = Number(process.env.FC_SEED ?? 20260612);
const runs = Number(process.env.FC_RUNS ?? 2500);
const timeout = Math.max(60_000, runs * 40);

const hostile = [
  "__proto__",
  "constructor",
  "toString",
  "#",
  "a #b",
  "a#b",
  ": ",
  "a: b",
  "a:b",
  "a:",
  ":a",
  "'",
  "''",
  '"',
  'a"b',
  "\\",
  "a\\nb",
  "é",
  "😀",
  "日本",
  "\u2028",
  "\u00a0",
  "\u0085",
  "0x1F",
  "0o17",
  "1e3",
  "1E-3",
  ".5",
  "5.",
  ".inf",
  "-.inf",
  ".NaN",
  "-0",
  "012",
  "1_000",
  "+1",
  "~",
  "Null",
  "NULL",
  "null",
  "TRUE",
  "True",
  "yes",
  "no",
  "on",
  "",
  " lead",
  "trail ",
  "-",
  "- a",
  "-a",
  "--",
  "---",
  "...",
  "?",
  "? a",
  "[a]",
  "{a}",
  "a,b",
  "a, b",
  "a]",
  "*x",
  "&y",
  "!t",
  "!!str",
  "|",
  ">",
  "%",
  "@",
  "`",
  "<<",
  "a/b",
  "a~b",
  "a\nb",
  "a\tb",
  "line\r\nbreak",
  "99999999999999999999",
  "1.0",
  "description",
  "type",
];
const key = fc.oneof(
  fc.constantFrom(...hostile),
  fc.constantFrom(
    "type",
    "properties",
    "items",
    "enum",
    "description",
    "tool_1",
    "x-y",
    "a b",
  ),
  fc.string({ maxLength: 8 }),
);
const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1000, max: 100000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 0.5, 1e21, 1e-7, 123456789012, 0x1f),
  fc.constantFrom(...hostile),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "string",
    "object",
    "Record body measurements for one day.",
    "Body weight in kg.",
    "^[a-z][a-z0-9-]{0,30}$",
    "#/$defs/Money",
  ),
);
const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { maxDepth: 4 },
    leaf,
    fc.array(tie("v"), { maxLength: 5 }),
    fc.dictionary(key, tie("v"), { maxKeys: 6 }),
  ),
})).v;
const root = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.dictionary(key, json, { minKeys: 1, maxKeys: 6 }),
  },
  { weight: 1, arbitrary: fc.array(json, { minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: json },
);

/** Token soup near the subset's edges: indentation, indicators, quotes, comments. */
const soup = fc
  .array(
    fc.constantFrom(
      "a",
      "b",
      "1",
      "-1",
      "a b",
      ":",
      ": ",
      " ",
      "  ",
      "\n",
      "\n  ",
      "\n    ",
      "- ",
      "-",
      "#",
      " #c",
      "[",
      "]",
      "{",
      "}",
      ",",
      ", ",
      "'",
      '"',
      "\\",
      "~",
      "0x1",
      ".5",
      "null",
      "true",
      "\r\n",
      "__proto__",
      "?",
      "*",
      "&",
      "!",
    ),
    { maxLength: 40 },
  )
  .map((tokens) => tokens.join(""));

describe("fast YAML path (differential)", () => {
  it(
    "declines, or matches the yaml path exactly, on printed documents",
    () => {
      let same = 0;
      fc.assert(
        fc.property(root, fc.integer(), (value, style) => {
          if (
            compareWithYamlPath(
              new YamlPrinter(mulberry32(style)).document(value),
            ) === "same"
          )
            same++;
        }),
        { seed, numRuns: runs },
      );
      // The property means little if the fast path almost always declines.
      expect(same / runs).toBeGreaterThan(0.25);
    },
    timeout,
  );

  it(
    "declines, or matches the yaml path exactly, on damaged documents",
    () => {
      let same = 0;
      fc.assert(
        fc.property(root, fc.integer(), (value, style) => {
          const printer = new YamlPrinter(mulberry32(style));
          if (
            compareWithYamlPath(printer.mutate(printer.document(value))) ===
            "same"
          )
            same++;
        }),
        { seed: seed + 1, numRuns: runs },
      );
      expect(same / runs).toBeGreaterThan(0.1);
    },
    timeout,
  );

  it(
    "declines, or matches the yaml path exactly, on token soup",
    () => {
      let same = 0;
      fc.assert(
        fc.property(soup, (text) => {
          if (compareWithYamlPath(text) === "same") same++;
        }),
        { seed: seed + 2, numRuns: runs * 4 },
      );
      expect(same).toBeGreaterThan(runs / 10);
    },
    timeout,
  );
});
