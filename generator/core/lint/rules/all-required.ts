import { isJsonObject, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";
import { admitsNull, isObjectSchema, requiredNames } from "./schema-facts.js";

/**
 * Strict mode wants every property required. toolcat lowers an optional property for those
 * targets to required-and-nullable (null then means "omitted" and is removed before the handler),
 * so this is information about what the model will see, not an error. The optional field that is
 * already nullable is the ambiguous case; `optional-nullable` reports that one.
 */
export const allRequired: LintRule = {
  id: "all-required",
  summary:
    "optional properties (lowered to required-and-nullable for strict targets)",
  severity: "info",
  run(ctx) {
    if (ctx.nullableOptionalTargets.length === 0) return;
    const targets = ctx.nullableOptionalTargets.map((t) => t.id).join(", ");
    for (const { node, site } of ctx.schemaNodes) {
      if (
        site.resourceKind === "output" ||
        !isObjectSchema(node) ||
        !isJsonObject(node.properties ?? null)
      )
        continue;
      const required = new Set(requiredNames(node));
      for (const key of Object.keys(node.properties as object)) {
        if (
          required.has(key) ||
          admitsNull((node.properties as Record<string, never>)[key]!)
        )
          continue;
        ctx.report({
          rule: this.id,
          severity: "info",
          pointer: pointerJoin(site.pointer, "properties", key),
          atKey: true,
          message: `optional ${JSON.stringify(key)} is declared to ${targets} as required and nullable; a null from the model is removed before the handler runs`,
        });
      }
    }
  },
};
