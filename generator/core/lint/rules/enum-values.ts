import { isJsonObject, pointerJoin, type Json } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

function kindOf(v: Json): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

export const enumValues: LintRule = {
  id: "enum-values",
  summary:
    "enums are non-empty lists of primitives of one type (null allowed beside it)",
  severity: "mixed",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isJsonObject(node) || !Array.isArray(node.enum)) continue;
      const at = pointerJoin(site.pointer, "enum");
      const values = node.enum as readonly Json[];
      if (values.length === 0) {
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: at,
          message: "enum is empty: no value could ever pass",
        });
        continue;
      }
      const kinds = new Set(
        values.map(kindOf).map((k) => (k === "number" ? "number" : k)),
      );
      const complex = [...kinds].filter((k) => k === "object" || k === "array");
      if (complex.length > 0) {
        ctx.report({
          rule: this.id,
          severity: ctx.strictSeverity,
          pointer: at,
          message: `enum holds ${complex.join(" and ")} values; providers accept primitive enum values only`,
        });
        continue;
      }
      kinds.delete("null");
      if (kinds.size > 1)
        ctx.report({
          rule: this.id,
          severity: ctx.strictSeverity,
          pointer: at,
          message: `enum mixes ${[...kinds].sort().join(", ")} values; use one type (null may stand beside it)`,
        });
    }
  },
};
