/**
 * The `toolcat` command. Exit codes: 0 clean; 1 findings (errors) or drift; 2 usage, I/O or
 * internal error. Everything that touches the file system or the process lives here and in
 * generator/node; the pipeline itself is pure.
 */
import { parseArgs, UsageError, type FlagSpec } from "./args.js";
import { runGenerate } from "./generate-command.js";
import { runLintCommand } from "./lint-command.js";
import { ToolcatUsageError } from "../index.js";
import { packageRoot } from "../node/package-root.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const SPECS: Record<string, FlagSpec> = {
  generate: { catalog: "string", out: "string", js: "boolean", check: "boolean", watch: "boolean", quiet: "boolean", verbose: "boolean", "no-format": "boolean", "no-cache": "boolean" },
  lint: { catalog: "string", fix: "boolean", format: "string", verbose: "boolean", "max-warnings": "string", rules: "boolean" },
};

const HELP = `toolcat — one YAML tool catalog in; types, validators, provider declarations out.

Usage:
  toolcat generate [--catalog catalog/tools.yaml] [--out generated] [--js] [--check] [--watch]
  toolcat lint     [--catalog catalog/tools.yaml] [--fix] [--format text|json|github]
                   [--max-warnings N] [--verbose] [--rules]

generate   writes generated/ from the catalog (atomic; stale generated files removed)
  --check  compare with disk instead of writing; prints a diff, exits 1 on drift
  --watch  regenerate whenever the catalog changes; keeps running after a bad edit
  --js     emit ESM .js + .d.ts instead of .ts
  --quiet  print nothing but problems
  --no-cache  format everything afresh (formatted chunks are cached in node_modules/.cache/toolcat)

lint       reports catalog problems as file:line:col severity rule: message
  --fix    apply mechanical fixes in place (comments and formatting kept)

Exit codes: 0 clean, 1 findings or drift, 2 usage, I/O or internal error.
`;

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const args = parseArgs(argv, SPECS);
    switch (args.command) {
      case "help":
        process.stdout.write(HELP);
        return 0;
      case "version":
        process.stdout.write(JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")).version + "\n");
        return 0;
      case "generate":
        return await runGenerate(args.flags);
      case "lint":
        return await runLintCommand(args.flags);
      default:
        throw new UsageError(`unknown command ${JSON.stringify(args.command)}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`toolcat: ${e.message}\n\n${HELP}`);
      return 2;
    }
    if (e instanceof ToolcatUsageError) {
      process.stderr.write(`toolcat: ${e.message}\n`);
      return 2;
    }
    const err = e as NodeJS.ErrnoException;
    if (err && typeof err.code === "string" && typeof err.syscall === "string") {
      process.stderr.write(`toolcat: ${err.syscall} ${err.path ?? ""}: ${err.code}\n`);
      return 2;
    }
    // An internal error: one line by default, the stack only when asked for.
    process.stderr.write(`toolcat: internal error: ${err?.message ?? String(e)}\n`);
    if (process.env.TOOLCAT_DEBUG) process.stderr.write(`${err?.stack ?? ""}\n`);
    else process.stderr.write("toolcat: set TOOLCAT_DEBUG=1 for details, and please report it\n");
    return 2;
  }
}
