/** Diagnostics: every problem toolcat reports, with a stable rule id and a source position. */

export type Severity = "error" | "warning" | "info";

export interface SourcePosition {
  /** 1-based line and column (columns count UTF-16 code units, as editors do). */
  readonly line: number;
  readonly col: number;
}

export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly severity: Severity;
  /** Stable rule id, e.g. `all-required`, `yaml-syntax`. */
  readonly rule: string;
  readonly message: string;
  /** JSON Pointer into the catalog document ("" for the root). */
  readonly pointer: string;
  /** Provider target the finding is about, when it is target-specific. */
  readonly target?: string;
  /** True when `lint --fix` can repair it mechanically. */
  readonly fixable?: boolean;
}

const SEVERITY_RANK: Record<Severity, number> = {
  error: 0,
  warning: 1,
  info: 2,
};

/** Stable order: by position, then rule, then message (code-unit comparison, never locale). */
export function sortDiagnostics(
  diagnostics: readonly Diagnostic[],
): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      compare(a.file, b.file) ||
      a.line - b.line ||
      a.col - b.col ||
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      compare(a.rule, b.rule) ||
      compare(a.target ?? "", b.target ?? "") ||
      compare(a.message, b.message),
  );
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
