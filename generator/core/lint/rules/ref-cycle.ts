import {
  isJsonObject,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../../schema/json.js";
import { resolveRef, type RefScope } from "../../schema/refs.js";
import type { LintContext } from "../rule.js";

/** Applicators that look at the same value: a `$ref` cycle through only these never terminates. */
const IN_PLACE = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else"];

function inPlaceChildren(node: JsonObject): Json[] {
  const out: Json[] = [];
  for (const k of IN_PLACE) {
    const v = node[k];
    if (Array.isArray(v)) out.push(...v);
    else if (v !== undefined && Object.prototype.hasOwnProperty.call(node, k))
      out.push(v);
  }
  return out;
}

/**
 * A `$ref` chain that comes back to where it started without descending into a property or an
 * item would make every validation recurse forever (Ajv overflows its stack on it). Recursion
 * through `properties`, `items` and the like is fine and stays allowed. Reported under
 * `unresolved-ref` (the id users have seen for it), by that rule.
 *
 * A `$ref` is on such a chain when it lies on a cycle of the graph whose edges are "`$ref` to its
 * target" and "in-place applicator to its subschema". The cycles are found once per resolution
 * context (strongly connected components, linear in the graph), not by walking the chain again
 * from every `$ref`, which was quadratic: 3,000 definitions that each only refer to the next took
 * 6 s of lint. A tool's input or output resolves `#/$defs/…` in its own `$defs` first, so it is a
 * context of its own; catalog definitions without `$defs` of their own all resolve alike (a
 * pointer that is not a `$defs` entry is already an error there).
 */
export function reportRefCycles(ctx: LintContext, rule: string): void {
  const roots = new Map<string, { root: Json; kind: string }>();
  for (const { node, site } of ctx.schemaNodes)
    if (site.pointer === site.resource)
      roots.set(site.resource, { root: node, kind: site.resourceKind });
  const catalogContext = {};
  const contextOf = (res: { root: Json; kind: string }): Json =>
    res.kind === "catalog-def" &&
    !(
      isJsonObject(res.root) &&
      Object.prototype.hasOwnProperty.call(res.root, "$defs")
    )
      ? catalogContext
      : res.root;
  // Every `$ref` with its context; per context, the `$ref` nodes met in it, then (on first
  // question) those on a cycle.
  const refs: {
    readonly node: JsonObject;
    readonly pointer: string;
    readonly context: Json;
  }[] = [];
  const starts = new Map<Json, JsonObject[]>();
  for (const { node, site } of ctx.schemaNodes) {
    if (!isJsonObject(node) || typeof node.$ref !== "string") continue;
    const context = contextOf(roots.get(site.resource)!);
    refs.push({ node, pointer: site.pointer, context });
    let list = starts.get(context);
    if (list === undefined) starts.set(context, (list = []));
    list.push(node);
  }
  const cyclic = new Map<Json, ReadonlySet<JsonObject>>();
  const onCycle = (context: Json, node: JsonObject): boolean => {
    let found = cyclic.get(context);
    if (found === undefined) {
      const scope: RefScope = {
        root: context,
        catalogDefs: ctx.catalogDefs,
        isCatalogDef: false,
      };
      found = nodesOnCycles(starts.get(context)!, (n) => successors(n, scope));
      cyclic.set(context, found);
    }
    return found.has(node);
  };
  const reported = new Set<string>();
  for (const { node, pointer, context } of refs) {
    if (!reported.has(pointer) && onCycle(context, node)) {
      reported.add(pointer);
      ctx.report({
        rule,
        severity: "error",
        pointer: pointerJoin(pointer, "$ref"),
        message: `$ref ${JSON.stringify(node.$ref)} leads back to itself without descending into a property or item: validation would never end`,
      });
    }
  }
}

/** Where validation goes from `node` without descending into a value: its `$ref`'s target and its in-place subschemas. */
function successors(node: JsonObject, scope: RefScope): JsonObject[] {
  const out: JsonObject[] = [];
  if (typeof node.$ref === "string") {
    const r = resolveRef(node.$ref, scope);
    if (r.ok && isJsonObject(r.target)) out.push(r.target);
  }
  for (const c of inPlaceChildren(node)) if (isJsonObject(c)) out.push(c);
  return out;
}

/**
 * The nodes reachable from `starts` that lie on a cycle (a strongly connected component of more
 * than one node, or a node that is its own successor). Tarjan's algorithm, iterative: a chain of
 * definitions is as deep as the catalog is long.
 */
function nodesOnCycles(
  starts: readonly JsonObject[],
  next: (node: JsonObject) => JsonObject[],
): Set<JsonObject> {
  const index = new Map<JsonObject, number>();
  const low = new Map<JsonObject, number>();
  const onStack = new Set<JsonObject>();
  const stack: JsonObject[] = [];
  const cyclic = new Set<JsonObject>();
  const work: { node: JsonObject; children: JsonObject[]; at: number }[] = [];
  const open = (node: JsonObject) => {
    index.set(node, index.size);
    low.set(node, index.size - 1);
    stack.push(node);
    onStack.add(node);
    work.push({ node, children: next(node), at: 0 });
  };
  for (const start of starts) {
    if (index.has(start)) continue;
    open(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      if (top.at < top.children.length) {
        const child = top.children[top.at++]!;
        if (child === top.node) cyclic.add(child);
        if (!index.has(child)) open(child);
        else if (onStack.has(child))
          low.set(top.node, Math.min(low.get(top.node)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined)
        low.set(
          parent.node,
          Math.min(low.get(parent.node)!, low.get(top.node)!),
        );
      if (low.get(top.node) === index.get(top.node)) {
        const component: JsonObject[] = [];
        for (let member = stack.pop()!; ; member = stack.pop()!) {
          onStack.delete(member);
          component.push(member);
          if (member === top.node) break;
        }
        if (component.length > 1) for (const m of component) cyclic.add(m);
      }
    }
  }
  return cyclic;
}
