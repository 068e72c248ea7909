/**
 * toolcat's programmatic API for build tools: `generate` and `lint`, typed, never writing on
 * their own (see `writeOutput`/`compareWithDisk` for that) and never exiting the process.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, relative, resolve, sep } from "node:path";
import type { Diagnostic } from "./core/diagnostics.js";
import { loadCatalog } from "./core/load/load-catalog.js";
import {
  carriesHeader,
  runPipeline,
  type StageTiming,
} from "./core/pipeline.js";
import { MODULE_TYPE_PATH } from "./core/emit/module-type.js";
import { ARTIFACT_EMITTERS } from "./core/emit/registry.js";
import { prettierFormatter, remoteFormat } from "./node/format.js";
import { EmitThread, parallelEmitters } from "./node/parallel-emit.js";
import {
  endEarlyEmitWorker,
  PARALLEL_FROM_BYTES,
} from "./node/early-emit-worker.js";
import { readTemplate } from "./node/package-root.js";
import { compare } from "./core/diagnostics.js";
import { normaliseText } from "./core/emit/line-ends.js";
import { readCatalogSource, ToolcatUsageError } from "./node/read-catalog.js";
import { provideYaml } from "./core/load/yaml-lib.js";

// `yaml` is loaded only when a catalog needs it (core/load/yaml-lib.ts), and synchronously: by
// Node's require, which any Node version has.
provideYaml(() => createRequire(import.meta.url)("yaml"));

export { ToolcatUsageError };

export type { Diagnostic, Severity } from "./core/diagnostics.js";
export type { StageTiming } from "./core/pipeline.js";
export {
  compareWithDisk,
  hasDrift,
  writeOutput,
  type Drift,
} from "./node/files.js";
export { formatDiagnostics, type DiagnosticFormat } from "./cli/report.js";
export { EmitThread };

export interface GenerateOptions {
  /** Catalog file (default `catalog/tools.yaml`), relative to `cwd`. */
  readonly catalog?: string;
  /** Catalog text; when given, the file is not read (its path still names it in headers). */
  readonly source?: string | Uint8Array;
  /** Output directory (default `generated`), relative to `cwd`. */
  readonly out?: string;
  /** Emit ESM `.js` + `.d.ts` instead of `.ts`. */
  readonly js?: boolean;
  /** Format with prettier and the app's prettier config (default true). */
  readonly format?: boolean;
  /** Reuse formatted chunks from earlier runs, kept in node_modules/.cache/toolcat (default true). */
  readonly cache?: boolean;
  readonly cwd?: string;
  /**
   * A worker thread to emit a large catalog's share on, kept from call to call by a caller that
   * generates again and again (a watch loop): warm, it does that share faster than a new one.
   * The caller ends it (`close()`). Without it, a large catalog gets a thread for the one call.
   */
  readonly thread?: EmitThread;
  /**
   * Gives the run up when aborted: it stops at the next stage (the stages then yield to the event
   * loop between them, so that an abort can come) and rejects with the signal's reason. For runs
   * whose result may no longer be wanted, as `generate --watch`'s warm-up runs (watch-warm-up.ts).
   */
  readonly signal?: AbortSignal;
  /**
   * No later call in this process generates again (a one-shot `toolcat generate`): this thread's
   * memos keep nothing of the run for a next one (pipeline.ts `oneRun`). The bytes are the same.
   */
  readonly oneRun?: boolean;
}

export interface GenerateResult {
  /** File contents by path relative to `outDir`; empty when `ok` is false. */
  readonly files: ReadonlyMap<string, string>;
  readonly diagnostics: readonly Diagnostic[];
  readonly ok: boolean;
  /** Absolute output directory. */
  readonly outDir: string;
  readonly timings: readonly StageTiming[];
  /** What the user should know but that changed no byte (a damaged cache entry rebuilt). */
  readonly notices: readonly string[];
}

function displayPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return (rel.startsWith("..") || rel === "" ? file : rel).split(sep).join("/");
}

/**
 * `--js` writes `package.json` into the output folder (module-type.ts); one there that toolcat
 * did not write (an output folder that is a package's own root, `--out .`) is never replaced.
 */
async function refuseForeignPackageJson(
  outDir: string,
  cwd: string,
  catalogPath: string,
): Promise<void> {
  const path = join(outDir, MODULE_TYPE_PATH);
  let head: string;
  try {
    head = (await readFile(path, "utf8")).slice(0, 600);
  } catch {
    return;
  }
  if (!carriesHeader(head)) {
    throw new ToolcatUsageError(
      `${displayPath(cwd, path)} exists and toolcat did not write it; --js writes its own package.json ({ "type": "module" }) into the output folder`,
      `choose an output folder of its own, e.g. toolcat generate --js --catalog ${catalogPath} --out generated`,
    );
  }
}

export async function generate(
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const cwd = resolve(options.cwd ?? ".");
  const catalogFile = resolve(cwd, options.catalog ?? "catalog/tools.yaml");
  const outDir = resolve(cwd, options.out ?? "generated");
  const source =
    options.source ??
    (await readCatalogSource(catalogFile, displayPath(cwd, catalogFile)));
  const formatting = options.format !== false;
  const catalogPath = displayPath(cwd, catalogFile);
  // With --js the TypeScript is not written: it is compiled as emitted (the compiler prints the
  // JavaScript and declarations in its own layout, whatever the input's), so it is not formatted.
  const formats = formatting && !options.js;
  // A large catalog's provider declarations, call validators and dispatcher are emitted on a
  // second thread (see parallel-emit.ts), which also formats the declarations; for a small one,
  // starting the thread would cost more than it saves.
  const notices: string[] = [];
  const onNotice = (message: string) => notices.push(message);
  const workerInput = {
    catalogPath,
    format: formats
      ? remoteFormat(outDir, { cache: options.cache })
      : undefined,
    notice: onNotice,
  };
  const parallel =
    source.length < PARALLEL_FROM_BYTES
      ? undefined
      : options.thread
        ? options.thread.run(ARTIFACT_EMITTERS, workerInput)
        : parallelEmitters(ARTIFACT_EMITTERS, workerInput);
  // A worker the CLI started before it knew (early-emit-worker.ts), for a run that needs none.
  if (!parallel) endEarlyEmitWorker();
  // Two threads then share the two cores a developer machine is assumed to have (and a shared
  // one may not even give that): this thread formats its own files while it waits for the
  // worker, rather than a third thread loading prettier to do it. Without that worker (a small
  // catalog) no formatting thread either: it would start, load and warm a prettier of its own
  // for the little prettier still formats, which cost more than it saved — one-tool catalog
  // 0.48 → 0.38 s of CPU, the example catalog 0.84 → 0.65 s, wall time lower too
  // (docs/performance.md, "Fixed cost of a process") — and, in `--watch`, a cold one every run.
  const format = formats
    ? prettierFormatter(outDir, {
        cache: options.cache,
        parallel: false,
        onNotice,
        reuse: options.oneRun !== true,
      })
    : undefined;
  let result: Awaited<ReturnType<typeof runPipeline>>;
  try {
    result = await runPipeline({
      catalogPath,
      source,
      readTemplate,
      format,
      js: options.js ?? false,
      emitters: parallel?.emitters,
      onCatalog: parallel?.catalog,
      between: signal && (() => nextTurn(signal)),
      oneRun: options.oneRun,
    });
  } finally {
    parallel?.close();
  }
  // The worker's wide lines formatted here while the pipeline waited for it: part of "wait".
  const answered = parallel?.answeredMs() ?? 0;
  if (answered >= 1)
    result = {
      ...result,
      timings: [
        ...result.timings,
        { stage: "format for the worker (within wait)", ms: answered },
      ],
    };
  if (!result.ok || !options.js)
    return {
      files: result.files,
      diagnostics: result.diagnostics,
      ok: result.ok,
      outDir,
      timings: result.timings,
      notices,
    };

  await refuseForeignPackageJson(outDir, cwd, catalogPath);
  const t = performance.now();
  // Loaded here: it runs the TypeScript compiler (node:child_process), which only --js needs.
  const { toJavaScript } = await import("./node/js-output.js");
  const sorted = (await toJavaScript(result.files)).sort((a, b) =>
    compare(a.path, b.path),
  );
  const toFormat = sorted.filter((f) => f.language !== "verbatim");
  // What is left for prettier (the JSON declarations; the .js and .d.ts are verbatim) is small:
  // one thread, since a second one would first load prettier.
  const texts = formatting
    ? await prettierFormatter(outDir, {
        cache: options.cache,
        parallel: false,
        onNotice,
      })(toFormat)
    : toFormat.map((f) => f.contents);
  const formattedByPath = new Map(
    toFormat.map((f, i) => [f.path, texts[i]!] as const),
  );
  const files = new Map<string, string>();
  for (const f of sorted)
    files.set(f.path, normaliseText(formattedByPath.get(f.path) ?? f.contents));
  return {
    files,
    diagnostics: result.diagnostics,
    ok: true,
    outDir,
    timings: [...result.timings, { stage: "js", ms: performance.now() - t }],
    notices,
  };
}

/** After the events waiting (a file watcher's among them): throws the signal's reason if it was aborted meanwhile. */
function nextTurn(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) =>
    setImmediate(() => {
      if (signal.aborted) reject(signal.reason);
      else resolve();
    }),
  );
}

export interface LintOptions {
  readonly catalog?: string;
  readonly source?: string | Uint8Array;
  readonly cwd?: string;
}

export interface LintResult {
  readonly diagnostics: readonly Diagnostic[];
  /** No errors (warnings and infos allowed). */
  readonly ok: boolean;
}

export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const cwd = resolve(options.cwd ?? ".");
  const catalogFile = resolve(cwd, options.catalog ?? "catalog/tools.yaml");
  const source =
    options.source ??
    (await readCatalogSource(catalogFile, displayPath(cwd, catalogFile)));
  const loaded = loadCatalog(displayPath(cwd, catalogFile), source, {
    compileCheck: true,
  });
  return {
    diagnostics: loaded.diagnostics,
    ok: !loaded.diagnostics.some((d) => d.severity === "error"),
  };
}
