/**
 * The files of the providers artifact (generator/core/providers/emitter.ts): for each target the
 * catalog enables, in its order, the module and its JSON copy; and the runtime helper the
 * normalisers import exactly when some target's tools have an argument plan (the golden fixtures
 * hold the bytes; this says which files there are, on catalogs with and without plans).
 */
import { describe, expect, it } from "vitest";
import {
  lowerCatalog,
  NORMALISE_RUNTIME,
} from "../../generator/core/providers/emitter.js";
import {
  irOf,
  PROVIDER_CATALOGS as catalogs,
  providerFiles,
} from "../helpers/provider-files.js";
import { readTemplate } from "../validators/harness.js";

describe("the providers artifact's files", () => {
  it.each(catalogs)(
    "%s: each target's module and JSON copy, and the runtime helper when a plan needs it",
    (catalog) => {
      const { ir, files } = providerFiles(catalog);
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
    const plannedOf = (catalog: string) =>
      lowerCatalog(irOf(catalog)).some((l) =>
        l.tools.some((t) => t.plan !== undefined),
      );
    expect(catalogs.map(plannedOf)).toContain(true);
    expect(catalogs.map(plannedOf)).toContain(false);
  });
});
