/**
 * How large a YAML document becomes once its aliases are expanded, counted without expanding
 * it. The JSON conversion (yaml-to-json.ts) stops a "billion laughs" document after a number of
 * nodes; reaching that bound by converting node after node took seconds (2,000,000 nodes with
 * their pointers and locations). This counts each anchored node once and, when the bound would
 * be crossed, finds the very node the conversion would stop at, so the diagnostic is the same.
 *
 * The count mirrors `Converter.convert` node for node. Anything whose count could depend on where
 * it is expanded (an alias cycle, nesting near the depth bound) or that the conversion reports
 * (a problem of any kind) makes the answer "unknown", and the caller converts as before.
 */
import type { Document, Node as YamlNode } from "yaml";
import { yaml } from "./yaml-lib.js";

export interface ExpansionLimits {
  readonly maxNodes: number;
  readonly maxDepth: number;
}

/** `fits`: the conversion stays within maxNodes; `{ node }`: it stops at this node. */
export type Expansion = "fits" | "unknown" | { readonly node: YamlNode };

interface Measure {
  /** Nodes the conversion makes for this node, itself included. */
  readonly size: number;
  /** Levels below this node that the conversion descends. */
  readonly height: number;
}

/** The question cannot be answered by counting: convert instead. */
class Unknown extends Error {}

const IN_PROGRESS = "in-progress";

export function measureExpansion(
  document: Document.Parsed,
  root: YamlNode,
  limits: ExpansionLimits,
): Expansion {
  const counter = new ExpansionCounter(document, limits);
  try {
    if (counter.measure(root, 0).size <= limits.maxNodes) return "fits";
    return { node: counter.locateOverflow(root) };
  } catch (e) {
    if (e instanceof Unknown) return "unknown";
    throw e;
  }
}

class ExpansionCounter {
  private readonly measures = new Map<YamlNode, Measure | typeof IN_PROGRESS>();

  constructor(
    private readonly document: Document.Parsed,
    private readonly limits: ExpansionLimits,
  ) {}

  measure(node: YamlNode, depth: number): Measure {
    const known = this.measures.get(node);
    // A node met again while it is being measured is part of a cycle the conversion reports.
    if (known === IN_PROGRESS) throw new Unknown();
    if (known !== undefined) {
      if (depth + known.height > this.limits.maxDepth) throw new Unknown();
      return known;
    }
    if (depth > this.limits.maxDepth) throw new Unknown();
    this.measures.set(node, IN_PROGRESS);
    const children = this.children(node);
    let size = 1;
    let height = 0;
    for (const child of children) {
      const m = this.measure(child, depth + 1);
      size += m.size;
      height = Math.max(height, m.height + 1);
    }
    const result = { size, height };
    this.measures.set(node, result);
    return result;
  }

  /** The node at which the conversion's count passes maxNodes (measure() said it does). */
  locateOverflow(root: YamlNode): YamlNode {
    let count = 0;
    let node = root;
    for (;;) {
      count += 1;
      if (count > this.limits.maxNodes) return node;
      let next: YamlNode | undefined;
      for (const child of this.children(node)) {
        const { size } = this.measures.get(child) as Measure;
        if (count + size <= this.limits.maxNodes) count += size;
        else {
          next = child;
          break;
        }
      }
      // measure() counted more nodes below than fit, so some child does not fit.
      node = next!;
    }
  }

  /** The nodes the conversion converts right below `node`, in its order; throws Unknown where it would report a problem. */
  private children(node: YamlNode): YamlNode[] {
    if (yaml().isAlias(node)) {
      // An alias of a node being expanded (the conversion's cycle) meets it IN_PROGRESS in measure().
      const target = node.resolve(this.document) as YamlNode | undefined;
      if (!target) throw new Unknown();
      return [target];
    }
    if (yaml().isScalar(node)) {
      const v = node.value;
      const plain =
        v === null ||
        typeof v === "string" ||
        typeof v === "boolean" ||
        (typeof v === "number" && Number.isFinite(v));
      if (!plain) throw new Unknown();
      return [];
    }
    if (yaml().isSeq(node)) {
      return node.items.map((item) => {
        if (item === null || typeof item !== "object") throw new Unknown();
        return item as YamlNode;
      });
    }
    if (yaml().isMap(node)) {
      const values: YamlNode[] = [];
      const keys = new Set<string>();
      for (const pair of node.items) {
        const key = plainKey(pair.key as YamlNode | null);
        if (key === undefined || keys.has(key)) throw new Unknown();
        keys.add(key);
        if (pair.value !== null) values.push(pair.value as YamlNode);
      }
      return values;
    }
    throw new Unknown();
  }
}

/** The key text the conversion uses, or undefined where it reports the key. */
function plainKey(keyNode: YamlNode | null): string | undefined {
  if (keyNode === null) return "";
  if (!yaml().isScalar(keyNode)) return undefined;
  const v = keyNode.value;
  if (typeof v === "string") return v;
  if (v === null) return undefined;
  return keyNode.source ?? String(v);
}
