import { hasOwn, isJsonObject } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

const TYPING = ["type", "enum", "const", "$ref", "anyOf", "oneOf", "allOf"];

export const typedProperties: LintRule = {
  id: "typed-properties",
  summary: "every property says its type (type, enum, const, $ref or a union)",
  severity: "strict",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (site.via !== "properties") continue;
      if (isJsonObject(node) && TYPING.some((k) => hasOwn(node, k))) continue;
      ctx.report({
        rule: this.id,
        severity: ctx.strictSeverity,
        pointer: site.pointer,
        atKey: true,
        message: `property ${JSON.stringify(site.propertyName)} has no type`,
      });
    }
  },
};
