import {
  hasLoneSurrogate,
  hasOwn,
  isJsonObject,
  pointerJoin,
  type Json,
} from "../../schema/json.js";
import {
  DIALECTS,
  KEYWORDS,
  type KeywordShape,
} from "../../schema/keywords.js";
import type { LintRule } from "../rule.js";

const SIMPLE_TYPES = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
];

/** A keyword whose value has the wrong shape cannot be compiled; it is reported, never guessed at. */
export const invalidSchema: LintRule = {
  id: "invalid-schema",
  summary: "schema nodes and keyword values of the wrong shape",
  severity: "error",
  run(ctx) {
    // A definition name or a reference with a lone surrogate has no URI encoding: no `$ref` and no
    // error schema path could spell it (checked here, before anything tries to).
    const notWellFormed = (pointer: string, what: string) =>
      ctx.report({
        rule: this.id,
        severity: "error",
        pointer,
        atKey: what !== "$ref",
        message: `${what} contains a lone surrogate (not well-formed Unicode), so no reference can spell it`,
      });
    if (ctx.catalogLevel !== false)
      for (const name of Object.keys(ctx.catalogDefs))
        if (hasLoneSurrogate(name))
          notWellFormed(
            pointerJoin(ctx.catalogDefsPointer, name),
            "definition name",
          );
    for (const { node, site } of ctx.schemaNodes) {
      if (typeof node === "boolean") continue;
      if (!isJsonObject(node)) {
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: site.pointer,
          message: `a schema must be a mapping or true/false, not ${kind(node)}`,
        });
        continue;
      }
      if (typeof node.$ref === "string" && hasLoneSurrogate(node.$ref))
        notWellFormed(pointerJoin(site.pointer, "$ref"), "$ref");
      for (const defs of ["$defs", "definitions"]) {
        const map = hasOwn(node, defs) ? node[defs]! : null;
        if (isJsonObject(map))
          for (const name of Object.keys(map))
            if (hasLoneSurrogate(name))
              notWellFormed(
                pointerJoin(site.pointer, defs, name),
                "definition name",
              );
      }
      if (hasOwn(node, "$defs") && hasOwn(node, "definitions")) {
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: pointerJoin(site.pointer, "definitions"),
          atKey: true,
          message: "use either $defs or definitions, not both",
        });
      }
      for (const key of Object.keys(node)) {
        if (!hasOwn(KEYWORDS, key)) continue;
        const problem = shapeProblem(key, KEYWORDS[key]!.shape, node[key]!);
        if (problem)
          ctx.report({
            rule: this.id,
            severity: "error",
            pointer: pointerJoin(site.pointer, key),
            message: `${key}: ${problem}`,
          });
      }
    }
  },
};

function kind(v: Json): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "a mapping";
  return `a ${typeof v}`;
}

function isNonNegativeInteger(v: Json): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= 0;
}

function uniqueStrings(v: Json): string | undefined {
  if (!Array.isArray(v)) return `must be a list of strings, not ${kind(v)}`;
  if (!v.every((x: Json) => typeof x === "string"))
    return "must contain only strings";
  if (new Set(v).size !== v.length) return "must not repeat a name";
  return undefined;
}

function shapeProblem(
  key: string,
  shape: KeywordShape,
  v: Json,
): string | undefined {
  switch (shape) {
    case "schema":
      if (key === "items" && Array.isArray(v)) return tupleItemsHint;
      return typeof v === "boolean" || isJsonObject(v)
        ? undefined
        : `must be a schema (mapping or true/false), not ${kind(v)}`;
    case "schemaMap":
      return isJsonObject(v)
        ? undefined
        : `must be a mapping of schemas, not ${kind(v)}`;
    case "schemaArray":
      if (!Array.isArray(v))
        return `must be a non-empty list of schemas, not ${kind(v)}`;
      return v.length === 0 ? "must not be empty" : undefined;
    case "type": {
      const list = Array.isArray(v) ? v : [v];
      if (list.length === 0) return "must name at least one type";
      for (const t of list)
        if (typeof t !== "string" || !SIMPLE_TYPES.includes(t))
          return `${JSON.stringify(t)} is not a JSON Schema type (${SIMPLE_TYPES.join(", ")})`;
      if (new Set(list).size !== list.length) return "must not repeat a type";
      return undefined;
    }
    case "nonNegativeInteger":
      return isNonNegativeInteger(v)
        ? undefined
        : `must be a non-negative integer, not ${JSON.stringify(v)}`;
    case "number":
      return typeof v === "number"
        ? undefined
        : `must be a number, not ${kind(v)}`;
    case "positiveNumber":
      return typeof v === "number" && v > 0
        ? undefined
        : `must be a number greater than 0, not ${JSON.stringify(v)}`;
    case "boolean":
      return typeof v === "boolean"
        ? undefined
        : `must be true or false, not ${kind(v)}`;
    case "string":
      return typeof v === "string"
        ? undefined
        : `must be a string, not ${kind(v)}`;
    case "regex":
      return typeof v === "string"
        ? undefined
        : `must be a regular expression string, not ${kind(v)}`;
    case "format":
      return typeof v === "string"
        ? undefined
        : `must be a format name, not ${kind(v)}`;
    case "ref":
      return typeof v === "string"
        ? undefined
        : `must be a reference string like "#/$defs/Name", not ${kind(v)}`;
    case "dialect":
      if (typeof v !== "string")
        return `must be a dialect URI string, not ${kind(v)}`;
      return hasOwn(DIALECTS, v)
        ? undefined
        : `unsupported dialect ${JSON.stringify(v)}: use draft 2020-12 or draft-07`;
    case "stringArray":
      return uniqueStrings(v);
    case "stringArrayMap":
      if (!isJsonObject(v))
        return `must be a mapping from property names to lists of names, not ${kind(v)}`;
      for (const k of Object.keys(v)) {
        const p = uniqueStrings(v[k]!);
        if (p) return `${JSON.stringify(k)} ${p}`;
      }
      return undefined;
    case "array":
      return Array.isArray(v) ? undefined : `must be a list, not ${kind(v)}`;
    case "any":
      return undefined;
  }
}

/** Draft-07 tuple `items: [...]` means prefixItems in 2020-12; say so instead of a generic error. */
export const tupleItemsHint =
  "draft-07 tuple form; in 2020-12 write prefixItems: [...] (and items: false to close it)";
