/**
 * The supported JSON Schema subset as a type. Values of this type have passed the
 * `invalid-schema`/`unsupported-keyword` checks, so emitters may rely on every keyword's shape.
 */
import type { Json } from "./json.js";

export type SimpleType =
  "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";

export type Schema = boolean | SchemaObject;

export interface SchemaObject {
  readonly $schema?: string;
  readonly $ref?: string;
  readonly $defs?: { readonly [name: string]: Schema };
  readonly $comment?: string;
  readonly title?: string;
  readonly description?: string;
  readonly examples?: readonly Json[];
  readonly default?: Json;
  readonly deprecated?: boolean;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;

  readonly type?: SimpleType | readonly SimpleType[];
  readonly enum?: readonly Json[];
  readonly const?: Json;

  readonly properties?: { readonly [name: string]: Schema };
  readonly required?: readonly string[];
  readonly additionalProperties?: Schema;
  readonly patternProperties?: { readonly [pattern: string]: Schema };
  readonly propertyNames?: Schema;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly dependentRequired?: { readonly [name: string]: readonly string[] };

  readonly items?: Schema;
  readonly prefixItems?: readonly Schema[];
  readonly contains?: Schema;
  readonly minContains?: number;
  readonly maxContains?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;

  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: FormatName;

  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;

  readonly allOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly not?: Schema;
  readonly if?: Schema;
  readonly then?: Schema;
  readonly else?: Schema;
}

export const FORMATS = [
  "date",
  "time",
  "date-time",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uuid",
] as const;
export type FormatName = (typeof FORMATS)[number];
