/**
 * The schema dialects providers accept, each a composition of the shared passes (passes.ts).
 * Facts: the providers' documentation: OpenAI's Structured Outputs guide (supported schemas), Anthropic's strict tool use guide, Gemini's function calling guide (schema subset).
 */
import { hasOwn, type Json, type JsonObject } from "../../schema/json.js";
import { CANONICAL, type Dialect, type NodeContext } from "./lowering.js";
import {
  blockBooleanSubschemas,
  closeObjects,
  constToEnum,
  dropAnnotations,
  findRecursion,
  moveKeywords,
  oneOfToAnyOf,
  requireAllNullable,
  requireStableRefs,
  requireTyped,
  tupleToItems,
  typeLiterals,
  type MovePredicate,
} from "./passes.js";
import { ANNOTATIONS } from "./schema-util.js";
import { anthropicStrictCatalogLimits, openaiStrictLimits } from "../limits.js";

/** Annotations strict dialects do not take (a `default` is stated in the description instead). */
const STRICT_DROPPED_ANNOTATIONS = [
  "$comment",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "default",
];

/** A sibling of `$ref` that is not an annotation: strict dialects ignore or reject it. */
const besideRef = (keyword: string, node: JsonObject): boolean =>
  hasOwn(node, "$ref") &&
  keyword !== "$ref" &&
  keyword !== "$defs" &&
  !ANNOTATIONS.has(keyword);

const OPENAI_STRICT_MOVED = new Set([
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "contains",
  "minContains",
  "maxContains",
  "uniqueItems",
  // Not listed as supported for strict mode (only named as unsupported for fine-tuned models).
  "minLength",
  "maxLength",
]);
const OPENAI_STRICT_FORMATS = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uuid",
]);

const openaiStrictMoves: MovePredicate = (k, v, node) =>
  OPENAI_STRICT_MOVED.has(k) ||
  (k === "format" && !OPENAI_STRICT_FORMATS.has(v as string)) ||
  besideRef(k, node);

/**
 * OpenAI strict mode (Structured Outputs subset): closed objects, every property required (optional
 * ones nullable), typed literals, no tuples, unsupported keywords stated in descriptions.
 */
export const OPENAI_STRICT: Dialect = {
  id: "openai-strict",
  passes: [
    dropAnnotations(STRICT_DROPPED_ANNOTATIONS, { noteDefault: true }),
    tupleToItems,
    oneOfToAnyOf,
    moveKeywords(openaiStrictMoves, { nullMeansOmitted: true }),
    typeLiterals,
    closeObjects,
    requireAllNullable,
    blockBooleanSubschemas,
    requireTyped,
    requireStableRefs,
  ],
  optionalAsNullable: true,
  limits: openaiStrictLimits,
};

const ANTHROPIC_STRICT_MOVED = new Set([
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "dependentRequired",
  "not",
  "if",
  "then",
  "else",
  "allOf",
]);
const ANTHROPIC_STRICT_FORMATS = new Set([
  "date-time",
  "time",
  "date",
  "duration",
  "email",
  "hostname",
  "uri",
  "ipv4",
  "ipv6",
  "uuid",
]);

const anthropicStrictMoves: MovePredicate = (k, v, node) =>
  ANTHROPIC_STRICT_MOVED.has(k) ||
  (k === "minItems" && typeof v === "number" && v > 1) ||
  (k === "format" && !ANTHROPIC_STRICT_FORMATS.has(v as string)) ||
  besideRef(k, node);

/** Anthropic strict tool use: optional properties stay optional; bounds move into descriptions; no recursion. */
export const ANTHROPIC_STRICT: Dialect = {
  id: "anthropic-strict",
  passes: [
    dropAnnotations(STRICT_DROPPED_ANNOTATIONS, { noteDefault: true }),
    tupleToItems,
    oneOfToAnyOf,
    moveKeywords(anthropicStrictMoves),
    literalsArePrimitive,
    closeObjects,
    blockBooleanSubschemas,
    requireTyped,
    requireStableRefs,
  ],
  checks: [findRecursion],
  catalogLimits: anthropicStrictCatalogLimits,
};

function literalsArePrimitive(node: JsonObject, ctx: NodeContext): JsonObject {
  const complex = (v: Json) => typeof v === "object" && v !== null;
  if (hasOwn(node, "const") && complex(node.const!))
    ctx.block(
      "complex-literal",
      `const ${JSON.stringify(node.const)} is not a primitive value`,
    );
  if (Array.isArray(node.enum) && (node.enum as readonly Json[]).some(complex))
    ctx.block("complex-literal", "enum holds object or array values");
  return node;
}

/**
 * Gemini `parametersJsonSchema`/`responseJsonSchema`: standard JSON Schema, but keywords the API
 * rejects (`const`, `exclusiveMinimum`, …) or documents as ignored (`minLength`, `maxLength`,
 * `minProperties`, `maxProperties`, `uniqueItems`, `contains`, `minContains`, `maxContains`) are
 * removed and stated in the description; `const` becomes the equivalent one-value `enum`.
 */
const GOOGLE_MOVED = new Set([
  "minLength",
  "maxLength",
  "minProperties",
  "maxProperties",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "propertyNames",
  "patternProperties",
  "allOf",
]);

export const GOOGLE: Dialect = {
  id: "google",
  passes: [
    dropAnnotations(
      ["$comment", "examples", "deprecated", "readOnly", "writeOnly"],
      { noteDefault: false },
    ),
    oneOfToAnyOf,
    constToEnum,
    moveKeywords((k) => GOOGLE_MOVED.has(k)),
  ],
};

export { CANONICAL };
