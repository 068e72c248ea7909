/**
 * Issue 14, item 2, on the public tool corpus (test/data/tool-corpus/tools.jsonl, 3,502 tools in
 * Anthropic's `input_schema` shape): every tool imports, into a catalog generate's loader accepts;
 * how many tools then pass lint, and how many `lint --fix` makes strict-clean (no error or
 * warning with OpenAI strict mode on), the figures docs/diff-and-import.md quotes, asserted
 * exactly: an import that drops or mangles a keyword moves them. The corpus's shape carries no
 * effect hints, so the `effect-declared` warning (a decision for the catalog's author, on every
 * tool) is not counted. The same
 * fixed text then serves lint/fix-keeps-tools-callable's check (fix-callable.ts): every corpus
 * tool that accepted a value before `lint --fix` still accepts one after it. One fix of the
 * corpus serves both tests; it is the costly part.
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
import { checkFixed, newTally } from "../lint/fix-callable.js";

const path = "test/data/tool-corpus/tools.jsonl";
const text = readFileSync(join(dataRoot, "tool-corpus", "tools.jsonl"), "utf8");
const SLICE = 100;
/** The figures as measured (docs/diff-and-import.md quotes them); they change only with the importer or the lint rules. */
const EXPECTED = { passing: 1, strictClean: 3453, applied: 10710 };
const lines = text.split("\n").filter((l) => l.trim() !== "").length;

/** Tools with at least one error or warning (infos are advice, not findings), or only errors. */
function toolsWithFindings(
  diagnostics: readonly Diagnostic[],
  errorsOnly = false,
): Set<string> {
  const out = new Set<string>();
  for (const d of diagnostics) {
    if (
      d.severity === "info" ||
      d.rule === "effect-declared" ||
      (errorsOnly && d.severity !== "error")
    )
      continue;
    const [tools, name] = pointerSegments(d.pointer);
    out.add(tools === "tools" && name !== undefined ? name : "(catalog)");
  }
  return out;
}

interface FixedSlice {
  /** How many corpus lines the slice holds. */
  readonly lines: number;
  /** The imported slice with OpenAI strict mode on, before the fix. */
  readonly strict: string;
  /** What `lint --fix` made of it. */
  readonly fixed: string;
  readonly applied: number;
}

let slices: FixedSlice[] | undefined;

/**
 * The corpus imported and fixed slice by slice, computed once for both tests. lint --fix re-lints
 * the whole file after each round of edits; on slices of the corpus it takes seconds instead of
 * minutes, and every finding counted here is about one tool.
 */
function fixedSlices(): FixedSlice[] {
  if (slices) return slices;
  slices = [];
  const all = text.split("\n").filter((l) => l.trim() !== "");
  for (let i = 0; i < all.length; i += SLICE) {
    const slice = all.slice(i, i + SLICE);
    const part = importTools([{ path, text: slice.join("\n") + "\n" }], {
      renameConflicts: true,
    });
    const strict = part.catalog!.replace(
      /^targets:\n(?: {2}.*\n)+/m,
      "targets:\n  openai-chat:\n    strict: true\n",
    );
    expect(strict).not.toBe(part.catalog);
    const fixed = fixCatalog("catalog/tools.yaml", strict);
    slices.push({
      lines: slice.length,
      strict,
      fixed: fixed.text,
      applied: fixed.applied,
    });
  }
  return slices;
}

describe("import of the public tool corpus", () => {
  it("imports every tool; lint and lint --fix figures", () => {
    const result = importTools([{ path, text }], { renameConflicts: true });
    expect(result.ok).toBe(true);
    expect(result.tools.length).toBe(lines);
    // Every line is reported where something was not carried, never silently changed: the corpus
    // adds `source` and `origin` to each line, and both are listed.
    expect(
      result.report.filter((d) => d.message.startsWith('"source" not carried'))
        .length,
    ).toBe(lines);

    const loaded = loadCatalog("catalog/tools.yaml", result.catalog!, {
      compileCheck: true,
    });
    expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual(
      [],
    );
    const withoutErrors =
      lines - toolsWithFindings(loaded.diagnostics, true).size;
    const passing = lines - toolsWithFindings(loaded.diagnostics).size;

    let strictClean = 0;
    let applied = 0;
    for (const slice of fixedSlices()) {
      applied += slice.applied;
      strictClean +=
        slice.lines -
        toolsWithFindings(
          loadCatalog("catalog/tools.yaml", slice.fixed).diagnostics,
        ).size;
    }
    const fixed = { applied };

    console.log(
      `corpus import: ${result.tools.length} of ${lines} tools imported; as imported ${withoutErrors} lint without errors and ${passing} without warnings; after lint --fix with OpenAI strict: true, ${strictClean} are strict-clean (${fixed.applied} fixes applied)`,
    );
    expect(withoutErrors).toBe(lines);
    expect({ passing, strictClean, applied }).toEqual(EXPECTED);
  }, 300_000);

  it("lint --fix keeps every corpus tool callable (strict targets, so every fix is in play)", () => {
    const tally = newTally();
    const seen = new Set<string>();
    fixedSlices().forEach((slice, k) =>
      checkFixed(
        `corpus slice ${k * SLICE}-${k * SLICE + slice.lines - 1}`,
        slice.strict,
        slice.fixed,
        tally,
        seen,
      ),
    );
    const distinct = new Set(
      text
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) =>
          JSON.stringify(
            (JSON.parse(l) as { input_schema: unknown }).input_schema,
          ),
        ),
    ).size;
    console.info(
      `tool corpus: ${distinct} distinct schemas, ${tally.checked} changed by --fix and checked, ${tally.unchanged} unchanged, ${tally.undecided} without a witness before`,
    );
    expect(tally.broken).toEqual([]);
    expect(tally.checked).toBeGreaterThan(distinct * 0.6);
  }, 300_000);
});
