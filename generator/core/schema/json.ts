/** JSON data as read from the catalog (after YAML → JSON conversion). */
export type Json =
  null | boolean | number | string | readonly Json[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: Json;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Own-property lookup that is safe for `__proto__`, `constructor` and friends. */
export function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Reads an own property, or undefined; never walks the prototype chain. */
export function own(object: JsonObject, key: string): Json | undefined {
  return hasOwn(object, key) ? object[key] : undefined;
}

/**
 * Builds a plain object from entries without ever touching `__proto__` semantics. `__proto__` is
 * the only accessor on Object.prototype, so every other key can be assigned (much faster than
 * defining each property).
 */
export function objectFromEntries<V>(entries: Iterable<readonly [string, V]>): {
  [key: string]: V;
} {
  const out: { [key: string]: V } = {};
  if (Array.isArray(entries)) {
    // Indexed (the usual list of pairs): no iterator steps, each of which allocates its result
    // in code that runs unoptimised, as most of a one-shot run does.
    const list = entries as readonly (readonly [string, V])[];
    for (let i = 0; i < list.length; i++) {
      const entry = list[i]!;
      setOwn(out, entry[0], entry[1]);
    }
  } else for (const [k, v] of entries) setOwn(out, k, v);
  return out;
}

/** Creates (or sets) an own enumerable property of an object under construction, `__proto__` included. */
export function setOwn<V>(
  object: { [key: string]: V },
  key: string,
  value: V,
): void {
  if (key === "__proto__")
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else object[key] = value;
}

/** Structural equality of JSON values (object key order ignored), as JSON Schema's `const`/`enum` define it. */
export function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null
  )
    return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => jsonEqual(x, (b as readonly Json[])[i]!));
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      hasOwn(b, k) && jsonEqual((a as JsonObject)[k]!, (b as JsonObject)[k]!),
  );
}

/** Deep-freezes a JSON value so no stage can mutate what an earlier stage produced. */
export function deepFreeze<T extends Json>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    // Indexed, not for…of: this walks the whole IR and every declaration, mostly unoptimised in
    // a one-shot run, where each step of an iterator allocates its result.
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++)
      deepFreeze((value as JsonObject)[keys[i]!] as Json);
  }
  return value;
}

/** JSON Pointer (RFC 6901) segment escaping. */
const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether the text is not well-formed Unicode (a lone surrogate): it has no URI encoding. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

export function escapePointerSegment(segment: string): string {
  // Most segments (keywords, property names, indexes) need no escaping; skip the two regex passes.
  if (!segment.includes("~") && !segment.includes("/")) return segment;
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
export function unescapePointerSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
export function pointerJoin(
  base: string,
  ...segments: (string | number)[]
): string {
  let out = base;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    out += "/" + (typeof s === "number" ? String(s) : escapePointerSegment(s));
  }
  return out;
}
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(unescapePointerSegment);
}
