/**
 * Acknowledgements: a reviewed file beside the catalog (`<catalog name>.diff-ack.yaml`) that
 * accepts named changes, each with the reason it is fine.
 *
 *   acknowledged:
 *     - fingerprint: 3f9a0c41d2e7        # printed by toolcat diff for every change
 *       reason: The app stopped sending `note` in 3.2.
 *       rule: input-property-removed     # optional; checked against the change when given
 *
 * An acknowledged change is still listed, marked, and no longer fails the run. An entry that
 * names no change is reported (it is stale once the change reached the base, and can go).
 */
import type { Diagnostic } from "../diagnostics.js";
import { LineIndex } from "../load/line-index.js";
import { parseYaml } from "../load/yaml-to-json.js";
import { Locator } from "../locate.js";
import { isJsonObject, pointerJoin, type Json } from "../schema/json.js";
import type { DiffFinding } from "./finding.js";

export interface Acknowledgement {
  readonly fingerprint: string;
  readonly reason: string;
  readonly rule?: string;
  readonly line: number;
  readonly col: number;
}

export interface AckFile {
  readonly entries: readonly Acknowledgement[];
  /** Problems with the file itself (a usage error: nothing is compared until they are fixed). */
  readonly problems: readonly Diagnostic[];
}

const ENTRY_KEYS = ["fingerprint", "reason", "rule", "tool", "pointer"];

export function ackFileName(catalogFile: string): string {
  const slash =
    Math.max(catalogFile.lastIndexOf("/"), catalogFile.lastIndexOf("\\")) + 1;
  const base = catalogFile.slice(slash).replace(/\.ya?ml$/i, "");
  return catalogFile.slice(0, slash) + base + ".diff-ack.yaml";
}

export function parseAckFile(path: string, text: string): AckFile {
  const parsed = parseYaml(text);
  const locator = new Locator(path, new LineIndex(text), parsed.locations);
  const problems: Diagnostic[] = parsed.problems.map((p) =>
    locator.at(p.offset, {
      severity: "error",
      rule: "ack-file",
      message: p.message,
    }),
  );
  const problem = (pointer: string, message: string) =>
    problems.push(
      locator.pointer(pointer, false, {
        severity: "error",
        rule: "ack-file",
        message,
      }),
    );
  const entries: Acknowledgement[] = [];
  const root: Json | undefined = parsed.value;
  if (problems.length > 0 || root === undefined || root === null)
    return { entries, problems };
  if (!isJsonObject(root) || !Array.isArray(root.acknowledged)) {
    problem(
      "",
      "expected a mapping with `acknowledged:`, a list of {fingerprint, reason}",
    );
    return { entries, problems };
  }
  for (const key of Object.keys(root))
    if (key !== "acknowledged")
      problem(
        pointerJoin("", key),
        `unknown key ${JSON.stringify(key)} (expected acknowledged)`,
      );
  (root.acknowledged as readonly Json[]).forEach((entry, i) => {
    const p = pointerJoin("/acknowledged", i);
    if (!isJsonObject(entry))
      return problem(
        p,
        "an entry must be a mapping with fingerprint and reason",
      );
    for (const key of Object.keys(entry))
      if (!ENTRY_KEYS.includes(key))
        problem(
          pointerJoin(p, key),
          `unknown key ${JSON.stringify(key)} (expected ${ENTRY_KEYS.join(", ")})`,
        );
    if (
      typeof entry.fingerprint !== "string" ||
      !/^[0-9a-f]{12}$/.test(entry.fingerprint)
    )
      return problem(
        pointerJoin(p, "fingerprint"),
        "fingerprint must be the 12 hex digits toolcat diff printed for the change",
      );
    if (typeof entry.reason !== "string" || entry.reason.trim() === "")
      return problem(
        p,
        "every acknowledgement needs a reason: why is this change fine?",
      );
    if (entry.rule !== undefined && typeof entry.rule !== "string")
      return problem(pointerJoin(p, "rule"), "rule must be a rule id");
    const at = locator.pointer(p, false, {
      severity: "info",
      rule: "",
      message: "",
    });
    entries.push({
      fingerprint: entry.fingerprint,
      reason: entry.reason,
      ...(typeof entry.rule === "string" ? { rule: entry.rule } : {}),
      line: at.line,
      col: at.col,
    });
  });
  return { entries, problems };
}

/** Marks the findings the file names; returns the entries that name nothing. */
export function applyAcknowledgements(
  findings: readonly DiffFinding[],
  entries: readonly Acknowledgement[],
): { findings: DiffFinding[]; unmatched: Acknowledgement[] } {
  const byPrint = new Map<string, Acknowledgement>();
  for (const e of entries) byPrint.set(e.fingerprint, e);
  const used = new Set<Acknowledgement>();
  const marked = findings.map((f) => {
    const e = byPrint.get(f.fingerprint);
    if (!e || (e.rule !== undefined && e.rule !== f.rule)) return f;
    used.add(e);
    return { ...f, acknowledged: { reason: e.reason, line: e.line } };
  });
  return { findings: marked, unmatched: entries.filter((e) => !used.has(e)) };
}
