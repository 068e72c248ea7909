/**
 * The parts of the output texts made as ropes (`concatenated`: `+` of the parts, which V8 keeps
 * as a tree until the text is read), so that writing such a text encodes its parts one after the
 * other (file-write.ts) instead of reading the rope, which makes V8 copy it whole into one flat
 * two-byte string first: after a one-tool edit of the real tools in `generate --watch`, that copy
 * of the sixteen changed provider files (5.4 M characters) cost more than encoding them.
 *
 * Kept by output path, the latest text of each with its parts; a text is looked up by its path and
 * taken only if it is that very text (`===` of the same string is one pointer compare). Bounded
 * like format.ts's joined texts: a catalog's output has about fifty paths; past 256 it starts over.
 */
import { concatenated } from "../core/emit/line-ends.js";

const ropes = new Map<
  string,
  { readonly text: string; readonly parts: readonly string[] }
>();
const MAX_ROPES = 256;

/** `concatenated(parts)`, remembered as the text at `path` with its parts. */
export function ropeOf(path: string, parts: readonly string[]): string {
  const text = concatenated(parts);
  if (ropes.size >= MAX_ROPES && !ropes.has(path)) ropes.clear();
  ropes.set(path, { text, parts });
  return text;
}

/** The parts `text` at `path` was made of by `ropeOf`, or undefined when it was not made so. */
export function partsOf(
  path: string,
  text: string,
): readonly string[] | undefined {
  const rope = ropes.get(path);
  // The very text: one pointer compare. Another text of another length: one length compare. Only
  // another text of the same length is compared character by character (reading both ropes).
  return rope !== undefined && rope.text === text ? rope.parts : undefined;
}

/** For tests: the number of texts kept. */
export function ropeCount(): number {
  return ropes.size;
}
