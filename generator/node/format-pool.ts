/**
 * One worker thread that formats output files (generator/node/format-worker.ts) while the main
 * thread goes on emitting. Files that are mostly text cross over — code chunks and JSON, with
 * plain options — so handing one over costs little more than a copy. Whatever goes wrong there (no
 * compiled worker next to this module, as when running from sources; a crash; an error) resolves
 * to undefined, and the caller formats the file itself: the bytes never depend on the thread.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Options } from "prettier";
import type { OutputFile } from "../core/emit/artifact.js";

export interface FormatRequest {
  readonly id: number;
  readonly file: OutputFile;
  readonly options: Options;
  readonly cacheDir: string | undefined;
}

export type FormatReply = (
  | { readonly id: number; readonly text: string }
  | { readonly id: number; readonly error: string }
) & { readonly notices?: readonly string[] };

export class FormatWorker {
  private readonly pending = new Map<
    number,
    (text: string | undefined) => void
  >();
  private next = 0;
  private broken = false;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    notice: (message: string) => void,
  ) {
    worker.on("message", (reply: FormatReply) => {
      for (const n of reply.notices ?? []) notice(n);
      const done = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.settle();
      done?.("text" in reply ? reply.text : undefined);
    });
    const fail = () => {
      this.broken = true;
      for (const done of this.pending.values()) done(undefined);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", fail);
    // Idle, it never keeps the process alive; with work pending, it does (until the replies).
    worker.unref();
  }

  /** A started worker, or undefined where none can run. */
  static start(
    notice: (message: string) => void = () => undefined,
  ): FormatWorker | undefined {
    const url = new URL("./format-worker.js", import.meta.url);
    if (url.protocol !== "file:" || !existsSync(fileURLToPath(url)))
      return undefined;
    try {
      return new FormatWorker(new Worker(url), notice);
    } catch {
      return undefined;
    }
  }

  /**
   * Files that are mostly text (code chunks or whole-file contents) are handed over; a file that
   * is mostly data (a provider module's declarations, a JSON file kept as its value) stays:
   * copying its objects to another thread costs about what printing them does.
   */
  static takes(file: OutputFile): boolean {
    // A JSON file kept as data is printed from its value where the value is.
    if (file.json !== undefined) return false;
    if (file.chunks === undefined) return true;
    let data = 0;
    for (const c of file.chunks)
      if (typeof c !== "string" && "value" in c) data++;
    return data * 5 <= file.chunks.length;
  }

  /** The formatted text, or undefined when the worker could not produce it. */
  format(
    file: OutputFile,
    options: Options,
    cacheDir: string | undefined,
  ): Promise<string | undefined> {
    if (this.broken) return Promise.resolve(undefined);
    const id = this.next++;
    // Chunked files travel as their chunks (the joined text would only double the copy); a data
    // chunk without its scope, which is only a cache key on this side.
    const chunks = file.chunks?.map((c) =>
      typeof c !== "string" && "value" in c
        ? { leading: c.leading, head: c.head, value: c.value }
        : c,
    );
    const sent: OutputFile = chunks
      ? { path: file.path, language: file.language, contents: "", chunks }
      : file;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.ref();
      try {
        this.worker.postMessage({
          id,
          file: sent,
          options,
          cacheDir,
        } satisfies FormatRequest);
      } catch {
        this.pending.delete(id);
        this.settle();
        resolve(undefined);
      }
    });
  }

  /** Ends the worker once nothing is pending. */
  close(): void {
    this.closing = true;
    this.settle();
  }

  private settle(): void {
    if (this.pending.size > 0) return;
    this.worker.unref();
    if (this.closing) void this.worker.terminate();
  }
}
