import {
  isJsonObject,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../../schema/json.js";
import { resolveRef } from "../../schema/refs.js";
import type { Fix, LintContext, LintRule, SchemaSite } from "../rule.js";
import {
  admitsPropertyName,
  closableIgnoringRequired,
  declaresPropertyName,
  IN_PLACE_KEYWORDS,
} from "./property-admission.js";
import { isObjectSchema } from "./schema-facts.js";

/**
 * A `required` entry that names no declared property. Where the object is closed to that name it
 * is required and forbidden at once, so the tool can never be called: an error. Where the object
 * is open it is usually a typo or a leftover (any value passes for it, and the type says
 * `unknown`): a warning. `--fix` removes the entry when the object is closed, or when
 * `no-additional-properties` is about to close it (that fix waits until the entry is gone).
 */
export const requiredUndeclared: LintRule = {
  id: "required-undeclared",
  summary:
    "a required name that no property declares (an error where the object is closed to it)",
  severity: "mixed",
  fix: "removes the entry where the object is or becomes closed",
  run(ctx) {
    const byPointer = new Map<string, { node: Json; site: SchemaSite }>();
    for (const entry of ctx.schemaNodes)
      byPointer.set(entry.site.pointer, entry);
    for (const { node, site } of ctx.schemaNodes) {
      if (!isJsonObject(node) || !Array.isArray(node.required)) continue;
      const found: { index: number; name: string; closed: boolean }[] = [];
      (node.required as readonly Json[]).forEach((name, index) => {
        if (typeof name !== "string") return; // invalid-schema reports it
        const closed = !admitsPropertyName(node, name);
        if (!closed && declaredAround(ctx, node, site, byPointer, name)) return;
        found.push({ index, name, closed });
      });
      if (found.length === 0) continue;
      const becomesClosed =
        isObjectSchema(node) && closableIgnoringRequired(node, site.via);
      const consequence =
        site.pointer === site.resource && site.resourceKind === "input"
          ? "the tool can never be called"
          : "no value satisfies this object";
      for (const { index, name, closed } of found) {
        const fix =
          closed || becomesClosed
            ? asOneFix(removeRequiredEntries(node, site.pointer, [index]))
            : undefined;
        ctx.report({
          rule: this.id,
          severity: closed ? "error" : "warning",
          pointer: pointerJoin(site.pointer, "required", index),
          message: closed
            ? `required ${JSON.stringify(name)} is not a property this object admits, so ${consequence}; declare it in properties or remove it from required`
            : `required ${JSON.stringify(name)} is not declared in properties (any value passes for it); declare it or remove it from required`,
          fix,
        });
      }
    }
  },
};

/**
 * The edits that take the entries at `indices` out of the object's `required` list (the whole
 * key when none would be left), highest index first so each pointer stays right.
 */
export function removeRequiredEntries(
  node: JsonObject,
  pointer: string,
  indices: readonly number[],
): Exclude<Fix, { op: "group" }>[] {
  const requiredPointer = pointerJoin(pointer, "required");
  const length = Array.isArray(node.required) ? node.required.length : 0;
  if (new Set(indices).size >= length)
    return [{ op: "remove-key", pointer: requiredPointer }];
  return [...new Set(indices)]
    .sort((a, b) => b - a)
    .map((i) => ({
      op: "remove-item",
      pointer: pointerJoin(requiredPointer, i),
    }));
}

function asOneFix(fixes: Exclude<Fix, { op: "group" }>[]): Fix {
  return fixes.length === 1 ? fixes[0]! : { op: "group", fixes };
}

/**
 * Whether `name` is declared by the object, by a schema that applies to the same value through
 * an in-place applicator (allOf branches, a $ref target, …), or by such a schema's parent.
 */
function declaredAround(
  ctx: LintContext,
  node: JsonObject,
  site: SchemaSite,
  byPointer: ReadonlyMap<string, { node: Json; site: SchemaSite }>,
  name: string,
): boolean {
  const roots = new Map<string, Json>();
  const rootOf = (resource: string) => {
    if (!roots.has(resource))
      roots.set(resource, byPointer.get(resource)?.node ?? null);
    return roots.get(resource)!;
  };
  const seen = new Set<Json>();
  const stack: Json[] = [node];
  // Ancestors that see the same value: up through in-place applicators.
  for (
    let s: SchemaSite | undefined = site;
    s?.via !== undefined &&
    IN_PLACE_KEYWORDS.has(s.via) &&
    s.parentPointer !== undefined;
    s = byPointer.get(s.parentPointer)?.site
  ) {
    if (s.parent) stack.push(s.parent);
  }
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (!isJsonObject(n) || seen.has(n)) continue;
    seen.add(n);
    if (declaresPropertyName(n, name)) return true;
    for (const k of IN_PLACE_KEYWORDS) {
      const v = n[k];
      if (Array.isArray(v)) stack.push(...v);
      else if (v !== undefined) stack.push(v);
    }
    if (typeof n.$ref === "string") {
      const r = resolveRef(n.$ref, {
        root: rootOf(site.resource),
        catalogDefs: ctx.catalogDefs,
        isCatalogDef: site.resourceKind === "catalog-def",
      });
      if (r.ok) stack.push(r.target);
    }
  }
  return false;
}
