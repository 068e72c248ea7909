/**
 * The worker thread of format-pool.ts: formats each file it is sent exactly as the main thread
 * would (the same `formatFiles`), one at a time, in the order received.
 */
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import type { FormatReply, FormatRequest } from "./format-pool.js";
import { formatFiles, type PrettierCalls } from "./format.js";

// prettier is loaded only when a file sent here needs it: with its default options the fast
// paths format every chunk of every file (issue 25), and loading it would cost this thread about
// as much CPU as the formatting. Its version (part of every cache key) is read from its
// package.json, as prettier itself reports it (a test checks they agree).
let loaded: Promise<typeof import("prettier")> | undefined;
const prettier: PrettierCalls = {
  version: (
    createRequire(import.meta.url)("prettier/package.json") as {
      version: string;
    }
  ).version,
  format: async (text, options) =>
    (await (loaded ??= import("prettier"))).format(text, options),
};

let queue: Promise<void> = Promise.resolve();
parentPort?.on("message", (request: FormatRequest) => {
  queue = queue.then(async () => {
    let reply: FormatReply;
    const notices: string[] = [];
    try {
      const [text] = await formatFiles(
        [request.file],
        async () => request.options,
        request.cacheDir,
        prettier,
        (n) => notices.push(n),
      );
      reply = { id: request.id, text: text!, notices };
    } catch (e) {
      reply = { id: request.id, error: String(e), notices };
    }
    parentPort!.postMessage(reply);
  });
});
