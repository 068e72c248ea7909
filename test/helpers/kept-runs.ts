/**
 * Test helpers for runs that reuse what earlier runs kept (a `--watch` session's memos and kept
 * worker) against cold runs: the memos of this thread emptied as a fresh process has them, and
 * what differs between two runs. The memo modules are dist/'s, the ones the compiled pipeline and
 * its worker use (a worker needs compiled JavaScript), so emptying them here empties the run's.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import type { PipelineResult } from "../../generator/core/pipeline.js";
import { repoRoot } from "../validators/harness.js";

/** A module of dist/generator (`npm test` builds first). */
export const distModule = (module: string) =>
  import(pathToFileURL(path.join(repoRoot, "dist/generator", module)).href);

/** The compiled pipeline, emitters, worker thread and formatter these tests run. */
export const { runPipeline } = (await distModule(
  "core/pipeline.js",
)) as typeof import("../../generator/core/pipeline.js");
export const { ARTIFACT_EMITTERS } = (await distModule(
  "core/emit/registry.js",
)) as typeof import("../../generator/core/emit/registry.js");
export const { EmitThread } = (await distModule(
  "node/parallel-emit.js",
)) as typeof import("../../generator/node/parallel-emit.js");
export const { prettierFormatter, remoteFormat } = (await distModule(
  "node/format.js",
)) as typeof import("../../generator/node/format.js");

const toolMemo = (await distModule(
  "core/providers/tool-memo.js",
)) as typeof import("../../generator/core/providers/tool-memo.js");
const wideLines = (await distModule(
  "node/wide-line-memo.js",
)) as typeof import("../../generator/node/wide-line-memo.js");
const chunks = (await distModule(
  "node/canonical-chunk-memo.js",
)) as typeof import("../../generator/node/canonical-chunk-memo.js");
const dataChunks = (await distModule(
  "node/data-chunk-memo.js",
)) as typeof import("../../generator/node/data-chunk-memo.js");

const parse = (await distModule(
  "core/load/parse-catalog-yaml.js",
)) as typeof import("../../generator/core/load/parse-catalog-yaml.js");

/** Empties this thread's memos of the catalog's parse, provider lowerings, wide lines and laid-out chunks. */
export function forgetThreadMemos(): void {
  parse.forgetKeptEntries();
  toolMemo.clearToolMemo();
  wideLines.clearWideLineMemo();
  chunks.clearCanonicalChunkMemo();
  dataChunks.clearDataChunkMemo();
}

/** Paths whose text differs between the two runs (both must have succeeded), and "(diagnostics)" when theirs differ. */
export function differingRuns(a: PipelineResult, b: PipelineResult): string[] {
  expect(a.ok).toBe(true);
  expect(b.ok).toBe(true);
  const paths = new Set([...a.files.keys(), ...b.files.keys()]);
  const files = [...paths]
    .filter((p) => a.files.get(p) !== b.files.get(p))
    .sort();
  return JSON.stringify(a.diagnostics) === JSON.stringify(b.diagnostics)
    ? files
    : [...files, "(diagnostics)"];
}

/**
 * Each edit of `source` run by `kept` (a run that reuses what the runs before it kept), then
 * `source` again, must give a cold run's bytes and diagnostics; edits that do not apply to
 * `source` (undefined) are left out.
 */
export async function expectEditsAndBackAsCold(
  source: string,
  edits: Iterable<readonly [string, (source: string) => string | undefined]>,
  kept: (source: string) => Promise<PipelineResult>,
  cold: (source: string) => Promise<PipelineResult>,
): Promise<void> {
  for (const [kind, edit] of edits) {
    const edited = edit(source);
    if (edited === undefined) continue;
    const reference = await cold(edited);
    const original = await cold(source);
    expect(differingRuns(await kept(edited), reference), kind).toEqual([]);
    expect(differingRuns(await kept(source), original), kind).toEqual([]);
  }
}
