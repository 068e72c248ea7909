/**
 * Size limits of provider strict modes (OpenAI's Structured Outputs guide, supported schemas; Anthropic's strict tool use guide), measured on a tool's canonical
 * input schema. Lowering neither adds nor removes properties, enum values or object levels, so the
 * canonical figures are the declared ones. Shared by the `provider-limit` lint rule (errors for
 * `strict: true`) and by lowering (`strict: auto` falls back to non-strict, with the reason).
 */
import {
  hasOwn,
  isJsonObject,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import { KEYWORDS } from "../schema/keywords.js";
import type { Blocker, CatalogLimitFinding } from "./lowering/lowering.js";
import { resolveLocal, typeList } from "./lowering/schema-util.js";

export const OPENAI_STRICT_LIMITS = {
  properties: 5000,
  depth: 10,
  enumValues: 1000,
  characters: 120_000,
  /** A single string enum with more values than this … */
  largeEnum: 250,
  /** … must total at most this many characters. */
  largeEnumCharacters: 15_000,
} as const;

export const ANTHROPIC_STRICT_LIMITS = {
  tools: 20,
  optionalParameters: 24,
  unionParameters: 16,
} as const;

interface Visit {
  readonly node: JsonObject;
  readonly pointer: string;
  /** Object levels from the root down to this node (the root object is level 1). */
  readonly level: number;
}

/** Every node reachable from the root (following references once per path), with its object level, until `onNode` says stop. */
function visitAll(root: Json, onNode: (v: Visit) => boolean): void {
  let budget = 200_000; // references are followed per path; a pathological DAG stops here
  let going = true;
  const walk = (
    node: Json,
    pointer: string,
    level: number,
    refs: ReadonlySet<string>,
  ) => {
    if (!going || !isJsonObject(node) || --budget < 0) return;
    const here = level + (isObjectLevel(node) ? 1 : 0);
    going = onNode({ node, pointer, level: here });
    if (typeof node.$ref === "string" && !refs.has(node.$ref)) {
      const target = resolveLocal(root, node.$ref);
      if (target !== undefined)
        walk(target, node.$ref.slice(1), here, new Set([...refs, node.$ref]));
    }
    const keyList = Object.keys(node);
    for (let j = 0; j < keyList.length; j++) {
      const k = keyList[j]!;
      if (k === "$defs" || !hasOwn(KEYWORDS, k)) continue;
      const v = node[k]!;
      const shape = KEYWORDS[k]!.shape;
      if (shape === "schema") walk(v, pointerJoin(pointer, k), here, refs);
      else if (shape === "schemaMap" && isJsonObject(v))
        for (const m of Object.keys(v))
          walk(v[m]!, pointerJoin(pointer, k, m), here, refs);
      else if (shape === "schemaArray" && Array.isArray(v))
        v.forEach((s: Json, i: number) =>
          walk(s, pointerJoin(pointer, k, i), here, refs),
        );
    }
  };
  walk(root, "", 0, new Set());
}

function isObjectLevel(node: JsonObject): boolean {
  const types = typeList(node);
  return types ? types.includes("object") : hasOwn(node, "properties");
}

/** Each schema node once (definitions included, references not followed): for counts. */
function eachNode(
  root: Json,
  onNode: (node: JsonObject, pointer: string) => void,
): void {
  const walk = (node: Json, pointer: string) => {
    if (!isJsonObject(node)) return;
    onNode(node, pointer);
    const keyList = Object.keys(node);
    for (let j = 0; j < keyList.length; j++) {
      const k = keyList[j]!;
      if (!hasOwn(KEYWORDS, k)) continue;
      const v = node[k]!;
      const shape = KEYWORDS[k]!.shape;
      if (shape === "schema") walk(v, pointerJoin(pointer, k));
      else if (shape === "schemaMap" && isJsonObject(v))
        for (const m of Object.keys(v)) walk(v[m]!, pointerJoin(pointer, k, m));
      else if (shape === "schemaArray" && Array.isArray(v))
        v.forEach((s: Json, i: number) => walk(s, pointerJoin(pointer, k, i)));
    }
  };
  walk(root, "");
}

const literalText = (v: Json): string =>
  typeof v === "string" ? v : JSON.stringify(v);

/** OpenAI strict limits exceeded by one tool's input schema, as `limit` blockers with positions. */
export function openaiStrictLimits(schema: Json): Blocker[] {
  const L = OPENAI_STRICT_LIMITS;
  const out: Blocker[] = [];
  let properties = 0;
  let enumValues = 0;
  let characters = 0;
  let propertiesAt: string | undefined;
  let enumAt: string | undefined;
  let charactersAt: string | undefined;
  eachNode(schema, (node, pointer) => {
    if (isJsonObject(node.properties ?? null)) {
      const keyList = Object.keys(node.properties as JsonObject);
      for (let i = 0; i < keyList.length; i++) {
        const key = keyList[i]!;
        properties++;
        characters += key.length;
        if (properties > L.properties && propertiesAt === undefined)
          propertiesAt = pointerJoin(pointer, "properties", key);
        if (characters > L.characters && charactersAt === undefined)
          charactersAt = pointerJoin(pointer, "properties", key);
      }
    }
    if (pointer === "" && isJsonObject(node.$defs ?? null))
      for (const name of Object.keys(node.$defs as JsonObject))
        characters += name.length;
    if (Array.isArray(node.enum)) {
      const values = node.enum as readonly Json[];
      enumValues += values.length;
      const text = values.reduce<number>(
        (n, v) => n + literalText(v).length,
        0,
      );
      characters += text;
      if (enumValues > L.enumValues && enumAt === undefined)
        enumAt = pointerJoin(pointer, "enum");
      if (characters > L.characters && charactersAt === undefined)
        charactersAt = pointerJoin(pointer, "enum");
      if (
        values.length > L.largeEnum &&
        values.every((v) => typeof v === "string") &&
        text > L.largeEnumCharacters
      ) {
        out.push({
          kind: "limit",
          pointer: pointerJoin(pointer, "enum"),
          reason: `a string enum with ${values.length} values (more than ${L.largeEnum}) totals ${text} characters; OpenAI strict allows ${L.largeEnumCharacters}`,
        });
      }
    }
    if (hasOwn(node, "const")) {
      characters += literalText(node.const!).length;
      if (characters > L.characters && charactersAt === undefined)
        charactersAt = pointerJoin(pointer, "const");
    }
  });
  if (propertiesAt !== undefined)
    out.push({
      kind: "limit",
      pointer: propertiesAt,
      reason: `${properties} object properties in all; OpenAI strict allows ${L.properties}`,
    });
  if (enumAt !== undefined)
    out.push({
      kind: "limit",
      pointer: enumAt,
      reason: `${enumValues} enum values in all; OpenAI strict allows ${L.enumValues}`,
    });
  if (charactersAt !== undefined)
    out.push({
      kind: "limit",
      pointer: charactersAt,
      reason: `${characters} characters of property names, definition names, enum and const values; OpenAI strict allows ${L.characters}`,
    });
  let deepest: Visit | undefined;
  visitAll(schema, (v) => {
    if (v.level > L.depth && deepest === undefined) deepest = v;
    return deepest === undefined;
  });
  if (deepest)
    out.push({
      kind: "limit",
      pointer: deepest.pointer,
      reason: `objects nested ${deepest.level} levels deep here; OpenAI strict allows ${L.depth}`,
    });
  return out;
}

/** Optional parameters and union parameters of one input schema (Anthropic strict counts both). */
export function anthropicStrictCounts(schema: Json): {
  readonly optional: readonly string[];
  readonly unions: readonly string[];
} {
  const optional: string[] = [];
  const unions: string[] = [];
  eachNode(schema, (node, pointer) => {
    if (isJsonObject(node.properties ?? null)) {
      const required = new Set(
        Array.isArray(node.required) ? node.required : [],
      );
      const keyList = Object.keys(node.properties as JsonObject);
      for (let i = 0; i < keyList.length; i++) {
        const key = keyList[i]!;
        if (!required.has(key))
          optional.push(pointerJoin(pointer, "properties", key));
      }
    }
    if (
      Array.isArray(node.anyOf) ||
      Array.isArray(node.oneOf) ||
      (Array.isArray(node.type) && node.type.length > 1)
    )
      unions.push(pointer);
  });
  return { optional, unions };
}

/** Anthropic strict limits over every strict tool of a request (the catalog's tools, all strict). */
export function anthropicStrictCatalogLimits(
  inputs: readonly { readonly tool: string; readonly schema: Json }[],
): CatalogLimitFinding[] {
  const L = ANTHROPIC_STRICT_LIMITS;
  const out: CatalogLimitFinding[] = [];
  if (inputs.length > L.tools)
    out.push({
      pointer: "",
      reason: `${inputs.length} tools are declared strict; Anthropic allows ${L.tools} strict tools per request`,
    });
  const counts = inputs.map((i) => ({
    tool: i.tool,
    ...anthropicStrictCounts(i.schema),
  }));
  const optional = counts.flatMap((c) =>
    c.optional.map((pointer) => ({ tool: c.tool, pointer })),
  );
  const unions = counts.flatMap((c) =>
    c.unions.map((pointer) => ({ tool: c.tool, pointer })),
  );
  if (optional.length > L.optionalParameters) {
    const at = optional[L.optionalParameters]!;
    out.push({
      ...at,
      reason: `${optional.length} optional parameters across the strict tools (this is number ${L.optionalParameters + 1}); Anthropic strict allows ${L.optionalParameters}`,
    });
  }
  if (unions.length > L.unionParameters) {
    const at = unions[L.unionParameters]!;
    out.push({
      ...at,
      reason: `${unions.length} parameters with anyOf or type lists across the strict tools (this is number ${L.unionParameters + 1}); Anthropic strict allows ${L.unionParameters}`,
    });
  }
  return out;
}
