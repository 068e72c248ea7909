/** Command-line parsing: a command, then flags; unknown flags are usage errors (exit 2). */
import type { Command, Flags } from "./command.js";
import { didYouMean } from "../core/did-you-mean.js";

export class UsageError extends Error {
  override readonly name = "UsageError";
  /** The command whose help the user should read, when the error is about its flags. */
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

export type ParsedArgs =
  | { readonly kind: "help"; readonly topic?: string }
  | { readonly kind: "version" }
  | {
      readonly kind: "run";
      readonly command: Command;
      readonly flags: Flags;
      readonly positionals: readonly string[];
    };

export function parseArgs(
  argv: readonly string[],
  commands: readonly Command[],
): ParsedArgs {
  const [name, ...rest] = argv;
  if (
    name === undefined ||
    name === "--help" ||
    name === "-h" ||
    name === "help"
  ) {
    return name === "help" && rest[0] !== undefined
      ? { kind: "help", topic: rest[0] }
      : { kind: "help" };
  }
  if (name === "--version" || name === "-v" || name === "version")
    return { kind: "version" };
  const command = commands.find((c) => c.name === name);
  if (!command)
    throw new UsageError(
      `unknown command ${JSON.stringify(name)}${didYouMean(
        name,
        commands.map((c) => c.name),
      )}`,
    );
  if (rest.includes("--help") || rest.includes("-h"))
    return { kind: "help", topic: command.name };
  const flags: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--")) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const doc = command.flags[flag];
    if (!doc)
      throw new UsageError(
        `unknown option --${flag} for ${command.name}${didYouMean(flag, Object.keys(command.flags), (f) => `--${f}`)}`,
        command.name,
      );
    if (doc.kind === "boolean") {
      if (eq !== -1)
        throw new UsageError(`--${flag} takes no value`, command.name);
      flags[flag] = true;
    } else {
      const value = eq !== -1 ? arg.slice(eq + 1) : rest[++i];
      if (value === undefined || value === "")
        throw new UsageError(`--${flag} needs a value`, command.name);
      flags[flag] = value;
    }
  }
  if (positionals.length > 0 && !command.positionals)
    throw new UsageError(
      `unexpected argument ${JSON.stringify(positionals[0])}`,
      command.name,
    );
  return { kind: "run", command, flags, positionals };
}
