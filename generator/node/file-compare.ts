/**
 * Whether a file holds exactly the UTF-8 bytes of a text, found without reading or encoding either
 * whole: the text is encoded and the file read one slice at a time into two reused buffers,
 * stopping at the first difference. A large catalog's output is tens of megabytes, most of it
 * unchanged on a rerun; reading it whole and encoding every text whole allocated (and paged in)
 * two copies of all of it, which took longer than the comparison itself. The reads are
 * synchronous: nothing else waits on this thread while a run's output is compared, and each
 * asynchronous open, stat, read and close cost a trip to the thread pool — for a one-tool
 * catalog's 50 files, about 10 ms of CPU in a fresh process where the same calls made
 * synchronously take 3 (docs/performance.md, "Fixed cost of a process").
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { eachUtf8Chunk, SLICE_UNITS, sliceBuffer } from "./utf8-slices.js";

export type FileState = "same" | "changed" | "missing";

export class FileComparer {
  private readonly expected: Buffer;
  private readonly actual: Buffer;

  /** @param slice UTF-16 units encoded per step (utf8-slices.ts) */
  constructor(private readonly slice = SLICE_UNITS) {
    this.expected = sliceBuffer(slice);
    this.actual = sliceBuffer(slice);
  }

  /** `parts`, when given, are the strings `text` is the concatenation of (utf8-slices.ts). */
  compare(path: string, text: string, parts?: readonly string[]): FileState {
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return "missing";
      throw e;
    }
    try {
      const { size } = fstatSync(fd);
      let position = 0;
      const same = eachUtf8Chunk(
        text,
        parts,
        this.expected,
        this.slice,
        (length) => {
          if (position + length > size) return false;
          if (readAt(fd, this.actual, length, position) < length) return false;
          if (
            !this.actual
              .subarray(0, length)
              .equals(this.expected.subarray(0, length))
          )
            return false;
          position += length;
          return true;
        },
      );
      if (!same) return "changed";
      // An empty file is still read, so a directory fails here as it did when read whole.
      if (text.length === 0) readAt(fd, this.actual, 1, 0);
      return position === size ? "same" : "changed";
    } finally {
      closeSync(fd);
    }
  }
}

/** Reads `length` bytes at `position` into the start of `buffer` (fewer only at the end of the file). */
function readAt(
  fd: number,
  buffer: Buffer,
  length: number,
  position: number,
): number {
  let done = 0;
  while (done < length) {
    const bytesRead = readSync(
      fd,
      buffer,
      done,
      length - done,
      position + done,
    );
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}
