/**
 * The fast path's source positions: one record per node in flat arrays, read through the same
 * ReadonlyMap<pointer, NodeLocation> interface as the `yaml` path's Map, with the same entries in
 * the same order. A catalog of a thousand tools has about 90,000 nodes; building a pointer string
 * and a Map entry for each costs several times the parse itself, while a run only looks up the
 * pointers it reports on. So `get` walks the tree one pointer segment at a time, and only
 * iteration (tests, debugging) builds every entry.
 */
import type { NodeLocation, Range } from "../yaml-to-json.js";

/** Children of one node beyond which a lookup table is cheaper than a scan. */
const SCAN_LIMIT = 16;

export class PositionIndex implements ReadonlyMap<string, NodeLocation> {
  /** Per node: key start, key end (both -1 without a key), value start, value end. */
  private ranges: Int32Array = new Int32Array(4096);
  /**
   * Per node: parent, first child, last child, next sibling (-1 for none), number of children.
   * Links in typed arrays rather than an array of children per collection: tens of thousands of
   * small arrays would cost the garbage collector more than the whole parse.
   */
  private links: Int32Array = new Int32Array(5120);
  /** Per node: its mapping key, or its index in its sequence (the root's is unused). */
  private readonly names: (string | number)[] = [];
  private readonly tables = new Map<number, Map<string, number>>();
  private count = 0;
  private materialized: [string, NodeLocation][] | undefined;

  /** Records a node (parents before children) and returns its id; `parent` is -1 for the root. */
  add(
    parent: number,
    name: string | number,
    key: Range | undefined,
    start: number,
    end: number,
  ): number {
    const id = this.count++;
    if (id * 4 === this.ranges.length) {
      this.ranges = grow(this.ranges);
      this.links = grow(this.links);
    }
    const r = id * 4;
    this.ranges[r] = key ? key[0] : -1;
    this.ranges[r + 1] = key ? key[1] : -1;
    this.ranges[r + 2] = start;
    this.ranges[r + 3] = end;
    const l = id * 5;
    this.links[l] = parent;
    this.links[l + 1] = -1;
    this.links[l + 2] = -1;
    this.links[l + 3] = -1;
    this.links[l + 4] = 0;
    this.names.push(name);
    if (parent >= 0) {
      const p = parent * 5;
      if (this.links[p + 2]! < 0) this.links[p + 1] = id;
      else this.links[this.links[p + 2]! * 5 + 3] = id;
      this.links[p + 2] = id;
      this.links[p + 4]!++;
    }
    return id;
  }

  /**
   * Records a copy of the `count` nodes from `first` of `from` (one node and its descendants, as
   * parsed there), the first one a child of `parent` with key range `key`, every offset moved by
   * `shift`; returns the copy's first id. What a full parse of the same text would record.
   */
  adopt(
    from: PositionIndex,
    first: number,
    count: number,
    parent: number,
    key: Range | undefined,
    shift: number,
  ): number {
    const base = this.count;
    while ((base + count) * 4 > this.ranges.length) {
      this.ranges = grow(this.ranges);
      this.links = grow(this.links);
    }
    const moved = base - first;
    for (let k = 0; k < count; k++) {
      const o = (first + k) * 4;
      const n = (base + k) * 4;
      const keyStart = from.ranges[o]!;
      this.ranges[n] = keyStart < 0 ? -1 : keyStart + shift;
      this.ranges[n + 1] = keyStart < 0 ? -1 : from.ranges[o + 1]! + shift;
      this.ranges[n + 2] = from.ranges[o + 2]! + shift;
      this.ranges[n + 3] = from.ranges[o + 3]! + shift;
      const ol = (first + k) * 5;
      const nl = (base + k) * 5;
      for (let f = 0; f < 4; f++) {
        const link = from.links[ol + f]!;
        this.links[nl + f] = link < 0 ? -1 : link + moved;
      }
      this.links[nl + 4] = from.links[ol + 4]!;
      this.names.push(from.names[first + k]!);
    }
    this.ranges[base * 4] = key ? key[0] : -1;
    this.ranges[base * 4 + 1] = key ? key[1] : -1;
    this.links[base * 5] = parent;
    this.links[base * 5 + 3] = -1;
    this.count = base + count;
    if (parent >= 0) {
      const p = parent * 5;
      if (this.links[p + 2]! < 0) this.links[p + 1] = base;
      else this.links[this.links[p + 2]! * 5 + 3] = base;
      this.links[p + 2] = base;
      this.links[p + 4]!++;
    }
    return base;
  }

  /** Sets the end of a collection's range once its last child is read. */
  setEnd(id: number, end: number): void {
    this.ranges[id * 4 + 3] = end;
  }

  get size(): number {
    return this.count;
  }

  get(pointer: string): NodeLocation | undefined {
    const id = this.find(pointer);
    return id < 0 ? undefined : this.location(id);
  }

  has(pointer: string): boolean {
    return this.find(pointer) >= 0;
  }

  forEach(
    callback: (
      value: NodeLocation,
      key: string,
      map: ReadonlyMap<string, NodeLocation>,
    ) => void,
    thisArg?: unknown,
  ): void {
    for (const [k, v] of this.all()) callback.call(thisArg, v, k, this);
  }

  *entries(): MapIterator<[string, NodeLocation]> {
    for (const [k, v] of this.all()) yield [k, v];
  }

  *keys(): MapIterator<string> {
    for (const [k] of this.all()) yield k;
  }

  *values(): MapIterator<NodeLocation> {
    for (const [, v] of this.all()) yield v;
  }

  [Symbol.iterator](): MapIterator<[string, NodeLocation]> {
    return this.entries();
  }

  /** Node id for a JSON Pointer exactly as pointerJoin spells it, or -1. */
  private find(pointer: string): number {
    if (this.count === 0) return -1;
    if (pointer === "") return 0;
    if (pointer.charCodeAt(0) !== 47) return -1;
    let id = 0;
    let from = 1;
    for (;;) {
      const slash = pointer.indexOf("/", from);
      id = this.child(
        id,
        slash < 0 ? pointer.slice(from) : pointer.slice(from, slash),
      );
      if (id < 0 || slash < 0) return id;
      from = slash + 1;
    }
  }

  private child(id: number, segment: string): number {
    const first = this.links[id * 5 + 1]!;
    if (this.links[id * 5 + 4]! > SCAN_LIMIT) {
      let table = this.tables.get(id);
      if (!table) {
        table = new Map();
        for (let k = first; k >= 0; k = this.links[k * 5 + 3]!)
          table.set(this.segment(k), k);
        this.tables.set(id, table);
      }
      return table.get(segment) ?? -1;
    }
    for (let k = first; k >= 0; k = this.links[k * 5 + 3]!)
      if (this.segment(k) === segment) return k;
    return -1;
  }

  private segment(id: number): string {
    const name = this.names[id]!;
    return typeof name === "number" ? String(name) : escapeSegment(name);
  }

  private location(id: number): NodeLocation {
    const r = id * 4;
    const value: Range = [this.ranges[r + 2]!, this.ranges[r + 3]!];
    return this.ranges[r]! < 0
      ? { value }
      : { key: [this.ranges[r]!, this.ranges[r + 1]!], value };
  }

  /** Every entry, in the order the `yaml` path inserts them (a node before its children). */
  private all(): [string, NodeLocation][] {
    if (!this.materialized) {
      const pointers: string[] = [];
      this.materialized = [];
      for (let id = 0; id < this.count; id++) {
        const parent = this.links[id * 5]!;
        pointers.push(
          parent < 0 ? "" : pointers[parent] + "/" + this.segment(id),
        );
        this.materialized.push([pointers[id]!, this.location(id)]);
      }
    }
    return this.materialized;
  }
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** As escapePointerSegment in schema/json.ts, without two regular expressions for most keys. */
function escapeSegment(key: string): string {
  if (key.indexOf("~") < 0 && key.indexOf("/") < 0) return key;
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
