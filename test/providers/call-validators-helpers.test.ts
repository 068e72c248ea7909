/**
 * The worker compiles the call validators before validators.ts's helper list is known, answering
 * "import it" for every helper they ask about (generator/node/emit-worker.ts), and keeps that
 * result when every helper asked about is in the list that comes later. That rests on this: the
 * call validators' bytes depend on the list only through the answers to what they asked.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { EmitContext } from "../../generator/core/emit/artifact.js";
import { catalogValidators } from "../../generator/core/emit/validators/index.js";
import { buildIR } from "../../generator/core/ir/build-ir.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { createCallValidatorsEmitter } from "../../generator/core/providers/call-validators.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

class AnswerYes extends Set<string> {
  readonly asked = new Set<string>();
  override has(id: string): boolean {
    this.asked.add(id);
    return true;
  }
}

const catalogs = [
  "catalog/tools.yaml",
  "test/fixtures/providers-optional-nullable/catalog.yaml",
];

function contextOf(catalog: string): EmitContext {
  const loaded = loadCatalog(
    catalog,
    readFileSync(path.join(repoRoot, catalog), "utf8"),
  );
  return {
    ir: buildIR(loaded.catalog!, catalog),
    options: { js: false },
    header: "// h",
    readTemplate,
    report: () => {},
  };
}

const texts = (ctx: EmitContext, helpers: ReadonlySet<string>) =>
  (
    createCallValidatorsEmitter(() => helpers).emit(ctx) as readonly {
      path: string;
      contents: string;
    }[]
  ).map((f) => [f.path, f.contents]);

describe("call validators compiled before the helper list", () => {
  it.each(catalogs)(
    "%s: the same bytes with any list that holds every helper asked about",
    (catalog) => {
      const ctx = contextOf(catalog);
      const yes = new AnswerYes();
      const early = texts(ctx, yes);
      expect(early.length).toBeGreaterThan(0);
      expect(yes.asked.size).toBeGreaterThan(0);
      expect(texts(ctx, new Set(yes.asked))).toEqual(early);
      // validators.ts's real list holds them here: the early result is the one the run keeps.
      const real = catalogValidators(ctx).helpers;
      expect([...yes.asked].every((id) => real.has(id))).toBe(true);
      expect(texts(ctx, real)).toEqual(early);
    },
  );

  it("differs when a helper asked about is missing from the list (so the check is needed)", () => {
    const ctx = contextOf(catalogs[0]!);
    const yes = new AnswerYes();
    const early = texts(ctx, yes);
    const fewer = new Set(yes.asked);
    fewer.delete([...yes.asked][0]!);
    expect(texts(ctx, fewer)).not.toEqual(early);
  });
});
