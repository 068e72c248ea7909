/**
 * `lint --fix` must never turn a tool that accepts some input into one that accepts none (the
 * seed case: `required: [city, ghost]` closed by no-additional-properties, so `ghost` is required
 * and forbidden). Run over the lint vectors, the golden fixtures, the example catalog and the
 * public tool corpus (that one in import/corpus.test.ts): for every tool whose input accepted a value before the fix (Ajv found a
 * witness), some value must still validate after it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixCatalog } from "../../generator/core/lint/fix.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { catalogWith, repoRoot } from "../helpers/pipeline.js";
import { findAccepted } from "../helpers/witness.js";
import {
  checkFixed,
  newTally,
  SAMPLES,
  SEED,
  tools,
  type Tally,
} from "./fix-callable.js";

/**
 * Floors on how many tools the fix changed and the check judged (23 vectors and 5 fixture tools
 * today; the fixtures are mostly lint-clean already), so the check cannot quietly check nothing.
 */
const VECTOR_TOOLS_CHECKED = 20;
const FIXTURE_TOOLS_CHECKED = 4;

/** The catalog as JSON text with one strict target, so every fix (optional-nullable's too) is in play. */
function strictVariant(text: string): string | undefined {
  const loaded = loadCatalog("catalog.yaml", text, { lint: false });
  if (!loaded.catalog) return undefined;
  return (
    JSON.stringify(
      { ...loaded.catalog, targets: { "openai-chat": { strict: true } } },
      null,
      2,
    ) + "\n"
  );
}

/** Fixes `text` (and its strict variant) and records every tool that accepted a value before and none after. */
function checkFixBothWays(label: string, text: string, tally: Tally): void {
  checkFix(label, text, tally);
  const strict = strictVariant(text);
  if (strict !== undefined) checkFix(`${label} (strict)`, strict, tally);
}

/** Fixes `text` and records every tool that accepted a value before and none after. */
function checkFix(label: string, text: string, tally: Tally): void {
  checkFixed(label, text, fixCatalog("catalog.yaml", text).text, tally);
}

describe("lint --fix keeps every tool callable", () => {
  it("the check itself tells the seed case apart: open with ghost accepts a value, closed with ghost none", () => {
    const open = {
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city", "ghost"],
    };
    expect(
      findAccepted(open, { seed: SEED, samples: SAMPLES }).witness,
    ).toBeDefined();
    expect(
      findAccepted(
        { ...open, additionalProperties: false },
        { seed: SEED, samples: SAMPLES },
      ),
    ).toEqual({ compiled: true });
    // And what the fix produces for it is callable, with no ghost left.
    const fixed = tools(
      fixCatalog(
        "catalog.yaml",
        catalogWith(open, { targets: { "openai-chat": { strict: true } } }),
      ).text,
    )!;
    expect(fixed.inputs.get("tool")).toMatchObject({
      required: ["city"],
      additionalProperties: false,
    });
  });

  it("over the lint vectors", () => {
    const tally = newTally();
    const dir = join(repoRoot, "test", "vectors", "lint");
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const data = JSON.parse(readFileSync(join(dir, file), "utf8")) as {
        cases: {
          name: string;
          schema: unknown;
          targets?: unknown;
          defs?: unknown;
          output?: unknown;
          tool?: string;
          description?: string;
        }[];
      };
      for (const v of data.cases)
        checkFixBothWays(
          `${file} ${v.name}`,
          catalogWith(v.schema, {
            targets: v.targets,
            defs: v.defs,
            output: v.output,
            name: v.tool,
            description: v.description,
          }),
          tally,
        );
    }
    console.info(
      `lint vectors: ${tally.checked} tools changed by --fix and checked, ${tally.unchanged} unchanged, ${tally.undecided} without a witness before`,
    );
    expect(tally.broken).toEqual([]);
    expect(tally.checked).toBeGreaterThan(VECTOR_TOOLS_CHECKED);
  });

  it("over the golden fixtures and the example catalog", () => {
    const tally = newTally();
    const files = [
      "catalog/tools.yaml",
      ...readdirSync(join(repoRoot, "test", "fixtures"))
        .sort()
        .map((d) => `test/fixtures/${d}/catalog.yaml`),
    ];
    for (const file of files)
      checkFixBothWays(file, readFileSync(join(repoRoot, file), "utf8"), tally);
    console.info(
      `fixtures: ${tally.checked} tools changed by --fix and checked, ${tally.unchanged} unchanged, ${tally.undecided} without a witness before`,
    );
    expect(tally.broken).toEqual([]);
    expect(tally.checked).toBeGreaterThan(FIXTURE_TOOLS_CHECKED);
  });

  // The public tool corpus is checked in import/corpus.test.ts, on the text that test's
  // `lint --fix` run produces (one fix of the whole corpus serves both).
});
