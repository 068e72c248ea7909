/**
 * Check mode: a pasted tool in any form `toolcat import` reads, or a catalog, checked exactly as
 * the CLI checks it. A catalog is linted as `toolcat lint` lints it (the lint rules, then the
 * validator compiler); provider declarations go through `importTools` (the pure part of
 * `toolcat import`), whose report points into the pasted text, and the catalog it makes is linted
 * in turn. Auto-strict is `toolcat lint --fix` (`fixCatalog`), on that catalog.
 */
import type { Diagnostic } from "../../../core/diagnostics.js";
import { importTools } from "../../../core/import/import-tools.js";
import { fixCatalog } from "../../../core/lint/fix.js";
import { loadCatalog } from "../../../core/load/load-catalog.js";

export const PASTED_CATALOG = "pasted.yaml";
export const PASTED_DECLARATIONS = "pasted.json";

/** Rules whose finding only a person can resolve: a name or a sentence to write. */
const NEEDS_WORDS = new Set([
  "description-present",
  "non-empty-name",
  "name-portable",
  "prototype-name",
]);

export interface PageFinding extends Diagnostic {
  /** Where it points: the pasted text (marked in the editor) or the catalog made from it. */
  readonly in: "input" | "catalog";
  /** What resolves it: Auto-strict, a sentence or name from the user, or a decision. */
  readonly resolves: "auto-strict" | "needs-words" | "needs-decision" | "none";
}

export interface CheckResult {
  /** How the text was read. */
  readonly form: "empty" | "catalog" | "declarations";
  readonly language: "yaml" | "json";
  readonly findings: readonly PageFinding[];
  /** The catalog the outputs are generated from (the text itself, or what import made of it). */
  readonly catalog?: string;
}

function resolution(d: Diagnostic): PageFinding["resolves"] {
  if (d.fixable) return "auto-strict";
  if (NEEDS_WORDS.has(d.rule)) return "needs-words";
  return d.severity === "info" ? "none" : "needs-decision";
}

function page(
  diagnostics: readonly Diagnostic[],
  where: PageFinding["in"],
): PageFinding[] {
  return diagnostics.map((d) => ({ ...d, in: where, resolves: resolution(d) }));
}

/** Provider declarations are JSON (or JSONL); a catalog may be JSON too when it says `toolcat:`. */
function readsAsDeclarations(text: string): boolean {
  const start = text.trimStart()[0];
  if (start !== "{" && start !== "[") return false;
  try {
    const value: unknown = JSON.parse(text);
    return !(
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      "toolcat" in value
    );
  } catch {
    // JSONL, or broken JSON: import reports where it stops being readable.
    return true;
  }
}

/** The findings of `toolcat lint` for a catalog text. */
export function lintText(path: string, text: string): Diagnostic[] {
  return [...loadCatalog(path, text, { compileCheck: true }).diagnostics];
}

export function checkPasted(text: string): CheckResult {
  if (text.trim() === "")
    return { form: "empty", language: "yaml", findings: [] };
  if (!readsAsDeclarations(text))
    return {
      form: "catalog",
      language: "yaml",
      findings: page(lintText(PASTED_CATALOG, text), "input"),
      catalog: text,
    };
  const imported = importTools([{ path: PASTED_DECLARATIONS, text }], {
    schemaPath: "node_modules/toolcat/catalog.schema.json",
  });
  const report = page(imported.report, "input");
  if (!imported.ok || imported.catalog === undefined)
    return { form: "declarations", language: "json", findings: report };
  return {
    form: "declarations",
    language: "json",
    findings: [
      ...report,
      ...page(lintText(PASTED_CATALOG, imported.catalog), "catalog"),
    ],
    catalog: imported.catalog,
  };
}

export interface AutoStrictResult {
  /** The text that replaces the input: the fixed catalog (YAML). */
  readonly text: string;
  readonly applied: number;
  readonly check: CheckResult;
}

/** `lint --fix` on the catalog the text is (or that import makes of it). */
export function autoStrict(text: string): AutoStrictResult {
  const first = checkPasted(text);
  if (first.catalog === undefined) return { text, applied: 0, check: first };
  const fixed = fixCatalog(PASTED_CATALOG, first.catalog);
  return {
    text: fixed.text,
    applied: fixed.applied,
    check: checkPasted(fixed.text),
  };
}
