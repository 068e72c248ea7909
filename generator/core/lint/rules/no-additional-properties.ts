import { hasOwn, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";
import { composes, isObjectSchema } from "./schema-facts.js";

/** Strict mode needs closed objects; open ones also let a model invent fields nobody reads. */
export const noAdditionalProperties: LintRule = {
  id: "no-additional-properties",
  summary: "objects declare additionalProperties: false",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isObjectSchema(node) || node.additionalProperties === false) continue;
      // A branch of a composition must stay open: closing it would reject its siblings' fields.
      const inComposition = site.via === "allOf" || site.via === "anyOf" || site.via === "oneOf" || site.via === "then" || site.via === "else" || site.via === "if" || site.via === "not";
      const fixable = !hasOwn(node, "additionalProperties") && !hasOwn(node, "patternProperties") && !hasOwn(node, "propertyNames") && !composes(node) && !inComposition;
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
