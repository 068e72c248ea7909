/**
 * The keyword table. `KEYWORD_ROLES` is exhaustive over the schema type: a keyword added to
 * `SchemaObject` does not compile until it is given a role here. `EVALUATION_ORDER` is Ajv 8's
 * rule order (draft 2020-12 vocabularies), which fixes the order of errors: untyped keywords
 * first, then the number, string, array and object groups.
 */
import type { SchemaObject } from "../../../schema/schema.js";
import { additionalPropertiesKeyword } from "./additional-properties.js";
import { allOfKeyword } from "./all-of.js";
import { anyOfKeyword } from "./any-of.js";
import { constKeyword } from "./const.js";
import { containsKeyword } from "./contains.js";
import { dependentRequiredKeyword } from "./dependent-required.js";
import { enumKeyword } from "./enum.js";
import { formatKeyword } from "./format.js";
import { ifKeyword } from "./if-then-else.js";
import { itemsKeyword } from "./items.js";
import type { Group, KeywordContext, KeywordEmitter } from "./keyword.js";
import { limitItemsKeyword } from "./limit-items.js";
import { limitLengthKeyword } from "./limit-length.js";
import { limitNumberKeyword } from "./limit-number.js";
import { limitPropertiesKeyword } from "./limit-properties.js";
import { multipleOfKeyword } from "./multiple-of.js";
import { notKeyword } from "./not.js";
import { oneOfKeyword } from "./one-of.js";
import { patternPropertiesKeyword } from "./pattern-properties.js";
import { patternKeyword } from "./pattern.js";
import { prefixItemsKeyword } from "./prefix-items.js";
import { propertiesKeyword } from "./properties.js";
import { propertyNamesKeyword } from "./property-names.js";
import { refKeyword } from "./ref.js";
import { requiredKeyword } from "./required.js";
import { typeKeyword } from "./type.js";
import { uniqueItemsKeyword } from "./unique-items.js";

export type KeywordName = keyof SchemaObject;

/** A keyword emitter with its keyword type erased (the table below keeps the pairing checked). */
export interface AnyKeywordEmitter {
  readonly keywords: readonly KeywordName[];
  readonly group: Group;
  emit(k: KeywordContext, keyword: KeywordName): void;
}

/**
 * What each keyword of the subset is to the validator compiler. `accepts` is a type-level witness:
 * `check(emitter)` can only be listed under a keyword that emitter declares.
 */
export type KeywordRole<K extends KeywordName> =
  | {
      readonly kind: "check";
      readonly emitter: AnyKeywordEmitter;
      readonly accepts?: (keyword: K) => void;
    }
  /** Never validated (Ajv metadata, `$schema`, `$defs`; `$comment` has no effect either). */
  | { readonly kind: "annotation" };

function check<K extends KeywordName>(
  emitter: KeywordEmitter<K>,
): KeywordRole<K> {
  return { kind: "check", emitter: emitter as unknown as AnyKeywordEmitter };
}
const annotation = { kind: "annotation" } as const;

export const KEYWORD_ROLES: { readonly [K in KeywordName]-?: KeywordRole<K> } =
  {
    $schema: annotation,
    $defs: annotation,
    $comment: annotation,
    title: annotation,
    description: annotation,
    examples: annotation,
    default: annotation,
    deprecated: annotation,
    readOnly: annotation,
    writeOnly: annotation,
    $ref: check(refKeyword),
    type: check(typeKeyword),
    enum: check(enumKeyword),
    const: check(constKeyword),
    properties: check(propertiesKeyword),
    required: check(requiredKeyword),
    additionalProperties: check(additionalPropertiesKeyword),
    patternProperties: check(patternPropertiesKeyword),
    propertyNames: check(propertyNamesKeyword),
    minProperties: check(limitPropertiesKeyword),
    maxProperties: check(limitPropertiesKeyword),
    dependentRequired: check(dependentRequiredKeyword),
    items: check(itemsKeyword),
    prefixItems: check(prefixItemsKeyword),
    contains: check(containsKeyword),
    minContains: check(containsKeyword),
    maxContains: check(containsKeyword),
    minItems: check(limitItemsKeyword),
    maxItems: check(limitItemsKeyword),
    uniqueItems: check(uniqueItemsKeyword),
    minLength: check(limitLengthKeyword),
    maxLength: check(limitLengthKeyword),
    pattern: check(patternKeyword),
    format: check(formatKeyword),
    minimum: check(limitNumberKeyword),
    maximum: check(limitNumberKeyword),
    exclusiveMinimum: check(limitNumberKeyword),
    exclusiveMaximum: check(limitNumberKeyword),
    multipleOf: check(multipleOfKeyword),
    allOf: check(allOfKeyword),
    anyOf: check(anyOfKeyword),
    oneOf: check(oneOfKeyword),
    not: check(notKeyword),
    if: check(ifKeyword),
    then: check(ifKeyword),
    else: check(ifKeyword),
  };

/**
 * Ajv's order within each group. `format` appears in the number group too (Ajv registers it for
 * numbers and strings): it emits nothing there but makes the group "used", which moves a single
 * `type: number` check into that group's else branch, as in Ajv. `$ref` and `type` are handled by
 * the driver before the untyped keywords.
 */
export const EVALUATION_ORDER: {
  readonly [G in Group]: readonly KeywordName[];
} = {
  any: [
    "$ref",
    "const",
    "enum",
    "not",
    "anyOf",
    "oneOf",
    "allOf",
    "if",
    "then",
    "else",
  ],
  number: [
    "maximum",
    "minimum",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "multipleOf",
    "format",
  ],
  string: ["maxLength", "minLength", "pattern", "format"],
  array: [
    "maxItems",
    "minItems",
    "prefixItems",
    "items",
    "contains",
    "uniqueItems",
    "maxContains",
    "minContains",
  ],
  object: [
    "maxProperties",
    "minProperties",
    "required",
    "propertyNames",
    "additionalProperties",
    "properties",
    "patternProperties",
    "dependentRequired",
  ],
};

/** The emitter for a keyword that checks something. */
export function emitterOf(keyword: KeywordName): AnyKeywordEmitter | undefined {
  const role: KeywordRole<never> = KEYWORD_ROLES[keyword];
  return role.kind === "check" ? role.emitter : undefined;
}
