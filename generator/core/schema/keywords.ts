/**
 * The supported keyword table: every keyword toolcat accepts, what shape its value must have,
 * and where its subschemas are. Anything not listed here is `unsupported-keyword`.
 */
import { FORMATS } from "./schema.js";

/** How a keyword's value is shaped; drives `invalid-schema` and subschema traversal. */
export type KeywordShape =
  | "schema" // one subschema
  | "schemaMap" // name -> subschema
  | "schemaArray" // non-empty list of subschemas
  | "type" // simple type name or unique non-empty list of them
  | "nonNegativeInteger"
  | "number"
  | "positiveNumber"
  | "boolean"
  | "string"
  | "stringArray" // unique strings
  | "stringArrayMap" // name -> unique strings
  | "array"
  | "any"
  | "regex"
  | "format"
  | "ref"
  | "dialect";

export type KeywordKind = "assertion" | "applicator" | "annotation" | "core";

export interface KeywordInfo {
  readonly shape: KeywordShape;
  readonly kind: KeywordKind;
}

export const KEYWORDS: Readonly<Record<string, KeywordInfo>> = {
  $schema: { shape: "dialect", kind: "core" },
  $ref: { shape: "ref", kind: "core" },
  $defs: { shape: "schemaMap", kind: "core" },
  definitions: { shape: "schemaMap", kind: "core" },
  $comment: { shape: "string", kind: "annotation" },
  title: { shape: "string", kind: "annotation" },
  description: { shape: "string", kind: "annotation" },
  examples: { shape: "array", kind: "annotation" },
  default: { shape: "any", kind: "annotation" },
  deprecated: { shape: "boolean", kind: "annotation" },
  readOnly: { shape: "boolean", kind: "annotation" },
  writeOnly: { shape: "boolean", kind: "annotation" },

  type: { shape: "type", kind: "assertion" },
  enum: { shape: "array", kind: "assertion" },
  const: { shape: "any", kind: "assertion" },

  properties: { shape: "schemaMap", kind: "applicator" },
  required: { shape: "stringArray", kind: "assertion" },
  additionalProperties: { shape: "schema", kind: "applicator" },
  patternProperties: { shape: "schemaMap", kind: "applicator" },
  propertyNames: { shape: "schema", kind: "applicator" },
  minProperties: { shape: "nonNegativeInteger", kind: "assertion" },
  maxProperties: { shape: "nonNegativeInteger", kind: "assertion" },
  dependentRequired: { shape: "stringArrayMap", kind: "assertion" },

  items: { shape: "schema", kind: "applicator" },
  prefixItems: { shape: "schemaArray", kind: "applicator" },
  contains: { shape: "schema", kind: "applicator" },
  minContains: { shape: "nonNegativeInteger", kind: "assertion" },
  maxContains: { shape: "nonNegativeInteger", kind: "assertion" },
  minItems: { shape: "nonNegativeInteger", kind: "assertion" },
  maxItems: { shape: "nonNegativeInteger", kind: "assertion" },
  uniqueItems: { shape: "boolean", kind: "assertion" },

  minLength: { shape: "nonNegativeInteger", kind: "assertion" },
  maxLength: { shape: "nonNegativeInteger", kind: "assertion" },
  pattern: { shape: "regex", kind: "assertion" },
  format: { shape: "format", kind: "assertion" },

  minimum: { shape: "number", kind: "assertion" },
  maximum: { shape: "number", kind: "assertion" },
  exclusiveMinimum: { shape: "number", kind: "assertion" },
  exclusiveMaximum: { shape: "number", kind: "assertion" },
  multipleOf: { shape: "positiveNumber", kind: "assertion" },

  allOf: { shape: "schemaArray", kind: "applicator" },
  anyOf: { shape: "schemaArray", kind: "applicator" },
  oneOf: { shape: "schemaArray", kind: "applicator" },
  not: { shape: "schema", kind: "applicator" },
  if: { shape: "schema", kind: "applicator" },
  then: { shape: "schema", kind: "applicator" },
  else: { shape: "schema", kind: "applicator" },
};

export function isSupportedKeyword(keyword: string): boolean {
  return Object.prototype.hasOwnProperty.call(KEYWORDS, keyword);
}

export const SUPPORTED_FORMATS: ReadonlySet<string> = new Set(FORMATS);

/** `$schema` values accepted: draft 2020-12 and draft-07, with or without the trailing `#`. */
export const DIALECTS: Readonly<Record<string, "2020-12" | "draft-07">> = {
  "https://json-schema.org/draft/2020-12/schema": "2020-12",
  "https://json-schema.org/draft/2020-12/schema#": "2020-12",
  "http://json-schema.org/draft-07/schema": "draft-07",
  "http://json-schema.org/draft-07/schema#": "draft-07",
  "https://json-schema.org/draft-07/schema": "draft-07",
  "https://json-schema.org/draft-07/schema#": "draft-07",
};

/**
 * Keywords that exist in JSON Schema but that toolcat does not compile, with a hint. They are
 * reported as `unsupported-keyword`; an unknown word gets the generic message.
 */
export const UNSUPPORTED_HINTS: Readonly<Record<string, string>> = {
  $dynamicRef:
    "dynamic references are not supported; use $ref to a $defs entry",
  $dynamicAnchor: "dynamic anchors are not supported",
  $recursiveRef: "use $ref: '#' for recursion",
  $recursiveAnchor: "use $ref: '#' for recursion",
  $anchor: "anchors are not supported; reference $defs entries by JSON pointer",
  $id: "schema identifiers are not supported: each tool's input/output is its own resource",
  $vocabulary: "vocabularies are not supported",
  unevaluatedProperties: "use additionalProperties",
  unevaluatedItems: "use items with prefixItems",
  dependentSchemas: "use dependentRequired or if/then",
  dependencies:
    "draft-07 'dependencies' is not supported; use dependentRequired",
  additionalItems:
    "draft-07 'additionalItems' is not supported; use prefixItems with items",
  contentEncoding: "content keywords are not validated",
  contentMediaType: "content keywords are not validated",
  contentSchema: "content keywords are not validated",
  nullable: "OpenAPI 'nullable' is not JSON Schema; use type: [<type>, 'null']",
};
