/**
 * catalog.schema.json (for editors) and the document check agree: every bad-input catalog that
 * parses is judged the same way by Ajv with the shipped schema and by toolcat's own check.
 */
import Ajv2020 from "ajv/dist/2020.js";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkDocument } from "../generator/core/check/check-document.js";
import { parseYaml } from "../generator/core/load/yaml-to-json.js";
import { KEYWORDS } from "../generator/core/schema/keywords.js";
import { TARGET_IDS } from "../generator/core/targets.js";
import { repoRoot } from "./helpers/pipeline.js";

const schema = JSON.parse(
  readFileSync(join(repoRoot, "catalog.schema.json"), "utf8"),
);
const ajv = new Ajv2020.default({ allErrors: true, strict: false });
const validate = ajv.compile(schema);

function documentValid(value: unknown): boolean {
  return !checkDocument(value as never).some((f) => f.severity === "error");
}

/** How many malformed catalogs in test/bad-input/cases the document check rejects on structure. */
const MIN_STRUCTURAL = 15;

describe("catalog.schema.json", () => {
  it("accepts the example catalog and every fixture catalog", () => {
    const catalogs = [
      "catalog/tools.yaml",
      ...readdirSync(join(repoRoot, "test", "fixtures")).map(
        (d) => `test/fixtures/${d}/catalog.yaml`,
      ),
    ];
    for (const path of catalogs) {
      const parsed = parseYaml(readFileSync(join(repoRoot, path), "utf8"));
      expect(
        validate(parsed.value),
        `${path}: ${ajv.errorsText(validate.errors)}`,
      ).toBe(true);
    }
  });

  it("agrees with the document check on the structure of malformed catalogs", () => {
    const dir = join(repoRoot, "test", "bad-input", "cases");
    const structurallyWrong: string[] = [];
    let readable = 0;
    // The alias bomb is left out: it only tests the YAML reader, slowly.
    for (const name of readdirSync(dir).filter((n) => !n.includes("bomb"))) {
      const parsed = parseYaml(readFileSync(join(dir, name), "utf8"));
      if (parsed.value === undefined || parsed.problems.length > 0) continue;
      readable++;
      // The editor schema also checks the keywords inside tool schemas; compare only where
      // the document check says the structure is wrong (then the schema must reject too).
      if (documentValid(parsed.value)) continue;
      expect(validate(parsed.value), name).toBe(false);
      structurallyWrong.push(name);
    }
    // Both counts say the comparison happened: enough cases parsed, and enough of them were
    // compared (each one the document check rejects was checked against the schema).
    expect(readable).toBeGreaterThan(20);
    expect(
      structurallyWrong.length,
      structurallyWrong.join(", "),
    ).toBeGreaterThanOrEqual(MIN_STRUCTURAL);
  });

  it("lists every supported keyword and every target", () => {
    expect(Object.keys(schema.$defs.schema.properties).sort()).toEqual(
      Object.keys(KEYWORDS).sort(),
    );
    expect(Object.keys(schema.properties.targets.properties).sort()).toEqual(
      [...TARGET_IDS].sort(),
    );
  });
});
