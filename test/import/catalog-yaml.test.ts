/** The import's YAML printer: whatever the strings, toolcat's own loader reads back the same JSON. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogYaml } from "../../generator/core/import/catalog-yaml.js";
import { parseCatalogYaml } from "../../generator/core/load/parse-catalog-yaml.js";
import { HOSTILE_STRINGS } from "../helpers/schema-arbitrary.js";

const text = fc.oneof(
  fc.constantFrom(
    ...HOSTILE_STRINGS,
    "yes",
    "null",
    "~",
    "1e3",
    "0x1F",
    ".inf",
    "- a",
    "? x",
    "a: b",
    "a #b",
    " lead",
    "trail ",
    "@x",
    "%x",
    "!x",
    "&x",
    "*x",
    "|",
    ">",
    "[x]",
    "{x}",
    "\ud800",
    "\t",
    "\r\n",
  ),
  fc.string({ unit: "binary", maxLength: 12 }),
);
const json = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(text, tie("v"), { maxKeys: 4 }),
  ),
})).v;

describe("catalog YAML printer", () => {
  it("reads back as the same JSON through the catalog loader", () => {
    fc.assert(
      fc.property(fc.dictionary(text, json, { maxKeys: 5 }), (doc) => {
        const yaml = catalogYaml(doc as never, ["a comment"]);
        const parsed = parseCatalogYaml(yaml);
        expect(parsed.problems).toEqual([]);
        // JSON.stringify on both sides: -0 prints as 0, which YAML reads back as 0 too.
        expect(JSON.stringify(parsed.value)).toBe(JSON.stringify(doc));
      }),
      { seed: Number(process.env.FC_SEED ?? 1414), numRuns: 400 },
    );
  });
});
