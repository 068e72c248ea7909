/**
 * `toolcat diff` output: text (one line per change, most severe first), markdown (ready to paste
 * as a pull-request comment: one table per tool), json (machine-readable) and github (workflow
 * annotations at the catalog lines).
 */
import { compare } from "../core/diagnostics.js";
import type { Acknowledgement } from "../core/diff/acknowledgements.js";
import { fails, severityRank, type DiffFinding } from "../core/diff/finding.js";
import { escapeGithubData, escapeGithubProperty, oneLine } from "./report.js";

export type DiffFormat = "text" | "markdown" | "json" | "github";

export interface DiffReport {
  /** How the base was named on the command line (a ref or a file). */
  readonly base: string;
  readonly catalog: string;
  readonly findings: readonly DiffFinding[];
  readonly unmatched: readonly Acknowledgement[];
  readonly ackFile: string;
  readonly failOnHandlers: boolean;
}

export const MCP_NOTE =
  "Effect escalations and output changes are what MCP clients feel: they cache the tool list with its annotations (readOnlyHint, destructiveHint) and read results against outputSchema.";

export function failing(
  report: Pick<DiffReport, "findings" | "failOnHandlers">,
): DiffFinding[] {
  return report.findings.filter(
    (f) => !f.acknowledged && fails(f, report.failOnHandlers),
  );
}

/** Most severe first; then unacknowledged before acknowledged; then in catalog order (stable sort). */
function ordered(findings: readonly DiffFinding[]): DiffFinding[] {
  return [...findings].sort(
    (a, b) =>
      severityRank(a) - severityRank(b) ||
      Number(!!a.acknowledged) - Number(!!b.acknowledged),
  );
}

function who(f: DiffFinding): string {
  if (f.breaks === "nobody") return "compatible";
  return `${f.certainty === "possibly" ? "possibly breaks" : "breaks"} ${f.breaks}`;
}

function summaryLine(report: DiffReport): string {
  const count = (p: string) =>
    report.findings.filter((f) => f.breaks === p && !f.acknowledged).length;
  const acked = report.findings.filter((f) => f.acknowledged).length;
  const n = report.findings.length;
  // Each count agrees with its verb: "1 breaks callers", "2 break callers".
  const verb = (n: number, one: string, many: string) =>
    `${n} ${n === 1 ? one : many}`;
  const parts = [
    verb(count("callers"), "breaks callers", "break callers"),
    verb(count("consumers"), "breaks consumers", "break consumers"),
    verb(count("handlers"), "needs handler changes", "need handler changes"),
    `${count("nobody")} compatible`,
  ];
  if (acked > 0) parts.push(`${acked} acknowledged`);
  return `${n} change${n === 1 ? "" : "s"} from ${report.base} to ${report.catalog}: ${parts.join(", ")}`;
}

/** Whether a change is one MCP clients feel (an effect changed, an output schema changed): the note is about those. */
function mcpFelt(f: DiffFinding): boolean {
  if (
    f.rule === "tool-effect-escalated" ||
    f.rule === "tool-effect-relaxed" ||
    f.rule === "output-added" ||
    f.rule === "output-removed"
  )
    return true;
  const prefix =
    "/tools/" + f.tool.replace(/~/g, "~0").replace(/\//g, "~1") + "/output";
  return f.pointer === prefix || f.pointer.startsWith(prefix + "/");
}

function relativePointer(f: DiffFinding): string {
  const prefix = "/tools/" + f.tool.replace(/~/g, "~0").replace(/\//g, "~1");
  return f.pointer.startsWith(prefix)
    ? f.pointer.slice(prefix.length) || "/"
    : f.pointer;
}

function text(report: DiffReport): string {
  const lines = ordered(report.findings).map((f) => {
    const must = f.handlerMust ? `; handler must ${f.handlerMust}` : "";
    const ack = f.acknowledged
      ? ` (acknowledged: ${oneLine(f.acknowledged.reason)})`
      : "";
    return `${f.at.file}:${f.at.line}:${f.at.col} ${who(f)} ${f.rule} ${oneLine(f.tool)} ${oneLine(relativePointer(f))}: ${oneLine(f.message)}${must} [${f.fingerprint}]${ack}`;
  });
  for (const u of report.unmatched)
    lines.push(
      `${report.ackFile}:${u.line}:${u.col} stale acknowledgement ${u.fingerprint}: it matches no change (remove it once its change has reached the base)`,
    );
  lines.push(`toolcat diff: ${summaryLine(report)}`);
  if (report.findings.some(mcpFelt)) lines.push(`note: ${MCP_NOTE}`);
  return lines.join("\n") + "\n";
}

/** Table cells: no line breaks, no pipes, no HTML from the catalog. */
function cell(value: string): string {
  return oneLine(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\|/g, "&#124;")
    .replace(/`/g, "&#96;");
}

const ICON: Record<number, string> = {
  0: "🔴",
  1: "🟠",
  2: "🟡",
  3: "🟡",
  4: "⚪",
};

function markdown(report: DiffReport): string {
  const out: string[] = [];
  const blocking = failing(report).length;
  const parties = report.failOnHandlers
    ? "callers, consumers or handlers"
    : "callers or consumers";
  out.push(
    `### toolcat diff: ${blocking === 0 ? "no unacknowledged breaking change" : `${blocking} unacknowledged change${blocking === 1 ? "" : "s"} break${blocking === 1 ? "s" : ""} ${parties}`}`,
    "",
  );
  out.push(cell(summaryLine(report)) + ".", "");
  if (report.findings.length === 0) return out.join("\n") + "\n";
  if (report.findings.some(mcpFelt)) out.push(`> ${MCP_NOTE}`, "");
  out.push(
    "🔴 breaks callers or consumers · 🟠 possibly breaks them · 🟡 the handler must change (flagged by the type checker in this pull request) · ⚪ compatible · ✅ acknowledged",
    "",
  );
  const byTool = new Map<string, DiffFinding[]>();
  for (const f of ordered(report.findings))
    byTool.set(f.tool, [...(byTool.get(f.tool) ?? []), f]);
  const worst = (fs: readonly DiffFinding[]) =>
    Math.min(...fs.map((f) => severityRank(f) + (f.acknowledged ? 10 : 0)));
  const tools = [...byTool.entries()].sort(
    (a, b) => worst(a[1]) - worst(b[1]) || compare(a[0], b[0]),
  );
  for (const [tool, fs] of tools) {
    out.push(
      `#### <code>${cell(tool)}</code>`,
      "",
      "| | Change | Where | Breaks | Details | Fingerprint |",
      "| --- | --- | --- | --- | --- | --- |",
    );
    for (const f of fs) {
      const icon = f.acknowledged ? "✅" : ICON[severityRank(f)]!;
      const details =
        cell(f.message) +
        (f.handlerMust ? `<br>Handler must ${cell(f.handlerMust)}.` : "") +
        (f.acknowledged
          ? `<br>Acknowledged: ${cell(f.acknowledged.reason)}`
          : "");
      const where = `<code>${cell(relativePointer(f))}</code> (${cell(f.at.side === "old" ? "was at " : "")}${cell(f.at.file)}:${f.at.line})`;
      out.push(
        `| ${icon} | <code>${f.rule}</code> | ${where} | ${cell(who(f))} | ${details} | <code>${f.fingerprint}</code> |`,
      );
    }
    out.push("");
  }
  if (report.unmatched.length > 0) {
    out.push(
      `Stale acknowledgements in <code>${cell(report.ackFile)}</code> (they match no change; remove them):`,
      "",
    );
    for (const u of report.unmatched)
      out.push(
        `- line ${u.line}: <code>${u.fingerprint}</code> — ${cell(u.reason)}`,
      );
    out.push("");
  }
  out.push(
    `To accept a change after review, add its fingerprint with a reason to <code>${cell(report.ackFile)}</code>.`,
    "",
  );
  return out.join("\n");
}

function json(report: DiffReport): string {
  const count = (p: string) =>
    report.findings.filter((f) => f.breaks === p).length;
  return (
    JSON.stringify(
      {
        base: report.base,
        catalog: report.catalog,
        summary: {
          changes: report.findings.length,
          callers: count("callers"),
          consumers: count("consumers"),
          handlers: count("handlers"),
          nobody: count("nobody"),
          acknowledged: report.findings.filter((f) => f.acknowledged).length,
          failing: failing(report).length,
        },
        findings: ordered(report.findings),
        staleAcknowledgements: report.unmatched,
      },
      null,
      2,
    ) + "\n"
  );
}

function github(report: DiffReport): string {
  const lines = ordered(report.findings).map((f) => {
    const level =
      f.acknowledged || f.breaks === "nobody"
        ? "notice"
        : fails(f, report.failOnHandlers)
          ? "error"
          : "warning";
    const props = `file=${escapeGithubProperty(f.anchor.file)},line=${f.anchor.line},col=${f.anchor.col},title=${escapeGithubProperty(`toolcat diff ${f.rule}`)}`;
    const must = f.handlerMust ? `; handler must ${f.handlerMust}` : "";
    const ack = f.acknowledged
      ? ` (acknowledged: ${f.acknowledged.reason})`
      : "";
    return `::${level} ${props}::${escapeGithubData(`${who(f)}: ${f.tool} ${relativePointer(f)}: ${f.message}${must} [${f.fingerprint}]${ack}`)}`;
  });
  for (const u of report.unmatched)
    lines.push(
      `::warning file=${escapeGithubProperty(report.ackFile)},line=${u.line},col=${u.col},title=toolcat diff stale acknowledgement::${escapeGithubData(`${u.fingerprint} matches no change; remove it`)}`,
    );
  return lines.map((l) => l + "\n").join("");
}

export function formatDiff(report: DiffReport, format: DiffFormat): string {
  switch (format) {
    case "text":
      return text(report);
    case "markdown":
      return markdown(report);
    case "json":
      return json(report);
    case "github":
      return github(report);
  }
}
