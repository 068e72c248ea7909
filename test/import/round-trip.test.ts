/**
 * Issue 14, item 2, round trip: importing the declarations toolcat generated for a catalog (the
 * committed `providers/*.json` of the example catalog and of every golden fixture) gives back a
 * catalog whose generated validators answer as the original's do, on values sampled from each
 * tool's input and output schema (valid ones and mutated ones, seeded). OpenAI strict declarations
 * are included: their null-for-omitted properties come back as optional ones.
 */
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importTools } from "../../generator/core/import/import-tools.js";
import { dataArbitrary } from "../differential/arbitraries.js";
import { generateFrom, repoRoot } from "../helpers/pipeline.js";
import { caseNames } from "../providers/support/cases.js";
import { loadModule } from "../validators/harness.js";

type Validate = (name: string, value: unknown) => { ok: boolean };
interface Validators {
  readonly validate: Validate;
  readonly validateOutput: Validate;
}

const SEED = Number(process.env.FC_SEED ?? 1414);

async function validatorsOf(
  catalog: string,
  label: string,
): Promise<Validators> {
  const result = await generateFrom(catalog, { format: false });
  expect(
    result.diagnostics.filter((d) => d.severity === "error"),
    label,
  ).toEqual([]);
  const mod = await loadModule(
    result.files.get("validators.ts")!,
    "import-round-trip",
  );
  return mod as unknown as Validators;
}

describe("import round trip through toolcat's own declarations", () => {
  for (const c of caseNames()) {
    const catalogText = readFileSync(join(repoRoot, c.catalogPath), "utf8");
    const files = readdirSync(join(c.outDir, "providers"))
      .filter((f) => f.endsWith(".json"))
      .sort();
    it(`${c.name}: ${files.length} declaration files`, async () => {
      const original = await generateFrom(catalogText, {
        format: false,
        catalogPath: c.catalogPath,
      });
      expect(original.ok).toBe(true);
      const ir = original.ir!;
      const before = await validatorsOf(catalogText, c.catalogPath);
      for (const file of files) {
        const path = relative(repoRoot, join(c.outDir, "providers", file));
        const imported = importTools([
          { path, text: readFileSync(join(repoRoot, path), "utf8") },
        ]);
        expect(
          imported.ok,
          `${path}: ${imported.report
            .filter((d) => d.severity === "error")
            .map((d) => d.message)
            .join("; ")}`,
        ).toBe(true);
        const after = await validatorsOf(imported.catalog!, path);
        const tools = (
          parse(imported.catalog!) as {
            tools: Record<string, { output?: unknown }>;
          }
        ).tools;
        const renamed = new Map(
          imported.tools.map((t) => [t.originalName, t.name]),
        );
        for (const tool of ir.tools) {
          const name = renamed.get(tool.name);
          expect(name, `${path} lost ${tool.name}`).toBeDefined();
          const check = (schema: unknown, kind: "input" | "output") => {
            for (const value of fc.sample(dataArbitrary(schema as never), {
              seed: SEED,
              numRuns: 40,
            })) {
              const want = (
                kind === "input" ? before.validate : before.validateOutput
              )(tool.name, value).ok;
              const got = (
                kind === "input" ? after.validate : after.validateOutput
              )(name!, value).ok;
              expect(
                got,
                `${path} ${tool.name} ${kind} ${JSON.stringify(value)}`,
              ).toBe(want);
            }
          };
          check(tool.input.schema, "input");
          // Only some targets declare outputs (MCP for object outputs, Gemini); the rest carry none.
          if (tool.output && tools[name!]!.output !== undefined)
            check(tool.output.schema, "output");
        }
      }
    }, 120_000);
  }
});
