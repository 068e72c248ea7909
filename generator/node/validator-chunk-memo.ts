/**
 * The text of the validator compiler's data constants (validators.ts, providers/<target>.calls.ts),
 * kept from run to run in one process (`generate --watch`): after a one-tool edit the compiler
 * replays every other tool's code (generator/core/emit/validators/validator-memo.ts) with the same
 * frozen values, so their text is reused by the value's identity (`isKeptValidatorData`), with its
 * head, leading comment and the options, as generator/node/data-chunk-memo.ts does for
 * declarations. (Their code chunks' layout is kept with every other file's, by text:
 * canonical-chunk-memo.ts.)
 *
 * Bounded: each file keeps the texts of its last run only (under one set of options).
 */
import type { Options } from "prettier";
import type { DataChunk } from "../core/emit/artifact.js";
import { isKeptValidatorData } from "../core/emit/validators/validator-memo.js";
import { formatTsDataFast } from "./ts-data-format.js";

/** Whether `path` (in the output folder) is one of the validator compiler's files. */
export function isValidatorFile(path: string): boolean {
  return path === "validators.ts" || /^providers\/[^/]+\.calls\.ts$/.test(path);
}

interface FileTexts {
  readonly key: string;
  readonly data: WeakMap<
    object,
    { readonly key: string; readonly text: string | undefined }
  >;
}

const files = new Map<string, FileTexts>();

/**
 * For tests only: a piece of the key to leave out, which must make the reuse test fail (a stale
 * text). Never set outside tests.
 */
export const validatorChunkMemoTesting: {
  omit: undefined | "head";
} = { omit: undefined };

/** Forgets every text (tests). */
export function clearValidatorChunkMemo(): void {
  files.clear();
}

/**
 * One validator file's run: each data chunk's text as `formatTsDataFast(chunk, options)`, reused
 * from the file's run before where the value, its head and the options are the same.
 */
export function validatorDataText(
  path: string,
  options: Options,
): (chunk: DataChunk) => string | undefined {
  const key = JSON.stringify({ ...options, filepath: undefined });
  const before = files.get(path);
  const now: FileTexts = {
    key,
    data: before?.key === key ? before.data : new WeakMap(),
  };
  files.set(path, now);
  return (chunk) => {
    const value = chunk.value;
    if (!isKeptValidatorData(value)) return formatTsDataFast(chunk, options);
    const head =
      validatorChunkMemoTesting.omit === "head"
        ? ""
        : `${chunk.leading}\u0000${chunk.head}`;
    const known = now.data.get(value as object);
    if (known?.key === head) return known.text;
    const text = formatTsDataFast(chunk, options);
    now.data.set(value as object, { key: head, text });
    return text;
  };
}
