import {
  hasOwn,
  isJsonObject,
  jsonEqual,
  pointerJoin,
} from "../../schema/json.js";
import type { LintRule } from "../rule.js";

/** A tool's own `$defs` entry shadows the catalog's; two different schemas under one name is an error. */
export const defsConflict: LintRule = {
  id: "defs-conflict",
  summary: "a $defs name defined differently in a tool and in the catalog",
  severity: "error",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (
        site.resourceKind === "catalog-def" ||
        site.pointer !== site.resource ||
        !isJsonObject(node)
      )
        continue;
      for (const key of ["$defs", "definitions"]) {
        const local = node[key];
        if (!isJsonObject(local ?? null)) continue;
        for (const name of Object.keys(local as object)) {
          if (
            hasOwn(ctx.catalogDefs, name) &&
            !jsonEqual(
              (local as Record<string, never>)[name]!,
              ctx.catalogDefs[name]!,
            )
          ) {
            ctx.report({
              rule: this.id,
              severity: "error",
              pointer: pointerJoin(site.pointer, key, name),
              atKey: true,
              message: `$defs ${JSON.stringify(name)} is also defined, differently, in the catalog's ${ctx.catalogDefsPointer.slice(1)}; rename one`,
            });
          }
        }
      }
    }
  },
};
