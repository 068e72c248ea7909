/** Small questions the lowering passes ask about (canonical or lowered) schema nodes. */
import {
  hasOwn,
  isJsonObject,
  jsonEqual,
  objectFromEntries,
  pointerSegments,
  type Json,
  type JsonObject,
} from "../../schema/json.js";

/** Keywords that carry no validation: kept beside a `$ref`, moved out to a null wrapper. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/** The node a local reference points at, or undefined (`#`, `#/$defs/A`, `#/$defs/A/properties/x`, …). */
export function resolveLocal(root: Json, ref: string): Json | undefined {
  if (!ref.startsWith("#")) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  let node: Json = root;
  for (const seg of pointerSegments(fragment)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(seg) || Number(seg) >= node.length)
        return undefined;
      node = (node as readonly Json[])[Number(seg)]!;
    } else if (isJsonObject(node) && hasOwn(node, seg)) node = node[seg]!;
    else return undefined;
  }
  return node;
}

/** `#` or `#/$defs/<name>`: the references whose target no lowering moves. */
export function isStableRef(ref: string): boolean {
  if (ref === "#") return true;
  const m = /^#\/\$defs\/([^/]+)$/.exec(ref);
  return m !== null;
}

export function typeList(node: JsonObject): readonly string[] | undefined {
  const t = node.type;
  if (typeof t === "string") return [t];
  if (Array.isArray(t))
    return t.filter((x): x is string => typeof x === "string");
  return undefined;
}

/** Whether a schema admits `null`, following local references (cycles count as "no"). */
export function admitsNull(
  node: Json,
  root: Json,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  if (typeof node === "boolean") return node;
  if (!isJsonObject(node)) return false;
  if (typeof node.$ref === "string") {
    if (seen.has(node.$ref)) return false;
    const target = resolveLocal(root, node.$ref);
    if (
      target === undefined ||
      !admitsNull(target, root, new Set([...seen, node.$ref]))
    )
      return false;
  }
  if (hasOwn(node, "const") && node.const !== null) return false;
  if (Array.isArray(node.enum) && !node.enum.includes(null)) return false;
  const types = typeList(node);
  if (types && !types.includes("null")) return false;
  if (
    Array.isArray(node.anyOf) &&
    !node.anyOf.some((b: Json) => admitsNull(b, root, seen))
  )
    return false;
  if (
    Array.isArray(node.oneOf) &&
    !node.oneOf.some((b: Json) => admitsNull(b, root, seen))
  )
    return false;
  if (
    Array.isArray(node.allOf) &&
    !node.allOf.every((b: Json) => admitsNull(b, root, seen))
  )
    return false;
  if (hasOwn(node, "not") && admitsNull(node.not!, root, seen)) return false;
  return true;
}

/** The JSON kind of a literal value (`integer` is reported as `number`). */
export function literalKind(
  value: Json,
): "string" | "number" | "boolean" | "null" | "object" | "array" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  switch (typeof value) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    default:
      return "object";
  }
}

/** A node declares itself an object (by type, or by object keywords without a type). */
export function isObjectish(node: JsonObject): boolean {
  const types = typeList(node);
  if (types) return types.includes("object");
  return (
    hasOwn(node, "properties") ||
    hasOwn(node, "patternProperties") ||
    hasOwn(node, "additionalProperties")
  );
}

export function isArrayish(node: JsonObject): boolean {
  const types = typeList(node);
  if (types) return types.includes("array");
  return hasOwn(node, "items") || hasOwn(node, "prefixItems");
}

/** The node without its annotations (for structural comparison and null wrappers). */
export function withoutAnnotations(node: JsonObject): JsonObject {
  return objectFromEntries(
    Object.keys(node)
      .filter((k) => !ANNOTATIONS.has(k))
      .map((k) => [k, node[k]!] as const),
  );
}

/** Structural equality ignoring annotations at every level of the two schemas. */
export function sameShape(a: Json, b: Json): boolean {
  return jsonEqual(stripDeep(a), stripDeep(b));
}

function stripDeep(node: Json): Json {
  if (Array.isArray(node)) return node.map(stripDeep);
  if (!isJsonObject(node)) return node;
  return objectFromEntries(
    Object.keys(node)
      .filter((k) => k !== "title" && k !== "description")
      .map((k) => [k, stripDeep(node[k]!)] as const),
  );
}

/** Every `$ref` inside a schema with its pointer (not descending into nested `$defs` maps' values twice). */
export function refsIn(
  node: Json,
  pointer: string,
  out: { ref: string; pointer: string }[] = [],
): { ref: string; pointer: string }[] {
  if (Array.isArray(node))
    node.forEach((n: Json, i: number) => refsIn(n, `${pointer}/${i}`, out));
  else if (isJsonObject(node)) {
    const keyList = Object.keys(node);
    for (let i = 0; i < keyList.length; i++) {
      const k = keyList[i]!;
      const v = node[k]!;
      const p = `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (k === "$ref" && typeof v === "string") out.push({ ref: v, pointer });
      else if (
        k !== "enum" &&
        k !== "const" &&
        k !== "default" &&
        k !== "examples"
      )
        refsIn(v, p, out);
    }
  }
  return out;
}
