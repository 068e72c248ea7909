/**
 * Standard Schema 1.1 and Standard JSON Schema for the catalog's tools: what SDK tool runners
 * (AI SDK, @openai/agents, openai-node, Anthropic, MCP v2) accept instead of a zod schema. One
 * object implements both: `~standard.validate` is the generated validator (its verdict and its
 * errors, one issue per error: the path, and what is wrong as the dispatcher words it) and `~standard.jsonSchema`
 * hands out the declared JSON Schema, a fresh copy per call (consumers mutate what they get),
 * as draft 2020-12 or converted to draft-07. Copied into generated output
 * (runtime/standard-schema.ts); structurally typed, so it imports no package.
 */
import {
  errorParts,
  errorWording,
  excerpt,
  isIndexToken,
  namedProperty,
  pointerSegments,
  sharedSegments,
} from "./validation-errors.js";
import type { RenderableError } from "./validation-errors.js";

/** What a generated validator returns (validators.ts's `ValidationResult`, read structurally). */
export type CheckOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: readonly RenderableError[] };

/** One problem, as Standard Schema reports it. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly PropertyKey[] | undefined;
}

/** `validate`'s answer (Standard Schema's `Result`). */
export type StandardResult<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

/** The JSON Schema dialects `jsonSchema.input/output` answer; any other target throws. */
export type JsonSchemaTarget = "draft-2020-12" | "draft-07";

/** What `jsonSchema.input/output` are called with (Standard JSON Schema's `Options`). */
export interface JsonSchemaOptions {
  readonly target: string;
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/**
 * One schema: Standard Schema 1.1 and Standard JSON Schema together (structurally
 * `StandardSchemaV1<Input, Output> & StandardJSONSchemaV1<Input, Output>`), plus the tool's
 * name and description, which runners need beside the schema.
 */
export interface ToolStandardSchema<
  Input,
  Output = Input,
  Strict extends boolean = boolean,
> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "toolcat";
    readonly validate: (
      value: unknown,
      options?: unknown,
    ) => StandardResult<Output>;
    readonly types?: { readonly input: Input; readonly output: Output };
    readonly jsonSchema: {
      readonly input: (options: JsonSchemaOptions) => Record<string, unknown>;
      readonly output: (options: JsonSchemaOptions) => Record<string, unknown>;
    };
  };
  /**
   * The generated check itself (the validator's own result, errors and all): what runner wiring
   * renders the dispatcher's refusal text from. `validate` is this, in Standard Schema's words.
   */
  readonly check: (value: unknown) => CheckOutcome<Output>;
  /** The tool's name in the catalog. */
  readonly name: string;
  /** The description that goes with this schema (a strict declaration's carries moved constraints). */
  readonly description: string;
  /**
   * Whether the JSON Schema is an OpenAI strict declaration (strict flavour only: a tool that
   * cannot be strict is declared non-strict, and a runner must say `strict: false` for it).
   */
  readonly strict: Strict;
}

/** What a schema is made of. */
export interface SchemaParts<Output> {
  readonly name: string;
  readonly description: string;
  /** The check `validate` answers with: a generated validator. */
  readonly check: (value: unknown) => CheckOutcome<Output>;
  /** The JSON Schema of what goes in (draft 2020-12, a self-contained resource). */
  readonly input: { readonly [key: string]: unknown };
  /** The JSON Schema of what comes out of `validate` (default: `input`). */
  readonly output?: { readonly [key: string]: unknown };
  readonly strict?: boolean;
}

/** Builds the Standard Schema of one tool input, output or strict declaration. */
export function toolStandardSchema<
  Input,
  Output = Input,
  Strict extends boolean = false,
>(parts: SchemaParts<Output>): ToolStandardSchema<Input, Output, Strict> {
  const { name, check, input } = parts;
  const output = parts.output ?? input;
  const validate = (value: unknown): StandardResult<Output> => {
    let outcome: CheckOutcome<Output>;
    try {
      outcome = check(value);
    } catch {
      // Only a value that fights back (a proxy whose traps throw, a getter that throws) gets here.
      return { issues: [{ message: uncheckableMessage(name) }] };
    }
    // The validator's own result is a Standard Schema success as it is (`value`, no `issues`).
    if (outcome.ok) return outcome;
    return lazyIssues(outcome.errors, value);
  };
  return Object.freeze({
    "~standard": Object.freeze({
      version: 1 as const,
      vendor: "toolcat" as const,
      validate,
      jsonSchema: Object.freeze({
        input: (options: JsonSchemaOptions) =>
          jsonSchemaFor(input, targetOf(options, name)),
        output: (options: JsonSchemaOptions) =>
          jsonSchemaFor(output, targetOf(options, name)),
      }),
    }),
    check,
    name,
    description: parts.description,
    // The generator states the literal it read off the declaration (see standard-schema.ts).
    strict: (parts.strict ?? false) as Strict,
  });
}

/** The text of the issue for a value the validator could not look at. */
export function uncheckableMessage(tool: string): string {
  return `The arguments of ${JSON.stringify(tool)} could not be checked (a value that throws when read); nothing was run.`;
}

/**
 * A failure whose `issues` are worded when first read (then kept): a caller that only needs the
 * verdict pays for the validator alone. A class, so every failure shares one shape (an object
 * literal with a getter is slow to make); `issues` is read like a property.
 */
class Failure {
  readonly #errors: readonly RenderableError[];
  readonly #value: unknown;
  #issues: readonly StandardIssue[] | undefined = undefined;
  constructor(errors: readonly RenderableError[], value: unknown) {
    this.#errors = errors;
    this.#value = value;
  }
  get issues(): readonly StandardIssue[] {
    return (this.#issues ??= issuesOf(this.#errors, this.#value));
  }
  /** JSON.stringify sees the issues (a getter on the prototype is not an own property). */
  toJSON(): { issues: readonly StandardIssue[] } {
    return { issues: this.issues };
  }
}

function lazyIssues(
  errors: readonly RenderableError[],
  value: unknown,
): { readonly issues: readonly StandardIssue[] } {
  return new Failure(errors, value);
}

/** One issue per validator error, in the validator's order. */
export function issuesOf(
  errors: readonly RenderableError[],
  value: unknown,
): StandardIssue[] {
  const issues: StandardIssue[] = [];
  for (const error of errors) {
    let issue: StandardIssue | undefined;
    try {
      issue = wordedIssue(error, value);
    } catch {
      issue = undefined;
    }
    issues.push(issue ?? describedIssue(error, value));
  }
  return issues;
}

/**
 * The issue of an error whose wording is cached (a table error), in one walk down the value
 * along its path: the path's segments (numbers for array indexes) and the value received, then
 * the cached words and the excerpt. Undefined when the error or the value leaves the common case
 * (no cached wording, a step that is not an own member): describedIssue then says the same the
 * long way.
 */
function wordedIssue(
  error: RenderableError,
  value: unknown,
): StandardIssue | undefined {
  const worded = errorWording(error);
  if (worded === undefined) return undefined;
  const segments = worded.segments ?? sharedSegments(error.instancePath);
  const n = segments.length;
  const keyword = error.keyword;
  const named =
    keyword === "required" || keyword === "additionalProperties"
      ? namedProperty(error)!
      : undefined;
  // Sized once (a path is short; `[]` then push would reserve room for 17 keys).
  const path: PropertyKey[] = new Array<PropertyKey>(
    named === undefined ? n : n + 1,
  );
  let current: unknown = value;
  for (let i = 0; i < n; i++) {
    const key = segments[i]!;
    if (Array.isArray(current)) {
      const index = ownIndex(key, current.length);
      if (index < 0) return undefined;
      path[i] = index;
      current = current[index];
    } else if (
      typeof current === "object" &&
      current !== null &&
      Object.prototype.hasOwnProperty.call(current, key)
    ) {
      path[i] = key;
      current = (current as Record<string, unknown>)[key];
    } else return undefined;
  }
  let received = worded.received;
  if (named !== undefined) {
    path[n] = named;
    if (received === undefined) {
      // additionalProperties: the unknown key's value, when it is an own member.
      let child: unknown = current;
      let found = false;
      if (Array.isArray(current)) {
        const index = ownIndex(named, current.length);
        found = index >= 0;
        if (found) child = current[index];
      } else if (
        typeof current === "object" &&
        current !== null &&
        Object.prototype.hasOwnProperty.call(current, named)
      ) {
        found = true;
        child = (current as Record<string, unknown>)[named];
      }
      received = found ? `; received ${excerpt(child)}` : "";
    }
  } else if (received === undefined) {
    received = `; received ${excerpt(current)}`;
  }
  return { message: `${worded.head}${received}`, path };
}

/**
 * `key` as an index of an array of `length` items (a JSON Pointer index: digits, no leading
 * zero), or -1 when it is none or past the end. Mirrors valueAt's own-member test for arrays.
 */
function ownIndex(key: string, length: number): number {
  const n = key.length;
  if (n === 0 || (n > 1 && key.charCodeAt(0) === 48)) return -1;
  let index = 0;
  for (let i = 0; i < n; i++) {
    const c = key.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    index = index * 10 + c;
  }
  return index < length ? index : -1;
}

/** An error's issue the long way: its path, then its message (each falls back on its own). */
function describedIssue(error: RenderableError, value: unknown): StandardIssue {
  let segments: string[] | undefined;
  try {
    segments = pointerSegments(error.instancePath);
  } catch {
    segments = undefined;
  }
  // The path reads the segments; the message may then extend them in place.
  const path = segments === undefined ? [] : issuePath(error, value, segments);
  return { message: issueMessage(error, value, segments), path };
}

/**
 * What is wrong, in the dispatcher's words (its line for the error without the field: the
 * issue's path says where, and runners print the path before the message).
 */
export function issueMessage(
  error: RenderableError,
  value: unknown,
  segments?: string[],
): string {
  try {
    return errorParts(error, value, segments, {}, false).detail;
  } catch {
    return String(error.keyword);
  }
}

/**
 * The failing place as path segments: the instance path, then the property a `required`,
 * `dependentRequired` or `additionalProperties` error is about. An array index is a number
 * (read from the value, as an instance path alone cannot tell "0" the key from 0 the index).
 */
export function issuePath(
  error: RenderableError,
  value: unknown,
  pathSegments?: readonly string[],
): PropertyKey[] {
  const segments = pathSegments ?? pointerSegments(error.instancePath);
  const path: PropertyKey[] = [];
  let current: unknown = value;
  let i = 0;
  try {
    for (; i < segments.length; i++) {
      const segment = segments[i]!;
      const index = Array.isArray(current) && isIndexToken(segment);
      path.push(index ? Number(segment) : segment);
      current =
        typeof current === "object" && current !== null
          ? (current as Record<string, unknown>)[segment]
          : undefined;
    }
  } catch {
    // A value that throws when read (it changed since it was checked): the rest as keys.
    for (i = path.length; i < segments.length; i++) path.push(segments[i]!);
  }
  const params = error.params ?? {};
  const extra =
    error.keyword === "required" || error.keyword === "dependentRequired"
      ? params["missingProperty"]
      : error.keyword === "additionalProperties"
        ? params["additionalProperty"]
        : undefined;
  if (typeof extra === "string") path.push(extra);
  return path;
}

/** The target asked for, or a clear error naming what is supported. */
export function targetOf(options: unknown, tool: string): JsonSchemaTarget {
  const target =
    typeof options === "object" && options !== null
      ? (options as { target?: unknown }).target
      : undefined;
  if (target === "draft-2020-12" || target === "draft-07") return target;
  const shown =
    typeof target === "string"
      ? JSON.stringify(target.length > 60 ? `${target.slice(0, 60)}…` : target)
      : `no target (${typeof options === "object" ? "an object without a string target" : typeof options})`;
  throw new TypeError(
    `toolcat: the JSON Schema of ${JSON.stringify(tool)} is available as "draft-2020-12" or "draft-07", not ${shown}.`,
  );
}

/** A fresh copy of `schema` in the target's dialect. */
export function jsonSchemaFor(
  schema: { readonly [key: string]: unknown },
  target: JsonSchemaTarget,
): Record<string, unknown> {
  return (
    target === "draft-07" ? toDraft07(schema) : copyJson(schema)
  ) as Record<string, unknown>;
}

/** A deep copy of JSON data (the declarations are plain JSON: no cycles, no exotic values). */
export function copyJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyJson);
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      setOwn(out, key, copyJson((value as Record<string, unknown>)[key]));
    }
    return out;
  }
  return value;
}

/** Assignment that also works for a key named `__proto__`. */
function setOwn(object: Record<string, unknown>, key: string, value: unknown) {
  if (key === "__proto__") {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else object[key] = value;
}

type JsonObject = { readonly [key: string]: unknown };

const isObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Keywords whose value is a map of names to subschemas. */
const SCHEMA_MAPS = new Set(["$defs", "properties", "patternProperties"]);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
/** Keywords whose value is one subschema. */
const SCHEMA_VALUES = new Set([
  "items",
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
]);

/** Keywords that only annotate: beside a `$ref` they change nothing, in either draft. */
const ANNOTATIONS = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/**
 * A draft 2020-12 schema (the catalog's subset) in draft-07's words: `$defs` → `definitions`,
 * `prefixItems` + `items` → tuple `items` + `additionalItems`, `dependentRequired` →
 * `dependencies`, every `$ref` rewritten to where its target now is (and moved into `allOf`
 * where it has siblings that assert). `minContains` and
 * `maxContains` have no draft-07 keyword: they move into the description (and a `contains`
 * that asks for no match at all is dropped), so the model is still told; `validate` checks them.
 */
export function toDraft07(schema: JsonObject): unknown {
  return convert07(schema, schema);
}

function convert07(node: unknown, root: JsonObject): unknown {
  if (!isObject(node)) return copyJson(node);
  const out: Record<string, unknown> = {};
  const tuple = Object.prototype.hasOwnProperty.call(node, "prefixItems");
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (key === "$ref" && typeof value === "string") {
      out["$ref"] = draft07Ref(value, root);
    } else if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const map: Record<string, unknown> = {};
      for (const name of Object.keys(value))
        setOwn(map, name, convert07(value[name], root));
      setOwn(out, key === "$defs" ? "definitions" : key, map);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      const list = value.map((s: unknown) => convert07(s, root));
      out[key === "prefixItems" ? "items" : key] = list;
    } else if (SCHEMA_VALUES.has(key)) {
      out[key === "items" && tuple ? "additionalItems" : key] = convert07(
        value,
        root,
      );
    } else if (key === "dependentRequired") {
      out["dependencies"] = copyJson(value);
    } else if (key === "minContains" || key === "maxContains") {
      continue;
    } else {
      setOwn(out, key, copyJson(value));
    }
  }
  // Draft-07 ignores the siblings of a `$ref` (2020-12 applies them): the reference moves into
  // `allOf`, after any members already there (so pointers into `allOf` keep their indexes).
  const ref = out["$ref"];
  if (
    ref !== undefined &&
    Object.keys(out).some((key) => key !== "$ref" && !ANNOTATIONS.has(key))
  ) {
    delete out["$ref"];
    const all = Array.isArray(out["allOf"]) ? out["allOf"] : [];
    out["allOf"] = [...all, { $ref: ref }];
  }
  const min = node["minContains"];
  const max = node["maxContains"];
  if (typeof min === "number" || typeof max === "number") {
    if (min === 0) delete out["contains"];
    const words = [
      typeof min === "number" ? `at least ${min}` : undefined,
      typeof max === "number" ? `at most ${max}` : undefined,
    ].filter((w) => w !== undefined);
    const note = `Items matching \`contains\`: ${words.join(" and ")}.`;
    const before =
      typeof out["description"] === "string" ? out["description"] : "";
    out["description"] = before === "" ? note : `${before} ${note}`;
  }
  return out;
}

/** A local `$ref` ("#/$defs/A/prefixItems/0") as draft-07 spells it ("#/definitions/A/items/0"). */
export function draft07Ref(ref: string, root: JsonObject): string {
  if (!ref.startsWith("#/")) return ref;
  const segments = ref.slice(2).split("/");
  const out: string[] = [];
  let node: unknown = root;
  let i = 0;
  const unescape = (s: string) => s.replace(/~1/g, "/").replace(/~0/g, "~");
  const child = (container: unknown, key: string): unknown =>
    isObject(container) && Object.prototype.hasOwnProperty.call(container, key)
      ? container[key]
      : Array.isArray(container) && /^(0|[1-9][0-9]*)$/.test(key)
        ? container[Number(key)]
        : undefined;
  while (i < segments.length) {
    const key = unescape(segments[i]!);
    const next = segments[i + 1];
    if (!isObject(node)) {
      out.push(...segments.slice(i));
      break;
    }
    if ((SCHEMA_MAPS.has(key) || SCHEMA_LISTS.has(key)) && next !== undefined) {
      const renamed =
        key === "$defs" ? "definitions" : key === "prefixItems" ? "items" : key;
      out.push(renamed, next);
      node = child(child(node, key), unescape(next));
      i += 2;
    } else if (key === "dependentRequired") {
      out.push("dependencies", ...segments.slice(i + 1));
      break;
    } else {
      const tuple = Object.prototype.hasOwnProperty.call(node, "prefixItems");
      out.push(key === "items" && tuple ? "additionalItems" : segments[i]!);
      node = child(node, key);
      i += 1;
    }
  }
  return `#/${out.join("/")}`;
}

/**
 * A declaration list by tool name: `pick` gives each element's declaration (or nothing, for an
 * element that declares no function). A name the list lacks is an internal error.
 */
export function declarationLookup<T, D extends { readonly name: string }>(
  list: readonly T[],
  pick: (element: T) => D | undefined,
): (name: string) => D {
  const byName = new Map<string, D>();
  for (const element of list) {
    const declared = pick(element);
    if (declared !== undefined && !byName.has(declared.name))
      byName.set(declared.name, declared);
  }
  return (name) => {
    const declared = byName.get(name);
    if (declared === undefined)
      throw new Error(`toolcat: internal: no declaration of ${name}`);
    return declared;
  };
}
