/**
 * The provider declarations, call validators and dispatcher emitted on a worker thread
 * (generator/node/parallel-emit.ts) are the bytes this thread emits — formatted there too when the
 * run formats — and a worker that cannot do them leaves the run unchanged. Runs the
 * compiled modules in dist/ (`npm test` builds first): a worker needs compiled JavaScript beside it.
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { ARTIFACT_EMITTERS as Registry } from "../../generator/core/emit/registry.js";
import type {
  PipelineResult,
  runPipeline as RunPipeline,
} from "../../generator/core/pipeline.js";
import type {
  EmitThread as Thread,
  parallelEmitters as ParallelEmitters,
} from "../../generator/node/parallel-emit.js";
import type { JsonObject } from "../../generator/core/schema/json.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const dist = (module: string) =>
  import(pathToFileURL(path.join(repoRoot, "dist/generator", module)).href);
const { runPipeline } = (await dist("core/pipeline.js")) as {
  runPipeline: typeof RunPipeline;
};
const { ARTIFACT_EMITTERS } = (await dist("core/emit/registry.js")) as {
  ARTIFACT_EMITTERS: typeof Registry;
};
const { EmitThread, parallelEmitters } = (await dist(
  "node/parallel-emit.js",
)) as { EmitThread: typeof Thread; parallelEmitters: typeof ParallelEmitters };

const { startEmitWorkerEarly, takeEarlyEmitWorker, endEarlyEmitWorker } =
  (await dist(
    "node/early-emit-worker.js",
  )) as typeof import("../../generator/node/early-emit-worker.js");

const { clearToolMemo, toolMemoSize } = (await dist(
  "core/providers/tool-memo.js",
)) as typeof import("../../generator/core/providers/tool-memo.js");
const { clearStandardSchemaMemo, standardSchemaEmitter } = (await dist(
  "core/emit/standard-schema.js",
)) as typeof import("../../generator/core/emit/standard-schema.js");
const { loadCatalog } = (await dist(
  "core/load/load-catalog.js",
)) as typeof import("../../generator/core/load/load-catalog.js");
const { buildIR } = (await dist(
  "core/ir/build-ir.js",
)) as typeof import("../../generator/core/ir/build-ir.js");

const { prettierFormatter, remoteFormat } = (await dist(
  "node/format.js",
)) as typeof import("../../generator/node/format.js");

const catalogs = [
  "catalog/tools.yaml",
  "test/fixtures/providers-optional-nullable/catalog.yaml",
  "test/fixtures/hostile/catalog.yaml",
];

/** `worker`: run the offloaded emitters there, handed the checked catalog (or, to break it, no catalog at all). */
async function run(
  catalog: string,
  worker?: "catalog" | "not a catalog",
  source: Uint8Array | string = readFileSync(path.join(repoRoot, catalog)),
): Promise<PipelineResult> {
  const parallel =
    worker === undefined
      ? undefined
      : parallelEmitters(ARTIFACT_EMITTERS, { catalogPath: catalog });
  if (worker !== undefined) expect(parallel).toBeDefined();
  const onCatalog =
    worker === "catalog"
      ? parallel?.catalog
      : () => parallel?.catalog(null as unknown as JsonObject);
  try {
    return await runPipeline({
      catalogPath: catalog,
      source,
      readTemplate,
      emitters: parallel?.emitters,
      onCatalog,
    });
  } finally {
    parallel?.close();
  }
}

/** A run of the pipeline on a thread kept for several runs (`generate --watch`). */
async function runOn(
  thread: Thread,
  catalog: string,
  source: Uint8Array | string = readFileSync(path.join(repoRoot, catalog)),
  outDir?: string,
): Promise<PipelineResult> {
  const parallel = thread.run(ARTIFACT_EMITTERS, {
    catalogPath: catalog,
    format:
      outDir === undefined ? undefined : remoteFormat(outDir, { cache: false }),
  });
  expect(parallel).toBeDefined();
  try {
    return await runPipeline({
      catalogPath: catalog,
      source,
      readTemplate,
      emitters: parallel?.emitters,
      onCatalog: parallel?.catalog,
    });
  } finally {
    parallel?.close();
  }
}

/** A catalog that passes the document check (so the worker is handed it) and then fails lint. */
const LINT_ERRORS = JSON.stringify({
  toolcat: 1,
  targets: { anthropic: {}, mcp: {} },
  tools: {
    ["x".repeat(70)]: {
      description: "A tool whose name no provider takes.",
      input: { type: "object", properties: {}, additionalProperties: false },
    },
  },
});

describe("providers, call validators and dispatcher on a worker thread", () => {
  it.each(catalogs)(
    "%s: the same files and findings as on this thread",
    async (catalog) => {
      const here = await run(catalog);
      const there = await run(catalog, "catalog");
      expect(there.ok).toBe(here.ok);
      expect(there.timings.map((t) => t.stage)).toEqual(
        expect.arrayContaining([
          "emit providers (parallel)",
          "emit call-validators (parallel)",
          "emit dispatcher (parallel)",
        ]),
      );
      expect([...there.files.keys()]).toEqual([...here.files.keys()]);
      for (const [p, text] of here.files)
        expect(there.files.get(p), p).toBe(text);
      expect(there.diagnostics).toEqual(here.diagnostics);
      // Every target on the worker: none of them emitted here.
      expect(there.timings.map((t) => t.stage)).not.toContain("emit providers");
      // The catalogs have call validators at all (else the comparison proves nothing).
      if (catalog !== "test/fixtures/hostile/catalog.yaml")
        expect(
          [...here.files.keys()].some((p) => p.endsWith(".calls.ts")),
        ).toBe(true);
    },
    60_000,
  );

  it.each(catalogs)(
    "%s: the Standard Schemas here take the strict source's facts from the worker's lowering (nothing lowered here)",
    async (catalog) => {
      const source = readFileSync(path.join(repoRoot, catalog));
      const loaded = loadCatalog(catalog, source, { lint: false });
      // An IR for each run (tool-memo.ts finds a tool's lowerings by the tool object).
      const ctx = () => ({
        ir: buildIR(loaded.catalog!, catalog),
        options: { js: false },
        header: "// h",
        readTemplate,
        report: () => undefined,
      });
      clearStandardSchemaMemo();
      const here = standardSchemaEmitter.emit(ctx());
      const thread = new EmitThread();
      try {
        const parallel = thread.run(ARTIFACT_EMITTERS, {
          catalogPath: catalog,
        })!;
        parallel.catalog(loaded.catalog!);
        const byId = new Map(parallel.emitters.map((e) => [e.id, e]));
        // The worker sends its facts as soon as it has lowered, before its providers reply.
        const run = ctx();
        await byId.get("providers")!.emit(run);
        // Nothing kept here from the run before (its pieces hold their facts, standard-schema.ts).
        clearToolMemo();
        clearStandardSchemaMemo();
        const there = byId.get("standard-schema")!.emit(run);
        // What this thread lowered (tool-memo.ts keeps every lowering on a thread that keeps them).
        expect(toolMemoSize()).toBe(0);
        expect(JSON.stringify(there)).toBe(JSON.stringify(here));
      } finally {
        thread.close();
      }
    },
    60_000,
  );

  it.each([
    ["openai-chat"],
    ["openai-responses", "anthropic", "mcp"],
    ["openai-chat", "openai-compatible", "google-genai", "mcp"],
    [
      "openai-agents",
      "openai-chat",
      "google-interactions",
      "anthropic",
      "openai-responses",
    ],
  ])(
    "a catalog with some of the targets (%s …): the same files and findings as on this thread",
    async (...targets) => {
      // The fixture's targets block, cut down to these (in this order).
      const catalog = "test/fixtures/providers-optional-nullable/catalog.yaml";
      const full = readFileSync(path.join(repoRoot, catalog), "utf8");
      const block = /^targets:\n((?: {2}.*\n)+)/m.exec(full)!;
      const lines = new Map(
        block[1]!
          .split("\n")
          .filter(Boolean)
          .map((l) => [l.trim().split(":")[0]!, l] as const),
      );
      const source = full.replace(
        block[1]!,
        targets.map((t) => `${lines.get(t)!}\n`).join(""),
      );
      const here = await run(catalog, undefined, source);
      const there = await run(catalog, "catalog", source);
      expect(here.ok).toBe(true);
      expect(there.ok).toBe(true);
      expect(there.timings.map((t) => t.stage)).toContain(
        "emit providers (parallel)",
      );
      expect(
        [...here.files.keys()].filter((p) => /^providers\/[^.]+\.ts$/.test(p)),
      ).toHaveLength(targets.length);
      expect([...there.files]).toEqual([...here.files]);
      expect(there.diagnostics).toEqual(here.diagnostics);
    },
    60_000,
  );

  it("formats the provider files there exactly as this thread's formatter does", async () => {
    const catalog = "test/fixtures/providers-optional-nullable/catalog.yaml";
    const source = readFileSync(path.join(repoRoot, catalog));
    const outDir = path.join(repoRoot, "generated");
    const formatted = async (parallel: boolean): Promise<PipelineResult> => {
      const emitters = parallel
        ? parallelEmitters(ARTIFACT_EMITTERS, {
            catalogPath: catalog,
            format: remoteFormat(outDir, { cache: false }),
          })
        : undefined;
      if (parallel) expect(emitters).toBeDefined();
      try {
        return await runPipeline({
          catalogPath: catalog,
          source,
          readTemplate,
          emitters: emitters?.emitters,
          onCatalog: emitters?.catalog,
          format: prettierFormatter(outDir, {
            cache: false,
            parallel: !parallel,
          }),
        });
      } finally {
        emitters?.close();
      }
    };
    const here = await formatted(false);
    const there = await formatted(true);
    expect(here.ok).toBe(true);
    expect(there.timings.map((t) => t.stage)).toContain(
      "emit providers (parallel)",
    );
    expect([...there.files.keys()]).toEqual([...here.files.keys()]);
    for (const [p, text] of here.files)
      expect(there.files.get(p), p).toBe(text);
    // Formatted for real: prettier's layout breaks the declarations over lines.
    expect(
      here.files.get("providers/openai-chat.ts")!.split("\n").length,
    ).toBeGreaterThan(40);
  }, 60_000);

  it.each([
    [
      "resolves the app's options there (a plain config)",
      ".prettierrc.json",
      '{ "printWidth": 60 }\n',
    ],
    [
      "formats with a prettier of its own when the app's options hold code (a plugin object)",
      ".prettierrc.mjs",
      "export default { printWidth: 60, plugins: [{ name: 'noop', languages: [], describe: () => 'a plugin with code' }] };\n",
    ],
  ])(
    "%s: the same bytes",
    async (_title, configFile, config) => {
      // The worker resolves the options itself and asks this thread's prettier for wide lines;
      // options holding code cannot cross to it, so it then formats itself: the same bytes.
      const catalog = "test/fixtures/providers-optional-nullable/catalog.yaml";
      const source = readFileSync(path.join(repoRoot, catalog));
      mkdirSync(path.join(repoRoot, "test", ".tmp"), { recursive: true });
      const project = mkdtempSync(
        path.join(repoRoot, "test", ".tmp", "plugin-config-"),
      );
      try {
        writeFileSync(path.join(project, configFile), config);
        const outDir = path.join(project, "generated");
        const formatted = async (
          parallel: boolean,
        ): Promise<PipelineResult> => {
          const emitters = parallel
            ? parallelEmitters(ARTIFACT_EMITTERS, {
                catalogPath: catalog,
                format: remoteFormat(outDir, { cache: false }),
              })
            : undefined;
          try {
            return await runPipeline({
              catalogPath: catalog,
              source,
              readTemplate,
              emitters: emitters?.emitters,
              onCatalog: emitters?.catalog,
              format: prettierFormatter(outDir, {
                cache: false,
                parallel: !parallel,
              }),
            });
          } finally {
            emitters?.close();
          }
        };
        const here = await formatted(false);
        const there = await formatted(true);
        expect(here.ok).toBe(true);
        expect(there.timings.map((t) => t.stage)).toContain(
          "emit providers (parallel)",
        );
        for (const [p, text] of here.files)
          expect(there.files.get(p), p).toBe(text);
        // The config was applied: no line of the provider module is wider than 60 but comments and strings.
        const width80 = await runPipeline({
          catalogPath: catalog,
          source,
          readTemplate,
          format: prettierFormatter(path.join(repoRoot, "generated"), {
            cache: false,
          }),
        });
        expect(here.files.get("providers/openai-chat.ts")).not.toBe(
          width80.files.get("providers/openai-chat.ts"),
        );
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it("one thread serves run after run with this thread's bytes, also after a run that ended early", async () => {
    const thread = new EmitThread();
    try {
      // Different catalogs in turn under one path, as `generate --watch` sees edits (so the
      // headers match and anything left from the run before — its IR, its call validators
      // compiled on a guess — would show in the bytes); the lint failure ends a run whose
      // emitters had already started on the worker.
      const sources = [...catalogs, catalogs[0]!].map((c) =>
        readFileSync(path.join(repoRoot, c), "utf8"),
      );
      sources.splice(2, 0, LINT_ERRORS);
      for (const source of sources) {
        const there = await runOn(thread, "catalog/tools.yaml", source);
        if (source === LINT_ERRORS) {
          expect(there.ok).toBe(false);
          expect(
            there.diagnostics.some((d) => d.rule === "name-portable"),
          ).toBe(true);
          continue;
        }
        const here = await runPipeline({
          catalogPath: "catalog/tools.yaml",
          source,
          readTemplate,
        });
        expect(here.ok).toBe(true);
        expect(there.timings.map((t) => t.stage)).toContain(
          "emit call-validators (parallel)",
        );
        expect([...there.files.keys()]).toEqual([...here.files.keys()]);
        for (const [p, text] of here.files)
          expect(there.files.get(p), p).toBe(text);
        expect(there.diagnostics).toEqual(here.diagnostics);
      }
      expect(thread.started).toBe(1);
      // A run that formats (for an output folder), then one that does not, on the same worker:
      // each run's catalog message says how it formats, so the worker's provider files are those
      // of a worker started for that run alone.
      const project = mkdtempSync(path.join(tmpdir(), "toolcat-kept-format-"));
      writeFileSync(
        path.join(project, ".prettierrc.json"),
        '{ "printWidth": 60 }\n',
      );
      const outDir = path.join(project, "generated");
      const formatted = await runOn(thread, catalogs[1]!, undefined, outDir);
      const unformatted = await runOn(thread, catalogs[1]!);
      expect(thread.started).toBe(1);
      for (const [there, format] of [
        [formatted, outDir],
        [unformatted, undefined],
      ] as const) {
        const fresh = new EmitThread();
        try {
          const alone = await runOn(fresh, catalogs[1]!, undefined, format);
          expect(there.ok).toBe(true);
          expect([...there.files]).toEqual([...alone.files]);
        } finally {
          fresh.close();
        }
      }
      // (A worker's target: the strict ones are this thread's, unformatted here.)
      expect(formatted.files.get("providers/anthropic.ts")).not.toBe(
        unformatted.files.get("providers/anthropic.ts"),
      );
      rmSync(project, { recursive: true, force: true });
    } finally {
      thread.close();
    }
  }, 120_000);

  it("takes the worker the CLI started early (early-emit-worker.ts), for a large catalog's generate only", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "toolcat-early-worker-"));
    try {
      const example = readFileSync(
        path.join(repoRoot, "catalog/tools.yaml"),
        "utf8",
      );
      const small = path.join(dir, "small.yaml");
      const large = path.join(dir, "large.yaml");
      writeFileSync(small, example);
      const padded = `${example}${`# ${"padding ".repeat(64)}\n`.repeat(300)}`;
      writeFileSync(large, padded);
      expect(example.length).toBeLessThan(128 * 1024);
      expect(padded.length).toBeGreaterThan(128 * 1024);
      for (const argv of [
        ["generate", "--catalog", small],
        ["lint", "--catalog", large],
        ["generate", "--catalog", path.join(dir, "missing.yaml")],
        ["generate"],
      ]) {
        startEmitWorkerEarly(argv);
        expect(takeEarlyEmitWorker(), argv.join(" ")).toBeUndefined();
      }
      startEmitWorkerEarly(["generate", "--catalog", large]);
      endEarlyEmitWorker();
      expect(takeEarlyEmitWorker(), "ended").toBeUndefined();

      startEmitWorkerEarly(["generate", `--catalog=${large}`]);
      const thread = new EmitThread();
      try {
        const there = await runOn(thread, "catalog/tools.yaml", padded);
        expect(takeEarlyEmitWorker(), "taken by the run").toBeUndefined();
        expect(thread.started).toBe(1);
        const here = await runPipeline({
          catalogPath: "catalog/tools.yaml",
          source: padded,
          readTemplate,
        });
        expect(there.timings.map((t) => t.stage)).toContain(
          "emit providers (parallel)",
        );
        expect([...there.files]).toEqual([...here.files]);
      } finally {
        thread.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("a worker that cannot build the catalog's IR leaves the work to this thread", async () => {
    const here = await run("catalog/tools.yaml");
    const fallback = await run("catalog/tools.yaml", "not a catalog");
    expect(fallback.ok).toBe(true);
    // The providers too, where the worker's reply was awaited.
    expect(fallback.timings.map((t) => t.stage)).toContain(
      "emit providers (parallel)",
    );
    expect([...fallback.files]).toEqual([...here.files]);
  }, 60_000);
});
