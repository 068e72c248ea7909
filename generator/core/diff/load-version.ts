/**
 * Loads one version of the catalog for comparison: parsed with positions and checked, with only
 * the lint rules that decide whether the schemas can be resolved and compared. Strict-mode and
 * provider rules do not matter to a diff (and a base that broke one must still be comparable),
 * and skipping them keeps two 1,000-tool catalogs well under the 2 s the command allows.
 */
import type { Diagnostic } from "../diagnostics.js";
import type { LintRule } from "../lint/rule.js";
import { defsConflict } from "../lint/rules/defs-conflict.js";
import { invalidSchema } from "../lint/rules/invalid-schema.js";
import { unresolvedRef } from "../lint/rules/unresolved-ref.js";
import { unsupportedKeyword } from "../lint/rules/unsupported-keyword.js";
import { loadCatalog } from "../load/load-catalog.js";
import type { CatalogVersion } from "./diff-catalogs.js";

/**
 * What the IR builder relies on: known keywords of the right shape, references that resolve, one
 * schema per definition name. (A reference loop is harmless here: the comparison follows at most
 * 64 references in a row.)
 */
export const COMPARABLE_RULES: readonly LintRule[] = [unsupportedKeyword, invalidSchema, unresolvedRef, defsConflict];

export function loadVersion(path: string, source: string | Uint8Array): { version?: CatalogVersion; errors: readonly Diagnostic[] } {
  const loaded = loadCatalog(path, source, { lintRules: COMPARABLE_RULES });
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (!loaded.catalog || errors.length > 0) return { errors };
  return { version: { loaded, catalog: loaded.catalog }, errors: [] };
}
