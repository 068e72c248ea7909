import { isJsonObject, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

/** Patterns are ECMAScript regular expressions with the `u` flag, as Ajv compiles them. */
export function compilePattern(pattern: string): string | undefined {
  try {
    new RegExp(pattern, "u");
    return undefined;
  } catch (e) {
    return (e as Error).message.replace(/^Invalid regular expression: /, "");
  }
}

export const patternCompiles: LintRule = {
  id: "pattern-compiles",
  summary:
    "pattern and patternProperties must be valid ECMAScript (u flag) regular expressions",
  severity: "error",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isJsonObject(node)) continue;
      if (typeof node.pattern === "string") {
        const problem = compilePattern(node.pattern);
        if (problem)
          ctx.report({
            rule: this.id,
            severity: "error",
            pointer: pointerJoin(site.pointer, "pattern"),
            message: `pattern does not compile with the u flag: ${problem}`,
          });
      }
      if (isJsonObject(node.patternProperties ?? null)) {
        for (const key of Object.keys(node.patternProperties as object)) {
          const problem = compilePattern(key);
          if (problem)
            ctx.report({
              rule: this.id,
              severity: "error",
              pointer: pointerJoin(site.pointer, "patternProperties", key),
              atKey: true,
              message: `patternProperties key does not compile with the u flag: ${problem}`,
            });
        }
      }
    }
  },
};
