import { isJsonObject, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

/** The model only knows what a tool and its fields are for from their descriptions. */
export const descriptionPresent: LintRule = {
  id: "description-present",
  summary: "every tool and every property has a description",
  severity: "strict",
  run(ctx) {
    for (const { name, pointer, tool } of ctx.tools) {
      const d = tool.description;
      if (typeof d !== "string" || d.trim() === "") {
        ctx.report({
          rule: this.id,
          severity: ctx.strictSeverity,
          pointer:
            typeof d === "string"
              ? pointerJoin(pointer, "description")
              : pointer,
          atKey: typeof d !== "string",
          message: `tool ${JSON.stringify(name)} has no description`,
        });
      }
    }
    for (const { node, site } of ctx.schemaNodes) {
      if (site.via !== "properties" || !isJsonObject(node)) continue;
      if (typeof node.$ref === "string") continue; // described where it is defined
      const d = node.description;
      if (typeof d !== "string" || d.trim() === "") {
        ctx.report({
          rule: this.id,
          severity: ctx.strictSeverity,
          pointer: site.pointer,
          atKey: true,
          message: `property ${JSON.stringify(site.propertyName)} has no description`,
        });
      }
    }
  },
};
