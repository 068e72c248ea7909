/**
 * Reading a normalised schema resource the way the comparison needs it: `$ref`s followed (so a
 * shared definition and its inlined copy look the same), `anyOf [X, {type: null}]` read as a
 * nullable X (so it equals `type: [x, "null"]`), boolean schemas as objects, and each node with
 * the catalog pointer it was written at (for line:col).
 */
import type { SchemaResource } from "../ir/catalog-ir.js";
import {
  ANNOTATIONS,
  resolveLocal,
} from "../providers/lowering/schema-util.js";
import { KEYWORDS } from "../schema/keywords.js";
import {
  hasOwn,
  isJsonObject,
  objectFromEntries,
  pointerJoin,
  pointerSegments,
  type Json,
  type JsonObject,
} from "../schema/json.js";

/** Keywords no value is ever rejected for. */
export const ANNOTATION_KEYWORDS: readonly string[] = [...ANNOTATIONS];

/** `false` read as a schema: accepts no type at all. */
const NOTHING: JsonObject = Object.freeze({ type: [] });

export interface NodeAt {
  readonly schema: JsonObject;
  /** Pointer in the catalog document where this node is written. */
  readonly src: string;
  /** The resolved reference this node was reached through (for recursion), if any. */
  readonly ref?: string;
  /** True when the node came from a union with a `{type: null}` branch. */
  readonly unionNull: boolean;
}

/** Where a `#/…` reference of the resource points: the node and its catalog pointer; undefined if it does not resolve. */
function resolveInResource(
  ref: string,
  res: SchemaResource,
): { node: Json; src: string } | undefined {
  const node = resolveLocal(res.schema as unknown as Json, ref);
  if (node === undefined) return undefined;
  const segments = pointerSegments(decodeURIComponent(ref.slice(1))); // decodes: resolveLocal did
  // A shared definition is written under the catalog's (or the tool's) `$defs`, not under the tool.
  const origin =
    segments[0] === "$defs" && segments.length >= 2
      ? res.defs.find((d) => d.name === segments[1])
      : undefined;
  const src = origin
    ? pointerJoin(origin.pointer, ...segments.slice(2))
    : res.pointer + (segments.length ? pointerJoin("", ...segments) : "");
  return { node, src };
}

function annotationsOnly(node: JsonObject, except: string): boolean {
  return Object.keys(node).every((k) => k === except || ANNOTATIONS.has(k));
}

function asObject(node: Json): JsonObject {
  if (node === false) return NOTHING;
  return isJsonObject(node) ? node : {};
}

/**
 * Follows `$ref`s (annotation siblings are kept over the target's; a `$ref` beside assertions
 * stays as it is and is compared as a keyword) and unwraps a nullable union.
 */
export function view(node: Json, src: string, res: SchemaResource): NodeAt {
  let schema = asObject(node);
  let at = src;
  let ref: string | undefined;
  for (
    let hops = 0;
    hops < 64 &&
    typeof schema.$ref === "string" &&
    annotationsOnly(schema, "$ref");
    hops++
  ) {
    const target = resolveInResource(schema.$ref, res);
    if (!target) break;
    const siblings = Object.keys(schema).filter((k) => k !== "$ref");
    ref = schema.$ref;
    const resolved = asObject(target.node);
    schema =
      siblings.length === 0
        ? resolved
        : objectFromEntries([
            ...Object.keys(resolved)
              .filter((k) => !siblings.includes(k))
              .map((k) => [k, resolved[k]!] as const),
            ...siblings.map((k) => [k, schema[k]!] as const),
          ]);
    at = target.src;
  }
  return unwrapNullableUnion({ schema, src: at, ref, unionNull: false }, res);
}

function isNullOnly(node: Json, res: SchemaResource, src: string): boolean {
  const v = view(node, src, res).schema;
  const keys = Object.keys(v).filter((k) => !ANNOTATIONS.has(k));
  if (keys.length !== 1) return false;
  const k = keys[0]!;
  return (
    (k === "type" &&
      (v.type === "null" ||
        (Array.isArray(v.type) &&
          v.type.length === 1 &&
          v.type[0] === "null"))) ||
    (k === "const" && v.const === null) ||
    (k === "enum" &&
      Array.isArray(v.enum) &&
      v.enum.length === 1 &&
      v.enum[0] === null)
  );
}

function unwrapNullableUnion(at: NodeAt, res: SchemaResource): NodeAt {
  const s = at.schema;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = s[key];
    if (!Array.isArray(branches) || !annotationsOnly(s, key)) continue;
    const kept = branches
      .map((b, i) => [b, i] as const)
      .filter(([b, i]) => !isNullOnly(b, res, pointerJoin(at.src, key, i)));
    if (kept.length === branches.length) continue;
    if (kept.length === 1) {
      const [branch, i] = kept[0]!;
      const inner = view(branch, pointerJoin(at.src, key, i), res);
      const merged = objectFromEntries([
        ...Object.keys(inner.schema).map((k) => [k, inner.schema[k]!] as const),
        ...Object.keys(s)
          .filter((k) => k !== key)
          .map((k) => [k, s[k]!] as const),
      ]);
      return {
        schema: merged,
        src: inner.src,
        ref: inner.ref ?? at.ref,
        unionNull: true,
      };
    }
    const rest = objectFromEntries<Json>([
      ...Object.keys(s)
        .filter((k) => k !== key)
        .map((k) => [k, s[k]!] as const),
      [key, kept.map(([b]) => b)] as const,
    ]);
    return { schema: rest, src: at.src, ref: at.ref, unionNull: true };
  }
  return at;
}

export type JsonType =
  "string" | "number" | "integer" | "boolean" | "object" | "array";
const ALL_TYPES: readonly JsonType[] = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
];

function typeOfValue(v: Json): JsonType | "null" {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v as JsonType;
}

/** Enum values (or the const as one value), null left out; undefined when neither is written. */
export function enumValues(s: JsonObject): readonly Json[] | undefined {
  if (Array.isArray(s.enum))
    return (s.enum as readonly Json[]).filter((v) => v !== null);
  if (hasOwn(s, "const")) return s.const === null ? [] : [s.const!];
  return undefined;
}

/** Non-null JSON types the node admits (union branches joined); every type when nothing says. */
export function typesOf(
  at: NodeAt,
  res: SchemaResource,
  depth = 0,
): Set<JsonType> {
  const s = at.schema;
  if (hasOwn(s, "type")) {
    const list = Array.isArray(s.type)
      ? (s.type as readonly string[])
      : [s.type as string];
    return new Set(list.filter((t): t is JsonType => t !== "null"));
  }
  const values = enumValues(s);
  if (values !== undefined)
    return new Set(
      values.map(typeOfValue).filter((t): t is JsonType => t !== "null"),
    );
  for (const key of ["anyOf", "oneOf"]) {
    if (Array.isArray(s[key]) && depth < 16) {
      const out = new Set<JsonType>();
      (s[key] as readonly Json[]).forEach((b, i) =>
        typesOf(
          view(b, pointerJoin(at.src, key, i), res),
          res,
          depth + 1,
        ).forEach((t) => out.add(t)),
      );
      return out;
    }
  }
  return new Set(ALL_TYPES);
}

/** Whether `null` is accepted. */
export function acceptsNull(
  at: NodeAt,
  res: SchemaResource,
  depth = 0,
): boolean {
  if (at.unionNull) return true;
  const s = at.schema;
  if (hasOwn(s, "type"))
    return (
      s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"))
    );
  if (Array.isArray(s.enum)) return s.enum.includes(null);
  if (hasOwn(s, "const")) return s.const === null;
  for (const key of ["anyOf", "oneOf"]) {
    if (Array.isArray(s[key]) && depth < 16)
      return (s[key] as readonly Json[]).some((b, i) =>
        acceptsNull(view(b, pointerJoin(at.src, key, i), res), res, depth + 1),
      );
  }
  return true;
}

/** Whether a value of type `t` is accepted by a node admitting `types` (an integer is a number). */
export function admitsType(types: ReadonlySet<JsonType>, t: JsonType): boolean {
  return types.has(t) || (t === "integer" && types.has("number"));
}

/**
 * A canonical text of what a schema asserts: references followed (a cycle is cut at the
 * reference that closes it), keys sorted, annotations and `$defs` left out. Two schemas with the
 * same text accept the same values.
 */
export function canonicalText(
  node: Json,
  src: string,
  res: SchemaResource,
): string {
  const stack: string[] = [];
  const walk = (n: Json, at: string): Json => {
    if (!isJsonObject(n) && n !== false) return n;
    const v = view(n, at, res);
    if (v.ref !== undefined) {
      if (stack.includes(v.ref) || stack.length > 32) return { $ref: v.ref };
      stack.push(v.ref);
    }
    const s = v.schema;
    const out = objectFromEntries(
      Object.keys(s)
        .filter((k) => !ANNOTATIONS.has(k) && k !== "$defs")
        .sort()
        .map((k) => [k, walkValue(k, s[k]!, pointerJoin(v.src, k))] as const),
    );
    const withNull = v.unionNull ? { anyOf: [out, { type: "null" }] } : out;
    if (v.ref !== undefined) stack.pop();
    return withNull;
  };
  // Only schema positions are schemas: enum values, defaults and property names are data.
  const walkValue = (keyword: string, value: Json, at: string): Json => {
    const shape = hasOwn(KEYWORDS, keyword)
      ? KEYWORDS[keyword]!.shape
      : undefined;
    if (shape === "schema") return walk(value, at);
    if (shape === "schemaArray" && Array.isArray(value))
      return value.map((x: Json, i: number) => walk(x, pointerJoin(at, i)));
    if (shape === "schemaMap" && isJsonObject(value))
      return objectFromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, walk(value[k]!, pointerJoin(at, k))] as const),
      );
    return value;
  };
  return JSON.stringify(walk(node, src));
}
