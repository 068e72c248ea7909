/**
 * The layout of the validator compiler's files (validators.ts, providers/<target>.calls.ts), kept
 * from run to run in one process (`generate --watch`): after a one-tool edit the compiler replays
 * every other tool's code (generator/core/emit/validators/validator-memo.ts), so all but a few of
 * the file's chunks are the text they were, and their layout is taken from the run before instead
 * of being planned and broken again.
 *
 * - A code chunk's layout (ts-code-format.ts's `formatCanonicalChunks`) is a function of its text
 *   (`canonical`, `width`, `members`, `laidOut`), the file's prettier options and, for the wide
 *   lines only prettier breaks, prettier's version: the key is exactly those. Chunks not kept are
 *   laid out together in one call, as a cold run lays out the whole file (each wide line is broken
 *   on its own there, whatever the lines around it: the same text as in the whole file).
 * - A data chunk's text (the compiler's data constants) is reused by the identity of its value,
 *   which the compiler's memo froze (`isKeptValidatorData`), with its head, leading comment and
 *   the options, as generator/node/data-chunk-memo.ts does for declarations.
 *
 * Bounded: each file keeps the layouts of its last run only (under one set of options).
 */
import type { Options } from "prettier";
import type { CanonicalChunk, DataChunk } from "../core/emit/artifact.js";
import { isKeptValidatorData } from "../core/emit/validators/validator-memo.js";
import { formatCanonicalChunks, type FormatText } from "./ts-code-format.js";
import { formatTsDataFast } from "./ts-data-format.js";

/** Whether `path` (in the output folder) is one of the validator compiler's files. */
export function isValidatorFile(path: string): boolean {
  return path === "validators.ts" || /^providers\/[^/]+\.calls\.ts$/.test(path);
}

interface Laid {
  readonly chunk: CanonicalChunk;
  readonly text: string;
}

interface FileLayouts {
  readonly key: string;
  /** By the chunk's `canonical` text (then the rest of the chunk compared). */
  readonly code: Map<string, Laid[]>;
  readonly data: WeakMap<
    object,
    { readonly key: string; readonly text: string | undefined }
  >;
}

const files = new Map<string, FileLayouts>();

/**
 * For tests only: a piece of the key to leave out, which must make the reuse test fail (a stale
 * layout). Never set outside tests.
 */
export const validatorChunkMemoTesting: {
  omit: undefined | "options" | "chunk" | "head";
} = { omit: undefined };

/** Forgets every layout (tests). */
export function clearValidatorChunkMemo(): void {
  files.clear();
}

/**
 * The layouts of one validator file's run: `code` as `formatCanonicalChunks(chunks, options,
 * format)`, `data` as `formatTsDataFast`, each reused from the file's run before where the key is
 * the same. `version` is prettier's.
 */
export function validatorFileLayout(
  path: string,
  options: Options,
  version: string,
): {
  readonly code: (
    chunks: readonly CanonicalChunk[],
    format: FormatText,
  ) => Promise<(string | undefined)[]>;
  readonly data: (chunk: DataChunk) => string | undefined;
} {
  const omit = validatorChunkMemoTesting.omit;
  const key =
    omit === "options"
      ? ""
      : `${version}\u0000${JSON.stringify({ ...options, filepath: undefined })}`;
  const before = files.get(path);
  const previous = before?.key === key ? before : undefined;
  const now: FileLayouts = {
    key,
    code: new Map(),
    data: previous?.data ?? new WeakMap(),
  };
  files.set(path, now);
  return {
    async code(chunks, format) {
      const out: (string | undefined)[] = new Array(chunks.length);
      const missing: CanonicalChunk[] = [];
      const at: number[] = [];
      chunks.forEach((chunk, i) => {
        const text =
          find(now.code, chunk) ??
          (previous ? find(previous.code, chunk) : undefined);
        if (text === undefined) {
          missing.push(chunk);
          at.push(i);
        } else {
          out[i] = text;
          keep(now.code, chunk, text);
        }
      });
      if (missing.length > 0) {
        const laid = await formatCanonicalChunks(missing, options, format);
        laid.forEach((text, j) => {
          out[at[j]!] = text;
          if (text !== undefined) keep(now.code, missing[j]!, text);
        });
      }
      return out;
    },
    data(chunk) {
      const value = chunk.value;
      if (!isKeptValidatorData(value)) return formatTsDataFast(chunk, options);
      const head = omit === "head" ? "" : `${chunk.leading}\u0000${chunk.head}`;
      const known = now.data.get(value as object);
      if (known?.key === head) return known.text;
      const text = formatTsDataFast(chunk, options);
      now.data.set(value as object, { key: head, text });
      return text;
    },
  };
}

function find(
  laid: ReadonlyMap<string, readonly Laid[]>,
  chunk: CanonicalChunk,
): string | undefined {
  const list = laid.get(
    validatorChunkMemoTesting.omit === "chunk" ? "" : chunk.canonical,
  );
  return list?.find((l) => sameChunk(l.chunk, chunk))?.text;
}

function keep(
  laid: Map<string, Laid[]>,
  chunk: CanonicalChunk,
  text: string,
): void {
  const key = validatorChunkMemoTesting.omit === "chunk" ? "" : chunk.canonical;
  const list = laid.get(key);
  if (!list) laid.set(key, [{ chunk, text }]);
  else if (!list.some((l) => sameChunk(l.chunk, chunk)))
    list.push({ chunk, text });
}

function sameChunk(a: CanonicalChunk, b: CanonicalChunk): boolean {
  if (validatorChunkMemoTesting.omit === "chunk") return true;
  return (
    a.canonical === b.canonical &&
    a.width === b.width &&
    (a.members === true) === (b.members === true) &&
    a.laidOut?.width === b.laidOut?.width &&
    a.laidOut?.text === b.laidOut?.text
  );
}
