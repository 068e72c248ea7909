/**
 * Compares two versions of one tool's input or output schema, family by family, descending into
 * properties, items and branches. References are followed on both sides, so where a definition
 * lives never matters; a pair of references met again (recursion) is not compared twice, and one
 * met at more than MAX_PLACES places is compared at the first of them.
 */
import type { SchemaResource } from "../ir/catalog-ir.js";
import { hasOwn, type Json, type JsonObject } from "../schema/json.js";
import type { Family, SchemaChange, Site, Walk } from "./change.js";
import { compareAnnotations } from "./compare-annotations.js";
import { compareComposition } from "./compare-composition.js";
import { compareConstraints } from "./compare-constraints.js";
import { compareEnum } from "./compare-enum.js";
import { compareObject } from "./compare-object.js";
import { compareTypes } from "./compare-types.js";
import type { Side } from "./rules.js";
import { view } from "./schema-view.js";

/** Every family, in the order their findings are listed for one place. */
const FAMILIES: readonly Family[] = [
  compareTypes,
  compareEnum,
  compareConstraints,
  compareObject,
  compareComposition,
  compareAnnotations,
];

/**
 * Deep equality that refuses any subtree with a `$ref` (two equal references may point at
 * definitions that changed). One pass, no allocation: it runs at every level of the walk.
 */
function sameWithoutRefs(a: Json, b: Json): boolean {
  if (a === b) return typeof a !== "object" || a === null ? true : noRefs(a);
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null
  )
    return false;
  if (Array.isArray(a))
    return (
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((x, i) => sameWithoutRefs(x, (b as readonly Json[])[i]!))
    );
  if (Array.isArray(b) || hasOwn(a, "$ref")) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every(
    (k) =>
      hasOwn(b, k) &&
      sameWithoutRefs((a as JsonObject)[k]!, (b as JsonObject)[k]!),
  );
}

function noRefs(node: Json): boolean {
  if (typeof node !== "object" || node === null) return true;
  if (Array.isArray(node)) return node.every(noRefs);
  return (
    !hasOwn(node, "$ref") &&
    Object.keys(node).every((k) => noRefs((node as JsonObject)[k]!))
  );
}

/** Nesting deeper than this is not a hand-written catalog; stop rather than exhaust the stack. */
const MAX_DEPTH = 200;

/**
 * Places one pair of references is compared at, at most. A shared definition is compared at each
 * place it is used (each is a change callers see), but a definition used six times in one used six
 * times, and so on, has 6^depth places: past this many, its changes are already reported.
 */
const MAX_PLACES = 16;

export function compareResources(
  side: Side,
  oldRes: SchemaResource,
  newRes: SchemaResource,
  pointer: string,
): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const open = new Set<string>();
  const places = new Map<string, number>();
  let depth = 0;
  const w: Walk = {
    side,
    oldRes,
    newRes,
    report: (c) => changes.push(c),
    compare(oldNode: Json | undefined, newNode: Json | undefined, site: Site) {
      // Most of a catalog is untouched: equal subtrees without references have nothing to report.
      if (
        oldNode !== undefined &&
        newNode !== undefined &&
        sameWithoutRefs(oldNode, newNode)
      )
        return;
      const o = view(oldNode ?? true, site.oldSrc, oldRes);
      const n = view(newNode ?? true, site.newSrc, newRes);
      // Only the references being compared on the current path: a shared definition used in two
      // places is compared in both (each place is a change callers see), a recursive one once.
      const key =
        o.ref !== undefined && n.ref !== undefined
          ? `${o.ref}\u0000${n.ref}`
          : undefined;
      if ((key !== undefined && open.has(key)) || depth >= MAX_DEPTH) return;
      if (key !== undefined) {
        const seen = places.get(key) ?? 0;
        if (seen >= MAX_PLACES) return;
        places.set(key, seen + 1);
        open.add(key);
      }
      depth++;
      const pair = {
        old: o,
        new: n,
        site: { pointer: site.pointer, oldSrc: o.src, newSrc: n.src },
      };
      for (const family of FAMILIES) family(w, pair);
      depth--;
      if (key !== undefined) open.delete(key);
    },
  };
  w.compare(
    oldRes.schema as unknown as Json,
    newRes.schema as unknown as Json,
    { pointer, oldSrc: oldRes.pointer, newSrc: newRes.pointer },
  );
  return changes;
}
