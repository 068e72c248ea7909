/**
 * The worker thread of format-pool.ts: formats each file it is sent exactly as the main thread
 * would (the same `formatFiles`), one at a time, in the order received.
 */
import { parentPort } from "node:worker_threads";
import type { FormatReply, FormatRequest } from "./format-pool.js";
import { formatFiles, type PrettierCalls } from "./format.js";
import { lazyPrettier } from "./prettier-load.js";

// prettier is loaded only when a file sent here needs it: with its default options the fast
// paths format every chunk of every file (issue 25), and loading it would cost this thread about
// as much CPU as the formatting (prettier-load.ts).
const prettier: PrettierCalls = lazyPrettier;

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
