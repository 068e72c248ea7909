import { hasOwn, pointerJoin } from "../../schema/json.js";
import type { Fix, LintRule } from "../rule.js";
import {
  closableIgnoringRequired,
  requiredForbiddenByClosing,
} from "./property-admission.js";
import { removeRequiredEntries } from "./required-undeclared.js";
import { isObjectSchema } from "./schema-facts.js";

/** Strict mode needs closed objects; open ones also let a model invent fields nobody reads. */
export const noAdditionalProperties: LintRule = {
  id: "no-additional-properties",
  summary: "objects declare additionalProperties: false",
  severity: "strict",
  fix: "adds additionalProperties: false where nothing else decides the property names",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isObjectSchema(node) || node.additionalProperties === false)
        continue;
      // A branch of a composition must stay open (closing it would reject its siblings' fields),
      // and closing must never make the object unsatisfiable: a required name it does not
      // declare (required-undeclared) leaves `required` in the same fix.
      const close = {
        op: "add-key",
        pointer: site.pointer,
        key: "additionalProperties",
        value: false,
      } as const;
      const forbidden = requiredForbiddenByClosing(node);
      const fix: Fix | undefined = !closableIgnoringRequired(node, site.via)
        ? undefined
        : forbidden.length === 0
          ? close
          : {
              op: "group",
              fixes: [
                ...removeRequiredEntries(node, site.pointer, forbidden),
                close,
              ],
            };
      ctx.report({
        rule: this.id,
        severity: ctx.strictSeverity,
        pointer: hasOwn(node, "additionalProperties")
          ? pointerJoin(site.pointer, "additionalProperties")
          : site.pointer,
        atKey: true,
        message: hasOwn(node, "additionalProperties")
          ? "object allows additional properties; strict mode needs additionalProperties: false"
          : "object does not say additionalProperties: false",
        fix,
      });
    }
  },
};
