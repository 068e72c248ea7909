/**
 * Formatting with the app's own prettier config. Each file is formatted as a whole, or — when the
 * emitter split it into independent top-level chunks — chunk by chunk: data declarations and JSON
 * go through printers that reproduce prettier byte for byte (or decline), and the rest is
 * formatted by prettier in groups whose results are kept in a content-addressed cache
 * (`node_modules/.cache/toolcat`), so an edit to one tool reformats only its group.
 *
 * Text-only files (code in prettier's layout, JSON) go to one worker thread as soon as their
 * emitter is done, so formatting them overlaps with emitting the next artifact (format-pool.ts).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Options } from "prettier";
import {
  chunkText,
  isDataChunk,
  type CanonicalChunk,
  type Chunk,
  type OutputFile,
} from "../core/emit/artifact.js";
import type { Formatter } from "../core/pipeline.js";
import { normalisedJoin } from "../core/emit/line-ends.js";
import { ropeOf } from "./rope-parts.js";
import { formatJsonFast } from "./json-format.js";
import { formatJsonDataParts } from "./json-element-memo.js";
import { keptFormat } from "./wide-line-memo.js";
import {
  accountAndPrune,
  cacheKey,
  readEntry,
  storeEntry,
} from "./format-cache.js";
import { FormatWorker } from "./format-pool.js";
import { formatCanonicalChunksKept } from "./canonical-chunk-memo.js";
import { formatCanonicalChunks } from "./ts-code-format.js";
import { formatDataChunk } from "./data-chunk-memo.js";
import { isValidatorFile, validatorDataText } from "./validator-chunk-memo.js";
import {
  configMayApply,
  importPrettier,
  lazyPrettier,
} from "./prettier-load.js";
import { plainJsonConfig } from "./prettier-json-config.js";

export interface FormatterOptions {
  /** Reuse formatted chunks from earlier runs (default true). */
  readonly cache?: boolean;
  /** Where cached chunks live (default: the nearest node_modules/.cache/toolcat above `outDir`). */
  readonly cacheDir?: string;
  /**
   * Format text-only files on a worker thread while emitting goes on (default true). Without,
   * files handed over early are formatted on this thread whenever it waits for other threads.
   */
  readonly parallel?: boolean;
  /** Told what the user should know but that changes no byte: a damaged cache entry was rebuilt. */
  readonly onNotice?: (message: string) => void;
  /**
   * A later run in this process may look up what this one lays out (default true); false for a
   * one-shot run (GenerateOptions.oneRun): formatFileParts' `reuse`, nothing kept.
   */
  readonly reuse?: boolean;
}

/** What formatting tells besides the texts (see FormatterOptions.onNotice). */
export type Notice = (message: string) => void;

interface Job {
  readonly text: string;
  readonly options: Options;
  readonly key: string;
}

/** Resolves the prettier options of one output file. */
export type OptionsFor = (file: OutputFile) => Promise<Options>;

/**
 * What another thread needs to format output files exactly as prettierFormatter does: it
 * resolves the same config the same way (prettierOptions) and shares the cache.
 */
export interface RemoteFormat {
  readonly outDir: string;
  readonly cacheDir: string | undefined;
}

/** A formatter that can also tell another thread how to format like it (see RemoteFormat). */
export type NodeFormatter = Formatter & { readonly remote: RemoteFormat };

/**
 * prettier's calls (loaded on the first `format`, see prettier-load.ts) and each output file's
 * options, from the app's config: prettier's `resolveConfig` where a config could apply, and
 * otherwise what it would resolve (nothing) without loading it — as for a plain
 * `.prettierrc.json` (prettier-json-config.ts).
 */
export function prettierOptions(outDir: string): {
  readonly loadPrettier: () => Promise<PrettierCalls>;
  readonly optionsFor: OptionsFor;
} {
  const loadPrettier = async () => lazyPrettier;
  const configs = new Map<string, Promise<Options | null>>();
  const mayApply = new Map<string, boolean>();
  const optionsFor: OptionsFor = async (file) => {
    const filepath = join(outDir, file.path);
    const dir = dirname(filepath);
    let config = configs.get(dir);
    if (!config)
      configs.set(
        dir,
        (config = !configMayApply(dir, mayApply)
          ? Promise.resolve(null)
          : resolvedConfig(filepath)),
      );
    const resolved = (await config) ?? {};
    // babel-ts formats toolcat's TypeScript exactly as the typescript parser does (a test checks
    // every golden file) and loads a third faster; a parser named in the app's config wins.
    return {
      ...resolved,
      filepath,
      parser:
        file.language === "json" ? "json" : (resolved.parser ?? "babel-ts"),
      endOfLine: "lf",
    };
  };
  return { loadPrettier, optionsFor };
}

/** prettier's config for a file: known without loading prettier for a plain `.prettierrc.json` (prettier-json-config.ts). */
function resolvedConfig(filepath: string): Promise<Options | null> {
  const plain = plainJsonConfig(dirname(filepath));
  return plain !== undefined
    ? Promise.resolve(plain)
    : importPrettier().then((prettier) =>
        prettier.resolveConfig(filepath, { editorconfig: true }),
      );
}

/** How prettierFormatter(outDir, settings) formats, for another thread. */
export function remoteFormat(
  outDir: string,
  settings: FormatterOptions = {},
): RemoteFormat {
  return {
    outDir,
    cacheDir:
      settings.cache === false
        ? undefined
        : (settings.cacheDir ?? findCacheDir(outDir)),
  };
}

/** After the work queued now: the pipeline's next emitter runs before a file handed over is formatted. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function prettierFormatter(
  outDir: string,
  settings: FormatterOptions = {},
): NodeFormatter {
  const remote = remoteFormat(outDir, settings);
  const { cacheDir } = remote;
  const { loadPrettier, optionsFor } = prettierOptions(outDir);
  const notice: Notice = settings.onNotice ?? (() => undefined);
  const reuse = settings.reuse !== false;

  // Text-only files handed over early (`prepare`, as each emitter finishes) are formatted on a
  // worker thread while this one goes on emitting; the rest here, as soon as they are handed
  // over, and whatever the worker could not do at the end — by the same function, so the bytes
  // do not depend on the thread.
  const worker =
    settings.parallel === false ? undefined : FormatWorker.start(notice);
  const early = new Map<OutputFile, Promise<string | undefined>>();

  const formatter: Formatter = async (files) => {
    try {
      // This thread formats what it kept while the worker finishes; then whatever the worker
      // could not do.
      const kept = files.filter((f) => !early.has(f));
      const here =
        kept.length > 0
          ? await formatFiles(
              kept,
              optionsFor,
              cacheDir,
              await loadPrettier(),
              notice,
              reuse,
            )
          : [];
      const texts = new Map(kept.map((f, i) => [f, here[i]!] as const));
      for (const f of files) {
        const text = await early.get(f);
        if (text !== undefined) texts.set(f, text);
      }
      const failed = files.filter((f) => !texts.has(f));
      if (failed.length > 0)
        (
          await formatFiles(
            failed,
            optionsFor,
            cacheDir,
            await loadPrettier(),
            notice,
            reuse,
          )
        ).forEach((t, i) => texts.set(failed[i]!, t));
      return files.map((f) => texts.get(f)!);
    } finally {
      worker?.close();
    }
  };
  // Formatted here once this thread is idle (waiting for emitters on other threads), not before
  // the next emitter has started: even loading prettier waits. A failure is left to the final call.
  // Disposed (a run that ended early): what was not started yet is not formatted at all.
  let disposed = false;
  const later = (file: OutputFile) =>
    early.set(
      file,
      whenIdle()
        .then(async () =>
          disposed
            ? [undefined]
            : formatFiles(
                [file],
                optionsFor,
                cacheDir,
                await loadPrettier(),
                notice,
                reuse,
              ),
        )
        .then(
          ([text]) => text,
          () => undefined,
        ),
    );
  formatter.prepare = async (files) => {
    for (const file of files) {
      if (!worker) {
        later(file);
        continue;
      }
      const options = await optionsFor(file);
      // A plugin (code) cannot cross to another thread: such files are formatted here.
      if (plainOptions(options) && FormatWorker.takes(file))
        early.set(file, worker.format(file, options, cacheDir));
      else later(file);
    }
  };
  formatter.dispose = () => {
    disposed = true;
    worker?.close();
  };
  // Every text it returns is formatFiles' (here or on the format worker), normalised there.
  formatter.normalises = true;
  return Object.assign(formatter, { remote });
}

/**
 * Formats the files (in order) with their options: every file becomes pieces — text already
 * formatted (fast paths) or prettier jobs (its chunks in groups, or the whole file); identical
 * jobs are formatted once, and kept in the cache when there is one. The texts come normalised
 * (normaliseText), made without copying their pieces together where they are already
 * (normalisedJoin): the pipeline then need not read them again (Formatter.normalises).
 */
export async function formatFiles(
  files: readonly OutputFile[],
  optionsFor: OptionsFor,
  cacheDir: string | undefined,
  prettier: PrettierCalls,
  notice: Notice = () => undefined,
  reuse = true,
): Promise<string[]> {
  return (
    await formatFileParts(files, optionsFor, cacheDir, prettier, notice, reuse)
  ).map((parts, i) =>
    reuse ? joinedText(files[i]!.path, parts) : normalisedJoin(parts),
  );
}

/**
 * formatFiles' texts, each as the parts it is the concatenation of (the laid-out chunks and the
 * newlines between them; a JSON file's elements): a thread kept from run to run compares them
 * with the parts it sent before instead of joining them (reply-delta.ts). `reuse: false` says no
 * later run of this thread looks up what is printed here (a one-run emit worker): the provider
 * declarations' texts are then neither kept nor printed piece by piece to be kept
 * (data-chunk-memo.ts, json-element-memo.ts); the texts are the same.
 */
export async function formatFileParts(
  files: readonly OutputFile[],
  optionsFor: OptionsFor,
  cacheDir: string | undefined,
  prettier: PrettierCalls,
  notice: Notice = () => undefined,
  reuse = true,
): Promise<(readonly string[])[]> {
  const version = prettier.version;
  // Every file becomes pieces: text already formatted (fast paths) or prettier jobs (its
  // chunks in groups, or the whole file); identical jobs are formatted once.
  const plan: {
    file: OutputFile;
    pieces: readonly (Job | string)[];
    joined?: true;
  }[] = [];
  // The wide lines' batches prettier breaks, reused from this process and the cache (wide-line-memo.ts).
  const wideLines = keptFormat(prettier, cacheDir, notice);
  const unique = new Map<string, Job>();
  for (const file of files) {
    const options = await optionsFor(file);
    // JSON declarations: byte-identical fast paths (see json-format.ts) — from the value when the
    // file is kept as data, else from its text — and prettier otherwise.
    const fast =
      file.language !== "json"
        ? undefined
        : ((file.json &&
            formatJsonDataParts(
              file.json.value,
              options,
              JSON.stringify(options),
              reuse,
            )) ??
          oneText(formatJsonFast(file.contents, options)));
    if (fast !== undefined) {
      // Parts concatenated as they are, not joined with newlines as a file's chunks are.
      plan.push({ file, pieces: fast, joined: true });
      continue;
    }
    const optionsKey = JSON.stringify({ ...options, filepath: undefined });
    const job = (text: string): Job => {
      const key = cacheKey(version, optionsKey, text);
      if (!unique.has(key)) unique.set(key, { text, options, key });
      return unique.get(key)!;
    };
    const pieces: (Job | string)[] = [];
    if (!file.chunks || file.chunks.length === 0)
      pieces.push(job(file.contents));
    else {
      // Data declarations print without prettier when the fast printer is sure (see
      // ts-data-format.ts); runs of other chunks go to prettier in groups.
      let run: string[] = [];
      const flush = () => {
        for (const group of groupChunks(run)) pieces.push(job(group));
        run = [];
      };
      // Code the emitter wrote in prettier's layout keeps its lines; only wide ones meet prettier.
      const canonical = file.chunks.filter(
        (c): c is CanonicalChunk => typeof c !== "string" && "canonical" in c,
      );
      // A declaration printed before in this process is not printed again (data-chunk-memo.ts;
      // the validator compiler's data constants: validator-chunk-memo.ts), nor a code chunk laid
      // out before (canonical-chunk-memo.ts).
      const dataKey = JSON.stringify(options);
      const validatorData = isValidatorFile(file.path)
        ? validatorDataText(file.path, options)
        : undefined;
      // Kept for a later run only when there is one (`reuse`): a one-shot run lays them out as they are.
      const laidOut =
        canonical.length === 0
          ? []
          : reuse
            ? await formatCanonicalChunksKept(
                canonical,
                options,
                `${version}\u0000${dataKey}`,
                wideLines,
              )
            : await formatCanonicalChunks(canonical, options, wideLines);
      const fastCode = new Map(canonical.map((c, i) => [c, laidOut[i]]));
      for (const chunk of file.chunks as readonly Chunk[]) {
        const fastChunk =
          typeof chunk === "string"
            ? undefined
            : isDataChunk(chunk)
              ? validatorData
                ? validatorData(chunk)
                : formatDataChunk(chunk, options, dataKey, reuse)
              : fastCode.get(chunk);
        if (fastChunk === undefined) run.push(chunkText(chunk));
        else {
          flush();
          pieces.push(fastChunk);
        }
      }
      flush();
    }
    plan.push({ file, pieces });
  }

  const results = new Map<string, string>();
  const misses: Job[] = [];
  await Promise.all(
    [...unique.values()].map(async (job) => {
      const hit = cacheDir
        ? await readEntry(cacheDir, job.key, notice)
        : undefined;
      if (hit !== undefined) results.set(job.key, hit);
      else misses.push(job);
    }),
  );
  misses.sort((a, b) => (a.key < b.key ? -1 : 1));

  // One at a time: prettier's syntax trees for megabytes of code would otherwise all be alive
  // at once (formatting is CPU-bound; running them together gains nothing).
  const formatted: string[] = [];
  for (const j of misses)
    formatted.push(await formatWithFallback(prettier, j.text, j.options));
  misses.forEach((j, i) => results.set(j.key, formatted[i]!));
  if (cacheDir && misses.length > 0) {
    const written = await Promise.all(
      misses.map((j, i) => storeEntry(cacheDir, j.key, formatted[i]!)),
    );
    await accountAndPrune(
      cacheDir,
      written.reduce((a, b) => a + b, 0),
    );
  }

  return plan.map(({ pieces, joined }) => {
    if (joined) return pieces as readonly string[];
    const parts: string[] = [];
    for (const p of pieces) {
      if (parts.length > 0) parts.push("\n");
      parts.push(typeof p === "string" ? p : results.get(p.key)!);
    }
    return parts;
  });
}

function oneText(text: string | undefined): readonly string[] | undefined {
  return text === undefined ? undefined : [text];
}

/**
 * The last text made for each path, with its parts (formatFileParts; `generate --watch`): after a one-tool edit
 * most files' pieces are the kept texts of the run before — the same strings, compared by
 * identity first — and their text need not be copied together again (validators.ts alone is
 * 600 KB on the real tools). Exact: the text is reused only when every piece is equal.
 */
const joinedTexts = new Map<
  string,
  { readonly pieces: readonly string[]; readonly text: string }
>();
/** Paths kept at most (a catalog's output has about fifty; then they start over). */
const MAX_JOINED = 256;

/** For tests only: reuse a path's text whatever its pieces (a stale text must then show). */
export const joinedTextTesting: { ignorePieces: boolean } = {
  ignorePieces: false,
};

function joinedText(path: string, pieces: readonly string[]): string {
  const last = joinedTexts.get(path);
  if (
    last !== undefined &&
    (joinedTextTesting.ignorePieces ||
      (last.pieces.length === pieces.length &&
        last.pieces.every((p, i) => p === pieces[i])))
  )
    return last.text;
  // The rope's parts remembered for writing it (rope-parts.ts).
  const text = normalisedJoin(pieces, (parts) => ropeOf(path, parts));
  if (joinedTexts.size >= MAX_JOINED) joinedTexts.clear();
  joinedTexts.set(path, { pieces, text });
  return text;
}

/**
 * What formatFiles uses of prettier: its version (part of every cache key) and `format`. The emit
 * worker passes one that asks the main thread's prettier (see parallel-emit.ts), so that its
 * few wide lines do not cost it a prettier of its own to load and warm up.
 */
export type PrettierCalls = Pick<
  typeof import("prettier"),
  "version" | "format"
>;

/**
 * Options another thread can be given as they are: nothing in them is code (a plugin object),
 * which cannot cross to another thread.
 */
export function plainOptions(options: Options): boolean {
  return !Object.values(options).some(
    (v) =>
      typeof v === "object" &&
      v !== null &&
      !(Array.isArray(v) && v.length === 0),
  );
}

/**
 * `prettier.format`, retried with the `typescript` parser when `babel-ts` fails: babel-ts (the
 * default here, see above) rejects some TypeScript that the typescript parser accepts and that
 * prettier itself prints, such as the array of a negative literal `-3[]`. Both parsers print
 * toolcat's code alike, so the retry gives the text prettier gives for a `.ts` file.
 */
export async function formatWithFallback(
  prettier: PrettierCalls,
  text: string,
  options: Options,
): Promise<string> {
  try {
    return await prettier.format(text, options);
  } catch (e) {
    if (options.parser !== "babel-ts") throw e;
    return prettier.format(text, { ...options, parser: "typescript" });
  }
}

/**
 * Joins adjacent chunks into jobs of a useful size: one prettier call has a fixed cost, so a job
 * per declaration would be slow. Boundaries are content-defined (a group may end after a chunk
 * whose hash says so, once it is big enough), so an edit in one tool moves no other boundary and
 * the other groups stay cached.
 */
function groupChunks(chunks: readonly string[]): string[] {
  const groups: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const chunk of chunks) {
    current.push(chunk);
    size += chunk.length;
    const cut =
      size >= 256 * 1024 ||
      (size >= 24 * 1024 &&
        createHash("sha1").update(chunk).digest()[0]! % 4 === 0);
    if (cut) {
      groups.push(current.join("\n\n"));
      current = [];
      size = 0;
    }
  }
  if (current.length > 0) groups.push(current.join("\n\n"));
  return groups;
}

/** The nearest `node_modules` above `start`, as `node_modules/.cache/toolcat/format`. */
function findCacheDir(start: string): string | undefined {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, "node_modules")))
      return join(dir, "node_modules", ".cache", "toolcat", "format");
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
