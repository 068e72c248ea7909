/**
 * YAML text → JSON value plus a map from JSON Pointer to source ranges, so every later stage can
 * point at the exact key or value it complains about. Conversion is our own (not `toJS`) so that
 * `__proto__` keys become ordinary properties, aliases are bounded, and anything JSON cannot
 * represent is reported instead of silently changed.
 */
import type { Document, Node as YamlNode } from "yaml";
import { yaml } from "./yaml-lib.js";
import { objectFromEntries, pointerJoin, type Json } from "../schema/json.js";
import { measureExpansion } from "./alias-expansion.js";
import { locateUnclosedFlows } from "./unclosed-flow.js";
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

export interface ConversionLimits {
  /** Upper bound on nodes produced (alias expansion included): stops "billion laughs" documents. */
  readonly maxNodes: number;
  readonly maxDepth: number;
  /** Count the alias expansion out before converting (false only in tests, as the reference). */
  readonly countAliasesFirst: boolean;
}

const LIMITS: ConversionLimits = {
  maxNodes: 2_000_000,
  maxDepth: 1000,
  countAliasesFirst: true,
};

/** The `yaml` document for `text`, parsed with the options the whole loader relies on. */
export function parseYamlDocument(text: string): Document.Parsed {
  return yaml().parseDocument(text, {
    uniqueKeys: true,
    schema: "core",
    prettyErrors: false,
    strict: true,
    stringKeys: false,
  });
}

export function parseYaml(
  text: string,
  limits: ConversionLimits = LIMITS,
): ParsedYaml {
  const document = parseYamlDocument(text);
  const problems: YamlProblem[] = [];
  const seen = new Set<string>();
  const syntax = locateIndentationFaults(
    text,
    locateUnclosedFlows(
      text,
      document.errors.map((e) => ({
        code: e.code,
        offset: e.pos[0],
        end: e.pos[1],
        message:
          e.code === "DUPLICATE_KEY"
            ? `duplicate key ${JSON.stringify(text.slice(e.pos[0], e.pos[1]).replace(/:\s*$/, "").trim())}`
            : cleanMessage(e.message),
      })),
    ),
  );
  for (const e of syntax) {
    // The YAML parser can report one fault twice (once per enclosing collection).
    if (seen.has(`${e.offset}:${e.message}`)) continue;
    seen.add(`${e.offset}:${e.message}`);
    problems.push({
      rule: e.code === "DUPLICATE_KEY" ? "duplicate-key" : "yaml-syntax",
      message: e.message,
      offset: e.offset,
    });
  }
  for (const w of document.warnings) {
    const rule =
      w.code === "TAG_RESOLVE_FAILED" ? "json-parseable" : "yaml-syntax";
    problems.push({ rule, message: cleanMessage(w.message), offset: w.pos[0] });
  }
  const locations = new Map<string, NodeLocation>();
  if (problems.some((p) => p.rule !== "json-parseable"))
    return { value: undefined, locations, problems, document };

  const contents = document.contents as YamlNode | null;
  // Only aliases expand a document past maxNodes quickly; count them out before converting.
  if (contents !== null && limits.countAliasesFirst && text.includes("*")) {
    const expansion = measureExpansion(document, contents, limits);
    if (typeof expansion === "object") {
      problems.push({
        rule: "yaml-syntax",
        message: tooLargeMessage(limits),
        offset: rangeOf(expansion.node)[0],
      });
      return { value: undefined, locations, problems, document };
    }
  }
  const converter = new Converter(document, locations, problems, limits);
  try {
    const value =
      contents === null ? null : converter.convert(contents, "", undefined, 0);
    return { value, locations, problems, document };
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e;
    problems.push({
      rule: "yaml-syntax",
      message: e.message,
      offset: e.offset,
    });
    return { value: undefined, locations, problems, document };
  }
}

function tooLargeMessage(limits: ConversionLimits): string {
  return `document expands to more than ${limits.maxNodes} nodes through aliases`;
}

function cleanMessage(message: string): string {
  if (/Maximum call stack/.test(message)) return "nesting too deep to read";
  // yaml appends "at line X, column Y" plus a code frame; we print our own position.
  return message
    .split("\n")[0]!
    .replace(/ at line \d+, column \d+:?$/, "")
    .trim();
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
    private readonly limits: ConversionLimits,
  ) {}

  convert(
    node: YamlNode,
    pointer: string,
    keyRange: Range | undefined,
    depth: number,
  ): Json {
    if (++this.nodes > this.limits.maxNodes)
      throw new TooLarge(tooLargeMessage(this.limits), rangeOf(node)[0]);
    if (depth > this.limits.maxDepth)
      return this.fail(
        node,
        `nesting deeper than ${this.limits.maxDepth} levels`,
        "yaml-syntax",
      );
    const range = rangeOf(node);
    if (!this.locations.has(pointer))
      this.locations.set(
        pointer,
        keyRange ? { key: keyRange, value: range } : { value: range },
      );

    if (yaml().isAlias(node)) {
      const target = node.resolve(this.document) as YamlNode | undefined;
      if (!target)
        return this.fail(
          node,
          `alias *${node.source} has no anchor`,
          "yaml-syntax",
        );
      if (this.active.has(target))
        return this.fail(
          node,
          `alias *${node.source} refers to itself`,
          "yaml-syntax",
        );
      this.active.add(target);
      try {
        return this.convert(target, pointer, keyRange, depth + 1);
      } finally {
        this.active.delete(target);
      }
    }
    if (yaml().isScalar(node)) return this.scalar(node);
    if (yaml().isSeq(node)) {
      return node.items.map((item, i) =>
        this.convert(
          item as YamlNode,
          pointerJoin(pointer, i),
          undefined,
          depth + 1,
        ),
      );
    }
    if (yaml().isMap(node)) {
      const entries: [string, Json][] = [];
      const seen = new Set<string>();
      for (const pair of node.items) {
        const keyNode = pair.key as YamlNode | null;
        const key = this.keyText(keyNode);
        if (key === undefined) continue;
        if (seen.has(key)) {
          this.problems.push({
            rule: "duplicate-key",
            message: `duplicate key ${JSON.stringify(key)}`,
            offset: keyNode ? rangeOf(keyNode)[0] : range[0],
          });
          continue;
        }
        seen.add(key);
        const valueNode = pair.value as YamlNode | null;
        const childPointer = pointerJoin(pointer, key);
        const kRange = keyNode ? rangeOf(keyNode) : range;
        if (valueNode === null) {
          // `key:` with nothing after it is YAML null; remember where the key is.
          this.locations.set(childPointer, {
            key: kRange,
            value: [kRange[1], kRange[1]],
          });
          entries.push([key, null]);
        } else
          entries.push([
            key,
            this.convert(valueNode, childPointer, kRange, depth + 1),
          ]);
      }
      return objectFromEntries(entries);
    }
    return this.fail(node, "unsupported YAML node", "yaml-syntax");
  }

  private keyText(keyNode: YamlNode | null): string | undefined {
    if (keyNode === null) return "";
    if (yaml().isScalar(keyNode)) {
      const v = keyNode.value;
      if (typeof v === "string") return v;
      if (v === null) {
        this.problems.push({
          rule: "json-parseable",
          message: "a null mapping key has no JSON form; quote it",
          offset: rangeOf(keyNode)[0],
        });
        return undefined;
      }
      // Numbers and booleans as keys keep their source spelling (`1.0:` stays "1.0").
      return keyNode.source ?? String(v);
    }
    if (yaml().isAlias(keyNode)) {
      this.problems.push({
        rule: "json-parseable",
        message: "an alias as a mapping key has no JSON form",
        offset: rangeOf(keyNode)[0],
      });
      return undefined;
    }
    this.problems.push({
      rule: "json-parseable",
      message:
        "a collection as a mapping key has no JSON form; JSON keys are strings",
      offset: rangeOf(keyNode)[0],
    });
    return undefined;
  }

  private scalar(node: YamlNode & { value: unknown; source?: string }): Json {
    const v = node.value;
    if (v === null || typeof v === "string" || typeof v === "boolean") return v;
    if (typeof v === "number") {
      if (!Number.isFinite(v))
        return this.fail(
          node,
          `${node.source ?? String(v)} has no JSON form (JSON numbers are finite)`,
          "json-parseable",
        );
      return v;
    }
    if (typeof v === "bigint")
      return this.fail(node, "integer too large for JSON", "json-parseable");
    return this.fail(node, "value has no JSON form", "json-parseable");
  }

  private fail(
    node: YamlNode,
    message: string,
    rule: YamlProblem["rule"],
  ): Json {
    this.problems.push({ rule, message, offset: rangeOf(node)[0] });
    return null;
  }
}

function rangeOf(node: YamlNode): Range {
  const r = node.range;
  return r ? [r[0], r[1]] : [0, 0];
}
