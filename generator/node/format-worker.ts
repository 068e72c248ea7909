/** Worker thread for `format.ts`: formats one chunk per message with prettier. */
import { parentPort } from "node:worker_threads";
import { format, type Options } from "prettier";

parentPort!.on("message", async (m: { index: number; text: string; options: Options }) => {
  try {
    parentPort!.postMessage({ index: m.index, text: await format(m.text, m.options) });
  } catch (e) {
    parentPort!.postMessage({ index: m.index, error: (e as Error).message });
  }
});
