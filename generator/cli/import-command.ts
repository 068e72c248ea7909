/** `toolcat import`: read declarations files, write a catalog (never over an existing one without --force). */
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { importTools } from "../core/import/import-tools.js";
import { formatDiagnostic, summary } from "./report.js";
import { UsageError } from "./args.js";
import type { Diagnostic } from "../core/diagnostics.js";
import type { Flags } from "./command.js";

function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return (rel === "" || rel.startsWith("..") ? path : rel).split(sep).join("/");
}

async function readInput(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "is a directory"
          : code === "EACCES"
            ? "permission denied"
            : (e as Error).message;
    throw new UsageError(`cannot read ${display(path)}: ${why}`, "import");
  }
}

/** How many report lines with the same file and message are printed before the rest are counted. */
const REPEATS_SHOWN = 3;

/**
 * Report lines: errors and warnings always, name mappings always; other infos (conversions) only
 * with --verbose. Without it, a message repeated in one file (a corpus where every line has the
 * same extra key) prints three times and then as a count, so the report stays readable.
 */
function printReport(report: readonly Diagnostic[], verbose: boolean): void {
  const seen = new Map<string, number>();
  for (const d of report) {
    if (!verbose && d.severity === "info" && d.rule !== "import-name-mapped")
      continue;
    const key = `${d.file}\u0000${d.rule}\u0000${d.message}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (verbose || n <= REPEATS_SHOWN)
      process.stderr.write(formatDiagnostic(d) + "\n");
  }
  if (verbose) return;
  for (const [key, n] of seen) {
    if (n <= REPEATS_SHOWN) continue;
    const [file, rule, message] = key.split("\u0000");
    process.stderr.write(
      `${file}: ${n - REPEATS_SHOWN} more ${rule}: ${message} (--verbose lists them)\n`,
    );
  }
}

export async function runImport(
  flags: Flags,
  positionals: readonly string[],
): Promise<number> {
  if (positionals.length === 0)
    throw new UsageError(
      "import needs at least one file of tool declarations",
      "import",
    );
  const out = resolve(
    typeof flags.out === "string" ? flags.out : "catalog/tools.yaml",
  );
  if (existsSync(out) && flags.force !== true)
    throw new UsageError(
      `${display(out)} exists; pass --force to overwrite it, or --out another file`,
      "import",
    );
  const sources = [];
  for (const p of positionals)
    sources.push({
      path: display(resolve(p)),
      text: await readInput(resolve(p)),
    });
  const schemaPath = relative(
    dirname(out),
    resolve("node_modules/toolcat/catalog.schema.json"),
  )
    .split(sep)
    .join("/");
  const result = importTools(sources, {
    renameConflicts: flags["rename-conflicts"] === true,
    schemaPath,
  });
  printReport(result.report, flags.verbose === true);
  if (!result.ok || result.catalog === undefined) {
    process.stderr.write(
      `toolcat: nothing written: ${summary(result.report)}\n`,
    );
    return result.report.some((d) => d.rule === "import-syntax") ? 2 : 1;
  }
  await mkdir(dirname(out), { recursive: true });
  const tmp = `${out}.toolcat-tmp`;
  await writeFile(tmp, result.catalog, "utf8");
  await rename(tmp, out);
  const mapped = result.report.filter(
    (d) => d.rule === "import-name-mapped",
  ).length;
  const notCarried = result.report.filter(
    (d) => d.rule === "import-not-carried",
  );
  const converted = result.report.filter(
    (d) => d.rule === "import-converted",
  ).length;
  const destructive = result.report.filter(
    (d) =>
      d.rule === "import-converted" &&
      d.message.startsWith("no `readOnlyHint` or `destructiveHint`"),
  ).length;
  process.stderr.write(
    `toolcat: ${result.tools.length} tool${result.tools.length === 1 ? "" : "s"} from ${sources.length} file${sources.length === 1 ? "" : "s"} written to ${display(out)}; ${mapped} name${mapped === 1 ? "" : "s"} mapped, ${converted} conversion${converted === 1 ? "" : "s"}${flags.verbose === true ? "" : " (--verbose lists them)"}${destructive > 0 ? `, ${destructive} MCP tool${destructive === 1 ? "" : "s"} without hints imported as destructive (MCP's defaults)` : ""}, ${notCarriedSummary(notCarried)}\n`,
  );
  return 0;
}

/** How many things were not carried, and which (each by what its message names first, at most five). */
function notCarriedSummary(
  entries: readonly { readonly message: string }[],
): string {
  if (entries.length === 0) return "0 not carried";
  const names = [
    ...new Set(entries.map((d) => d.message.split(" not carried")[0]!.trim())),
  ];
  const shown = names.slice(0, 5).join(", ");
  return `${entries.length} not carried: ${shown}${names.length > 5 ? `, and ${names.length - 5} more` : ""}`;
}
