/** Reads the catalog file; a missing one says where it was looked for and how to start one. */
import { readFile } from "node:fs/promises";

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
 */
export async function readCatalogSource(
  absolute: string,
  display: string,
): Promise<Uint8Array> {
  try {
    return await readFile(absolute);
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
