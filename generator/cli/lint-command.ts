/** `toolcat lint`: report findings, or `--fix` them in place (mechanical fixes only). */
import { rename, writeFile } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { lint } from "../index.js";
import { readCatalogSource } from "../node/read-catalog.js";
import { ruleTable } from "../core/lint/registry.js";
import type { RuleSeverity } from "../core/lint/rule.js";
import { formatDiagnostics, summary, type DiagnosticFormat } from "./report.js";
import { UsageError } from "./args.js";
import type { Diagnostic } from "../core/diagnostics.js";
import type { Flags } from "./command.js";

export async function runLintCommand(flags: Flags): Promise<number> {
  const format = (
    typeof flags.format === "string" ? flags.format : "text"
  ) as DiagnosticFormat;
  if (!["text", "json", "github"].includes(format))
    throw new UsageError(
      `--format must be text, json or github, not ${JSON.stringify(flags.format)}`,
      "lint",
    );
  const maxWarnings =
    typeof flags["max-warnings"] === "string"
      ? Number(flags["max-warnings"])
      : Infinity;
  if (Number.isNaN(maxWarnings) || maxWarnings < 0)
    throw new UsageError("--max-warnings needs a non-negative number", "lint");

  if (flags.rules === true) {
    process.stdout.write(formatRuleTable());
    return 0;
  }

  const catalog = resolve(
    typeof flags.catalog === "string" ? flags.catalog : "catalog/tools.yaml",
  );
  const display =
    relative(process.cwd(), catalog).split(sep).join("/") || catalog;
  let diagnostics: readonly Diagnostic[];
  if (flags.fix === true) {
    const source = Buffer.from(
      await readCatalogSource(catalog, display),
    ).toString("utf8");
    // Loaded here: it brings `yaml`, which only editing the catalog's text needs.
    const { fixCatalog } = await import("../core/lint/fix.js");
    const result = fixCatalog(display, source);
    if (result.text !== source) {
      const tmp = `${catalog}.toolcat-tmp`;
      await writeFile(tmp, result.text, "utf8");
      await rename(tmp, catalog);
    }
    if (format === "text")
      process.stderr.write(
        `toolcat: ${result.applied} fix${result.applied === 1 ? "" : "es"} applied to ${display}\n`,
      );
    diagnostics = (await lint({ catalog, source: result.text })).diagnostics;
  } else {
    diagnostics = (await lint({ catalog })).diagnostics;
  }
  process.stdout.write(
    formatDiagnostics(diagnostics, format, { verbose: flags.verbose === true }),
  );
  if (format === "text")
    process.stderr.write(
      `toolcat: ${summary(diagnostics, flags.verbose === true)}\n`,
    );
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

const SEVERITY_LABELS: Record<RuleSeverity, string> = {
  error: "error",
  warning: "warning",
  info: "info",
  strict: "error if strict", // error when a target is strict: true, warning otherwise
  mixed: "varies",
};

/** `lint --rules`: one line per rule id with its severity, whether `--fix` fixes it, and what it reports. */
export function formatRuleTable(): string {
  const rows = ruleTable().map((r) => [
    r.id,
    SEVERITY_LABELS[r.severity],
    r.fix ? "yes" : "no",
    r.fix ? `${r.summary} (--fix ${r.fix})` : r.summary,
  ]);
  const all = [["rule", "severity", "fix", "what it reports"], ...rows];
  const widths = [0, 1, 2].map(
    (i) => Math.max(...all.map((row) => row[i]!.length)) + 2,
  );
  const legend =
    'severity: "error if strict" is an error when a target has strict: true, a warning otherwise; "varies" depends on the finding.\n';
  return (
    all
      .map(
        (row) =>
          row
            .map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell))
            .join("") + "\n",
      )
      .join("") + legend
  );
}
