/** Reads the catalog file; a missing one says where it was looked for and how to start one. */
import { readFileSync } from "node:fs";

/** Thrown for problems that are not catalog findings: unreadable files, bad options. */
export class ToolcatUsageError extends Error {
  override readonly name = "ToolcatUsageError";
  /** A next step for the user (printed by the CLI on a line of its own). */
  readonly hint?: string;
  constructor(message: string, hint?: string) {
    super(message);
    if (hint !== undefined) this.hint = hint;
  }
}

/**
 * Reads `absolute` (shown as `display`). ENOENT is the first thing a newcomer meets, in a folder
 * without a catalog yet, so it names the full path looked at and suggests `toolcat init`.
 * Read synchronously: a catalog is a local file of kilobytes, read in well under a millisecond,
 * while the promise API's open, stat, read and close each wait for a thread of libuv's pool and
 * then for this one — 3–30 ms on a loaded machine, a large part of a `generate --watch` edit run.
 */
export async function readCatalogSource(
  absolute: string,
  display: string,
): Promise<Uint8Array> {
  try {
    return readFileSync(absolute);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "ENOENT") {
      throw new ToolcatUsageError(
        `no catalog at ${display} (looked for ${absolute})`,
        `run 'toolcat init' to write a starter catalog there, or pass --catalog FILE`,
      );
    }
    const why =
      err.code === "EISDIR"
        ? "is a directory"
        : err.code === "EACCES"
          ? "permission denied"
          : err.message;
    throw new ToolcatUsageError(`cannot read catalog ${display}: ${why}`);
  }
}
