/**
 * The laid-out text of the canonical chunks that the types, Standard Schema and dispatcher
 * emitters keep from run to run (generator/core/emit/tool-pieces.ts), kept in one process
 * (`generate --watch`) by the chunk's identity: a kept chunk is frozen, so its text is a function
 * of the options alone (the options are part of the key; prettier, for the wide lines no breaker
 * takes, is this process's one). After a one-tool edit only the edited tool's chunks are laid out
 * again. Chunks that are not kept are laid out as before; entries live as long as the chunk does.
 */
import type { Options } from "prettier";
import type { CanonicalChunk } from "../core/emit/artifact.js";
import { isKeptChunk } from "../core/emit/tool-pieces.js";
import type { FormatText } from "./ts-code-format.js";

type LayOut = (
  chunks: readonly CanonicalChunk[],
  options: Options,
  format: FormatText,
) => Promise<(string | undefined)[]>;

const texts = new WeakMap<object, Map<string, string>>();

/** At most this many texts per chunk (other options); then they start over. */
const PER_CHUNK = 4;

/** For tests only: every kept chunk's text is taken whatever the options, which must make the reuse test fail. */
export const keptChunkMemoTesting: { omitOptions: boolean } = {
  omitOptions: false,
};

/** `layOut(chunks, options, format)`, with the kept chunks laid out before under the same options taken as they were. */
export async function layOutKeptChunks(
  chunks: readonly CanonicalChunk[],
  options: Options,
  format: FormatText,
  layOut: LayOut,
): Promise<(string | undefined)[]> {
  const key = keptChunkMemoTesting.omitOptions ? "" : JSON.stringify(options);
  const out: (string | undefined)[] = new Array<string | undefined>(
    chunks.length,
  );
  const rest: CanonicalChunk[] = [];
  const at: number[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    const known = isKeptChunk(chunk) ? texts.get(chunk)?.get(key) : undefined;
    if (known !== undefined) out[i] = known;
    else {
      rest.push(chunk);
      at.push(i);
    }
  }
  if (rest.length === 0) return out;
  const laidOut = await layOut(rest, options, format);
  for (let j = 0; j < rest.length; j++) {
    const text = laidOut[j];
    out[at[j]!] = text;
    const chunk = rest[j]!;
    if (text === undefined || !isKeptChunk(chunk)) continue;
    let byOptions = texts.get(chunk);
    if (!byOptions) texts.set(chunk, (byOptions = new Map()));
    if (byOptions.size >= PER_CHUNK) byOptions.clear();
    byOptions.set(key, text);
  }
  return out;
}
