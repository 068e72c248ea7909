/**
 * The entries of the root's block mappings (`tools`, `$defs`, `targets`) as the subset parser read
 * them last (`generate --watch`): after a one-tool edit every other tool's lines are the same
 * text, only moved, and reading them again (the whole catalog's parse) and writing the JSON of
 * each new tool object (contentKey, which the memos after the parse key on) was the largest part
 * of a watch run's main thread. A kept entry gives back its value object itself, its position
 * records copied with their offsets shifted (PositionIndex.adopt), and what followed it (its gap).
 *
 * Exact: what the parser makes of an entry's value (`key:` with nothing after it on its line, a
 * block below) is a function of the text from the end of its key line's `:` up to the next
 * content line at the entry's indent or above and the few characters the parser reads there (the
 * next content character, a `---`/`...` marker), of that indent, and of nothing before; so an
 * entry whose name, indent and that text are the same reads the same, moved by the difference of
 * its start. The region compared runs to three characters past the next content start, and to
 * the text's end only where the old one did. Kept values are shared between runs: nothing after
 * the parse changes a parsed catalog (a kept emit thread reuses its tool objects the same way,
 * catalog-delta.ts).
 */
import type { Json } from "../../schema/json.js";
import type { PositionIndex } from "./position-index.js";

/** What followed a kept entry (the parser's Gap, its `owned` as it was when the entry was read). */
export interface KeptGap {
  readonly next: number;
  readonly indent: number;
  readonly commentIndent: number;
  readonly owned: boolean;
}

/** One entry as read: offsets in the text it was read from. */
export interface KeptEntry {
  /** Where its value's reading started (after the key line's `:` and spaces). */
  readonly start: number;
  /** End of the text its reading depended on (see the module comment). */
  readonly end: number;
  /** Its reading reached the text's end (then the new text must end there too). */
  readonly atEnd: boolean;
  /** The indent of the mapping it is an entry of. */
  readonly indent: number;
  readonly value: Json;
  readonly tail: number;
  readonly gap: KeptGap;
  /** Its position records in `index`: the first node id and how many. */
  readonly first: number;
  readonly count: number;
}

/** The last successful parse's entries, by root key and entry name. */
export class EntryMemo {
  text = "";
  index: PositionIndex | undefined;
  entries = new Map<string, KeptEntry>();
}

/**
 * For tests only: `lengthOnly` takes kept entries whose text has the same length without
 * comparing it (a stale entry must then show); `taken` counts the entries taken from a memo.
 */
export const entryMemoTesting: { lengthOnly: boolean; taken: number } = {
  lengthOnly: false,
  taken: 0,
};

/** The key of an entry within the memo. */
export function entryKey(scope: string, name: string): string {
  return `${scope}\u0000${name}`;
}

/** Whether `entry`, read from `old`, reads the same at `start` of `text` with `indent`. */
export function readsTheSame(
  entry: KeptEntry,
  old: string,
  text: string,
  start: number,
  indent: number,
): boolean {
  if (entry.indent !== indent) return false;
  const length = entry.end - entry.start;
  if (
    entry.atEnd ? start + length !== text.length : start + length > text.length
  )
    return false;
  return (
    entryMemoTesting.lengthOnly ||
    text.startsWith(old.slice(entry.start, entry.end), start)
  );
}
