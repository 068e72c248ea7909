import { TYPESCRIPT_OBJECT_MEMBERS } from "../../codegen/identifiers.js";
import { isJsonObject } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

/** See TYPESCRIPT_OBJECT_MEMBERS: no type spelling avoids that check short of admitting the method. */
export const prototypeName: LintRule = {
  id: "prototype-name",
  summary:
    "optional properties named like an Object member (toString, constructor, …), which TypeScript object literals cannot leave out",
  severity: "warning",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (
        site.via !== "properties" ||
        site.propertyName === undefined ||
        !TYPESCRIPT_OBJECT_MEMBERS.has(site.propertyName)
      )
        continue;
      const required =
        site.parent && Array.isArray(site.parent.required)
          ? site.parent.required
          : [];
      if (required.includes(site.propertyName)) continue;
      // An untyped property (true, {}) admits the inherited method too: nothing to say.
      if (
        node === true ||
        (isJsonObject(node) &&
          Object.keys(node).every(
            (k) => k === "description" || k === "title" || k === "$comment",
          ))
      )
        continue;
      ctx.report({
        rule: this.id,
        severity: "warning",
        pointer: site.pointer,
        atKey: true,
        message: `optional property ${JSON.stringify(site.propertyName)} is named like a member of Object: TypeScript rejects an object literal of the generated type that leaves it out (it checks the inherited ${site.propertyName} instead); rename it or make it required`,
      });
    }
  },
};
