/**
 * JSON Schema → TypeScript type expression, for this use: closed objects get no index signature,
 * optional (`?:`) stays distinct from nullable (`| null`), enums and consts become literal unions,
 * `$ref` becomes the named type. What TypeScript cannot express (`not`, `if`, bounds, patterns)
 * leaves the type as wide as the schema's other keywords allow and is stated in JSDoc instead.
 * Every catalog string reaches the output through `codeStringLiteral`/`typeKey`/`jsdoc`.
 */
import {
  codeStringLiteral,
  numberLiteral,
  typeKey,
} from "../../codegen/code.js";
import { jsdoc } from "../../codegen/jsdoc.js";
import {
  hasOwn,
  isJsonObject,
  pointerSegments,
  type Json,
  type JsonObject,
} from "../../schema/json.js";
import type { Schema, SchemaObject, SimpleType } from "../../schema/schema.js";

export interface TypeScope {
  /** Named type for a canonical `$ref` (`#`, `#/$defs/Name`); undefined: inline the target. */
  refName(ref: string): string | undefined;
  /** The resource root, for refs that point into it without a name. */
  readonly root: Schema;
  /** An element type as written where TypeScript resolves it eagerly (optional and rest tuple elements). */
  eager?(type: string): string;
}

const OBJECT_KEYWORDS = [
  "properties",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "required",
  "dependentRequired",
];
const ARRAY_KEYWORDS = [
  "items",
  "prefixItems",
  "contains",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minContains",
  "maxContains",
];

/** A JSON value as the literal type that admits exactly it. */
export function literalType(value: Json): string {
  if (value === null) return "null";
  if (typeof value === "string") return codeStringLiteral(value);
  if (typeof value === "number")
    return Number.isFinite(value)
      ? value < 0 || Object.is(value, -0)
        ? `-${numberLiteral(Math.abs(value))}`
        : numberLiteral(value)
      : "number";
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(literalType).join(", ")}]`;
  const keys = Object.keys(value);
  if (keys.length === 0) return "Record<string, never>";
  return `{ ${keys.map((k) => `${typeKey(k)}: ${literalType((value as JsonObject)[k]!)}`).join("; ")} }`;
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  if (unique.includes("unknown")) return "unknown";
  const withoutNever = unique.filter((p) => p !== "never");
  if (withoutNever.length === 0) return "never";
  return withoutNever.length === 1
    ? withoutNever[0]!
    : withoutNever.map(paren).join(" | ");
}

function intersection(parts: string[]): string {
  const unique = [...new Set(parts)].filter((p) => p !== "unknown");
  if (unique.includes("never")) return "never";
  if (unique.length === 0) return "unknown";
  return unique.length === 1 ? unique[0]! : unique.map(paren).join(" & ");
}

/**
 * True when `t` has a `|` or `&` outside brackets, string literals and comments. Member JSDoc
 * holds catalog text (an apostrophe in "it's" is not a quote; a `|` there is not a union); it
 * cannot contain `*\/` (see jsdoc.ts), so a comment ends at the first one.
 */
export function hasTopLevelOperator(t: string): boolean {
  // No operator anywhere (most parts: names, literals, small objects): no scan character by character.
  if (!t.includes("|") && !t.includes("&")) return false;
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
    } else if (c === "/" && t[i + 1] === "*") {
      const end = t.indexOf("*/", i + 2);
      if (end < 0) return false;
      i = end + 1;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{" || c === "[" || c === "(" || c === "<") depth++;
    else if (c === "}" || c === "]" || c === ")" || c === ">") depth--;
    else if (depth === 0 && (c === "|" || c === "&")) return true;
  }
  return false;
}

/** Parenthesises a type where a postfix (`[]`, `?`) or a neighbouring operator would bind wrongly. */
function paren(t: string): string {
  return hasTopLevelOperator(t) ? `(${t})` : t;
}

/**
 * Characters of one declaration that references without a name may write out; past it they are
 * `unknown` (see TypeWriter.ref).
 */
const INLINE_BUDGET = 100_000;

export class TypeWriter {
  private depth = 0;
  /** The unnamed references being written out, outermost first. */
  private readonly expanding: string[] = [];
  /** Characters written out for unnamed references so far (nested ones count again in their users). */
  private inlined = 0;
  constructor(private readonly scope: TypeScope) {}

  typeOf(schema: Schema): string {
    if (schema === true) return "unknown";
    if (schema === false) return "never";
    if (++this.depth > 200) {
      this.depth--;
      return "unknown";
    }
    try {
      return this.objectSchema(schema);
    } finally {
      this.depth--;
    }
  }

  private objectSchema(s: SchemaObject): string {
    const parts: string[] = [];
    if (s.$ref !== undefined) parts.push(this.ref(s.$ref));
    parts.push(this.ownType(s));
    if (s.allOf) parts.push(...s.allOf.map((b) => this.typeOf(b)));
    if (s.anyOf) parts.push(union(s.anyOf.map((b) => this.typeOf(b))));
    if (s.oneOf) parts.push(union(s.oneOf.map((b) => this.typeOf(b))));
    // `not: {}` / `not: true` admits nothing; other negations are not expressible as a type.
    if (
      s.not === true ||
      (isJsonObject(s.not ?? null) && Object.keys(s.not as object).length === 0)
    )
      parts.push("never");
    return intersection(parts);
  }

  /**
   * A `$defs` reference is its named type. Any other (a pointer into the resource, such as
   * `#/properties/node`) has no name, so its target is written out where it is used. Two such
   * references could make that endless or exponential — one that leads back to itself, and one
   * used twice in a target that is itself used twice, and so on — so a reference that recurs
   * inside its own expansion, and every one once the declaration's INLINE_BUDGET is spent, is
   * `unknown`: wider than the schema, never narrower, so every value the validator accepts still
   * type-checks. (A catalog that means recursion names it in `$defs`, which has neither problem.)
   */
  private ref(ref: string): string {
    const named = this.scope.refName(ref);
    if (named !== undefined) return named;
    if (this.expanding.includes(ref) || this.inlined > INLINE_BUDGET)
      return "unknown";
    let node: Json = this.scope.root as Json;
    for (const seg of pointerSegments(decodeURIComponent(ref.slice(1)))) {
      if (Array.isArray(node)) node = node[Number(seg)] ?? true;
      else if (isJsonObject(node) && hasOwn(node, seg)) node = node[seg]!;
      else return "unknown";
    }
    this.expanding.push(ref);
    try {
      const type = this.typeOf(node as Schema);
      this.inlined += type.length;
      return type;
    } finally {
      this.expanding.pop();
    }
  }

  /** The type from the schema's own assertions (type/enum/const and the per-type keywords). */
  private ownType(s: SchemaObject): string {
    if (hasOwn(s, "const")) return literalType(s.const as Json);
    if (s.enum) return union(s.enum.map(literalType));
    const declared: readonly SimpleType[] | undefined =
      s.type === undefined
        ? undefined
        : typeof s.type === "string"
          ? [s.type]
          : s.type;
    if (declared) return union(declared.map((t) => this.simpleType(t, s)));
    // No `type`: any JSON value passes, and the per-type keywords constrain only their own type.
    const has = (list: string[]) => list.some((k) => hasOwn(s, k));
    if (!has(OBJECT_KEYWORDS) && !has(ARRAY_KEYWORDS)) return "unknown";
    return union([
      "string",
      "number",
      "boolean",
      "null",
      has(OBJECT_KEYWORDS) ? this.objectType(s) : "{ [key: string]: unknown }",
      has(ARRAY_KEYWORDS) ? this.arrayType(s) : "unknown[]",
    ]);
  }

  private simpleType(t: SimpleType, s: SchemaObject): string {
    switch (t) {
      case "string":
        return "string";
      case "number":
      case "integer":
        return "number";
      case "boolean":
        return "boolean";
      case "null":
        return "null";
      case "object":
        return this.objectType(s);
      case "array":
        return this.arrayType(s);
    }
  }

  objectType(s: SchemaObject): string {
    const props = s.properties ?? {};
    const required = new Set(s.required ?? []);
    const lines: string[] = [];
    const valueTypes: string[] = [];
    for (const key of Object.keys(props)) {
      const schema = props[key]!;
      const t = this.typeOf(schema);
      valueTypes.push(t);
      lines.push(
        `${propertyDoc(schema)}${typeKey(key)}${required.has(key) ? "" : "?"}: ${t};`,
      );
    }
    // Required names without a property schema still must be present, with the value the
    // patterns matching the name allow (all of them), or else additionalProperties.
    for (const key of s.required ?? []) {
      if (!hasOwn(props, key))
        lines.push(`${typeKey(key)}: ${this.unlistedType(s, key)};`);
    }
    const closed = s.additionalProperties === false && !s.patternProperties;
    if (!closed) {
      // TypeScript checks declared properties against the index signature, optional ones
      // with `undefined` added, so the signature must admit all of them.
      const parts = [this.extraType(s), ...valueTypes];
      if (Object.keys(props).some((k) => !required.has(k)))
        parts.push("undefined");
      lines.push(`[key: string]: ${union(parts)};`);
    }
    if (lines.length === 0) return "Record<string, never>";
    return `{\n${lines.join("\n")}\n}`;
  }

  /** Type of the value of `key`, a name `properties` does not list. */
  private unlistedType(s: SchemaObject, key: string): string {
    const patterns = Object.keys(s.patternProperties ?? {});
    // Lint has checked that every pattern compiles with the `u` flag.
    const matching = patterns.filter((p) => new RegExp(p, "u").test(key));
    if (matching.length > 0)
      return intersection(
        matching.map((p) => this.typeOf(s.patternProperties![p]!)),
      );
    if (s.additionalProperties === undefined || s.additionalProperties === true)
      return "unknown";
    return s.additionalProperties === false
      ? "never"
      : this.typeOf(s.additionalProperties);
  }

  /** Type of properties not named in `properties`. */
  private extraType(s: SchemaObject): string {
    const parts: string[] = [];
    if (s.additionalProperties === undefined || s.additionalProperties === true)
      parts.push("unknown");
    else if (s.additionalProperties !== false)
      parts.push(this.typeOf(s.additionalProperties));
    if (s.patternProperties)
      for (const p of Object.keys(s.patternProperties))
        parts.push(this.typeOf(s.patternProperties[p]!));
    return union(parts.length > 0 ? parts : ["never"]);
  }

  arrayType(s: SchemaObject): string {
    const rest = s.items === undefined ? "unknown" : this.typeOf(s.items);
    if (!s.prefixItems) return `${paren(rest)}[]`;
    const min = s.minItems ?? 0;
    // Optional and rest element types are resolved eagerly by TypeScript (see recursion.ts).
    const eager = (t: string) => (this.scope.eager ? this.scope.eager(t) : t);
    const elements = s.prefixItems.map((p, i) =>
      i >= min ? `${paren(eager(this.typeOf(p)))}?` : this.typeOf(p),
    );
    if (rest !== "never") elements.push(`...${paren(eager(rest))}[]`);
    return `[${elements.join(", ")}]`;
  }
}

/** JSDoc for a property or named type: description, then what the type cannot say. */
export function propertyDoc(schema: Schema): string {
  if (!isJsonObject(schema)) return "";
  const s = schema as SchemaObject;
  const lines: (string | undefined)[] = [];
  if (s.title) lines.push(s.title);
  if (s.description) lines.push(s.description);
  const tag = (name: string, value: Json | undefined) => {
    if (value !== undefined)
      lines.push(
        `@${name} ${typeof value === "string" ? value : JSON.stringify(value)}`,
      );
  };
  tag("format", s.format);
  tag("pattern", s.pattern);
  tag("minLength", s.minLength);
  tag("maxLength", s.maxLength);
  tag("minimum", s.minimum);
  tag("exclusiveMinimum", s.exclusiveMinimum);
  tag("maximum", s.maximum);
  tag("exclusiveMaximum", s.exclusiveMaximum);
  tag("multipleOf", s.multipleOf);
  tag("minItems", s.minItems);
  tag("maxItems", s.maxItems);
  tag("minProperties", s.minProperties);
  tag("maxProperties", s.maxProperties);
  if (s.uniqueItems) lines.push("@uniqueItems");
  if (
    s.type === "integer" ||
    (Array.isArray(s.type) && s.type.includes("integer"))
  )
    lines.push("@integer");
  if (s.deprecated) lines.push("@deprecated");
  return jsdoc(lines);
}
