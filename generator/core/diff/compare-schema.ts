/**
 * Compares two versions of one tool's input or output schema, family by family, descending into
 * properties, items and branches. References are followed on both sides, so where a definition
 * lives never matters; a pair of references met again (recursion) is not compared twice.
 */
import type { SchemaResource } from "../ir/catalog-ir.js";
import type { Json } from "../schema/json.js";
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
const FAMILIES: readonly Family[] = [compareTypes, compareEnum, compareConstraints, compareObject, compareComposition, compareAnnotations];

/** Nesting deeper than this is not a hand-written catalog; stop rather than exhaust the stack. */
const MAX_DEPTH = 200;

export function compareResources(side: Side, oldRes: SchemaResource, newRes: SchemaResource, pointer: string): SchemaChange[] {
  const changes: SchemaChange[] = [];
  const open = new Set<string>();
  let depth = 0;
  const w: Walk = {
    side,
    oldRes,
    newRes,
    report: (c) => changes.push(c),
    compare(oldNode: Json | undefined, newNode: Json | undefined, site: Site) {
      const o = view(oldNode ?? true, site.oldSrc, oldRes);
      const n = view(newNode ?? true, site.newSrc, newRes);
      // Only the references being compared on the current path: a shared definition used in two
      // places is compared in both (each place is a change callers see), a recursive one once.
      const key = o.ref !== undefined && n.ref !== undefined ? `${o.ref}\u0000${n.ref}` : undefined;
      if ((key !== undefined && open.has(key)) || depth >= MAX_DEPTH) return;
      if (key !== undefined) open.add(key);
      depth++;
      const pair = { old: o, new: n, site: { pointer: site.pointer, oldSrc: o.src, newSrc: n.src } };
      for (const family of FAMILIES) family(w, pair);
      depth--;
      if (key !== undefined) open.delete(key);
    },
  };
  w.compare(oldRes.schema as unknown as Json, newRes.schema as unknown as Json, { pointer, oldSrc: oldRes.pointer, newSrc: newRes.pointer });
  return changes;
}
