/**
 * The formatted-chunk cache on disk (`node_modules/.cache/toolcat/format`): prettier's output for
 * one job, by a key that hashes toolcat's and prettier's versions, the options and the input text
 * (so another toolcat or prettier, or other options, never reuse an entry). Each entry carries a
 * hash of its own text: an entry that is truncated or corrupt is not used — it is formatted
 * again and rewritten, and the caller is told (a notice), never given wrong bytes. The cache stays
 * bounded: the bytes written are counted, and past MAX_BYTES the oldest entries are deleted
 * until half of it is left. Everything here is best effort: a read-only or full disk only costs
 * speed.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { packageVersion } from "./package-root.js";

type FsPromises = typeof import("node:fs/promises");
let loaded: FsPromises | undefined;

/**
 * node:fs/promises, loaded when the cache is first read or written: a run without the cache
 * (`--no-cache`, or nothing left for prettier) never needs it, and loading it (its own modules
 * and the streams they pull in) was about 9 ms of the emit worker's start, on the run's critical
 * path; the main thread has it loaded anyway (Node's module loader uses it).
 */
function fs(): FsPromises {
  return (loaded ??= createRequire(import.meta.url)(
    "node:fs/promises",
  ) as FsPromises);
}

/** Past this many bytes written since the last pruning, the cache is pruned to half of it. */
export const MAX_BYTES = 64 * 1024 * 1024;

const MAGIC = "toolcat-format-cache 1 ";

/** The key of one formatting job. */
export function cacheKey(
  prettierVersion: string,
  optionsKey: string,
  text: string,
): string {
  return createHash("sha256")
    .update(packageVersion())
    .update("\0")
    .update(prettierVersion)
    .update("\0")
    .update(optionsKey)
    .update("\0")
    .update(text)
    .digest("hex");
}

const digest = (text: string) =>
  createHash("sha256").update(text).digest("hex");

function entryPath(dir: string, key: string): string {
  return join(dir, key.slice(0, 2), key.slice(2));
}

/**
 * The cached text for `key`, or undefined (absent, or damaged: then `notice` is told and the entry
 * is removed, so the caller's rewrite replaces it).
 */
export async function readEntry(
  dir: string,
  key: string,
  notice: (message: string) => void,
): Promise<string | undefined> {
  const path = entryPath(dir, key);
  let raw: string;
  try {
    raw = await fs().readFile(path, "utf8");
  } catch {
    return undefined;
  }
  const newline = raw.indexOf("\n");
  const text = newline < 0 ? "" : raw.slice(newline + 1);
  if (newline < 0 || raw.slice(0, newline) !== MAGIC + digest(text)) {
    notice(
      `format cache entry ${path} is damaged (truncated or changed); it is formatted again and rewritten`,
    );
    await fs()
      .rm(path, { force: true })
      .catch(() => undefined);
    return undefined;
  }
  return text;
}

/** Writes one entry atomically (a temporary file renamed into place). */
export async function storeEntry(
  dir: string,
  key: string,
  text: string,
): Promise<number> {
  try {
    const path = entryPath(dir, key);
    await fs().mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    const raw = `${MAGIC}${digest(text)}\n${text}`;
    await fs().writeFile(tmp, raw, "utf8");
    await fs().rename(tmp, path);
    return Buffer.byteLength(raw);
  } catch {
    return 0;
  }
}

const COUNTER = "written-bytes";

/**
 * Adds `bytes` to the count of bytes written since the last pruning; past MAX_BYTES, deletes the
 * oldest entries (by modification time) until at most half of MAX_BYTES is left, and restarts
 * the count. Returns how many entries it deleted.
 */
export async function accountAndPrune(
  dir: string,
  bytes: number,
  maxBytes = MAX_BYTES,
): Promise<number> {
  if (bytes === 0) return 0;
  const counter = join(dir, COUNTER);
  let written = 0;
  try {
    written = Number((await fs().readFile(counter, "utf8")).trim()) || 0;
  } catch {
    /* first write, or a damaged counter: count afresh */
  }
  written += bytes;
  if (written <= maxBytes) {
    await fs()
      .writeFile(counter, `${written}\n`)
      .catch(() => undefined);
    return 0;
  }
  const entries: { path: string; size: number; mtime: number }[] = [];
  for (const sub of await fs()
    .readdir(dir)
    .catch(() => [] as string[])) {
    if (sub === COUNTER) continue;
    for (const name of await fs()
      .readdir(join(dir, sub))
      .catch(() => [] as string[])) {
      const path = join(dir, sub, name);
      const s = await fs()
        .stat(path)
        .catch(() => undefined);
      if (s?.isFile()) entries.push({ path, size: s.size, mtime: s.mtimeMs });
    }
  }
  entries.sort((a, b) => a.mtime - b.mtime);
  let total = entries.reduce((n, e) => n + e.size, 0);
  let deleted = 0;
  for (const e of entries) {
    if (total <= maxBytes / 2) break;
    await fs()
      .rm(e.path, { force: true })
      .catch(() => undefined);
    total -= e.size;
    deleted++;
  }
  await fs()
    .writeFile(counter, `${total}\n`)
    .catch(() => undefined);
  return deleted;
}
