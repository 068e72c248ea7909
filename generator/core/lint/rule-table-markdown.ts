/**
 * The rule table as Markdown, from the rule registry (`ruleTable()`, what `toolcat lint --rules`
 * prints): for docs/lint.md and README. The playground renders the same rows as an HTML table.
 */
import { ruleTable } from "./registry.js";
import type { RuleSeverity } from "./rule.js";

export const SEVERITY_TEXT: Readonly<Record<RuleSeverity, string>> = {
  error: "error",
  warning: "warning",
  info: "info",
  strict: "error for a `strict: true` target, else warning",
  mixed: "depends on the finding",
};

function cell(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/\|/g, "\\|")
    .replace(/\r?\n/g, " ");
}

export function ruleTableMarkdown(): string {
  const rows = ruleTable().map(
    (r) =>
      `| \`${r.id}\` | ${cell(r.summary)} | ${cell(SEVERITY_TEXT[r.severity])} | ${r.fix ? `yes: ${cell(r.fix)}` : "no"} |`,
  );
  return (
    [
      "| rule | checks | severity | `--fix` |",
      "| --- | --- | --- | --- |",
      ...rows,
    ].join("\n") + "\n"
  );
}
