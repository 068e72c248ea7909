/** Runs every lint rule over a catalog document that passed the document check. */
import type { JsonObject } from "../schema/json.js";
import { buildContext } from "./context.js";
import { LINT_RULES } from "./registry.js";
import type { Finding, LintRule } from "./rule.js";

/** `rules`: a subset, for callers that need only some answers (`toolcat diff` asks whether the catalog compiles). */
export function runLint(
  catalog: JsonObject,
  rules: readonly LintRule[] = LINT_RULES,
): Finding[] {
  const findings: Finding[] = [];
  const context = buildContext(catalog, (f) => findings.push(f));
  for (const rule of rules) rule.run(context);
  return findings;
}
