/**
 * `toolcat diff --base <git-ref | file>`: what a catalog edit breaks. This module reads the two
 * versions (a git ref through `git show <ref>:<path>`), the acknowledgements file, and decides
 * the exit code; the comparison itself is generator/core/diff (pure).
 */
import { execFileSync } from "node:child_process";
import { existsSync, realpathSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { ToolcatUsageError } from "../index.js";
import {
  ackFileName,
  applyAcknowledgements,
  parseAckFile,
  type Acknowledgement,
} from "../core/diff/acknowledgements.js";
import { diffCatalogs } from "../core/diff/diff-catalogs.js";
import { loadVersions } from "../core/diff/load-version.js";
import { DIFF_RULES } from "../core/diff/rules.js";
import { UsageError } from "./args.js";
import type { Flags } from "./command.js";
import { failing, formatDiff, type DiffFormat } from "./diff-report.js";
import { formatDiagnostic } from "./report.js";

/** Display path: relative to the working directory when inside it, posix separators. */
function display(file: string): string {
  const rel = relative(process.cwd(), file);
  return (rel.startsWith("..") || rel === "" ? file : rel).split(sep).join("/");
}

function git(
  cwd: string,
  args: readonly string[],
): { ok: true; out: Buffer } | { ok: false; message: string } {
  try {
    return {
      ok: true,
      out: execFileSync("git", args, {
        cwd,
        stdio: ["ignore", "pipe", "pipe"],
        maxBuffer: 64 * 1024 * 1024,
      }),
    };
  } catch (e) {
    const err = e as { stderr?: Buffer; code?: string; message: string };
    if (err.code === "ENOENT")
      return { ok: false, message: "git is not installed (or not on PATH)" };
    return {
      ok: false,
      message:
        (err.stderr?.toString("utf8").trim().split("\n")[0] ?? err.message) ||
        err.message,
    };
  }
}

interface BaseSource {
  readonly label: string;
  readonly bytes: Uint8Array;
  readonly note?: string;
}

async function readCatalogFile(
  file: string,
  what: string,
): Promise<Uint8Array> {
  try {
    return await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a directory"
          : code === "EACCES"
            ? "permission denied"
            : (code ?? (e as Error).message);
    throw new ToolcatUsageError(`cannot read ${what} ${display(file)}: ${why}`);
  }
}

/** The base catalog: a file when one exists at that path, otherwise `<ref>:<path>` from git. */
async function readBase(
  base: string,
  catalogFile: string,
  baseCatalog: string | undefined,
): Promise<BaseSource> {
  const asFile = resolve(base);
  if (existsSync(asFile) && statSync(asFile).isFile())
    return {
      label: display(asFile),
      bytes: await readCatalogFile(asFile, "base catalog"),
    };
  if (base.startsWith("-"))
    throw new UsageError(
      `--base ${JSON.stringify(base)} is neither a file nor a git ref`,
      "diff",
    );
  const cwd = dirname(catalogFile);
  const top = git(cwd, ["rev-parse", "--show-toplevel"]);
  if (!top.ok)
    throw new ToolcatUsageError(
      `--base ${base}: no such file, and ${display(cwd)} is not in a git repository (${top.message})`,
    );
  const root = top.out.toString("utf8").trim();
  const commit = git(root, [
    "rev-parse",
    "--verify",
    "--quiet",
    `${base}^{commit}`,
  ]);
  if (!commit.ok)
    throw new ToolcatUsageError(
      `--base ${base}: no such file, and no git commit named ${JSON.stringify(base)} (for a remote branch, fetch it first: git fetch origin main)`,
    );

  let path =
    baseCatalog ??
    relative(realpathSync(root), realpathSync(catalogFile))
      .split(sep)
      .join("/");
  let note: string | undefined;
  if (
    baseCatalog === undefined &&
    !git(root, ["cat-file", "-e", `${base}:${path}`]).ok
  ) {
    const moved = detectRename(root, base, path);
    if (moved === undefined)
      throw new ToolcatUsageError(
        `${path} does not exist at ${base}; if the catalog moved, pass --base-catalog <its path at ${base}>`,
      );
    note = `the catalog was at ${moved} in ${base}`;
    path = moved;
  }
  const shown = git(root, ["show", `${base}:${path}`]);
  if (!shown.ok)
    throw new ToolcatUsageError(
      `cannot read ${path} at ${base}: ${shown.message}`,
    );
  return {
    label: `${base}:${path}`,
    bytes: shown.out,
    ...(note ? { note } : {}),
  };
}

/** The catalog's old path, when git sees it renamed between the base and the working tree. */
function detectRename(
  root: string,
  base: string,
  path: string,
): string | undefined {
  const r = git(root, [
    "diff",
    "--name-status",
    "-z",
    "--find-renames",
    "--diff-filter=R",
    base,
    "--",
  ]);
  if (!r.ok) return undefined;
  const fields = r.out.toString("utf8").split("\0");
  for (let i = 0; i + 2 < fields.length; i += 3)
    if (fields[i]!.startsWith("R") && fields[i + 2] === path)
      return fields[i + 1];
  return undefined;
}

async function readAcks(
  file: string,
  explicit: boolean,
): Promise<Acknowledgement[]> {
  if (!explicit && !existsSync(file)) return [];
  const text = Buffer.from(
    await readCatalogFile(file, "acknowledgements file"),
  ).toString("utf8");
  const parsed = parseAckFile(display(file), text);
  if (parsed.problems.length > 0)
    throw new ToolcatUsageError(
      `the acknowledgements file has errors:\n${parsed.problems.map(formatDiagnostic).join("\n")}`,
    );
  return [...parsed.entries];
}

export async function runDiffCommand(flags: Flags): Promise<number> {
  if (flags.rules === true) {
    for (const [id, summary] of Object.entries(DIFF_RULES))
      process.stdout.write(`${id.padEnd(34)}${summary}\n`);
    return 0;
  }
  const format = (
    typeof flags.format === "string" ? flags.format : "text"
  ) as DiffFormat;
  if (!["text", "markdown", "json", "github"].includes(format))
    throw new UsageError(
      `--format must be text, markdown, json or github, not ${JSON.stringify(flags.format)}`,
      "diff",
    );
  if (flags["fail-on"] !== undefined && flags["fail-on"] !== "handlers")
    throw new UsageError(
      `--fail-on takes only "handlers", not ${JSON.stringify(flags["fail-on"])}`,
      "diff",
    );
  if (typeof flags.base !== "string")
    throw new UsageError(
      "--base is required: a git ref (e.g. origin/main) or a catalog file",
      "diff",
    );

  const catalogFile = resolve(
    typeof flags.catalog === "string" ? flags.catalog : "catalog/tools.yaml",
  );
  const headBytes = await readCatalogFile(catalogFile, "catalog");
  const base = await readBase(
    flags.base,
    catalogFile,
    typeof flags["base-catalog"] === "string"
      ? flags["base-catalog"]
      : undefined,
  );
  if (base.note) process.stderr.write(`toolcat: ${base.note}\n`);

  const versions = loadVersions(
    { path: base.label, source: base.bytes },
    { path: display(catalogFile), source: headBytes },
  );
  const old = versions.base;
  if (!old.version)
    throw new ToolcatUsageError(
      `the base catalog ${base.label} has errors, so there is nothing to compare with:\n${old.errors.map(formatDiagnostic).join("\n")}`,
    );
  const head = versions.head;
  if (!head.version) {
    process.stderr.write(
      `${head.errors.map(formatDiagnostic).join("\n")}\ntoolcat: the catalog has errors; fix them first (toolcat lint)\n`,
    );
    return 1;
  }

  const ackFile =
    typeof flags.ack === "string"
      ? resolve(flags.ack)
      : ackFileName(catalogFile);
  const acks = await readAcks(ackFile, typeof flags.ack === "string");
  const { findings, unmatched } = applyAcknowledgements(
    diffCatalogs(old.version, head.version),
    acks,
  );
  const report = {
    base: base.label,
    catalog: display(catalogFile),
    findings,
    unmatched,
    ackFile: display(ackFile),
    failOnHandlers: flags["fail-on"] === "handlers",
  };
  process.stdout.write(formatDiff(report, format));
  return failing(report).length > 0 ? 1 : 0;
}
