/**
 * What a target's declared (lowered) input schema checks beyond the catalog's own validator run
 * on the normalised arguments: the only part of the declaration a call validator still compiles.
 *
 * A call is accepted when the declaration accepts it and the catalog's schema accepts it after
 * normalisation (announced nulls removed). Normalisation only deletes properties whose value is
 * null where the lowering made an optional field nullable; every other value reaches the catalog
 * validator unchanged, at the same instance location. The lowering copies value constraints
 * (`type`, bounds, `pattern`, `format`, `enum`, …) from the catalog schema or drops them (moved into
 * the description); it never invents one. So along a path of `properties` / `items` /
 * `prefixItems` — where each declared subschema applies unconditionally to the value the catalog's
 * subschema applies to — the declaration's value constraints are already checked by the catalog
 * validator, and only the structure it adds remains: `required` (optional fields announced as
 * required and nullable) and `additionalProperties` (strict objects are closed).
 *
 * A subschema that is only a `$ref` to an entry of the root's `$defs` applies that entry, just as
 * unconditionally, to the same value: its remainder is the entry's (a `$ref` cycle is kept, and so
 * is every `$ref` once MAX_INLINES entries were inlined).
 * Under a keyword whose outcome depends on which branch passes (`anyOf`, `oneOf`, `not`, `if`,
 * `contains`, …) or beside other keywords under `$ref`, dropping a constraint could let another
 * branch pass, so such a subschema is kept whole. test/providers/call-validators.property.test.ts
 * (and the whole-output fuzzer) check, against Ajv on the full declaration, that the result is the
 * same acceptance as declaration-then-catalog.
 */
import type { Schema, SchemaObject } from "../schema/schema.js";

/** Keywords kept (and descended into) along the unconditional path. */
const STRUCTURE = new Set([
  "properties",
  "required",
  "additionalProperties",
  "items",
  "prefixItems",
  "$defs",
]);

/** Keywords that make a subschema conditional or indirect: such a subschema is kept whole. */
const KEEP_WHOLE = new Set([
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "$ref",
  "contains",
  "patternProperties",
  "propertyNames",
  "dependentSchemas",
  "dependentRequired",
]);

/** The part of `declared` a call validator checks before normalising (see the module comment). */
export function declaredDifference(declared: Schema): Schema {
  const defs =
    typeof declared === "object" && declared.$defs !== undefined
      ? declared.$defs
      : {};
  return remainder(declared, {
    defs,
    inlining: new Set(),
    budget: { inlines: MAX_INLINES },
  }).schema;
}

/**
 * `$defs` entries inlined in one remainder at most; past that a `$ref` is kept (checked in full,
 * as declared: the same acceptance). An entry is inlined at each use, so one used six times in
 * one used six times, and so on, would be written out 6^depth times.
 */
const MAX_INLINES = 200;

interface Scope {
  /** The root's `$defs`. */
  readonly defs: Readonly<Record<string, Schema>>;
  /** The `$defs` entries being inlined (a `$ref` back to one of them is kept). */
  readonly inlining: ReadonlySet<string>;
  /** Inlines left for the whole remainder (shared by every scope of it). */
  readonly budget: { inlines: number };
}

/** The `$defs` entry a bare `{ $ref: "#/$defs/<name>" }` (annotations aside) names, if any. */
function defOf(schema: SchemaObject, scope: Scope): string | undefined {
  if (
    typeof schema.$ref !== "string" ||
    Object.keys(schema).some(
      (k) => k !== "$ref" && k !== "description" && k !== "title",
    )
  )
    return undefined;
  const match = /^#\/\$defs\/([^/~%]+)$/.exec(schema.$ref);
  if (
    !match ||
    !Object.hasOwn(scope.defs, match[1]!) ||
    scope.inlining.has(match[1]!) ||
    scope.budget.inlines <= 0
  )
    return undefined;
  return match[1];
}

/** The remainder, and whether it accepts every non-object non-array value (null among them). */
function remainder(
  declared: Schema,
  scope: Scope,
): { readonly schema: Schema; readonly typeFree: boolean } {
  if (typeof declared === "boolean")
    return { schema: declared, typeFree: declared };
  const def = defOf(declared, scope);
  if (def !== undefined) {
    scope.budget.inlines--;
    return remainder(scope.defs[def]!, {
      ...scope,
      inlining: new Set([...scope.inlining, def]),
    });
  }
  const inner = nullWrapped(declared);
  if (inner !== undefined) {
    // `anyOf: [X, {type: "null"}]` (an optional field made nullable): the value is null or meets
    // X. When what remains of X constrains no type, null meets it too: that remainder is the check.
    const rest = remainder(inner, scope);
    if (rest.typeFree) return rest;
  }
  if (Object.keys(declared).some((k) => KEEP_WHOLE.has(k)))
    return { schema: declared, typeFree: false };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(declared)) {
    if (!STRUCTURE.has(key)) continue;
    switch (key) {
      case "properties":
        out.properties = Object.fromEntries(
          Object.entries(value as Record<string, Schema>).map(([name, sub]) => [
            name,
            remainder(sub, scope).schema,
          ]),
        );
        break;
      case "items":
        out.items = remainder(value as Schema, scope).schema;
        break;
      case "prefixItems":
        out.prefixItems = (value as readonly Schema[]).map(
          (sub) => remainder(sub, scope).schema,
        );
        break;
      default:
        // `required`, `additionalProperties` (checked as declared), `$defs` (reached only through a
        // `$ref`, which is kept whole).
        out[key] = value;
    }
  }
  // Only `required`, `properties`, `additionalProperties`, `items` and `prefixItems` are left: each
  // constrains objects or arrays only.
  return { schema: out as SchemaObject, typeFree: true };
}

/** X of a subschema that is exactly `anyOf: [X, {type: "null"}]` (either order), else undefined. */
function nullWrapped(schema: SchemaObject): Schema | undefined {
  const keys = Object.keys(schema).filter(
    (k) => k !== "description" && k !== "title",
  );
  if (keys.length !== 1 || keys[0] !== "anyOf" || schema.anyOf?.length !== 2)
    return undefined;
  const isNull = (s: Schema) =>
    typeof s === "object" && Object.keys(s).length === 1 && s.type === "null";
  const [a, b] = schema.anyOf;
  if (isNull(b!) && !isNull(a!)) return a;
  if (isNull(a!) && !isNull(b!)) return b;
  return undefined;
}
