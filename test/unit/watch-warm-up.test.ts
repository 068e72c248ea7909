/**
 * `generate --watch`'s warm-up (generator/cli/watch-warm-up.ts, warm-up-edits.ts): the texts it
 * runs are the catalog with one tool edited (and the catalog again after each), it is bounded and
 * given up at once when asked, a run given up stops at its next stage without its emitters done
 * on this thread after all — and above all, whatever the warm-up ran or gave up, every real edit
 * after it regenerates a cold run's bytes, on this thread and on a kept worker (with a mutation
 * check: a worker memo keyed by name alone, left stale by the warm-up, must show).
 * Runs the compiled modules in dist/ (`npm test` builds first): a worker needs compiled JavaScript.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { PipelineResult } from "../../generator/core/pipeline.js";
import type { JsonObject } from "../../generator/core/schema/json.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { EDITS, exampleCatalog, realSubset } from "../helpers/edits.js";
import {
  ARTIFACT_EMITTERS,
  differingRuns,
  EmitThread,
  expectEditsAndBackAsCold,
  forgetThreadMemos,
  prettierFormatter,
  remoteFormat,
  runPipeline,
} from "../helpers/kept-runs.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const dist = (module: string) =>
  import(pathToFileURL(path.join(repoRoot, "dist/generator", module)).href);
const { warmUpSources } = (await dist(
  "cli/warm-up-edits.js",
)) as typeof import("../../generator/cli/warm-up-edits.js");
const { WarmUp } = (await dist(
  "cli/watch-warm-up.js",
)) as typeof import("../../generator/cli/watch-warm-up.js");
const { generate } = (await dist(
  "index.js",
)) as typeof import("../../generator/index.js");
const { catalogDeltaTesting } = (await dist(
  "node/catalog-delta.js",
)) as typeof import("../../generator/node/catalog-delta.js");

const out = mkdtempSync(path.join(tmpdir(), "toolcat-warm-up-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const CATALOG_PATH = "catalog/tools.yaml";

const tools = (source: string): JsonObject => {
  const loaded = loadCatalog(CATALOG_PATH, source, { lint: false });
  expect(loaded.catalog, "the text loads").toBeDefined();
  return loaded.catalog!;
};

/** What a warm-up text changed against `source`: the tools that differ, and whether anything else does. */
function changeOf(
  source: JsonObject,
  edited: JsonObject,
): { changed: string[]; removed: string[]; rest: boolean } {
  const a = source.tools as JsonObject;
  const b = edited.tools as JsonObject;
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const differ = names.filter(
    (n) => JSON.stringify(a[n]) !== JSON.stringify(b[n]),
  );
  return {
    changed: differ.filter((n) => n in b && n in a),
    removed: differ.filter((n) => !(n in b)),
    rest:
      JSON.stringify({ ...source, tools: null }) ===
      JSON.stringify({ ...edited, tools: null }),
  };
}

describe("the warm-up's texts (warm-up-edits.ts)", () => {
  const real = corpusCatalog({ importTools, loadCatalog }).text;
  it.each([
    ["the real tools (235)", () => real],
    ["real tools (20, with the example's $defs and tools)", realSubset],
    ["the example catalog", exampleCatalog],
  ])(
    "%s: each round a description, a bound and a tool removed, each followed by the catalog itself",
    (_, make) => {
      const source = make();
      const original = tools(source);
      const texts = warmUpSources(CATALOG_PATH, source, 2);
      expect(texts).toHaveLength(12);
      const edited = new Set<string>();
      texts.forEach((text, i) => {
        if (i % 2 === 1) return expect(text).toBe(source);
        const change = changeOf(original, tools(text));
        expect(change.rest).toBe(true);
        const kind = (i / 2) % 3;
        if (kind === 2) {
          expect(change.changed).toEqual([]);
          expect(change.removed).toHaveLength(1);
          edited.add(change.removed[0]!);
          return;
        }
        expect(change.removed).toEqual([]);
        expect(change.changed).toHaveLength(1);
        const name = change.changed[0]!;
        edited.add(name);
        const before = (original.tools as JsonObject)[name] as JsonObject;
        const after = (tools(text).tools as JsonObject)[name] as JsonObject;
        if (kind === 0) {
          expect(after.description).toBe(
            `${before.description as string} (warm-up ${i < 6 ? 1 : 2})`,
          );
          expect({ ...after, description: 0 }).toEqual({
            ...before,
            description: 0,
          });
        } else {
          // One number of the input schema moved by one; nothing else.
          expect(after.input).not.toEqual(before.input);
          expect({ ...after, input: 0 }).toEqual({ ...before, input: 0 });
          const numbers = (v: unknown): number[] =>
            JSON.stringify(v).match(/-?\d+/g)!.map(Number);
          const [x, y] = [numbers(before.input), numbers(after.input)];
          expect(x.length).toBe(y.length);
          expect(
            x.map((n, j) => Math.abs(n - y[j]!)).filter((d) => d !== 0),
          ).toEqual([1]);
        }
      });
      // Another tool each time (the bound: the first tool from another place on that has one,
      // which a small catalog may find twice).
      expect(edited.size).toBeGreaterThanOrEqual(5);
    },
  );

  it("other layouts: a block-scalar description, a flow mapping, comments; or nothing where an edit cannot go", () => {
    const block = [
      "toolcat: 1",
      "tools:",
      "  first:",
      "    description: |",
      "      Line one.",
      "      Line two.",
      "    input: { type: object, properties: { n: { type: integer, maximum: 9 } } }",
      "  # a comment between tools",
      "  second:",
      "    description: >-",
      "      Folded",
      "      text.",
      "    input:",
      "      type: object",
      "  third: { description: 'Quoted, flow.', input: { type: object } }",
      "  fourth:",
      '    description: "Double \\"quoted\\"."',
      "    input:",
      "      type: object",
      "",
    ].join("\n");
    const original = tools(block);
    const texts = warmUpSources(CATALOG_PATH, block, 1);
    expect(texts.length).toBeGreaterThanOrEqual(4);
    for (const [i, text] of texts.entries()) {
      if (i % 2 === 1) {
        expect(text).toBe(block);
        continue;
      }
      const change = changeOf(original, tools(text));
      expect(change.rest).toBe(true);
      expect(change.changed.length + change.removed.length).toBe(1);
    }
    // A catalog with fewer than three tools, or one that does not load: nothing to run.
    expect(
      warmUpSources(
        CATALOG_PATH,
        "toolcat: 1\ntools:\n  a:\n    description: A.\n    input: { type: object }\n",
        2,
      ),
    ).toEqual([]);
    expect(warmUpSources(CATALOG_PATH, "tools: [\n", 2)).toEqual([]);
  });
});

describe("the warm-up's runs (watch-warm-up.ts)", () => {
  const turn = () => new Promise((r) => setImmediate(r));

  it("runs each text once, in order, then nothing more (a second start does nothing)", async () => {
    const seen: string[] = [];
    const w = new WarmUp();
    w.start(
      () => ["a", "b", "c"],
      async (text) => (seen.push(text), true),
    );
    w.start(
      () => ["x"],
      async (text) => (seen.push(text), true),
    );
    await w.ended;
    expect(seen).toEqual(["a", "b", "c"]);
    expect(w.runs).toBe(3);
    await w.stop();
    expect(seen).toEqual(["a", "b", "c"]);
  });

  it("a run that fails (or throws) ends it", async () => {
    const seen: string[] = [];
    const w = new WarmUp();
    w.start(
      () => ["a", "b", "c"],
      async (text) => (seen.push(text), text !== "b"),
    );
    await w.ended;
    expect(seen).toEqual(["a", "b"]);
    const t = new WarmUp();
    t.start(
      () => ["a", "b"],
      async () => {
        throw new Error("no");
      },
    );
    await t.ended;
    expect(t.runs).toBe(0);
  });

  it("stop() aborts the run under way and gives the rest up; it resolves once that run has unwound", async () => {
    const seen: string[] = [];
    let unwound = false;
    const w = new WarmUp();
    w.start(
      () => ["a", "b", "c"],
      async (text, signal) => {
        seen.push(text);
        // A run of several stages, each after a turn of the event loop (as generate's `signal`).
        for (let i = 0; i < 1000; i++) {
          await turn();
          if (signal.aborted) {
            unwound = true;
            throw signal.reason;
          }
        }
        return true;
      },
    );
    await turn();
    await turn();
    await turn();
    expect(seen).toEqual(["a"]);
    await w.stop();
    expect(unwound).toBe(true);
    expect(seen).toEqual(["a"]);
    expect(w.runs).toBe(0);
    // Stopped before its first run, it runs none.
    const early = new WarmUp();
    const none: string[] = [];
    early.start(
      () => ["a"],
      async (text) => (none.push(text), true),
    );
    await early.stop();
    expect(none).toEqual([]);
  });
});

/**
 * One run as generate() makes it (formatted on this thread, no cache), on `thread` kept from run
 * to run when given; with `signal`, given up at the stage after an abort (generate's `between`).
 */
async function run(
  source: string,
  thread?: InstanceType<typeof EmitThread>,
  signal?: AbortSignal,
): Promise<PipelineResult> {
  const parallel = thread?.run(ARTIFACT_EMITTERS, {
    catalogPath: CATALOG_PATH,
    format: remoteFormat(out, { cache: false }),
  });
  try {
    return await runPipeline({
      catalogPath: CATALOG_PATH,
      source,
      readTemplate,
      format: prettierFormatter(out, { cache: false, parallel: false }),
      emitters: parallel?.emitters,
      onCatalog: parallel?.catalog,
      between:
        signal &&
        (() =>
          new Promise<void>((resolve, reject) =>
            setImmediate(() =>
              signal.aborted ? reject(signal.reason) : resolve(),
            ),
          )),
    });
  } finally {
    parallel?.close();
  }
}

/** A run that reuses nothing: this thread's memos emptied first, no worker, no cache. */
async function cold(source: string): Promise<PipelineResult> {
  forgetThreadMemos();
  return run(source);
}

/** The warm-up as the watch loop runs it on `thread`, to its end. */
async function warmUp(
  source: string,
  thread: InstanceType<typeof EmitThread>,
): Promise<number> {
  const w = new WarmUp();
  w.start(
    () => warmUpSources(CATALOG_PATH, source, 1),
    async (text, signal) => (await run(text, thread, signal)).ok,
  );
  await w.ended;
  return w.runs;
}

describe("real edits after the warm-up regenerate a cold run's bytes", () => {
  const source = realSubset();
  const kinds = Object.entries(EDITS).filter(
    ([, edit]) => edit(source) !== undefined,
  );

  it("after the whole warm-up, every kind of edit and back, on a kept worker", async () => {
    const thread = new EmitThread();
    try {
      await run(source, thread);
      expect(await warmUp(source, thread)).toBe(6);
      await expectEditsAndBackAsCold(
        source,
        kinds,
        (text) => run(text, thread),
        cold,
      );
      expect(thread.started).toBe(1);
    } finally {
      thread.close();
    }
  }, 120_000);

  it("after the whole warm-up on this thread alone, every kind of edit and back", async () => {
    const references = new Map<string, PipelineResult>();
    for (const [kind, edit] of kinds)
      references.set(kind, await cold(edit(source)!));
    const original = await cold(source);
    await run(source);
    const w = new WarmUp();
    w.start(
      () => warmUpSources(CATALOG_PATH, source, 1),
      async (text, signal) => (await run(text, undefined, signal)).ok,
    );
    await w.ended;
    expect(w.runs).toBe(6);
    for (const [kind, edit] of kinds) {
      expect(
        differingRuns(await run(edit(source)!), references.get(kind)!),
        kind,
      ).toEqual([]);
      expect(differingRuns(await run(source), original), kind).toEqual([]);
    }
  }, 120_000);

  it("a warm-up run given up at each of its stages: the run rejects with the abort, the next runs are a cold run's", async () => {
    const texts = warmUpSources(CATALOG_PATH, source, 1);
    const edited = EDITS["a description"]!(source)!;
    const reference = await cold(edited);
    const original = await cold(source);
    const thread = new EmitThread();
    try {
      await run(source, thread);
      const outcomes = new Set<string>();
      for (let turns = 0; turns < 14; turns++) {
        const controller = new AbortController();
        const given = run(texts[(turns % 3) * 2]!, thread, controller.signal);
        for (let i = 0; i < turns; i++)
          await new Promise((r) => setImmediate(r));
        controller.abort(new Error("given up"));
        const outcome = await given.then(
          (r) => (r.ok ? "finished" : "failed"),
          (e: Error) => e.message,
        );
        outcomes.add(outcome);
        expect(["given up", "finished"]).toContain(outcome);
        expect(differingRuns(await run(edited, thread), reference)).toEqual([]);
        expect(differingRuns(await run(source, thread), original)).toEqual([]);
      }
      // Both happened: given up at some stage, and finished before the abort came.
      expect([...outcomes].sort()).toEqual(["finished", "given up"]);
      expect(thread.started).toBe(1);
    } finally {
      thread.close();
    }
  }, 120_000);

  it("a worker memo keyed by a tool's name alone, left stale by the warm-up, shows: the comparison fails", async () => {
    // The warm-up's description edit is of the tool a quarter into the catalog; the real edit
    // is another tool's, so only what the warm-up left behind can be stale.
    const edited = EDITS["a description"]!(source)!;
    const reference = await cold(edited);
    const thread = new EmitThread();
    catalogDeltaTesting.byNameOnly = true;
    try {
      await run(source, thread);
      await warmUp(source, thread);
      expect(differingRuns(await run(edited, thread), reference)).not.toEqual(
        [],
      );
    } finally {
      catalogDeltaTesting.byNameOnly = false;
      thread.close();
    }
  }, 120_000);
});

describe("generate()'s signal", () => {
  const source = exampleCatalog();

  it("aborted before: rejects at once; aborted during: rejects with the reason at the next stage; never aborted: the same bytes", async () => {
    const controller = new AbortController();
    controller.abort(new Error("before"));
    await expect(
      generate({ source, cwd: out, cache: false, signal: controller.signal }),
    ).rejects.toThrow("before");
    const plain = await generate({ source, cwd: out, cache: false });
    const kept = new AbortController();
    const signalled = await generate({
      source,
      cwd: out,
      cache: false,
      signal: kept.signal,
    });
    expect([...signalled.files]).toEqual([...plain.files]);
    const during = new AbortController();
    const given = generate({
      source,
      cwd: out,
      cache: false,
      signal: during.signal,
    });
    await new Promise((r) => setImmediate(r));
    during.abort(new Error("during"));
    await expect(given).rejects.toThrow("during");
    const after = await generate({ source, cwd: out, cache: false });
    expect([...after.files]).toEqual([...plain.files]);
  });
});

describe("a kept thread's run given up (parallel-emit.ts)", () => {
  it("is not emitted on this thread after all: its requests end with the run", async () => {
    const thread = new EmitThread();
    const local: string[] = [];
    const registry = ARTIFACT_EMITTERS.map((e) => ({
      ...e,
      emit: (ctx: Parameters<typeof e.emit>[0]) => {
        local.push(e.id);
        return e.emit(ctx);
      },
    }));
    try {
      const parallel = thread.run(registry, { catalogPath: CATALOG_PATH })!;
      expect(parallel).toBeDefined();
      const source = exampleCatalog();
      const loaded = loadCatalog(CATALOG_PATH, source, { lint: false });
      parallel.catalog(loaded.catalog!);
      const providers = parallel.emitters.find((e) => e.id === "providers")!;
      const pending = providers.emit({
        ir: undefined as never,
        options: { js: false },
        header: "// h",
        readTemplate,
        report: () => undefined,
      });
      parallel.close();
      await expect(pending).rejects.toThrow(/ended/);
      await new Promise((r) => setTimeout(r, 50));
      expect(local).toEqual([]);
      // The thread serves the next run as before.
      const next = await run(source, thread);
      expect(next.ok).toBe(true);
      expect(differingRuns(next, await cold(source))).toEqual([]);
    } finally {
      thread.close();
    }
  }, 60_000);
});
