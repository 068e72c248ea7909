/** Command-line parsing: a command, then flags; unknown flags are usage errors (exit 2). */

export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface FlagSpec {
  readonly [flag: string]: "boolean" | "string";
}

export interface ParsedArgs {
  readonly command: string | undefined;
  readonly flags: Readonly<Record<string, string | boolean>>;
  readonly positionals: readonly string[];
}

export function parseArgs(argv: readonly string[], specs: Readonly<Record<string, FlagSpec>>): ParsedArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") return { command: "help", flags: {}, positionals: [] };
  if (command === "--version" || command === "-v") return { command: "version", flags: {}, positionals: [] };
  const spec = specs[command];
  if (!spec) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  const flags: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === "--help" || arg === "-h") return { command: "help", flags: { topic: command }, positionals: [] };
    if (!arg.startsWith("--")) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const kind = spec[name];
    if (!kind) throw new UsageError(`unknown option --${name} for ${command}`);
    if (kind === "boolean") {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
    } else {
      const value = eq !== -1 ? arg.slice(eq + 1) : rest[++i];
      if (value === undefined || value === "") throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
    }
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  return { command, flags, positionals };
}
