import { hasOwn, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";
import { closableByFix } from "./property-admission.js";
import { isObjectSchema } from "./schema-facts.js";

/** Strict mode needs closed objects; open ones also let a model invent fields nobody reads. */
export const noAdditionalProperties: LintRule = {
  id: "no-additional-properties",
  summary: "objects declare additionalProperties: false",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isObjectSchema(node) || node.additionalProperties === false) continue;
      // A branch of a composition must stay open (closing it would reject its siblings' fields),
      // and closing must never make the object unsatisfiable (see closableByFix).
      const fixable = closableByFix(node, site.via);
      ctx.report({
        rule: this.id,
        severity: ctx.strictSeverity,
        pointer: hasOwn(node, "additionalProperties") ? pointerJoin(site.pointer, "additionalProperties") : site.pointer,
        atKey: true,
        message: hasOwn(node, "additionalProperties") ? "object allows additional properties; strict mode needs additionalProperties: false" : "object does not say additionalProperties: false",
        fix: fixable ? { op: "add-key", pointer: site.pointer, key: "additionalProperties", value: false } : undefined,
      });
    }
  },
};
