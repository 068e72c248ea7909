import { isJsonObject, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";
import { admitsNull, isObjectSchema, requiredNames } from "./schema-facts.js";

/**
 * Under OpenAI strict, optional fields are sent as null to mean "omitted". A field that is both
 * optional and nullable then has two meanings for null; making it required removes the ambiguity.
 */
export const optionalNullable: LintRule = {
  id: "optional-nullable",
  summary:
    "an optional property that also admits null is ambiguous under OpenAI strict",
  severity: "strict",
  fix: "makes the property required (where it is an error)",
  run(ctx) {
    if (ctx.nullableOptionalTargets.length === 0) return;
    // Only the targets that turn "optional" into "nullable" are affected.
    const severity = ctx.nullableOptionalTargets.some(
      (t) => t.options.strict === true,
    )
      ? "error"
      : "warning";
    const fixable = severity === "error";
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
          !admitsNull((node.properties as Record<string, never>)[key]!)
        )
          continue;
        ctx.report({
          rule: this.id,
          severity,
          pointer: pointerJoin(site.pointer, "properties", key),
          atKey: true,
          message: `${JSON.stringify(key)} is optional and admits null: under strict mode null would mean both "omitted" and "null"; make it required (null then says "none")`,
          fix: fixable
            ? {
                op: "append-strings",
                parent: site.pointer,
                key: "required",
                values: [key],
              }
            : undefined,
        });
      }
    }
  },
};
