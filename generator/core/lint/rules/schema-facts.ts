/** Small questions rules ask about a schema node. */
import {
  hasOwn,
  isJsonObject,
  type Json,
  type JsonObject,
} from "../../schema/json.js";

export function typeList(node: JsonObject): string[] | undefined {
  const t = node.type;
  if (typeof t === "string") return [t];
  if (Array.isArray(t))
    return t.filter((x): x is string => typeof x === "string");
  return undefined;
}

/** A schema that declares itself an object (explicitly, or by having properties and no type). */
export function isObjectSchema(node: Json): node is JsonObject {
  if (!isJsonObject(node)) return false;
  const types = typeList(node);
  if (types) return types.includes("object");
  return hasOwn(node, "properties");
}

export function isArraySchema(node: Json): node is JsonObject {
  if (!isJsonObject(node)) return false;
  return typeList(node)?.includes("array") ?? false;
}

/** Whether the schema admits `null` on its own (type, enum, const or a null branch). */
export function admitsNull(node: Json): boolean {
  if (node === true) return true;
  if (!isJsonObject(node)) return false;
  if (hasOwn(node, "const")) return node.const === null;
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  const types = typeList(node);
  if (types) return types.includes("null");
  for (const k of ["anyOf", "oneOf"])
    if (Array.isArray(node[k])) return (node[k] as Json[]).some(admitsNull);
  return false;
}

export function requiredNames(node: JsonObject): string[] {
  return Array.isArray(node.required)
    ? node.required.filter((x): x is string => typeof x === "string")
    : [];
}

/** Composition keywords whose branches see the same properties: closing such an object changes meaning. */
export function composes(node: JsonObject): boolean {
  return [
    "allOf",
    "anyOf",
    "oneOf",
    "if",
    "then",
    "else",
    "not",
    "$ref",
    "dependentRequired",
  ].some((k) => hasOwn(node, k));
}
