import { isJsonObject, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";
import { compilePattern } from "./pattern-compiles.js";
import { backtrackingRisk } from "./regex-risk.js";

/**
 * Validators run on model output in the request path; a pattern with catastrophic backtracking
 * lets one crafted string stall the process, so such patterns are errors.
 */
export const patternSafe: LintRule = {
  id: "pattern-safe",
  summary:
    "patterns must not backtrack catastrophically (nested or overlapping unbounded repetition)",
  severity: "error",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isJsonObject(node)) continue;
      const check = (pattern: string, pointer: string, atKey: boolean) => {
        if (compilePattern(pattern) !== undefined) return;
        const risk = backtrackingRisk(pattern);
        if (risk)
          ctx.report({
            rule: this.id,
            severity: "error",
            pointer,
            atKey,
            message: `pattern can backtrack catastrophically: ${risk}`,
          });
      };
      if (typeof node.pattern === "string")
        check(node.pattern, pointerJoin(site.pointer, "pattern"), false);
      if (isJsonObject(node.patternProperties ?? null))
        for (const key of Object.keys(node.patternProperties as object))
          check(key, pointerJoin(site.pointer, "patternProperties", key), true);
    }
  },
};
