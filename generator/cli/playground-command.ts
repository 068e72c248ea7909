/** `toolcat playground`: build the browser page if needed and serve it on 127.0.0.1. */
import {
  buildPlayground,
  playgroundBuilt,
  playgroundDir,
} from "../node/playground-build.js";
import { serveStatic } from "../node/static-server.js";
import { UsageError } from "./args.js";
import type { Flags } from "./command.js";

export async function runPlayground(flags: Flags): Promise<number> {
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
