/**
 * The printed text of a provider declaration's data chunk, kept from run to run in one process
 * (`generate --watch`): a declaration tool-memo.ts reuses is the same frozen object, so its text
 * is looked up by that identity plus everything else the printer reads — the chunk's doc comment
 * and head (whose constant's name depends on the other tools: it is part of the key, never
 * assumed) and the file's prettier options. Only values tool-memo.ts froze are kept (any other
 * value may change or be made afresh); entries live as long as the declaration does.
 */
import type { Options } from "prettier";
import type { DataChunk } from "../core/emit/artifact.js";
import { isKeptDeclaration } from "../core/providers/tool-memo.js";
import { formatTsDataFast } from "./ts-data-format.js";
import { flatText } from "../core/flat-text.js";

interface Printed {
  readonly options: string;
  readonly leading: string;
  readonly head: string;
  readonly text: string | undefined;
}

const texts = new WeakMap<object, Printed[]>();

/** At most this many texts per declaration (other heads or options); then they start over. */
const PER_VALUE = 8;

/** For tests only: the key leaves the head out, which must make the reuse test fail. */
export const dataChunkMemoTesting: { omitHead: boolean } = { omitHead: false };

/** formatTsDataFast(chunk, options), reused for a kept declaration printed the same way before. */
export function formatDataChunk(
  chunk: DataChunk,
  options: Options,
  optionsKey: string,
): string | undefined {
  const value = chunk.value;
  if (!isKeptDeclaration(value)) return formatTsDataFast(chunk, options);
  let printed = texts.get(value as object);
  if (!printed) texts.set(value as object, (printed = []));
  const head = dataChunkMemoTesting.omitHead ? "" : chunk.head;
  for (const p of printed)
    if (
      p.options === optionsKey &&
      p.leading === chunk.leading &&
      p.head === head
    )
      return p.text;
  // Kept flat: the file is joined from these texts on every run (flat-text.ts).
  const text = flatText(formatTsDataFast(chunk, options));
  if (printed.length >= PER_VALUE) printed.length = 0;
  printed.push({ options: optionsKey, leading: chunk.leading, head, text });
  return text;
}
