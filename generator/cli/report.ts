/** Diagnostics as text (`file:line:col severity rule: message`), JSON, or GitHub Actions annotations. */
import type { Diagnostic } from "../core/diagnostics.js";

export type DiagnosticFormat = "text" | "json" | "github";

/** Keeps a message on one line whatever the catalog put into it. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085]+/g, " ");
}

export function escapeGithubData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** Ends the text line of a finding `lint --fix` repairs (the position and message stay first). */
export const FIXABLE_MARK = " (fixable)";

export function formatDiagnostic(d: Diagnostic): string {
  const target = d.target ? ` [${d.target}]` : "";
  return `${d.file}:${d.line}:${d.col} ${d.severity} ${d.rule}: ${oneLine(d.message)}${target}${d.fixable ? FIXABLE_MARK : ""}`;
}

export interface FormatOptions {
  /** Include `info` diagnostics in text output. */
  readonly verbose?: boolean;
}

export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  format: DiagnosticFormat,
  options: FormatOptions = {},
): string {
  switch (format) {
    case "json":
      // `fixable` on every entry, so a consumer need not know that absent means false.
      return (
        JSON.stringify(
          diagnostics.map((d) => ({ ...d, fixable: d.fixable === true })),
          null,
          2,
        ) + "\n"
      );
    case "github":
      return diagnostics
        .map((d) => {
          const level =
            d.severity === "error"
              ? "error"
              : d.severity === "warning"
                ? "warning"
                : "notice";
          const props = `file=${escapeGithubProperty(d.file)},line=${d.line},col=${d.col},title=${escapeGithubProperty(`toolcat ${d.rule}`)}`;
          return `::${level} ${props}::${escapeGithubData(d.message + (d.target ? ` [${d.target}]` : ""))}\n`;
        })
        .join("");
    case "text": {
      const shown = options.verbose
        ? diagnostics
        : diagnostics.filter((d) => d.severity !== "info");
      return shown.map((d) => formatDiagnostic(d) + "\n").join("");
    }
  }
}

export function summary(
  diagnostics: readonly Diagnostic[],
  verbose = false,
): string {
  const count = (s: string) =>
    diagnostics.filter((d) => d.severity === s).length;
  const errors = count("error");
  const warnings = count("warning");
  const infos = count("info");
  const parts = [
    `${errors} error${errors === 1 ? "" : "s"}`,
    `${warnings} warning${warnings === 1 ? "" : "s"}`,
  ];
  if (infos > 0)
    parts.push(`${infos} info${verbose ? "" : " (--verbose shows them)"}`);
  return parts.join(", ");
}
