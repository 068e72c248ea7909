import { isJsonObject } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

/**
 * The members TypeScript's `Object` interface declares (lib.es5.d.ts). An object literal that
 * leaves out an optional property of one of these names is checked against the inherited member
 * instead (`toString?: string` meets `() => string`) and rejected: a limit of TypeScript no type
 * spelling avoids short of admitting the method.
 */
export const OBJECT_MEMBER_NAMES: ReadonlySet<string> = new Set(["constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"]);

export const prototypeName: LintRule = {
  id: "prototype-name",
  summary: "optional properties named like an Object member (toString, constructor, …), which TypeScript object literals cannot leave out",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (site.via !== "properties" || site.propertyName === undefined || !OBJECT_MEMBER_NAMES.has(site.propertyName)) continue;
      const required = site.parent && Array.isArray(site.parent.required) ? site.parent.required : [];
      if (required.includes(site.propertyName)) continue;
      // An untyped property (true, {}) admits the inherited method too: nothing to say.
      if (node === true || (isJsonObject(node) && Object.keys(node).every((k) => k === "description" || k === "title" || k === "$comment"))) continue;
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
