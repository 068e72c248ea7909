/** `toolcat playground`: build the browser page if needed and serve it on 127.0.0.1. */
import {
  buildPlayground,
  playgroundBuilt,
  playgroundDir,
} from "../node/playground-build.js";
import { serveStatic } from "../node/static-server.js";
import { UsageError } from "./args.js";
import type { Command, Flags } from "./command.js";

export const playgroundCommand: Command = {
  name: "playground",
  summary:
    "serve the browser playground on 127.0.0.1 (check, auto-strict, build and try tools in a page)",
  usage: "[--port N] [--rebuild]",
  description: `Serves toolcat's browser page on 127.0.0.1 and prints its address; stop it with Ctrl-C.
The page runs toolcat itself — the same lint rules, Auto-strict (lint --fix), lowering,
validators and dispatcher texts as the CLI — entirely in the browser: nothing typed into it
leaves the page. The page is built with Vite into dist/playground on first use.`,
  flags: {
    port: {
      kind: "string",
      value: "N",
      help: "port to listen on (default 4173; 0 picks a free one)",
    },
    rebuild: {
      kind: "boolean",
      help: "build the page again even when dist/playground exists",
    },
  },
  positionals: false,
  run: (flags) => runPlayground(flags),
};

async function runPlayground(flags: Flags): Promise<number> {
  const portText = typeof flags.port === "string" ? flags.port : "4173";
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535)
    throw new UsageError(
      `--port wants a number from 0 to 65535, not ${JSON.stringify(portText)}`,
      "playground",
    );
  const dir = playgroundDir();
  if (flags.rebuild === true || !playgroundBuilt(dir)) {
    process.stderr.write("toolcat: building the playground…\n");
    await buildPlayground(dir);
  }
  const served = await serveStatic(dir, Number(portText));
  process.stdout.write(`toolcat playground: ${served.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await served.close();
  return 0;
}
