/**
 * The `toolcat` command. Exit codes: 0 clean; 1 findings (errors) or drift; 2 usage, I/O or
 * internal error. Everything that touches the file system or the process lives here and in
 * generator/node; the pipeline itself is pure.
 */
import { parseArgs, UsageError } from "./args.js";
import { didYouMean } from "../core/did-you-mean.js";
import { commandHelp, type Command } from "./command.js";
import { generateCommand } from "./generate-command.js";
import {
  diffCommand,
  importCommand,
  initCommand,
  lintCommand,
  playgroundCommand,
} from "./commands.js";
import { ToolcatUsageError } from "../index.js";
import { packageRoot } from "../node/package-root.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Every command, in the order the global help lists them. */
export const COMMANDS: readonly Command[] = [
  initCommand,
  generateCommand,
  lintCommand,
  diffCommand,
  importCommand,
  playgroundCommand,
];

function globalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 3;
  return [
    "toolcat — one YAML tool catalog in; types, validators, provider declarations out.",
    "",
    "Usage: toolcat <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    "Run 'toolcat <command> --help' for that command's options.",
    "Exit codes: 0 clean, 1 findings or drift, 2 usage, I/O or internal error.",
    "",
  ].join("\n");
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const args = parseArgs(argv, COMMANDS);
    switch (args.kind) {
      case "help": {
        const topic =
          args.topic === undefined
            ? undefined
            : COMMANDS.find((c) => c.name === args.topic);
        if (args.topic !== undefined && !topic)
          throw new UsageError(
            `unknown command ${JSON.stringify(args.topic)}${didYouMean(
              args.topic,
              COMMANDS.map((c) => c.name),
            )}`,
          );
        process.stdout.write(topic ? commandHelp(topic) : globalHelp());
        return 0;
      }
      case "version":
        process.stdout.write(
          JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8"))
            .version + "\n",
        );
        return 0;
      case "run":
        return await args.command.run(args.flags, args.positionals);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      // One line and where to read more: the whole help would bury the error.
      process.stderr.write(
        `toolcat: ${e.message}\n${e.command ? `run 'toolcat ${e.command} --help'` : "run 'toolcat --help'"}\n`,
      );
      return 2;
    }
    if (e instanceof ToolcatUsageError) {
      process.stderr.write(
        `toolcat: ${e.message}\n${e.hint ? `${e.hint}\n` : ""}`,
      );
      return 2;
    }
    const err = e as NodeJS.ErrnoException;
    if (
      err &&
      typeof err.code === "string" &&
      typeof err.syscall === "string"
    ) {
      process.stderr.write(
        `toolcat: ${err.syscall} ${err.path ?? ""}: ${err.code}\n`,
      );
      return 2;
    }
    // An internal error: one line by default, the stack only when asked for.
    process.stderr.write(
      `toolcat: internal error: ${err?.message ?? String(e)}\n`,
    );
    if (process.env.TOOLCAT_DEBUG)
      process.stderr.write(`${err?.stack ?? ""}\n`);
    else
      process.stderr.write(
        "toolcat: set TOOLCAT_DEBUG=1 for details, and please report it\n",
      );
    return 2;
  }
}
