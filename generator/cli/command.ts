/**
 * What every `toolcat` command declares: its flags (each with its help text, so the parser and
 * the help can never disagree), its usage line and how it runs. main.ts lists the commands.
 */

export type Flags = Readonly<Record<string, string | boolean>>;

export interface FlagDoc {
  readonly kind: "boolean" | "string";
  /** Placeholder shown in help for a string flag, e.g. "FILE". */
  readonly value?: string;
  readonly help: string;
}

export interface Command {
  readonly name: string;
  /** One line for the command list of `toolcat --help`. */
  readonly summary: string;
  /** Argument synopsis after the command name, e.g. "[--catalog FILE] [--fix]". */
  readonly usage: string;
  /** A few lines printed under the usage in `toolcat <command> --help`. */
  readonly description: string;
  readonly flags: Readonly<Record<string, FlagDoc>>;
  /** Whether the command takes positional arguments (file names); others reject them. */
  readonly positionals: boolean;
  run(flags: Flags, positionals: readonly string[]): Promise<number>;
}

export function commandHelp(command: Command): string {
  const lines = [
    `Usage: toolcat ${command.name} ${command.usage}`.trimEnd(),
    "",
    command.description.trimEnd(),
    "",
    "Options:",
  ];
  const entries = Object.entries(command.flags).map(
    ([name, doc]) =>
      [
        `--${name}${doc.kind === "string" ? ` ${doc.value ?? "VALUE"}` : ""}`,
        doc.help,
      ] as const,
  );
  entries.push(["--help", "print this help"]);
  const width = Math.max(...entries.map(([left]) => left.length)) + 2;
  for (const [left, help] of entries)
    lines.push(`  ${left.padEnd(width)}${help}`);
  lines.push(
    "",
    "Exit codes: 0 clean, 1 findings or drift, 2 usage, I/O or internal error.",
    "",
  );
  return lines.join("\n");
}
