import { isJsonObject, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

export const nonEmptyName: LintRule = {
  id: "non-empty-name",
  summary: "tool and property names are not empty",
  severity: "mixed",
  run(ctx) {
    for (const { name, pointer } of ctx.tools) {
      if (name.trim() === "")
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer,
          atKey: true,
          message: "tool name is empty",
        });
    }
    for (const { node, site } of ctx.schemaNodes) {
      if (!isJsonObject(node) || !isJsonObject(node.properties ?? null))
        continue;
      for (const key of Object.keys(node.properties as object)) {
        if (key.trim() === "")
          ctx.report({
            rule: this.id,
            severity: ctx.strictSeverity,
            pointer: pointerJoin(site.pointer, "properties", key),
            atKey: true,
            message: "property name is empty",
          });
      }
    }
  },
};
