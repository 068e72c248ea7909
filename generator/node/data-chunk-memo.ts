/**
 * The printed text of a provider declaration's data chunk, kept from run to run in one process
 * (`generate --watch`): a declaration tool-memo.ts reuses is the same frozen object, so its text
 * is looked up by that identity plus everything else the printer reads — the chunk's doc comment
 * and head (whose constant's name depends on the other tools: it is part of the key, never
 * assumed) and the file's prettier options. Only values tool-memo.ts froze are kept (any other
 * value may change or be made afresh); entries live as long as the declaration does.
 *
 * A data chunk whose value is made afresh each run (the argument plans' table of a target, one
 * entry per tool with a plan: 600 lines on the real tools) is kept by its content instead: the
 * value's JSON (with `-0` told apart from `0`, which JSON writes alike), the doc comment, the head
 * and the options; the most recently used BY_CONTENT texts are kept.
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

/** Texts of values made afresh, by their content key (see above), oldest first. */
const byContent = new Map<string, string | undefined>();
const BY_CONTENT = 64;

/** For tests only: the key leaves the head (or a value's content) out, which must make the reuse test fail. */
export const dataChunkMemoTesting: { omitHead: boolean; omitContent: boolean } =
  { omitHead: false, omitContent: false };

/**
 * formatTsDataFast(chunk, options), reused for a kept declaration printed the same way before;
 * `reuse: false` (nothing printed now is looked up again, see formatFileParts): printed as it is.
 */
export function formatDataChunk(
  chunk: DataChunk,
  options: Options,
  optionsKey: string,
  reuse = true,
): string | undefined {
  if (!reuse) return formatTsDataFast(chunk, options);
  const value = chunk.value;
  if (!isKeptDeclaration(value))
    return byItsContent(chunk, options, optionsKey);
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

/** formatTsDataFast(chunk, options) for a value made afresh, reused by content (see above). */
function byItsContent(
  chunk: DataChunk,
  options: Options,
  optionsKey: string,
): string | undefined {
  const content = dataChunkMemoTesting.omitContent
    ? ""
    : JSON.stringify(chunk.value, negativeZero);
  const key = `${optionsKey}\u0000${chunk.leading}\u0000${dataChunkMemoTesting.omitHead ? "" : chunk.head}\u0000${content}`;
  if (byContent.has(key)) {
    const text = byContent.get(key);
    byContent.delete(key);
    byContent.set(key, text);
    return text;
  }
  const text = flatText(formatTsDataFast(chunk, options));
  byContent.set(key, text);
  for (const k of byContent.keys()) {
    if (byContent.size <= BY_CONTENT) break;
    byContent.delete(k);
  }
  return text;
}

/** JSON's replacer telling `-0` apart (as tool-memo.ts's content keys do). */
function negativeZero(_key: string, value: unknown): unknown {
  return value === 0 && Object.is(value, -0) ? { "\u0000-0": true } : value;
}

/** The number of texts kept by content (tests: the memo stays bounded). */
export function dataChunkMemoSize(): number {
  return byContent.size;
}

/** Forgets the texts kept by content (tests; kept declarations' texts go with their values). */
export function clearDataChunkMemo(): void {
  byContent.clear();
}
