/**
 * The output files this process wrote (or found up to date) with the state of each on disk then,
 * so that the next `writeOutput` of `generate --watch` does not read back a file whose text is the
 * same and which nobody has touched since: after a one-tool edit most of the 53 files of the real
 * tools are unchanged, and comparing each with the disk (encoding its text, reading and comparing
 * several megabytes) was work proportional to the whole output on every run.
 *
 * A file is taken as up to date without reading it only when the text is the one recorded and the
 * file's identity, size, modification and change times (nanoseconds) are all as recorded: any
 * write to the file (by an editor, git, another toolcat) moves its change time. An entry whose
 * times were not older than the moment they were recorded ("racy", as git's: a write in the same
 * tick would not show) never says "same", nor is anything trusted when the times are not there.
 * To a run that writes (`"write"`) it may still say "changed": that only leads to the file being
 * written, which is right whatever the disk holds. So the files a run wrote — every one of them
 * racy, recorded the moment it was written — are written by the next run that changes them
 * without being read back first (after a one-tool edit of the real tools, about 5 MB of provider
 * files compared with the disk only to find that they differ, 4 ms of a 30 ms write). A check
 * (`"compare"`) reports what it finds, so a racy entry tells it nothing.
 * Bounded by the output's paths; `forgetWritten` drops a file's entry (or all).
 */
import { statSync, type BigIntStats } from "node:fs";
import { wellFormed } from "./utf8-slices.js";

interface Written {
  readonly text: string;
  /** The strings `text` is the concatenation of, when it was made so (rope-parts.ts). */
  readonly parts: readonly string[] | undefined;
  /** Times not older than the moment of recording: never proof that the file is the same. */
  readonly racy: boolean;
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
}

const written = new Map<string, Written>();

/**
 * For tests only: trust the text alone (a file changed on disk must then be missed); how recent
 * a change is not trusted (nanoseconds; tests set 0 so as not to wait).
 */
export const writtenMemoTesting: { textOnly: boolean; racyNs: bigint } = {
  textOnly: false,
  racyNs: 2_000_000_000n,
};

function stat(path: string): BigIntStats | undefined {
  try {
    return statSync(path, { bigint: true, throwIfNoEntry: false }) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records that the file at `path` holds `text` now (written, or compared and found the same);
 * `parts`, when given, are the strings `text` is the concatenation of.
 */
export function recordWritten(
  path: string,
  text: string,
  parts?: readonly string[],
): void {
  const s = stat(path);
  const now = BigInt(Date.now()) * 1_000_000n;
  if (!s || !s.isFile() || s.mtimeNs === 0n) {
    written.delete(path);
    return;
  }
  written.set(path, {
    text,
    parts,
    // A file changed in the last moments could change again within its times' resolution unseen.
    racy:
      s.mtimeNs + writtenMemoTesting.racyNs > now ||
      s.ctimeNs + writtenMemoTesting.racyNs > now,
    dev: s.dev,
    ino: s.ino,
    size: s.size,
    mtimeNs: s.mtimeNs,
    ctimeNs: s.ctimeNs,
  });
}

/**
 * What the file at `path` holds against `text`, when known without reading it: "same" as above;
 * "changed" when the file, untouched since, holds a recorded text of another length. Two texts
 * whose UTF-8 is the same have the same length (decoding gives back each text with its lone
 * surrogates, written as U+FFFD, replaced: one code unit for one), so another length is other
 * bytes; a text of the same length is compared with the disk, unless both are ropes that tell
 * (sameLengthTexts). After a one-tool edit most of the changed files (the sixteen provider files,
 * about 5 MB) were encoded and compared with the disk only to find that they differ.
 */
export function knownState(
  path: string,
  text: string,
  use: "write" | "compare",
  parts?: readonly string[],
): "same" | "changed" | undefined {
  const w = written.get(path);
  if (w === undefined || (w.racy && use === "compare")) return undefined;
  const relation =
    w.text.length === text.length
      ? sameLengthTexts(w.text, w.parts, text, parts)
      : "other bytes";
  if (relation === undefined) return undefined;
  const same = relation === "same";
  if (same && w.racy) return undefined;
  if (writtenMemoTesting.textOnly) return same ? "same" : "changed";
  const s = stat(path);
  const untouched =
    s !== undefined &&
    s.isFile() &&
    s.dev === w.dev &&
    s.ino === w.ino &&
    s.size === w.size &&
    s.mtimeNs === w.mtimeNs &&
    s.ctimeNs === w.ctimeNs;
  return untouched ? (same ? "same" : "changed") : undefined;
}

/**
 * How two texts of the same length compare: "same"; "other bytes" when their UTF-8 surely differs;
 * undefined when only the disk can tell (two texts of the same length may have the same UTF-8: a
 * lone surrogate is written as U+FFFD, whichever it is). Part by part where both are ropes of
 * parts of the same lengths, else whole. Comparing two ropes whole makes V8 copy each flat first
 * (15 ms a run for the eighteen files a bound edit changes on the real tools, whose lengths an
 * edit from 5 to 6 leaves as they were); a part kept from run to run is the same string on both
 * sides, one pointer compare. Parts of the same lengths at the same places make the same text
 * exactly when each pair of parts is the same; where a pair differs and both are well-formed
 * UTF-16 (no lone surrogate, so no pair cut at their edges either), their bytes differ, at the
 * same offset of both files, since everything before them is the same.
 */
function sameLengthTexts(
  a: string,
  aParts: readonly string[] | undefined,
  b: string,
  bParts: readonly string[] | undefined,
): "same" | "other bytes" | undefined {
  if (
    aParts !== undefined &&
    bParts !== undefined &&
    aParts.length === bParts.length &&
    aParts.every((p, i) => p.length === bParts[i]!.length)
  ) {
    let relation: "same" | "other bytes" = "same";
    for (let i = 0; i < aParts.length; i++) {
      const [p, q] = [aParts[i]!, bParts[i]!];
      if (p === q) continue;
      if (!wellFormed(p) || !wellFormed(q)) return undefined;
      relation = "other bytes";
    }
    return relation;
  }
  return a === b ? "same" : undefined;
}

/** Forgets the entry of the file at `path` (removed, or about to be replaced), or every entry. */
export function forgetWritten(path?: string): void {
  if (path === undefined) written.clear();
  else written.delete(path);
}

/** The number of entries (tests: bounded by the output's paths). */
export function writtenMemoSize(): number {
  return written.size;
}
