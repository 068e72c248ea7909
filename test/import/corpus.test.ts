/**
 * Issue 14, item 2, on the public tool corpus (test/data/tool-corpus/tools.jsonl, 3,502 tools in
 * Anthropic's `input_schema` shape): every tool imports, into a catalog generate's loader accepts;
 * how many tools then pass lint, and how many `lint --fix` makes strict-clean (no error or
 * warning with OpenAI strict mode on), the figures the README quotes, asserted exactly: an import
 * that drops or mangles a keyword moves them. The corpus's shape carries no effect hints, so the
 * `effect-declared` warning (a decision for the catalog's author, on every tool) is not counted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../generator/core/diagnostics.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { fixCatalog } from "../../generator/core/lint/fix.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { pointerSegments } from "../../generator/core/schema/json.js";
import { dataRoot } from "../validators/harness.js";

const path = "test/data/tool-corpus/tools.jsonl";
const text = readFileSync(join(dataRoot, "tool-corpus", "tools.jsonl"), "utf8");
const SLICE = 100;
/** The figures as measured (README quotes them); they change only with the importer or the lint rules. */
const EXPECTED = { passing: 1, strictClean: 3453, applied: 10710 };
const lines = text.split("\n").filter((l) => l.trim() !== "").length;

/** Tools with at least one error or warning (infos are advice, not findings), or only errors. */
function toolsWithFindings(diagnostics: readonly Diagnostic[], errorsOnly = false): Set<string> {
  const out = new Set<string>();
  for (const d of diagnostics) {
    if (d.severity === "info" || d.rule === "effect-declared" || (errorsOnly && d.severity !== "error")) continue;
    const [tools, name] = pointerSegments(d.pointer);
    out.add(tools === "tools" && name !== undefined ? name : "(catalog)");
  }
  return out;
}

describe("import of the public tool corpus", () => {
  it("imports every tool; lint and lint --fix figures", () => {
    const result = importTools([{ path, text }], { renameConflicts: true });
    expect(result.ok).toBe(true);
    expect(result.tools.length).toBe(lines);
    // Every line is reported where something was not carried, never silently changed: the corpus
    // adds `source` and `origin` to each line, and both are listed.
    expect(result.report.filter((d) => d.message.startsWith('"source" not carried')).length).toBe(lines);

    const loaded = loadCatalog("catalog/tools.yaml", result.catalog!, { compileCheck: true });
    expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const withoutErrors = lines - toolsWithFindings(loaded.diagnostics, true).size;
    const passing = lines - toolsWithFindings(loaded.diagnostics).size;

    // lint --fix re-lints the whole file after each round of edits; on slices of the corpus it
    // takes seconds instead of minutes, and every finding counted here is about one tool.
    let strictClean = 0;
    let applied = 0;
    const all = text.split("\n").filter((l) => l.trim() !== "");
    for (let i = 0; i < all.length; i += SLICE) {
      const slice = all.slice(i, i + SLICE);
      const part = importTools([{ path, text: slice.join("\n") + "\n" }], { renameConflicts: true });
      const strict = part.catalog!.replace(/^targets:\n(?: {2}.*\n)+/m, "targets:\n  openai-chat:\n    strict: true\n");
      expect(strict).not.toBe(part.catalog);
      const fixed = fixCatalog("catalog/tools.yaml", strict);
      applied += fixed.applied;
      strictClean += slice.length - toolsWithFindings(loadCatalog("catalog/tools.yaml", fixed.text).diagnostics).size;
    }
    const fixed = { applied };

    console.log(`corpus import: ${result.tools.length} of ${lines} tools imported; as imported ${withoutErrors} lint without errors and ${passing} without warnings; after lint --fix with OpenAI strict: true, ${strictClean} are strict-clean (${fixed.applied} fixes applied)`);
    expect(withoutErrors).toBe(lines);
    expect({ passing, strictClean, applied }).toEqual(EXPECTED);
  }, 300_000);
});
