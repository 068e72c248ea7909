/**
 * What the validator compiler can honour. A schema with a problem here never produces code: the
 * compiler throws `CompileError`, and lint reports the same problems (with positions) before
 * emitting. Beyond keyword shapes this rejects `$ref` cycles that never descend into the instance
 * (Ajv recurses forever), non-local references, and property names or patterns that are not
 * well-formed Unicode (a lone surrogate cannot be written in an error's schema path; Ajv throws).
 */
import {
  KEYWORDS,
  SUPPORTED_FORMATS,
  type KeywordShape,
} from "../../schema/keywords.js";
import {
  hasLoneSurrogate,
  hasOwn,
  isJsonObject,
  pointerJoin,
  type Json,
} from "../../schema/json.js";
import { walkSchema } from "../../schema/walk.js";

export type ProblemRule =
  | "unsupported-keyword"
  | "invalid-schema"
  | "unresolved-ref"
  | "pattern-compiles";

export interface Problem {
  readonly rule: ProblemRule;
  /** JSON Pointer relative to the schema root. */
  readonly pointer: string;
  readonly message: string;
}

export class CompileError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(
      problems
        .map((p) => `${p.pointer || "/"}: ${p.rule}: ${p.message}`)
        .join("\n"),
    );
    this.name = "CompileError";
  }
}

const SIMPLE_TYPES = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);

function isSchema(value: Json): boolean {
  return typeof value === "boolean" || isJsonObject(value);
}

function uniqueStrings(value: Json): boolean {
  return (
    Array.isArray(value) &&
    value.every((v) => typeof v === "string") &&
    new Set(value).size === value.length
  );
}

export function compilesAsPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}

/** Why a keyword value does not have its shape, or undefined. */
function shapeProblem(shape: KeywordShape, value: Json): string | undefined {
  switch (shape) {
    case "schema":
      return isSchema(value)
        ? undefined
        : "must be a schema (object or boolean)";
    case "schemaMap":
      return isJsonObject(value) &&
        Object.keys(value).every((k) => isSchema(value[k]!))
        ? undefined
        : "must be an object of schemas";
    case "schemaArray":
      return Array.isArray(value) && value.length > 0 && value.every(isSchema)
        ? undefined
        : "must be a non-empty array of schemas";
    case "type": {
      const list = typeof value === "string" ? [value] : value;
      const ok =
        Array.isArray(list) &&
        list.length > 0 &&
        list.every((t) => typeof t === "string" && SIMPLE_TYPES.has(t)) &&
        new Set(list).size === list.length;
      return ok
        ? undefined
        : "must be a type name or a non-empty list of distinct type names";
    }
    case "nonNegativeInteger":
      return typeof value === "number" && Number.isInteger(value) && value >= 0
        ? undefined
        : "must be a non-negative integer";
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? undefined
        : "must be a finite number";
    case "positiveNumber":
      return typeof value === "number" && Number.isFinite(value) && value > 0
        ? undefined
        : "must be a number greater than 0";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be a boolean";
    case "string":
    case "ref":
    case "dialect":
      return typeof value === "string" ? undefined : "must be a string";
    case "stringArray":
      return uniqueStrings(value)
        ? undefined
        : "must be a list of distinct strings";
    case "stringArrayMap":
      return isJsonObject(value) &&
        Object.keys(value).every((k) => uniqueStrings(value[k]!))
        ? undefined
        : "must be an object of lists of distinct strings";
    case "array":
      return Array.isArray(value) ? undefined : "must be an array";
    case "any":
      return undefined;
    case "regex":
      return typeof value === "string" ? undefined : "must be a string";
    case "format":
      return typeof value === "string" ? undefined : "must be a string";
  }
}

/** Names that end up URI-encoded in error schema paths must be well-formed Unicode (Ajv cannot encode them either). */
function surrogateProblems(
  at: string,
  names: readonly string[],
  what: string,
): Problem[] {
  return names.filter(hasLoneSurrogate).map((n) => ({
    rule: "invalid-schema" as const,
    pointer: pointerJoin(at, n),
    message: `${what} name contains a lone surrogate (not well-formed Unicode), so no schema path can name it`,
  }));
}

/**
 * Problems of one schema resource (references are checked by `prepareResource`). Walks every
 * subschema, `$defs` included.
 */
export function checkSchema(root: unknown): Problem[] {
  const problems: Problem[] = [];
  walkSchema(root as Json, (node, pointer) => {
    if (typeof node === "boolean") return;
    if (!isJsonObject(node)) {
      problems.push({
        rule: "invalid-schema",
        pointer,
        message: "a schema must be an object or a boolean",
      });
      return false;
    }
    const keyList = Object.keys(node);
    for (let i = 0; i < keyList.length; i++) {
      const keyword = keyList[i]!;
      const at = pointerJoin(pointer, keyword);
      if (!hasOwn(KEYWORDS, keyword)) {
        problems.push({
          rule: "unsupported-keyword",
          pointer: at,
          message: `keyword "${keyword}" is not supported by toolcat validators`,
        });
        continue;
      }
      const value = node[keyword]!;
      const wrong = shapeProblem(KEYWORDS[keyword]!.shape, value);
      if (wrong !== undefined) {
        problems.push({
          rule: "invalid-schema",
          pointer: at,
          message: `"${keyword}" ${wrong}`,
        });
        continue;
      }
      switch (keyword) {
        case "format":
          if (!SUPPORTED_FORMATS.has(value as string))
            problems.push({
              rule: "unsupported-keyword",
              pointer: at,
              message: `format "${String(value)}" is not supported`,
            });
          break;
        case "pattern":
          if (!compilesAsPattern(value as string))
            problems.push({
              rule: "pattern-compiles",
              pointer: at,
              message:
                "pattern is not a valid ECMAScript regular expression with the u flag",
            });
          break;
        case "patternProperties":
          for (const p of Object.keys(value as object)) {
            if (!compilesAsPattern(p))
              problems.push({
                rule: "pattern-compiles",
                pointer: pointerJoin(at, p),
                message:
                  "pattern is not a valid ECMAScript regular expression with the u flag",
              });
          }
          problems.push(
            ...surrogateProblems(at, Object.keys(value as object), "pattern"),
          );
          break;
        case "properties":
          problems.push(
            ...surrogateProblems(at, Object.keys(value as object), "property"),
          );
          break;
        case "enum":
          if ((value as readonly Json[]).length === 0)
            problems.push({
              rule: "invalid-schema",
              pointer: at,
              message: '"enum" must not be empty',
            });
          break;
        case "$ref":
          if (!(value as string).startsWith("#"))
            problems.push({
              rule: "unsupported-keyword",
              pointer: at,
              message:
                '"$ref" must be a local reference (#/...): remote references are not supported',
            });
          break;
      }
    }
    return true;
  });
  return problems;
}
