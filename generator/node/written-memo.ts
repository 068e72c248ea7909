/**
 * The output files this process wrote (or found up to date) with the state of each on disk then,
 * so that the next `writeOutput` of `generate --watch` does not read back a file whose text is the
 * same and which nobody has touched since: after a one-tool edit most of the 53 files of the real
 * tools are unchanged, and comparing each with the disk (encoding its text, reading and comparing
 * several megabytes) was work proportional to the whole output on every run.
 *
 * A file is taken as up to date without reading it only when the text is the one recorded and the
 * file's identity, size, modification and change times (nanoseconds) are all as recorded: any
 * write to the file (by an editor, git, another toolcat) moves its change time. One whose times
 * are not older than the moment they were recorded is never trusted (a write in the same tick
 * would not show, as git's "racy" entries), nor is anything when the times are not there.
 * Bounded by the output's paths; `forgetWritten` drops a file's entry (or all).
 */
import { statSync, type BigIntStats } from "node:fs";

interface Written {
  readonly text: string;
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

/** Records that the file at `path` holds `text` now (written, or compared and found the same). */
export function recordWritten(path: string, text: string): void {
  const s = stat(path);
  const now = BigInt(Date.now()) * 1_000_000n;
  // A file changed in the last moments could change again within its times' resolution unseen.
  if (
    !s ||
    !s.isFile() ||
    s.mtimeNs === 0n ||
    s.mtimeNs + writtenMemoTesting.racyNs > now ||
    s.ctimeNs + writtenMemoTesting.racyNs > now
  ) {
    written.delete(path);
    return;
  }
  written.set(path, {
    text,
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
 * bytes; a text of the same length is compared with the disk. After a one-tool edit most of the
 * changed files (the sixteen provider files, about 5 MB) were encoded and compared with the disk
 * only to find that they differ.
 */
export function knownState(
  path: string,
  text: string,
): "same" | "changed" | undefined {
  const w = written.get(path);
  if (w === undefined) return undefined;
  const same = w.text === text;
  if (!same && w.text.length === text.length) return undefined;
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

/** Forgets the entry of the file at `path` (removed, or about to be replaced), or every entry. */
export function forgetWritten(path?: string): void {
  if (path === undefined) written.clear();
  else written.delete(path);
}

/** The number of entries (tests: bounded by the output's paths). */
export function writtenMemoSize(): number {
  return written.size;
}
