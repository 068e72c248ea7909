/**
 * The provider targets can be emitted in shares (the providers emitter is the share of every
 * target with the runtime helper, generator/core/providers/emitter.ts): shares whose targets make up
 * the catalog's, one of them with the runtime helper, give together the files and findings of the
 * providers emitter — whatever the split, each file and finding coming from exactly one share.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type {
  EmitContext,
  EmitFinding,
  OutputFile,
} from "../../generator/core/emit/artifact.js";
import { buildIR } from "../../generator/core/ir/build-ir.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import {
  providersEmitter,
  providersShareEmitter,
} from "../../generator/core/providers/emitter.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const catalogs = [
  "catalog/tools.yaml",
  "test/fixtures/providers-optional-nullable/catalog.yaml",
  "test/fixtures/hostile/catalog.yaml",
];

/** Each run builds its own IR: the lowerings are cached per IR, so nothing is shared between runs. */
function emitted(
  catalog: string,
  emit: (ctx: EmitContext) => unknown,
): {
  readonly files: (readonly [string, string, string])[];
  readonly findings: EmitFinding[];
  readonly targets: readonly string[];
} {
  const loaded = loadCatalog(
    catalog,
    readFileSync(path.join(repoRoot, catalog), "utf8"),
  );
  const ir = buildIR(loaded.catalog!, catalog);
  const findings: EmitFinding[] = [];
  const files = emit({
    ir,
    options: { js: false },
    header: "// h",
    readTemplate,
    report: (f) => findings.push(f),
  }) as readonly OutputFile[];
  return {
    files: files.map((f) => [f.path, f.language, f.contents] as const),
    findings,
    targets: ir.targets.map((t) => t.id),
  };
}

const byPath = (files: readonly (readonly [string, string, string])[]) =>
  [...files].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const byTarget = (findings: readonly EmitFinding[]) =>
  [...findings].sort((a, b) =>
    (a.target ?? "") < (b.target ?? "")
      ? -1
      : (a.target ?? "") > (b.target ?? "")
        ? 1
        : 0,
  );

/** A few splits of `ids`: every target on one side, each single target, alternate ones. */
function splits(ids: readonly string[]): (readonly string[])[] {
  return [[], ids, ...ids.map((id) => [id]), ids.filter((_, i) => i % 2 === 0)];
}

describe("the providers artifact in shares", () => {
  it.each(catalogs)(
    "%s: any two shares make the providers emitter's files and findings",
    (catalog) => {
      const whole = emitted(catalog, (ctx) => providersEmitter.emit(ctx));
      expect(whole.files.length).toBeGreaterThan(2);
      for (const here of splits(whole.targets)) {
        const shares = emitted(catalog, (ctx) => {
          const mine = new Set(here);
          const local = providersShareEmitter({
            targets: (id) => mine.has(id),
            runtime: false,
          }).emit(ctx) as readonly OutputFile[];
          const rest = providersShareEmitter({
            targets: (id) => !mine.has(id),
            runtime: true,
          }).emit(ctx) as readonly OutputFile[];
          return [...local, ...rest];
        });
        expect(byPath(shares.files)).toEqual(byPath(whole.files));
        expect(byTarget(shares.findings)).toEqual(byTarget(whole.findings));
      }
    },
    60_000,
  );

  it("the runtime helper comes with the share that asks for it, even without its targets", () => {
    const catalog = "test/fixtures/providers-optional-nullable/catalog.yaml";
    const whole = emitted(catalog, (ctx) => providersEmitter.emit(ctx));
    const runtime = whole.files.filter(
      ([p]) => p === "runtime/normalise-arguments.ts",
    );
    expect(runtime).toHaveLength(1);
    const none = emitted(catalog, (ctx) =>
      providersShareEmitter({ targets: () => false, runtime: true }).emit(ctx),
    );
    expect(none.files).toEqual(runtime);
    const without = emitted(catalog, (ctx) =>
      providersShareEmitter({ targets: () => true, runtime: false }).emit(ctx),
    );
    expect(without.files.map(([p]) => p)).not.toContain(
      "runtime/normalise-arguments.ts",
    );
  });
});
