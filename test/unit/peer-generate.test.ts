/**
 * The peer that `npm run bench -- generate` times toolcat against (test/bench/peer-generate.js)
 * must do the same validation work, or its ratio means nothing: its Ajv standalone validators,
 * run on random near-valid instances of every tool of the example catalog, give the verdict and
 * the errors that toolcat's generated validators give.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { validate, validateOutput } from "../../generated/validators.js";
import { instanceFor } from "../differential/arbitraries.js";
import { readCatalog, repoRoot } from "../helpers/pipeline.js";

type AjvValidate = ((value: unknown) => boolean) & { errors?: unknown[] | null };

// Inside the repository: the validators require ajv-formats from its node_modules.
mkdirSync(join(repoRoot, "test", ".tmp"), { recursive: true });
const out = mkdtempSync(join(repoRoot, "test", ".tmp", "peer-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the bench's peer (Ajv standalone + json-schema-to-typescript)", () => {
  const run = spawnSync(process.execPath, [join(repoRoot, "test", "bench", "peer-generate.js"), join(repoRoot, "catalog", "tools.yaml"), out], { encoding: "utf8" });
  const catalog = parse(readCatalog("catalog/tools.yaml")) as { $defs?: object; tools: Record<string, { input: object; output?: object }> };

  it("runs on the example catalog", () => {
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("validates every tool's input and output as toolcat does, errors included", () => {
    const peer = createRequire(import.meta.url)(join(out, "validators.cjs")) as Record<string, AjvValidate>;
    let invalid = 0;
    for (const [name, tool] of Object.entries(catalog.tools)) {
      const sides = [["Input", tool.input, (v: unknown) => validate(name as never, v)], ...(tool.output ? [["Output", tool.output, (v: unknown) => validateOutput(name as never, v)] as const] : [])] as const;
      for (const [suffix, schema, ours] of sides) {
        const theirs = peer[`validate_${name}${suffix}`]!;
        expect(theirs, `${name}${suffix}`).toBeTypeOf("function");
        const root = { ...schema, $defs: { ...catalog.$defs, ...((schema as { $defs?: object }).$defs ?? {}) } };
        for (const value of fc.sample(instanceFor(root as never), { numRuns: 60, seed: 7 })) {
          const ok = theirs(value);
          const result = ours(value) as { ok: boolean; errors?: unknown[] };
          expect(result.ok, `${name}${suffix} ${JSON.stringify(value)}`).toBe(ok);
          if (!ok) {
            invalid++;
            expect(result.errors).toEqual(theirs.errors);
          }
        }
      }
    }
    // The instances are near-valid: both verdicts occur, so the errors were compared too.
    expect(invalid).toBeGreaterThan(20);
  });
});
