/** The comparison's working types: a place in both versions of a schema, and a change found there. */
import type { SchemaResource } from "../ir/catalog-ir.js";
import { pointerJoin, type Json } from "../schema/json.js";
import type { Effect } from "./direction.js";
import type { Certainty, Party } from "./finding.js";
import type { SchemaChangeKind, Side } from "./rules.js";
import type { NodeAt } from "./schema-view.js";

/** One place, seen in both versions. */
export interface Site {
  /** Pointer in the tool with every `$ref` inlined (stable whether a definition is shared or not). */
  readonly pointer: string;
  /** Where the node is written in the old and in the new catalog. */
  readonly oldSrc: string;
  readonly newSrc: string;
}

export interface SchemaChange {
  readonly kind: SchemaChangeKind;
  readonly effect: Effect;
  readonly site: Site;
  /** The keyword (or `properties/<name>`…) below the site the change is about, as pointer segments. */
  readonly at?: readonly string[];
  readonly message: string;
  readonly before?: Json;
  readonly after?: Json;
  readonly handlerMust?: string;
  /** Overrides what the side and effect imply, where the context decides (see compare-object.ts). */
  readonly breaks?: Party;
  readonly certainty?: Certainty;
}

/** What every comparison family gets: both resources, the side, and how to compare a child place. */
export interface Walk {
  readonly side: Side;
  readonly oldRes: SchemaResource;
  readonly newRes: SchemaResource;
  report(change: SchemaChange): void;
  /** Compares two child schemas (absent = `{}`, accepting anything) at a child site. */
  compare(
    oldNode: Json | undefined,
    newNode: Json | undefined,
    site: Site,
  ): void;
}

/** Both versions of one node, already viewed (references followed). */
export interface Pair {
  readonly old: NodeAt;
  readonly new: NodeAt;
  readonly site: Site;
}

export type Family = (w: Walk, pair: Pair) => void;

/** The child site under `segments` (e.g. `properties`, `name`). */
export function child(pair: Pair, ...segments: (string | number)[]): Site {
  const tail = pointerJoin("", ...segments);
  return {
    pointer: pair.site.pointer + tail,
    oldSrc: pair.old.src + tail,
    newSrc: pair.new.src + tail,
  };
}

/** Short, one-line rendering of a value for messages. */
export function show(value: Json | undefined): string {
  const text = value === undefined ? "(none)" : JSON.stringify(value);
  return text.length > 60 ? text.slice(0, 57) + "…" : text;
}
