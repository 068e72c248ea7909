/**
 * Which property names an object schema lets through, from its own keywords only
 * (`properties`, `patternProperties`, `additionalProperties`, `propertyNames`). Used to tell a
 * `required` name that can never be present (the object is closed to it) from one that is merely
 * undeclared, and to know when closing an object would forbid a name it requires.
 */
import {
  hasOwn,
  isJsonObject,
  type Json,
  type JsonObject,
} from "../../schema/json.js";
import { composes } from "./schema-facts.js";

function compile(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return undefined; // pattern-compiles reports it
  }
}

/** Whether `name` matches one of the object's patternProperties (an unreadable pattern counts as a match). */
export function matchesPatternProperty(
  node: JsonObject,
  name: string,
): boolean {
  const patterns = node.patternProperties;
  if (!isJsonObject(patterns)) return false;
  return Object.keys(patterns).some((p) => compile(p)?.test(name) ?? true);
}

/** Whether a `propertyNames` schema could accept `name`; only the string keywords are judged, anything else counts as yes. */
function propertyNamesAdmit(schema: Json, name: string): boolean {
  if (schema === false) return false;
  if (!isJsonObject(schema)) return true;
  if (hasOwn(schema, "const") && schema.const !== name) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(name)) return false;
  const length = [...name].length;
  if (typeof schema.minLength === "number" && length < schema.minLength)
    return false;
  if (typeof schema.maxLength === "number" && length > schema.maxLength)
    return false;
  if (
    typeof schema.pattern === "string" &&
    compile(schema.pattern)?.test(name) === false
  )
    return false;
  return true;
}

/** Whether the object's own keywords let a property called `name` be present at all. */
export function admitsPropertyName(node: JsonObject, name: string): boolean {
  if (
    hasOwn(node, "propertyNames") &&
    !propertyNamesAdmit(node.propertyNames!, name)
  )
    return false;
  // A declared property admits its name; whether its schema admits a value is another question.
  if (
    isJsonObject(node.properties ?? null) &&
    hasOwn(node.properties as JsonObject, name)
  )
    return true;
  if (matchesPatternProperty(node, name)) return true;
  return node.additionalProperties !== false;
}

/** Whether `name` is declared by `properties` or `patternProperties` of the object itself. */
export function declaresPropertyName(node: JsonObject, name: string): boolean {
  return (
    (isJsonObject(node.properties ?? null) &&
      hasOwn(node.properties as JsonObject, name)) ||
    matchesPatternProperty(node, name)
  );
}

/** Keywords whose branch schemas see the same object as the schema that holds them. */
export const IN_PLACE_KEYWORDS: ReadonlySet<string> = new Set([
  "allOf",
  "anyOf",
  "oneOf",
  "if",
  "then",
  "else",
  "not",
]);

/**
 * Whether `no-additional-properties` may close this object mechanically, leaving aside what its
 * `required` list says: nothing else decides which names it admits, and no minProperties asks
 * for more than it declares.
 */
export function closableIgnoringRequired(
  node: JsonObject,
  via: string | undefined,
): boolean {
  if (
    hasOwn(node, "additionalProperties") ||
    hasOwn(node, "patternProperties") ||
    hasOwn(node, "propertyNames") ||
    hasOwn(node, "unevaluatedProperties")
  )
    return false;
  if (
    composes(node) ||
    hasOwn(node, "dependentSchemas") ||
    (via !== undefined && IN_PLACE_KEYWORDS.has(via))
  )
    return false;
  return !(
    typeof node.minProperties === "number" &&
    node.minProperties > declaredNames(node).length
  );
}

/** Indices of the `required` entries that closing the object would forbid (names it does not declare). */
export function requiredForbiddenByClosing(node: JsonObject): number[] {
  const declared = declaredNames(node);
  const required: readonly Json[] = Array.isArray(node.required)
    ? node.required
    : [];
  return required.flatMap((name, i) =>
    typeof name === "string" && !declared.includes(name) ? [i] : [],
  );
}

function declaredNames(node: JsonObject): string[] {
  const props = node.properties;
  return isJsonObject(props ?? null) ? Object.keys(props as JsonObject) : [];
}
