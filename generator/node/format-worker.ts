/**
 * The worker thread of format-pool.ts: formats each file it is sent exactly as the main thread
 * would (the same `formatFiles`), one at a time, in the order received.
 */
import { parentPort } from "node:worker_threads";
import type { FormatReply, FormatRequest } from "./format-pool.js";
import { formatFiles } from "./format.js";

// prettier is loaded while the main thread is still reading and emitting.
const prettier = import("prettier");

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
        await prettier,
        (n) => notices.push(n),
      );
      reply = { id: request.id, text: text!, notices };
    } catch (e) {
      reply = { id: request.id, error: String(e), notices };
    }
    parentPort!.postMessage(reply);
  });
});
