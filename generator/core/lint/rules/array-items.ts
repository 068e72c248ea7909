import { hasOwn } from "../../schema/json.js";
import type { LintRule } from "../rule.js";
import { isArraySchema } from "./schema-facts.js";

export const arrayItems: LintRule = {
  id: "array-items",
  summary: "arrays say what their items are",
  severity: "strict",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isArraySchema(node) || hasOwn(node, "items")) continue;
      ctx.report({
        rule: this.id,
        severity: ctx.strictSeverity,
        pointer: site.pointer,
        atKey: site.via !== undefined,
        message: "array has no `items` schema",
      });
    }
  },
};
