/**
 * Reference semantics for null-means-omitted, written independently of the lowering and the plan:
 * - `denull`: walks a value with the *canonical* schema and removes a null exactly where the
 *   property is optional and its own schema (asked of Ajv) rejects null; in a union it takes the
 *   first branch under which the result is valid.
 * - `announce`: the inverse: walks a canonical value with the *declared* schema and adds a null
 *   for each property the declaration requires but the value leaves out.
 */
import type { Validate } from "./ajv.js";

type Schema = boolean | { readonly [key: string]: unknown };
const hasOwn = (o: object, k: string) =>
  Object.prototype.hasOwnProperty.call(o, k);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const seg = (s: string | number) =>
  String(s).replace(/~/g, "~0").replace(/\//g, "~1");

function define(o: Record<string, unknown>, k: string, v: unknown) {
  Object.defineProperty(o, k, {
    value: v,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

interface Walk {
  readonly root: Schema;
  readonly at: (pointer: string) => Validate;
}

function target(
  root: Schema,
  ref: string,
): { node: Schema; pointer: string } | undefined {
  if (!ref.startsWith("#")) return undefined;
  const pointer = decodeURIComponent(ref.slice(1));
  let node: unknown = root;
  for (const raw of pointer.split("/").slice(1)) {
    const k = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !hasOwn(node, k))
      return undefined;
    node = (node as Record<string, unknown>)[k];
  }
  return { node: node as Schema, pointer };
}

/** The value as the canonical schema means it once optional nulls are read as "omitted". */
export function denull(
  w: Walk,
  value: unknown,
  node: Schema = w.root,
  pointer = "",
  depth = 0,
): unknown {
  if (typeof node === "boolean" || depth > 200) return value;
  if (typeof node.$ref === "string") {
    const t = target(w.root, node.$ref);
    if (t) value = denull(w, value, t.node, t.pointer, depth + 1);
  }
  let v = value;
  if (isObject(v) && isObject(node.properties)) {
    const properties = node.properties as Record<string, Schema>;
    const required = new Set(
      Array.isArray(node.required) ? (node.required as string[]) : [],
    );
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) {
      const item = v[k];
      if (!hasOwn(properties, k)) {
        define(out, k, item);
        continue;
      }
      const at = `${pointer}/properties/${seg(k)}`;
      if (item === null && !required.has(k) && !w.at(at)(null)) continue;
      define(out, k, denull(w, item, properties[k]!, at, depth + 1));
    }
    v = out;
  }
  if (Array.isArray(v)) {
    const prefix = Array.isArray(node.prefixItems)
      ? (node.prefixItems as Schema[])
      : [];
    const items = node.items as Schema | undefined;
    v = v.map((x, i) =>
      i < prefix.length
        ? denull(w, x, prefix[i]!, `${pointer}/prefixItems/${i}`, depth + 1)
        : items !== undefined
          ? denull(w, x, items, `${pointer}/items`, depth + 1)
          : x,
    );
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    for (let i = 0; i < branches.length; i++) {
      const at = `${pointer}/${key}/${i}`;
      const candidate = denull(w, v, branches[i] as Schema, at, depth + 1);
      if (w.at(at)(candidate)) return candidate;
    }
  }
  return v;
}

/** A canonical value as the declaration requires it: every required-but-absent property sent as null. */
export function announce(
  w: Walk,
  value: unknown,
  node: Schema = w.root,
  pointer = "",
  depth = 0,
): unknown {
  if (typeof node === "boolean" || depth > 200) return value;
  if (typeof node.$ref === "string") {
    const t = target(w.root, node.$ref);
    if (t) value = announce(w, value, t.node, t.pointer, depth + 1);
  }
  let v = value;
  if (isObject(v) && isObject(node.properties)) {
    const properties = node.properties as Record<string, Schema>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v))
      define(
        out,
        k,
        hasOwn(properties, k)
          ? announce(
              w,
              v[k],
              properties[k]!,
              `${pointer}/properties/${seg(k)}`,
              depth + 1,
            )
          : v[k],
      );
    for (const k of Array.isArray(node.required)
      ? (node.required as string[])
      : [])
      if (
        !hasOwn(out, k) &&
        hasOwn(properties, k) &&
        w.at(`${pointer}/properties/${seg(k)}`)(null)
      )
        define(out, k, null);
    v = out;
  }
  if (Array.isArray(v)) {
    const prefix = Array.isArray(node.prefixItems)
      ? (node.prefixItems as Schema[])
      : [];
    const items = node.items as Schema | undefined;
    v = v.map((x, i) =>
      i < prefix.length
        ? announce(w, x, prefix[i]!, `${pointer}/prefixItems/${i}`, depth + 1)
        : items !== undefined
          ? announce(w, x, items, `${pointer}/items`, depth + 1)
          : x,
    );
  }
  const branches = node.anyOf;
  if (Array.isArray(branches)) {
    for (let i = 0; i < branches.length; i++) {
      const at = `${pointer}/anyOf/${i}`;
      const candidate = announce(w, v, branches[i] as Schema, at, depth + 1);
      if (w.at(at)(candidate)) return candidate;
    }
  }
  return v;
}
