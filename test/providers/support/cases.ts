/**
 * The catalogs provider tests run over: the example catalog (output in generated/) and every
 * golden fixture (output in test/fixtures/<case>/expected/). Lowerings come from the same IR the
 * pipeline built, so the tests see exactly what was emitted.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { PipelineResult } from "../../../generator/core/pipeline.js";
import {
  lowerCatalog,
  providerExports,
  type TargetLowering,
} from "../../../generator/core/providers/emitter.js";
import { generateFrom, repoRoot } from "../../helpers/pipeline.js";

export interface Case {
  readonly name: string;
  readonly catalogPath: string;
  /** Where the committed output of this catalog lives. */
  readonly outDir: string;
  readonly result: PipelineResult;
  readonly lowerings: readonly TargetLowering[];
}

export function caseNames(): {
  name: string;
  catalogPath: string;
  outDir: string;
}[] {
  const fixtures = join(repoRoot, "test", "fixtures");
  const out = [
    {
      name: "example",
      catalogPath: "catalog/tools.yaml",
      outDir: join(repoRoot, "generated"),
    },
  ];
  for (const e of readdirSync(fixtures, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    if (e.isDirectory() && existsSync(join(fixtures, e.name, "catalog.yaml"))) {
      out.push({
        name: e.name,
        catalogPath: `test/fixtures/${e.name}/catalog.yaml`,
        outDir: join(fixtures, e.name, "expected"),
      });
    }
  }
  return out;
}

export async function loadCase(c: {
  name: string;
  catalogPath: string;
  outDir: string;
}): Promise<Case> {
  const result = await generateFrom(
    readFileSync(join(repoRoot, c.catalogPath)),
    { catalogPath: c.catalogPath, format: false },
  );
  if (!result.ok || !result.ir)
    throw new Error(
      `${c.name}: the catalog does not generate: ${result.diagnostics.map((d) => d.message).join("; ")}`,
    );
  return { ...c, result, lowerings: lowerCatalog(result.ir) };
}

export async function loadCases(): Promise<Case[]> {
  return Promise.all(caseNames().map(loadCase));
}

/** The normaliser exported by the committed generated module of one target. */
export async function generatedNormaliser(
  c: Case,
  target: string,
): Promise<(name: string, args: unknown) => unknown> {
  const file = join(c.outDir, "providers", `${target}.ts`);
  const mod = (await import(pathToFileURL(file).href)) as Record<
    string,
    unknown
  >;
  const fn = mod[providerExports(target).normalise];
  if (typeof fn !== "function")
    throw new Error(
      `${file} does not export ${providerExports(target).normalise}`,
    );
  return fn as (name: string, args: unknown) => unknown;
}
