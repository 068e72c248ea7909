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

export type FileState = "same" | "changed" | "missing";

export class FileComparer {
  private readonly expected: Buffer;
  private readonly actual: Buffer;

  /** @param slice UTF-16 units encoded per step (one more for a whole surrogate pair; at most 3 bytes each in UTF-8) */
  constructor(private readonly slice = 256 * 1024) {
    this.expected = Buffer.allocUnsafe((slice + 1) * 3);
    this.actual = Buffer.allocUnsafe((slice + 1) * 3);
  }

  compare(path: string, text: string): FileState {
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
      for (let start = 0; start < text.length;) {
        let end = Math.min(start + this.slice, text.length);
        // Never split a surrogate pair (each half alone would be encoded as U+FFFD): stop before
        // it, or take it whole when it is all the slice holds.
        if (
          end < text.length &&
          isSurrogatePair(text.charCodeAt(end - 1), text.charCodeAt(end))
        )
          end += end - start > 1 ? -1 : 1;
        const length = this.expected.write(text.slice(start, end), 0, "utf8");
        if (position + length > size) return "changed";
        if (readAt(fd, this.actual, length, position) < length)
          return "changed";
        if (
          !this.actual
            .subarray(0, length)
            .equals(this.expected.subarray(0, length))
        )
          return "changed";
        position += length;
        start = end;
      }
      // An empty file is still read, so a directory fails here as it did when read whole.
      if (text.length === 0) readAt(fd, this.actual, 1, 0);
      return position === size ? "same" : "changed";
    } finally {
      closeSync(fd);
    }
  }
}

function isSurrogatePair(first: number, second: number): boolean {
  return (
    first >= 0xd800 && first <= 0xdbff && second >= 0xdc00 && second <= 0xdfff
  );
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
