/**
 * A one-shot run (pipeline.ts `oneRun`, GenerateOptions.oneRun: `toolcat generate` without
 * `--watch`) keeps nothing for a later run on this thread — no IR content keys, no compiled
 * validator owners, no lint findings memo, no laid-out code chunks — and gives the same files and
 * diagnostics as a run that keeps them; a run without it keeps them again.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  clearValidatorMemo,
  validatorMemoSize,
} from "../../generator/core/emit/validators/validator-memo.js";
import { clearIRMemo, irMemoSize } from "../../generator/core/ir/build-ir.js";
import { runPipeline } from "../../generator/core/pipeline.js";
import { generate } from "../../generator/index.js";
import {
  canonicalChunkMemoSize,
  clearCanonicalChunkMemo,
} from "../../generator/node/canonical-chunk-memo.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const catalogPath = "catalog/tools.yaml";
const source = readFileSync(path.join(repoRoot, catalogPath), "utf8");
const run = (oneRun?: boolean) =>
  runPipeline({ catalogPath, source, readTemplate, oneRun });

afterEach(() => {
  clearValidatorMemo();
  clearIRMemo();
  clearCanonicalChunkMemo();
});

describe("a one-shot run", () => {
  it("gives what a kept run gives, and keeps nothing", async () => {
    const kept = await run();
    expect(validatorMemoSize()).toBeGreaterThan(0);
    expect(irMemoSize()).toBeGreaterThan(0);
    const once = await run(true);
    expect(validatorMemoSize()).toBe(0);
    expect(irMemoSize()).toBe(0);
    expect(once.ok).toBe(true);
    expect([...once.files]).toEqual([...kept.files]);
    expect(once.diagnostics).toEqual(kept.diagnostics);
    // A later run that keeps starts keeping again, and still agrees.
    const again = await run(false);
    expect(validatorMemoSize()).toBeGreaterThan(0);
    expect(irMemoSize()).toBeGreaterThan(0);
    expect([...again.files]).toEqual([...kept.files]);
  });

  it("reports a catalog's lint findings as a kept run does", async () => {
    const badPath = "test/bad-input/cases/bad-dialect.yaml";
    const bad = readFileSync(path.join(repoRoot, badPath), "utf8");
    const of = (oneRun?: boolean) =>
      runPipeline({ catalogPath: badPath, source: bad, readTemplate, oneRun });
    const kept = await of();
    const once = await of(true);
    expect(once.ok).toBe(false);
    expect(once.diagnostics).toEqual(kept.diagnostics);
  });

  it("formats without keeping a layout, to the same bytes (generate)", async () => {
    clearCanonicalChunkMemo();
    const once = await generate({ cwd: repoRoot, source, oneRun: true });
    expect(canonicalChunkMemoSize()).toBe(0);
    const kept = await generate({ cwd: repoRoot, source });
    expect(canonicalChunkMemoSize()).toBeGreaterThan(0);
    expect(once.ok).toBe(true);
    expect([...once.files]).toEqual([...kept.files]);
  });
});
