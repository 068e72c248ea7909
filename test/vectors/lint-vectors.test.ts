/** Runs the lint rule vectors in test/vectors/lint/*.json: findings out, and the fixed schema. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { fixCatalog } from "../../generator/core/lint/fix.js";
import { LINT_RULES } from "../../generator/core/lint/registry.js";
import { repoRoot } from "../helpers/pipeline.js";

interface Vector {
  name: string;
  schema: unknown;
  findings: { rule: string; pointer: string; severity: string; target?: string }[];
  fixed?: unknown;
  targets?: unknown;
  defs?: unknown;
  tool?: string;
  description?: string;
  effect?: string;
  output?: unknown;
  /** Rules whose fixes produce `fixed` (default: the vector's own rule). */
  fixWith?: string[];
}

const dir = join(repoRoot, "test", "vectors", "lint");
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();

function catalogText(v: Vector): string {
  const doc: Record<string, unknown> = { toolcat: 1 };
  if (v.targets !== undefined) doc.targets = v.targets;
  if (v.defs !== undefined) doc.$defs = v.defs;
  const tool: Record<string, unknown> = { description: v.description ?? "A tool.", input: v.schema };
  if (v.output !== undefined) tool.output = v.output;
  if (v.effect !== undefined) tool.effect = v.effect;
  doc.tools = { [v.tool ?? "tool"]: tool };
  // JSON is YAML; flow style also exercises the fixer on flow collections.
  return JSON.stringify(doc, null, 2) + "\n";
}

describe("lint rule vectors", () => {
  it("cover every lint rule", () => {
    const covered = new Set(files.map((f) => f.replace(/\.json$/, "")));
    for (const rule of LINT_RULES) expect(covered.has(rule.id), rule.id).toBe(true);
  });

  for (const file of files) {
    const data = JSON.parse(readFileSync(join(dir, file), "utf8")) as { rule: string; cases: Vector[] };
    describe(data.rule, () => {
      for (const v of data.cases) {
        it(v.name, () => {
          const text = catalogText(v);
          const loaded = loadCatalog("catalog.yaml", text);
          const got = loaded.diagnostics
            .filter((d) => d.rule === data.rule)
            .map((d) => ({ rule: d.rule, pointer: d.pointer, severity: d.severity, ...(d.target ? { target: d.target } : {}) }));
          expect(got).toEqual(v.findings);
          if (v.fixed !== undefined) {
            const only = new Set(v.fixWith ?? [data.rule]);
            const fixed = fixCatalog("catalog.yaml", text, only);
            const after = loadCatalog("catalog.yaml", fixed.text, { lint: false });
            const tools = (after.catalog as { tools: Record<string, { input: unknown }> }).tools;
            expect(tools[v.tool ?? "tool"]!.input).toEqual(v.fixed);
            // Idempotent: fixing the fixed text changes nothing.
            expect(fixCatalog("catalog.yaml", fixed.text, only).text).toBe(fixed.text);
          }
        });
      }
    });
  }
});
