/**
 * YAML text → JSON value plus a map from JSON Pointer to source ranges, so every later stage can
 * point at the exact key or value it complains about. Conversion is our own (not `toJS`) so that
 * `__proto__` keys become ordinary properties, aliases are bounded, and anything JSON cannot
 * represent is reported instead of silently changed.
 */
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Node as YamlNode, type Document } from "yaml";
import { objectFromEntries, pointerJoin, type Json } from "../schema/json.js";
import { locateIndentationFaults } from "./indentation-faults.js";

/** [start, end) character offsets into the catalog text. */
export type Range = readonly [number, number];

export interface NodeLocation {
  /** Range of the mapping key, when the node is a mapping value. */
  readonly key?: Range;
  /** Range of the value node itself. */
  readonly value: Range;
}

export interface YamlProblem {
  readonly rule: "yaml-syntax" | "duplicate-key" | "json-parseable";
  readonly message: string;
  readonly offset: number;
}

export interface ParsedYaml {
  readonly value: Json | undefined;
  readonly locations: ReadonlyMap<string, NodeLocation>;
  readonly problems: readonly YamlProblem[];
  /** The parsed document, for edits that must preserve comments (lint --fix). */
  readonly document: Document.Parsed;
}

/** Upper bound on nodes produced (alias expansion included): stops "billion laughs" documents. */
const MAX_NODES = 2_000_000;
const MAX_DEPTH = 1000;

/** The `yaml` document for `text`, parsed with the options the whole loader relies on. */
export function parseYamlDocument(text: string): Document.Parsed {
  return parseDocument(text, { uniqueKeys: true, schema: "core", prettyErrors: false, strict: true, stringKeys: false });
}

/**
 * Bounds of the conversion. Tests set a small `maxNodes` to compare the expansion count with the
 * conversion it stands in for (`countFirst: false` converts without counting first).
 */
export interface YamlLimits {
  readonly maxNodes?: number;
  readonly countFirst?: boolean;
}

export function parseYaml(text: string, limits: YamlLimits = {}): ParsedYaml {
  const maxNodes = limits.maxNodes ?? MAX_NODES;
  const document = parseYamlDocument(text);
  const problems: YamlProblem[] = [];
  const seen = new Set<string>();
  const syntax = locateIndentationFaults(
    text,
    document.errors.map((e) => ({ code: e.code, offset: e.pos[0], end: e.pos[1], message: e.code === "DUPLICATE_KEY" ? `duplicate key ${JSON.stringify(text.slice(e.pos[0], e.pos[1]).replace(/:\s*$/, "").trim())}` : cleanMessage(e.message) })),
  );
  for (const e of syntax) {
    // The YAML parser can report one fault twice (once per enclosing collection).
    if (seen.has(`${e.offset}:${e.message}`)) continue;
    seen.add(`${e.offset}:${e.message}`);
    problems.push({ rule: e.code === "DUPLICATE_KEY" ? "duplicate-key" : "yaml-syntax", message: e.message, offset: e.offset });
  }
  for (const w of document.warnings) {
    const rule = w.code === "TAG_RESOLVE_FAILED" ? "json-parseable" : "yaml-syntax";
    problems.push({ rule, message: cleanMessage(w.message), offset: w.pos[0] });
  }
  const locations = new Map<string, NodeLocation>();
  if (problems.some((p) => p.rule !== "json-parseable")) return { value: undefined, locations, problems, document };

  const converter = new Converter(document, locations, problems, maxNodes);
  const contents = document.contents as YamlNode | null;
  try {
    // A document whose aliases expand past the bound fails where the conversion would reach
    // it, found by counting instead of converting (see ExpansionCount): converting the millions
    // of nodes first took seconds for a few lines of YAML.
    if (contents !== null && limits.countFirst !== false) new ExpansionCount(document, maxNodes).throwIfTooLarge(contents);
    const value = contents === null ? null : converter.convert(contents, "", undefined, 0);
    return { value, locations, problems, document };
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e;
    problems.push({ rule: "yaml-syntax", message: e.message, offset: e.offset });
    return { value: undefined, locations, problems, document };
  }
}

function cleanMessage(message: string): string {
  if (/Maximum call stack/.test(message)) return "nesting too deep to read";
  // yaml appends "at line X, column Y" plus a code frame; we print our own position.
  return message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "").trim();
}

/** Stops the conversion at once: one message is enough for a document that explodes. */
class TooLarge extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

class Converter {
  private nodes = 0;
  private readonly active = new Set<YamlNode>();

  constructor(
    private readonly document: Document.Parsed,
    private readonly locations: Map<string, NodeLocation>,
    private readonly problems: YamlProblem[],
    private readonly maxNodes: number,
  ) {}

  convert(node: YamlNode, pointer: string, keyRange: Range | undefined, depth: number): Json {
    if (++this.nodes > this.maxNodes) throw new TooLarge(`document expands to more than ${this.maxNodes} nodes through aliases`, rangeOf(node)[0]);
    if (depth > MAX_DEPTH) return this.fail(node, `nesting deeper than ${MAX_DEPTH} levels`, "yaml-syntax");
    const range = rangeOf(node);
    if (!this.locations.has(pointer)) this.locations.set(pointer, keyRange ? { key: keyRange, value: range } : { value: range });

    if (isAlias(node)) {
      const target = node.resolve(this.document) as YamlNode | undefined;
      if (!target) return this.fail(node, `alias *${node.source} has no anchor`, "yaml-syntax");
      if (this.active.has(target)) return this.fail(node, `alias *${node.source} refers to itself`, "yaml-syntax");
      this.active.add(target);
      try {
        return this.convert(target, pointer, keyRange, depth + 1);
      } finally {
        this.active.delete(target);
      }
    }
    if (isScalar(node)) return this.scalar(node);
    if (isSeq(node)) {
      return node.items.map((item, i) => this.convert(item as YamlNode, pointerJoin(pointer, i), undefined, depth + 1));
    }
    if (isMap(node)) {
      const entries: [string, Json][] = [];
      const seen = new Set<string>();
      for (const pair of node.items) {
        const keyNode = pair.key as YamlNode | null;
        const key = this.keyText(keyNode);
        if (key === undefined) continue;
        if (seen.has(key)) {
          this.problems.push({ rule: "duplicate-key", message: `duplicate key ${JSON.stringify(key)}`, offset: keyNode ? rangeOf(keyNode)[0] : range[0] });
          continue;
        }
        seen.add(key);
        const valueNode = pair.value as YamlNode | null;
        const childPointer = pointerJoin(pointer, key);
        const kRange = keyNode ? rangeOf(keyNode) : range;
        if (valueNode === null) {
          // `key:` with nothing after it is YAML null; remember where the key is.
          this.locations.set(childPointer, { key: kRange, value: [kRange[1], kRange[1]] });
          entries.push([key, null]);
        } else entries.push([key, this.convert(valueNode, childPointer, kRange, depth + 1)]);
      }
      return objectFromEntries(entries);
    }
    return this.fail(node, "unsupported YAML node", "yaml-syntax");
  }

  private keyText(keyNode: YamlNode | null): string | undefined {
    if (keyNode === null) return "";
    if (isScalar(keyNode)) {
      const v = keyNode.value;
      if (typeof v === "string") return v;
      if (v === null) {
        this.problems.push({ rule: "json-parseable", message: "a null mapping key has no JSON form; quote it", offset: rangeOf(keyNode)[0] });
        return undefined;
      }
      // Numbers and booleans as keys keep their source spelling (`1.0:` stays "1.0").
      return keyNode.source ?? String(v);
    }
    if (isAlias(keyNode)) {
      this.problems.push({ rule: "json-parseable", message: "an alias as a mapping key has no JSON form", offset: rangeOf(keyNode)[0] });
      return undefined;
    }
    this.problems.push({ rule: "json-parseable", message: "a collection as a mapping key has no JSON form; JSON keys are strings", offset: rangeOf(keyNode)[0] });
    return undefined;
  }

  private scalar(node: YamlNode & { value: unknown; source?: string }): Json {
    const v = node.value;
    if (v === null || typeof v === "string" || typeof v === "boolean") return v;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return this.fail(node, `${node.source ?? String(v)} has no JSON form (JSON numbers are finite)`, "json-parseable");
      return v;
    }
    if (typeof v === "bigint") return this.fail(node, "integer too large for JSON", "json-parseable");
    return this.fail(node, "value has no JSON form", "json-parseable");
  }

  private fail(node: YamlNode, message: string, rule: YamlProblem["rule"]): Json {
    this.problems.push({ rule, message, offset: rangeOf(node)[0] });
    return null;
  }
}

/** What `Converter.convert` would do with a node that reports no problem: its count and depth. */
interface CleanSize {
  /** How many `convert` calls the node makes, itself included (aliases expanded). */
  readonly nodes: number;
  /** How many levels below it the deepest `convert` call is. */
  readonly height: number;
}

/**
 * Counts the nodes `Converter.convert` would produce, without producing them, mirroring its
 * counting step for step (an alias and its target both count; a key's value counts, the key
 * does not; `key:` with nothing after it makes no call). Each node's count is kept, so a target
 * reached through many aliases is counted once. Only nodes whose conversion reports no problem
 * are counted ("clean"): an alias to nothing or to itself, a problem key, a scalar JSON cannot
 * hold, or nesting past the depth limit make the node and every node around it unclean, and then
 * the conversion runs as before, problems and all. So for a clean document that expands past
 * MAX_NODES, the node at which `convert` would throw TooLarge is found by walking down: skip
 * each child that fits in what is left, enter the one that does not.
 */
class ExpansionCount {
  private readonly sizes = new Map<YamlNode, CleanSize>();
  private readonly active = new Set<YamlNode>();

  constructor(
    private readonly document: Document.Parsed,
    private readonly maxNodes: number,
  ) {}

  throwIfTooLarge(root: YamlNode): void {
    const size = this.size(root, 0);
    if (size === null || size.nodes <= this.maxNodes) return;
    let counted = 0;
    let node = root;
    // Each step counts `node` itself, then skips its children that fit; the first one that does
    // not is where the count passes the bound (the sizes add up to more than MAX_NODES).
    for (;;) {
      if (++counted > this.maxNodes) throw new TooLarge(`document expands to more than ${this.maxNodes} nodes through aliases`, rangeOf(node)[0]);
      let next: YamlNode | undefined;
      for (const child of this.children(node)) {
        const n = this.sizes.get(child)!.nodes;
        if (counted + n <= this.maxNodes) counted += n;
        else {
          next = child;
          break;
        }
      }
      // Not reached for a clean node larger than the bound; were it, the conversion that follows
      // would still give the right answer, only slower.
      if (next === undefined) return;
      node = next;
    }
  }

  /** The nodes `convert` is called on for `node`'s contents, in its order. */
  private children(node: YamlNode): YamlNode[] {
    if (isAlias(node)) return [node.resolve(this.document) as YamlNode];
    if (isSeq(node)) return node.items as YamlNode[];
    if (isMap(node)) return node.items.map((pair) => pair.value as YamlNode | null).filter((v): v is YamlNode => v !== null);
    return [];
  }

  /**
   * `node`'s clean size, or null when converting it reports a problem (see the class comment) or
   * it lies deeper than the conversion goes (`depth` counts as `convert`'s does). Only clean
   * sizes are kept: whether a node is unclean can depend on the way it was reached (an open alias
   * cycle, its depth), and an unclean part ends the count of everything around it at once.
   */
  private size(node: YamlNode, depth: number): CleanSize | null {
    const known = this.sizes.get(node);
    if (known !== undefined) return depth + known.height > MAX_DEPTH ? null : known;
    if (depth > MAX_DEPTH) return null;
    const size = this.measure(node, depth);
    if (size !== null) this.sizes.set(node, size);
    return size;
  }

  private measure(node: YamlNode, depth: number): CleanSize | null {
    let parts: YamlNode[];
    if (isAlias(node)) {
      const target = node.resolve(this.document) as YamlNode | undefined;
      if (!target || this.active.has(target)) return null;
      this.active.add(target);
      try {
        const inner = this.size(target, depth + 1);
        return inner === null ? null : { nodes: 1 + inner.nodes, height: 1 + inner.height };
      } finally {
        this.active.delete(target);
      }
    }
    if (isScalar(node)) {
      const v = node.value;
      return v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)) ? { nodes: 1, height: 0 } : null;
    }
    if (isSeq(node)) parts = node.items as YamlNode[];
    else if (isMap(node)) {
      parts = [];
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = cleanKey(pair.key as YamlNode | null);
        if (key === undefined || seen.has(key)) return null;
        seen.add(key);
        if (pair.value !== null) parts.push(pair.value as YamlNode);
      }
    } else return null;
    let nodes = 1;
    let height = 0;
    for (const part of parts) {
      const inner = this.size(part, depth + 1);
      if (inner === null) return null;
      nodes += inner.nodes;
      height = Math.max(height, 1 + inner.height);
      // Past the bound either way: the exact figure no longer matters, only that it is past.
      if (nodes > this.maxNodes * 2) nodes = this.maxNodes * 2;
    }
    return { nodes, height };
  }
}

/** A mapping key's text as Converter.keyText reads it, or undefined where it reports a problem. */
function cleanKey(keyNode: YamlNode | null): string | undefined {
  if (keyNode === null) return "";
  if (!isScalar(keyNode)) return undefined;
  const v = keyNode.value;
  if (typeof v === "string") return v;
  if (v === null) return undefined;
  return keyNode.source ?? String(v);
}

function rangeOf(node: YamlNode): Range {
  const r = node.range;
  return r ? [r[0], r[1]] : [0, 0];
}
