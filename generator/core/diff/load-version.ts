/**
 * Loads the two versions of the catalog for comparison: parsed with positions and checked, then
 * the tools that may have changed (see ./unchanged-tools.ts) linted with only the rules that
 * decide whether their schemas can be resolved and compared. Strict-mode and provider rules do
 * not matter to a diff (a base that broke one must still be comparable), and a tool written
 * identically in both versions is never normalised, so it needs no rule at all: that keeps two
 * 1,000-tool catalogs well under the 2 s the command allows.
 */
import { sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import type { LintRule } from "../lint/rule.js";
import { defsConflict } from "../lint/rules/defs-conflict.js";
import { invalidSchema } from "../lint/rules/invalid-schema.js";
import { unresolvedRef } from "../lint/rules/unresolved-ref.js";
import { unsupportedKeyword } from "../lint/rules/unsupported-keyword.js";
import { runLint } from "../lint/run-lint.js";
import { loadCatalog, type LoadedCatalog } from "../load/load-catalog.js";
import type { JsonObject } from "../schema/json.js";
import type { CatalogVersion } from "./diff-catalogs.js";
import { unchangedTools, withoutTools } from "./unchanged-tools.js";

/**
 * What the IR builder relies on: known keywords of the right shape, references that resolve, one
 * schema per definition name. (A reference loop is harmless here: the comparison follows at most
 * 64 references in a row.)
 */
export const COMPARABLE_RULES: readonly LintRule[] = [
  unsupportedKeyword,
  invalidSchema,
  unresolvedRef,
  defsConflict,
];

export interface LoadedVersion {
  readonly version?: CatalogVersion;
  readonly errors: readonly Diagnostic[];
}

function comparable(loaded: LoadedCatalog, catalog: JsonObject): LoadedVersion {
  const errors = runLint(catalog, COMPARABLE_RULES)
    .filter((f) => f.severity === "error")
    .map((f) =>
      loaded.locator.pointer(f.pointer, f.atKey, {
        severity: f.severity,
        rule: f.rule,
        message: f.message,
        ...(f.target !== undefined ? { target: f.target } : {}),
      }),
    );
  return errors.length > 0
    ? { errors: sortDiagnostics(errors) }
    : { version: { loaded, catalog }, errors: [] };
}

function checked(
  path: string,
  source: string | Uint8Array,
): {
  loaded: LoadedCatalog;
  catalog?: JsonObject;
  errors: readonly Diagnostic[];
} {
  const loaded = loadCatalog(path, source, { lint: false });
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  return {
    loaded,
    ...(loaded.catalog && errors.length === 0
      ? { catalog: loaded.catalog }
      : {}),
    errors,
  };
}

/** One version on its own, every tool linted (tests and the API). */
export function loadVersion(
  path: string,
  source: string | Uint8Array,
): LoadedVersion {
  const c = checked(path, source);
  return c.catalog ? comparable(c.loaded, c.catalog) : { errors: c.errors };
}

/** Both versions, with the tools written identically in both (and reaching no changed definition) left out of each. */
export function loadVersions(
  base: { path: string; source: string | Uint8Array },
  head: { path: string; source: string | Uint8Array },
): { base: LoadedVersion; head: LoadedVersion } {
  const a = checked(base.path, base.source);
  const b = checked(head.path, head.source);
  if (!a.catalog || !b.catalog)
    return {
      base: a.catalog ? comparable(a.loaded, a.catalog) : { errors: a.errors },
      head: b.catalog ? comparable(b.loaded, b.catalog) : { errors: b.errors },
    };
  const skip = unchangedTools(a.catalog, b.catalog);
  return {
    base: comparable(a.loaded, withoutTools(a.catalog, skip)),
    head: comparable(b.loaded, withoutTools(b.catalog, skip)),
  };
}
