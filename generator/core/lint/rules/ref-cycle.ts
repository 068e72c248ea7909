import { isJsonObject, pointerJoin, type Json, type JsonObject } from "../../schema/json.js";
import { resolveRef, type RefScope } from "../../schema/refs.js";
import type { LintContext } from "../rule.js";

/** Applicators that look at the same value: a `$ref` cycle through only these never terminates. */
const IN_PLACE = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else"];

function inPlaceChildren(node: JsonObject): Json[] {
  const out: Json[] = [];
  for (const k of IN_PLACE) {
    const v = node[k];
    if (Array.isArray(v)) out.push(...v);
    else if (v !== undefined && Object.prototype.hasOwnProperty.call(node, k)) out.push(v);
  }
  return out;
}

/**
 * A `$ref` chain that comes back to where it started without descending into a property or an
 * item would make every validation recurse forever (Ajv overflows its stack on it). Recursion
 * through `properties`, `items` and the like is fine and stays allowed. Reported under
 * `unresolved-ref` (the id users have seen for it), by that rule.
 */
export function reportRefCycles(ctx: LintContext, rule: string): void {
  const roots = new Map<string, { root: Json; kind: string }>();
  for (const { node, site } of ctx.schemaNodes) if (site.pointer === site.resource) roots.set(site.resource, { root: node, kind: site.resourceKind });
  const reported = new Set<string>();
  for (const { node, site } of ctx.schemaNodes) {
    if (!isJsonObject(node) || typeof node.$ref !== "string") continue;
    const res = roots.get(site.resource)!;
    const scope: RefScope = { root: res.root, catalogDefs: ctx.catalogDefs, isCatalogDef: res.kind === "catalog-def" };
    if (!reported.has(site.pointer) && returnsTo(node, scope)) {
      reported.add(site.pointer);
      ctx.report({ rule, severity: "error", pointer: pointerJoin(site.pointer, "$ref"), message: `$ref ${JSON.stringify(node.$ref)} leads back to itself without descending into a property or item: validation would never end` });
    }
  }
}

/** Does following `$ref`/in-place applicators from `start` lead back to `start`? */
function returnsTo(start: JsonObject, scope: RefScope): boolean {
  const seen = new Set<Json>();
  const stack: Json[] = [];
  const push = (from: JsonObject) => {
    if (typeof from.$ref === "string") {
      const r = resolveRef(from.$ref, { ...scope, isCatalogDef: false });
      if (r.ok) stack.push(r.target);
    }
    for (const c of inPlaceChildren(from)) stack.push(c);
  };
  push(start);
  let steps = 0;
  while (stack.length > 0 && steps++ < 100_000) {
    const n = stack.pop()!;
    if (n === start) return true;
    if (!isJsonObject(n) || seen.has(n)) continue;
    seen.add(n);
    push(n);
  }
  return false;
}
