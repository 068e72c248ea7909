/** Runs every lint rule over a catalog document that passed the document check. */
import type { JsonObject } from "../schema/json.js";
import { buildContext } from "./context.js";
import { LINT_RULES } from "./registry.js";
import type { Finding } from "./rule.js";

export function runLint(catalog: JsonObject): Finding[] {
  const findings: Finding[] = [];
  const context = buildContext(catalog, (f) => findings.push(f));
  for (const rule of LINT_RULES) rule.run(context);
  return findings;
}
