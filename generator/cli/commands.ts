/**
 * The commands other than `generate`, as the parser and the help need them (name, flags, help
 * text); each one's code (generator/cli/<name>-command.ts) is loaded only when it runs, so that
 * `toolcat generate` never loads the diff, import, playground or lint --fix code and what they
 * import (`yaml`, node:http, node:child_process): about 40 ms of a fresh process
 * (docs/performance.md, "Fixed cost of a process").
 */
import type { Command } from "./command.js";

export const initCommand: Command = {
  name: "init",
  summary:
    "write a starter catalog and add the npm scripts that regenerate and check generated/",
  usage: "[--catalog FILE]",
  description: `Writes a small catalog that lints clean and generates (two tools, one reading and one
writing, with an output and a shared $defs entry), and adds the scripts toolcat:generate and
toolcat:check to the package.json of the current folder (an existing script of the same name is
kept). Without a package.json it prints the command for CI. Never overwrites a file.`,
  flags: {
    catalog: {
      kind: "string",
      value: "FILE",
      help: "where to write the catalog (default catalog/tools.yaml)",
    },
  },
  positionals: false,
  run: async (flags) => (await import("./init-command.js")).runInit(flags),
};

export const lintCommand: Command = {
  name: "lint",
  summary:
    "report catalog problems as file:line:col severity rule: message (--fix repairs some)",
  usage:
    "[--catalog FILE] [--fix] [--format text|json|github] [--max-warnings N] [--verbose] [--rules]",
  description: `Checks the catalog against the rules of every enabled provider target. Strict-mode rules
are errors for a target whose strict is true, warnings otherwise.`,
  flags: {
    catalog: {
      kind: "string",
      value: "FILE",
      help: "the catalog to read (default catalog/tools.yaml)",
    },
    fix: {
      kind: "boolean",
      help: "apply the mechanical fixes in place (comments and layout kept), then report what is left",
    },
    format: {
      kind: "string",
      value: "FORMAT",
      help: "text (default), json, or github (workflow annotations)",
    },
    "max-warnings": {
      kind: "string",
      value: "N",
      help: "exit 1 when there are more than N warnings",
    },
    verbose: { kind: "boolean", help: "also print info-level findings" },
    rules: {
      kind: "boolean",
      help: "list every rule id with its severity and whether --fix fixes it",
    },
  },
  positionals: false,
  run: async (flags) =>
    (await import("./lint-command.js")).runLintCommand(flags),
};

export const diffCommand: Command = {
  name: "diff",
  summary:
    "report what a catalog change breaks (callers, handlers, consumers) against a git ref or file",
  usage:
    "--base <git-ref|file> [--catalog FILE] [--base-catalog PATH] [--format text|markdown|json|github] [--fail-on handlers] [--ack FILE] [--rules]",
  description: `Compares the catalog with an earlier version of it, after $ref resolution (moving a definition
or reordering keys reports nothing), and lists every change with whom it breaks:
  callers    a call that was valid is now rejected
  consumers  readers of results may now receive values they never had to handle
  handlers   the tool's handler receives new values or must return something else
Exit 1 when an unacknowledged change breaks callers or consumers (or handlers, with
--fail-on handlers). Acknowledge a reviewed change by its fingerprint, with a reason, in
<catalog>.diff-ack.yaml beside the catalog.`,
  flags: {
    base: {
      kind: "string",
      value: "REF|FILE",
      help: "the version to compare with: a catalog file, or else a git ref (origin/main, HEAD~1, a tag)",
    },
    catalog: {
      kind: "string",
      value: "FILE",
      help: "the new catalog (default catalog/tools.yaml)",
    },
    "base-catalog": {
      kind: "string",
      value: "PATH",
      help: "the catalog's path at the base ref, relative to the repository root, when it moved (detected from git renames otherwise)",
    },
    format: {
      kind: "string",
      value: "FORMAT",
      help: "text (default), markdown (a pull-request comment), json, or github (workflow annotations)",
    },
    "fail-on": {
      kind: "string",
      value: "handlers",
      help: "also exit 1 for changes only the handler must absorb",
    },
    ack: {
      kind: "string",
      value: "FILE",
      help: "the acknowledgements file (default <catalog>.diff-ack.yaml beside the catalog)",
    },
    rules: { kind: "boolean", help: "list every rule id with what it means" },
  },
  positionals: false,
  run: async (flags) =>
    (await import("./diff-command.js")).runDiffCommand(flags),
};

export const importCommand: Command = {
  name: "import",
  summary:
    "start a catalog from MCP, OpenAI, Anthropic or Gemini tool declarations (JSON or JSONL)",
  usage: "<files…> [--out FILE] [--force] [--rename-conflicts] [--verbose]",
  description: `Reads each file (an MCP tools/list result or list of MCP tools, an OpenAI Chat or
Responses tools array, an Anthropic tools array, Gemini functionDeclarations, or JSONL of any of
those), merges them and writes one catalog that toolcat generate accepts. Prints, with positions,
every name it mapped, everything it converted and everything it could not carry. Unreadable
files, unknown formats and a tool defined differently by two sources write nothing.`,
  flags: {
    out: {
      kind: "string",
      value: "FILE",
      help: "the catalog to write (default catalog/tools.yaml)",
    },
    force: { kind: "boolean", help: "overwrite --out when it exists" },
    "rename-conflicts": {
      kind: "boolean",
      help: "keep every definition of a name sources define differently (later ones as name_2, …)",
    },
    verbose: {
      kind: "boolean",
      help: "print every report line (by default conversions are counted, not listed)",
    },
  },
  positionals: true,
  run: async (flags, positionals) =>
    (await import("./import-command.js")).runImport(flags, positionals),
};

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
  run: async (flags) =>
    (await import("./playground-command.js")).runPlayground(flags),
};
