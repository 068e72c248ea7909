import { isJsonObject, pointerJoin } from "../../schema/json.js";
import { resolveRef } from "../../schema/refs.js";
import type { LintRule } from "../rule.js";
import { reportRefCycles } from "./ref-cycle.js";

export const unresolvedRef: LintRule = {
  id: "unresolved-ref",
  summary:
    "$ref that does not resolve inside the tool or the catalog's $defs, or that leads back to itself without descending into the data",
  severity: "error",
  run(ctx) {
    const roots = new Map<string, unknown>();
    for (const { node, site } of ctx.schemaNodes)
      if (site.pointer === site.resource) roots.set(site.resource, node);
    for (const { node, site } of ctx.schemaNodes) {
      if (
        !isJsonObject(node) ||
        typeof node.$ref !== "string" ||
        !node.$ref.startsWith("#")
      )
        continue;
      const result = resolveRef(node.$ref, {
        root: roots.get(site.resource) as never,
        catalogDefs: ctx.catalogDefs,
        isCatalogDef: site.resourceKind === "catalog-def",
      });
      if (!result.ok)
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: pointerJoin(site.pointer, "$ref"),
          message: result.message,
        });
    }
    reportRefCycles(ctx, this.id);
  },
};
