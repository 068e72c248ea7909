/**
 * Stage 1–3: bytes → text → YAML → JSON with positions → document check → lint.
 * Shared by `generate` and `lint`; pure (no file system).
 */
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { checkDocument } from "../check/check-document.js";
import { runLint } from "../lint/run-lint.js";
import { locateFindings, runLintMemo } from "../lint/lint-memo.js";
import { compilerFindings } from "../lint/compiler-check.js";
import type { Finding, LintRule } from "../lint/rule.js";
import { Locator } from "../locate.js";
import type { JsonObject } from "../schema/json.js";
import { LineIndex } from "./line-index.js";
import { lintablePart } from "./lintable-part.js";
import { checkText, decodeCatalog } from "./source-text.js";
import { parseCatalogYaml } from "./parse-catalog-yaml.js";
import type { ParsedYaml } from "./yaml-to-json.js";

export interface LoadedCatalog {
  /** Display path of the catalog (posix). */
  readonly path: string;
  readonly text: string;
  /** The catalog as JSON, when it parsed and passed the document check. */
  readonly catalog?: JsonObject;
  readonly parsed?: ParsedYaml;
  readonly locator: Locator;
  /** Lint findings with their fixes (for `lint --fix`). */
  readonly findings: readonly Finding[];
  readonly diagnostics: readonly Diagnostic[];
  readonly timings: readonly { stage: string; ms: number }[];
}

/**
 * @param options.lint          run the lint rules (default true)
 * @param options.compileCheck  also ask the validator compiler, when the rules found no error
 *                              (`toolcat lint`; `generate` hears the same from its emitter)
 * @param options.lintRules     run only these lint rules (default: all)
 * @param options.onChecked     told the catalog as soon as it passed the document check, before
 *                              the lint rules run (a worker thread starts on it meanwhile)
 * @param options.keep          reuse the parse of the catalog's tools (and other root entries)
 *                              read last with `keep` where their text is the same
 *                              (parse-catalog-yaml.ts; `generate`)
 */
export function loadCatalog(
  path: string,
  source: string | Uint8Array,
  options: {
    lint?: boolean;
    compileCheck?: boolean;
    lintRules?: readonly LintRule[];
    onChecked?: (catalog: JsonObject) => void;
    keep?: boolean;
  } = {},
): LoadedCatalog {
  const timings: { stage: string; ms: number }[] = [];
  let t = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    timings.push({ stage, ms: now - t });
    t = now;
  };

  const decoded =
    typeof source === "string" ? checkText(source) : decodeCatalog(source);
  const text = decoded.text;
  const lines = new LineIndex(text);
  if (!decoded.ok) {
    const locator = new Locator(path, lines, new Map());
    const d = locator.at(decoded.problem.offset, {
      severity: "error",
      rule: decoded.problem.rule,
      message: decoded.problem.message,
    });
    return { path, text, locator, findings: [], diagnostics: [d], timings };
  }
  lap("read");

  const parsed = parseCatalogYaml(text, options.keep);
  const locator = new Locator(path, lines, parsed.locations);
  const diagnostics: Diagnostic[] = parsed.problems.map((p) =>
    locator.at(p.offset, {
      severity: "error",
      rule: p.rule,
      message: p.message,
    }),
  );
  lap("parse");
  if (
    parsed.value === undefined ||
    diagnostics.some((d) => d.rule !== "json-parseable")
  ) {
    return {
      path,
      text,
      parsed,
      locator,
      findings: [],
      diagnostics: sortDiagnostics(diagnostics),
      timings,
    };
  }

  const checked = checkDocument(parsed.value);
  for (const f of checked)
    diagnostics.push(locator.pointer(f.pointer, f.atKey, f));
  lap("check");
  if (hasErrors(diagnostics)) {
    // The rules still read the parts the structure errors are not about: one run reports both.
    const part =
      options.lint !== false
        ? lintablePart(
            parsed.value,
            checked.filter((f) => f.severity === "error").map((f) => f.pointer),
          )
        : undefined;
    if (part !== undefined)
      diagnostics.push(
        ...lintCatalog(part, locator, path, { ...options, compileCheck: false })
          .diagnostics,
      );
    return {
      path,
      text,
      parsed,
      locator,
      findings: [],
      diagnostics: sortDiagnostics(diagnostics),
      timings,
    };
  }

  const catalog = parsed.value as JsonObject;
  options.onChecked?.(catalog);
  let findings: Finding[] = [];
  if (options.lint !== false) {
    const linted = lintCatalog(catalog, locator, path, options);
    findings = linted.findings;
    diagnostics.push(...linted.diagnostics);
    lap("lint");
  }
  return {
    path,
    text,
    catalog,
    parsed,
    locator,
    findings,
    diagnostics: sortDiagnostics(diagnostics),
    timings,
  };
}

/**
 * The lint rules over a catalog that passed the document check (loadCatalog runs them unless told
 * not to; the pipeline runs them itself, after starting the emitters).
 */
export function lintCatalog(
  catalog: JsonObject,
  locator: Locator,
  path: string,
  options: {
    compileCheck?: boolean;
    lintRules?: readonly LintRule[];
    /**
     * Reuse the findings of tools unchanged since the run before in this process, and their
     * diagnostics where they did not move (lint-memo.ts; the findings' order within a rule may
     * differ from runLint's, so only for diagnostics that are sorted: `generate`).
     */
    memo?: boolean;
  } = {},
): { readonly findings: Finding[]; readonly diagnostics: Diagnostic[] } {
  let findings = options.memo
    ? runLintMemo(catalog, options.lintRules)
    : runLint(catalog, options.lintRules);
  if (options.compileCheck && !findings.some((f) => f.severity === "error"))
    findings = [...findings, ...compilerFindings(catalog, path)];
  if (options.memo)
    return { findings, diagnostics: locateFindings(findings, locator) };
  const diagnostics = findings.map((f) =>
    locator.pointer(f.pointer, f.atKey, {
      severity: f.severity,
      rule: f.rule,
      message: f.message,
      target: f.target,
      fixable: f.fix !== undefined,
    }),
  );
  return { findings, diagnostics };
}
