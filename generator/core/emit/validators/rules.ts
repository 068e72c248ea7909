/**
 * Facts about schemas that decide what code Ajv (the reference) generates, restated here so the
 * emitted validators match it: which keywords count as rules, when a subschema is "always valid",
 * which instance-type group a keyword belongs to.
 */
import type { Schema, SchemaObject, SimpleType } from "../../schema/schema.js";
import { hasOwn } from "../../schema/json.js";

/**
 * Keywords Ajv 8 keeps in `RULES.all` (have a definition), within toolcat's subset. Note `$comment`:
 * Ajv registers it with a definition, so `{ "$comment": "…" }` is not an empty schema to Ajv.
 */
const RULE_KEYWORDS: ReadonlySet<string> = new Set([
  "$comment",
  "$ref",
  "type",
  "const",
  "enum",
  "not",
  "anyOf",
  "oneOf",
  "allOf",
  "if",
  "then",
  "else",
  "maximum",
  "minimum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "multipleOf",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "maxItems",
  "minItems",
  "prefixItems",
  "items",
  "contains",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "propertyNames",
  "additionalProperties",
  "properties",
  "patternProperties",
  "dependentRequired",
]);

export function isRuleKeyword(keyword: string): boolean {
  return RULE_KEYWORDS.has(keyword);
}

/** Ajv `schemaHasRules`: `false`, or an object with at least one rule keyword. */
export function hasRules(schema: Schema): boolean {
  if (typeof schema === "boolean") return !schema;
  const keyList = Object.keys(schema);
  for (let i = 0; i < keyList.length; i++) {
    const key = keyList[i]!;
    if (RULE_KEYWORDS.has(key)) return true;
  }
  return false;
}

/** Ajv `alwaysValidSchema`: `true`, `{}`, or an object with annotations only. */
export function alwaysValid(schema: Schema): boolean {
  if (typeof schema === "boolean") return schema;
  return !hasRules(schema);
}

/**
 * Whether code for the schema can fail: a rule that checks something. Not `$comment` (a rule to
 * Ajv, see above, that checks nothing), not `then`/`else` (applied by `if`), and not an `if`
 * without either (Ajv ignores it). Where nothing else depends on the subschema being applied,
 * its code (and what it would declare: a pattern's RegExp, a helper) is left out.
 */
export function canFail(schema: Schema): boolean {
  if (typeof schema === "boolean") return !schema;
  const keyList = Object.keys(schema);
  for (let i = 0; i < keyList.length; i++) {
    const key = keyList[i]!;
    if (
      !RULE_KEYWORDS.has(key) ||
      key === "$comment" ||
      key === "then" ||
      key === "else"
    )
      continue;
    if (key === "if" && !hasOwn(schema, "then") && !hasOwn(schema, "else"))
      continue;
    return true;
  }
  return false;
}

/** Ajv `schemaHasRulesButRef`: a rule keyword other than `$ref`. */
export function hasRulesButRef(schema: Schema): boolean {
  if (typeof schema === "boolean") return !schema;
  const keyList = Object.keys(schema);
  for (let i = 0; i < keyList.length; i++) {
    const key = keyList[i]!;
    if (key !== "$ref" && RULE_KEYWORDS.has(key)) return true;
  }
  return false;
}

/** Ajv `hasRef` (inline decision): a `$ref` key anywhere inside, data included (enum, const, examples). */
export function containsRef(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    const keyList = Object.keys(v);
    for (let i = 0; i < keyList.length; i++) {
      const key = keyList[i]!;
      if (key === "$ref") return true;
      stack.push((v as Record<string, unknown>)[key]);
    }
  }
  return false;
}

export type TypeGroup = "number" | "string" | "array" | "object";

/** The instance-type groups in Ajv's evaluation order (after the untyped group). */
export const TYPE_GROUPS: readonly TypeGroup[] = [
  "number",
  "string",
  "array",
  "object",
];

/** `type` as a list (Ajv `getSchemaTypes`). */
export function schemaTypes(schema: Schema): readonly SimpleType[] {
  if (typeof schema === "boolean" || !hasOwn(schema, "type")) return [];
  const t = schema.type;
  if (t === undefined) return [];
  return typeof t === "string" ? [t] : t;
}

export function own<K extends keyof SchemaObject>(
  schema: SchemaObject,
  key: K,
): SchemaObject[K] | undefined {
  return hasOwn(schema, key) ? schema[key] : undefined;
}
