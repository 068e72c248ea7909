/**
 * The files of the providers artifact (generator/core/providers/emitter.ts): for each target the
 * catalog enables, in its order, the module and its JSON copy; and the runtime helper the
 * normalisers import exactly when some target's tools have an argument plan (the golden fixtures
 * hold the bytes; this says which files there are, on catalogs with and without plans).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { OutputFile } from "../../generator/core/emit/artifact.js";
import { buildIR } from "../../generator/core/ir/build-ir.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import {
  lowerCatalog,
  NORMALISE_RUNTIME,
  providersEmitter,
} from "../../generator/core/providers/emitter.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const catalogs = [
  "catalog/tools.yaml",
  "test/fixtures/providers-optional-nullable/catalog.yaml",
  "test/fixtures/hostile/catalog.yaml",
];

describe("the providers artifact's files", () => {
  it.each(catalogs)(
    "%s: each target's module and JSON copy, and the runtime helper when a plan needs it",
    (catalog) => {
      const loaded = loadCatalog(
        catalog,
        readFileSync(path.join(repoRoot, catalog), "utf8"),
      );
      const ir = buildIR(loaded.catalog!, catalog);
      const files = providersEmitter.emit({
        ir,
        options: { js: false },
        header: "// h",
        readTemplate,
        report: () => undefined,
      }) as readonly OutputFile[];
      const planned = lowerCatalog(ir).some((l) =>
        l.tools.some((t) => t.plan !== undefined),
      );
      expect(files.map((f) => f.path)).toEqual([
        ...ir.targets.flatMap((t) => [
          `providers/${t.id}.ts`,
          `providers/${t.id}.json`,
        ]),
        ...(planned ? [NORMALISE_RUNTIME] : []),
      ]);
      const helper = files.find((f) => f.path === NORMALISE_RUNTIME);
      if (helper)
        expect(helper.contents).toContain(
          readTemplate(NORMALISE_RUNTIME).trimEnd(),
        );
    },
    60_000,
  );

  it("the catalogs above cover both cases: with a plan and without", () => {
    const plannedOf = (catalog: string) => {
      const loaded = loadCatalog(
        catalog,
        readFileSync(path.join(repoRoot, catalog), "utf8"),
      );
      return lowerCatalog(buildIR(loaded.catalog!, catalog)).some((l) =>
        l.tools.some((t) => t.plan !== undefined),
      );
    };
    expect(catalogs.map(plannedOf)).toContain(true);
    expect(catalogs.map(plannedOf)).toContain(false);
  });
});
