/**
 * The laid-out text of a code chunk the emitters write in prettier's layout (ts-code-format.ts),
 * kept from run to run in one process (`generate --watch`): after a one-tool edit every other
 * tool's chunks of validators.ts, the types, the Standard Schemas and the provider modules come out
 * of the emitters as the same text, and their wide lines need not be found and broken again.
 *
 * formatCanonicalChunks lays out each chunk from the chunk alone — its text, `members`, `width`
 * and `laidOut` — the options, and prettier's answers for the chunk's wide lines that no exact
 * breaker takes (the same for the same line, options and prettier version: each wide line is a
 * statement of its own in the batch sent, and the batch is halved until every line that can be
 * placed is), so the key is exactly those: the text (the first level, compared as a whole), then
 * the other fields, the options and prettier's version. A chunk the fast path declined
 * (undefined: it goes to prettier whole) is not kept, and is laid out again on the next run with
 * the other misses in one call, as formatFiles does.
 *
 * Bounded: at most MAX_CHARS of kept text and key text in all, the least recently used dropped first.
 */
import type { Options } from "prettier";
import type { CanonicalChunk } from "../core/emit/artifact.js";
import { flatText } from "../core/flat-text.js";
import { formatCanonicalChunks, type FormatText } from "./ts-code-format.js";

interface Laid {
  /** Everything of the key besides the chunk's text (see fieldsKey). */
  readonly fields: string;
  readonly text: string;
}

/** By the chunk's text, oldest first (a hit moves to the end). */
const kept = new Map<string, Laid[]>();
let keptChars = 0;
/** Key and kept text together: the real tools' code is about 1.5 MB, a 1,000-tool catalog's 30 MB. */
const MAX_CHARS = 24 * 1024 * 1024;
/** Texts per chunk text (other options or fields); then they start over. */
const PER_TEXT = 4;

/**
 * For tests only: a piece of the key to leave out (of the text: all but its start), which must
 * make the reuse test fail (a stale text reused). Never set outside tests.
 */
export const canonicalChunkMemoTesting: {
  omit: undefined | "text" | "fields" | "options";
  /** The bound (tests: a small one shows what is dropped). */
  maxChars: number;
} = { omit: undefined, maxChars: MAX_CHARS };

/** Forgets every kept text (tests). */
export function clearCanonicalChunkMemo(): void {
  kept.clear();
  keptChars = 0;
}

/** The number of kept texts (tests: the memo stays bounded). */
export function canonicalChunkMemoSize(): number {
  let size = 0;
  for (const laid of kept.values()) size += laid.length;
  return size;
}

/**
 * formatCanonicalChunks(chunks, options, format), with the chunks laid out before under the same
 * key taken as they were. `optionsKey` names the options and prettier's version together.
 */
export async function formatCanonicalChunksKept(
  chunks: readonly CanonicalChunk[],
  options: Options,
  optionsKey: string,
  format: FormatText,
): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = [];
  const missed: number[] = [];
  const keys: [string, string][] = [];
  // Most chunks have no field besides their text: their key is the same string for the call.
  // Interned, so that it is the very string kept with the chunks of the run before.
  const plainFields = internedFields(fieldsKey({ canonical: "" }, optionsKey));
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    // Left out for a test: only the chunk's start (its first line, as a tool's chunk keeps
    // after an edit further down).
    const text =
      canonicalChunkMemoTesting.omit === "text"
        ? chunk.canonical.slice(0, 40)
        : chunk.canonical;
    const fields =
      chunk.members === undefined &&
      chunk.width === undefined &&
      chunk.laidOut === undefined
        ? plainFields
        : fieldsKey(chunk, optionsKey);
    keys.push([text, fields]);
    const laid = kept.get(text);
    const hit = laid?.find((l) => l.fields === fields);
    if (hit !== undefined) {
      // The most recently used last.
      kept.delete(text);
      kept.set(text, laid!);
      out.push(hit.text);
    } else {
      out.push(undefined);
      missed.push(i);
    }
  }
  if (missed.length === 0) return out;
  const laidOut = await formatCanonicalChunks(
    missed.map((i) => chunks[i]!),
    options,
    format,
  );
  missed.forEach((i, k) => {
    const text = laidOut[k];
    if (text === undefined) return;
    // Kept flat: the file is joined from these texts on every run (flat-text.ts).
    out[i] = flatText(text);
    keep(keys[i]![0], keys[i]![1], out[i]!);
  });
  return out;
}

/** One string for each plain chunks' key seen lately (a file's options: a few per output folder). */
const plainKeys = new Map<string, string>();

function internedFields(fields: string): string {
  const known = plainKeys.get(fields);
  if (known !== undefined) return known;
  if (plainKeys.size >= 64) plainKeys.clear();
  plainKeys.set(fields, fields);
  return fields;
}

/** The chunk's fields besides its text, and the options' key. */
function fieldsKey(chunk: CanonicalChunk, optionsKey: string): string {
  const omit = canonicalChunkMemoTesting.omit;
  const fields =
    omit === "fields"
      ? ""
      : `${chunk.members === true}\u0000${chunk.width ?? ""}\u0000${chunk.laidOut === undefined ? "" : `${chunk.laidOut.width}\u0000${chunk.laidOut.text}`}`;
  return `${omit === "options" ? "" : optionsKey}\u0000${fields}`;
}

function keep(text: string, fields: string, laidOut: string): void {
  const size = text.length + fields.length + laidOut.length;
  const max = canonicalChunkMemoTesting.maxChars;
  if (size > max) return;
  let laid = kept.get(text);
  if (!laid) kept.set(text, (laid = []));
  if (laid.length >= PER_TEXT) {
    for (const l of laid)
      keptChars -= text.length + l.fields.length + l.text.length;
    laid.length = 0;
  }
  laid.push({ fields, text: laidOut });
  keptChars += size;
  for (const [k, v] of kept) {
    if (keptChars <= max) break;
    kept.delete(k);
    for (const l of v) keptChars -= k.length + l.fields.length + l.text.length;
  }
}
