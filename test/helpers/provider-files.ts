/** Test helpers: the providers artifact's files for a catalog of the repository, from the source modules. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type {
  ArtifactEmitter,
  OutputFile,
} from "../../generator/core/emit/artifact.js";
import { buildIR } from "../../generator/core/ir/build-ir.js";
import type { CatalogIR } from "../../generator/core/ir/catalog-ir.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { providersEmitter } from "../../generator/core/providers/emitter.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

/** Catalogs with every target, with and without argument plans, and hostile strings. */
export const PROVIDER_CATALOGS = [
  "catalog/tools.yaml",
  "test/fixtures/providers-optional-nullable/catalog.yaml",
  "test/fixtures/hostile/catalog.yaml",
];

/** The IR of `catalog` (a path from the repository's root). */
export function irOf(catalog: string): CatalogIR {
  const loaded = loadCatalog(
    catalog,
    readFileSync(path.join(repoRoot, catalog), "utf8"),
  );
  return buildIR(loaded.catalog!, catalog);
}

/** What providersEmitter makes of `catalog`, with the IR it was made from. */
export function providerFiles(catalog: string): {
  ir: CatalogIR;
  files: readonly OutputFile[];
} {
  const ir = irOf(catalog);
  return { ir, files: emitFiles(providersEmitter, ir) };
}

/** What `emitter` makes of `ir` as TypeScript, with a one-line header and no reporting. */
export function emitFiles(
  emitter: ArtifactEmitter,
  ir: CatalogIR,
): readonly OutputFile[] {
  return emitter.emit({
    ir,
    options: { js: false },
    header: "// h",
    readTemplate,
    report: () => undefined,
  }) as readonly OutputFile[];
}
