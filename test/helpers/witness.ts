/**
 * Does a schema accept any value at all? Ajv is the judge; the candidates are a small, greedy
 * minimal value built from the schema (required properties only, lower bounds, first enum
 * value, first union branch that works) and seeded samples of the differential tests'
 * near-valid instances. "Some candidate validates" proves the schema satisfiable; none
 * validating is strong evidence that it is not (required and forbidden, minProperties above
 * what a closed object declares, …).
 */
import fc from "fast-check";
import { instanceFor } from "../differential/arbitraries.js";
import { referenceValidator } from "../validators/reference.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = boolean | { [key: string]: unknown };

const own = (s: { [key: string]: unknown }, k: string): unknown =>
  Object.prototype.hasOwnProperty.call(s, k) ? s[k] : undefined;

function resolve(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const token of ref.slice(1).split("/").slice(1)) {
    const part = decodeURIComponent(token)
      .replace(/~1/g, "/")
      .replace(/~0/g, "~");
    if (
      typeof node !== "object" ||
      node === null ||
      !Object.prototype.hasOwnProperty.call(node, part)
    )
      return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node as Schema;
}

/** allOf-style merge, good enough for a witness: properties and required combine, the rest is overlaid. */
function merge(a: Schema, b: Schema): Schema {
  if (a === false || b === false) return false;
  if (a === true) return b;
  if (b === true) return a;
  const out: { [key: string]: unknown } = { ...a, ...b };
  if (own(a, "properties") || own(b, "properties"))
    out.properties = {
      ...(own(a, "properties") as object),
      ...(own(b, "properties") as object),
    };
  if (own(a, "required") || own(b, "required"))
    out.required = [
      ...new Set([
        ...((own(a, "required") as string[]) ?? []),
        ...((own(b, "required") as string[]) ?? []),
      ]),
    ];
  return out;
}

function without(
  s: { [key: string]: unknown },
  ...keys: string[]
): { [key: string]: unknown } {
  const out = { ...s };
  for (const k of keys) delete out[k];
  return out;
}

/** A small value meant to satisfy `schema`, or undefined where the greedy construction finds none. */
export function minimalWitness(
  root: Schema,
  schema: Schema = root,
  depth = 0,
): Json | undefined {
  if (depth > 12) return undefined;
  if (schema === true) return null;
  if (schema === false || typeof schema !== "object" || schema === null)
    return undefined;
  const s = schema;
  const next = (x: Schema) => minimalWitness(root, x, depth + 1);
  if (
    own(s, "const") !== undefined ||
    Object.prototype.hasOwnProperty.call(s, "const")
  )
    return structuredClone(own(s, "const")) as Json;
  const en = own(s, "enum");
  if (Array.isArray(en))
    return en.length > 0 ? (structuredClone(en[0]) as Json) : undefined;
  const ref = own(s, "$ref");
  if (typeof ref === "string") {
    const target = resolve(root, ref);
    return target === undefined
      ? undefined
      : next(merge(target, without(s, "$ref")));
  }
  const allOf = own(s, "allOf");
  if (Array.isArray(allOf))
    return next(
      (allOf as Schema[]).reduce<Schema>(
        (acc, b) => merge(acc, b),
        without(s, "allOf"),
      ),
    );
  for (const k of ["anyOf", "oneOf"]) {
    const list = own(s, k);
    if (Array.isArray(list)) {
      for (const branch of list as Schema[]) {
        const w = next(merge(without(s, k), branch));
        if (w !== undefined) return w;
      }
      return undefined;
    }
  }
  const declared = own(s, "type");
  const types =
    typeof declared === "string"
      ? [declared]
      : Array.isArray(declared)
        ? (declared as string[])
        : own(s, "properties") || own(s, "required")
          ? ["object"]
          : own(s, "items")
            ? ["array"]
            : ["null"];
  for (const t of types) {
    const w = valueOfType(t);
    if (w !== undefined) return w;
  }
  return undefined;

  function valueOfType(t: string): Json | undefined {
    switch (t) {
      case "null":
        return null;
      case "boolean":
        return false;
      case "integer":
      case "number": {
        const min = own(s, "minimum");
        const xmin = own(s, "exclusiveMinimum");
        let n =
          typeof min === "number"
            ? min
            : typeof xmin === "number"
              ? xmin + 1
              : 0;
        const m = own(s, "multipleOf");
        if (typeof m === "number" && m > 0) n = Math.ceil(n / m) * m;
        return t === "integer" ? Math.ceil(n) : n;
      }
      case "string": {
        const format = own(s, "format");
        const samples: Record<string, string> = {
          date: "2024-01-01",
          time: "12:00:00Z",
          "date-time": "2024-01-01T12:00:00Z",
          duration: "P1D",
          email: "a@example.com",
          hostname: "example.com",
          ipv4: "127.0.0.1",
          ipv6: "::1",
          uri: "https://example.com/",
          uuid: "2eb8aa08-aa98-11ea-b4aa-73b441d16380",
        };
        if (typeof format === "string" && samples[format])
          return samples[format];
        return "a".repeat(
          typeof own(s, "minLength") === "number"
            ? (own(s, "minLength") as number)
            : 1,
        );
      }
      case "array": {
        const out: Json[] = [];
        for (const p of (own(s, "prefixItems") as Schema[] | undefined) ?? []) {
          const w = next(p);
          if (w === undefined) return undefined;
          out.push(w);
        }
        const minItems = (own(s, "minItems") as number | undefined) ?? 0;
        const items = (own(s, "items") as Schema | undefined) ?? true;
        while (out.length < minItems) {
          const w = next(items);
          if (w === undefined) return undefined;
          out.push(w);
        }
        return out;
      }
      case "object": {
        const props =
          (own(s, "properties") as { [key: string]: Schema } | undefined) ?? {};
        const out: { [key: string]: Json } = {};
        const put = (name: string, sub: Schema): boolean => {
          const w = next(sub);
          if (w === undefined) return false;
          Object.defineProperty(out, name, {
            value: w,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          return true;
        };
        for (const name of (own(s, "required") as string[] | undefined) ?? []) {
          const sub = Object.prototype.hasOwnProperty.call(props, name)
            ? props[name]!
            : ((own(s, "additionalProperties") as Schema | undefined) ?? true);
          if (!put(name, sub)) return undefined;
        }
        const minProperties =
          (own(s, "minProperties") as number | undefined) ?? 0;
        for (const name of Object.keys(props)) {
          if (Object.keys(out).length >= minProperties) break;
          if (!Object.prototype.hasOwnProperty.call(out, name))
            put(name, props[name]!);
        }
        return out;
      }
      default:
        return undefined;
    }
  }
}

export interface Acceptance {
  /** Ajv compiled the schema (when not, nothing can be said). */
  readonly compiled: boolean;
  /** A value that validates, when one was found. */
  readonly witness?: Json;
}

/** Looks for a value `schema` accepts: the minimal witness first, then `samples` seeded near-valid instances. */
export function findAccepted(
  schema: Schema,
  options: { seed: number; samples: number },
): Acceptance {
  const validate = referenceValidator(schema);
  if (!validate) return { compiled: false };
  const accepts = (v: Json) => {
    const r = validate(v);
    return "ok" in r && r.ok;
  };
  const minimal = minimalWitness(schema);
  if (minimal !== undefined && accepts(minimal))
    return { compiled: true, witness: minimal };
  for (const v of fc.sample(instanceFor(schema as never), {
    numRuns: options.samples,
    seed: options.seed,
  }) as Json[])
    if (accepts(v)) return { compiled: true, witness: v };
  return { compiled: true };
}
