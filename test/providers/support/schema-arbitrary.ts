/**
 * fast-check arbitraries of JSON values shaped by a JSON Schema: mostly valid values, never
 * guaranteed (tests filter with Ajv). Covers the supported subset closely enough that most
 * generated values pass; keywords it does not steer by (`not`, `if`, `allOf`, `contains`, …) are
 * left to the filter.
 */
import fc from "fast-check";

type Schema = boolean | { readonly [key: string]: unknown };
type Arb = fc.Arbitrary<unknown>;

const hasOwn = (o: object, k: string) =>
  Object.prototype.hasOwnProperty.call(o, k);

function resolve(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const raw of decodeURIComponent(ref.slice(1)).split("/").slice(1)) {
    const seg = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !hasOwn(node, seg))
      return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node as Schema;
}

const FORMATS: Record<string, Arb> = {
  date: fc
    .date({
      min: new Date("1900-01-01T00:00:00Z"),
      max: new Date("2099-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  "date-time": fc
    .date({
      min: new Date("1900-01-01T00:00:00Z"),
      max: new Date("2099-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
  time: fc
    .tuple(
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
      fc.integer({ min: 0, max: 59 }),
    )
    .map(
      ([h, m, s]) =>
        `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}Z`,
    ),
  duration: fc.constantFrom("P1D", "PT1H30M", "P1Y2M3DT4H5M6S", "PT45S", "P2W"),
  email: fc.constantFrom(
    "a@example.com",
    "coach.jane@example.org",
    "x_y@sub.example.net",
  ),
  hostname: fc.constantFrom("example.com", "api.example.org", "localhost"),
  ipv4: fc.ipV4(),
  ipv6: fc.constantFrom("::1", "2001:db8::1", "fe80::a:b:c:d"),
  uri: fc.constantFrom(
    "https://example.com/",
    "http://example.org/a?b=c",
    "urn:isbn:0451450523",
  ),
  uuid: fc.uuid(),
};

export interface ArbitraryOptions {
  /** Probability-like bias: how deep references are followed before choosing minimal values. */
  readonly maxDepth?: number;
}

export function arbitraryFor(
  root: Schema,
  options: ArbitraryOptions = {},
): Arb {
  const maxDepth = options.maxDepth ?? 4;
  const arb = (node: Schema, depth: number): Arb => {
    if (node === true) return fc.jsonValue({ maxDepth: 2 });
    if (node === false) return fc.constant(null);
    if (typeof node.$ref === "string") {
      const target = resolve(root, node.$ref);
      return target === undefined
        ? fc.jsonValue({ maxDepth: 1 })
        : fc.constant(null).chain(() => arb(target, depth + 1));
    }
    if (hasOwn(node, "const")) return fc.constant(node.const);
    if (Array.isArray(node.enum))
      return fc.constantFrom(...(node.enum as unknown[]));
    const branches = (
      Array.isArray(node.anyOf)
        ? node.anyOf
        : Array.isArray(node.oneOf)
          ? node.oneOf
          : undefined
    ) as Schema[] | undefined;
    if (branches) {
      const own = Object.keys(node).some((k) =>
        ["type", "properties", "items"].includes(k),
      );
      const alts = branches.map((b) =>
        arb(
          own && typeof b === "object"
            ? { ...withoutKeys(node, ["anyOf", "oneOf"]), ...b }
            : b,
          depth,
        ),
      );
      return fc.oneof(...alts);
    }
    const types =
      typeof node.type === "string"
        ? [node.type]
        : Array.isArray(node.type)
          ? (node.type as string[])
          : undefined;
    if (!types) {
      if (hasOwn(node, "properties")) return objectArb(node, depth);
      if (hasOwn(node, "items") || hasOwn(node, "prefixItems"))
        return arrayArb(node, depth);
      return fc.jsonValue({ maxDepth: 2 });
    }
    return fc.oneof(...types.map((t) => typed(t, node, depth)));
  };

  const typed = (
    t: string,
    node: { readonly [key: string]: unknown },
    depth: number,
  ): Arb => {
    switch (t) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
      case "number":
        return numberArb(t === "integer", node);
      case "string":
        return stringArb(node);
      case "array":
        return arrayArb(node, depth);
      case "object":
        return objectArb(node, depth);
      default:
        return fc.constant(null);
    }
  };

  const numberArb = (
    integer: boolean,
    node: { readonly [key: string]: unknown },
  ): Arb => {
    const lo = Math.max(
      typeof node.minimum === "number" ? node.minimum : -1e6,
      typeof node.exclusiveMinimum === "number"
        ? node.exclusiveMinimum + (integer ? 1 : 1e-6)
        : -1e6,
    );
    const hi = Math.min(
      typeof node.maximum === "number" ? node.maximum : 1e6,
      typeof node.exclusiveMaximum === "number"
        ? node.exclusiveMaximum - (integer ? 1 : 1e-6)
        : 1e6,
    );
    const m = typeof node.multipleOf === "number" ? node.multipleOf : undefined;
    if (m !== undefined) {
      const kLo = Math.ceil(lo / m);
      const kHi = Math.floor(hi / m);
      if (kLo > kHi) return fc.constant(lo);
      return fc
        .integer({ min: Math.max(kLo, -1e6), max: Math.min(kHi, 1e6) })
        .map((k) => Number((k * m).toPrecision(12)));
    }
    if (integer)
      return fc.integer({
        min: Math.ceil(lo),
        max: Math.max(Math.ceil(lo), Math.floor(hi)),
      });
    return fc.oneof(
      fc.integer({
        min: Math.ceil(lo),
        max: Math.max(Math.ceil(lo), Math.floor(hi)),
      }),
      fc.double({
        min: lo,
        max: Math.max(lo, hi),
        noNaN: true,
        noDefaultInfinity: true,
      }),
    );
  };

  const stringArb = (node: { readonly [key: string]: unknown }): Arb => {
    if (typeof node.format === "string" && hasOwn(FORMATS, node.format))
      return FORMATS[node.format]!;
    if (typeof node.pattern === "string") {
      try {
        return fc
          .stringMatching(new RegExp(node.pattern))
          .filter((s) => s.length <= 200);
      } catch {
        return fc.string();
      }
    }
    const minLength = typeof node.minLength === "number" ? node.minLength : 0;
    const maxLength =
      typeof node.maxLength === "number"
        ? node.maxLength
        : Math.max(minLength + 12, 12);
    return fc.string({
      minLength,
      maxLength: Math.min(maxLength, minLength + 40),
      unit: fc.constantFrom(
        "a",
        "b",
        "Z",
        " ",
        "é",
        "😀",
        '"',
        "\\",
        "\u2028",
        "_",
      ),
    });
  };

  const arrayArb = (
    node: { readonly [key: string]: unknown },
    depth: number,
  ): Arb => {
    const minItems = typeof node.minItems === "number" ? node.minItems : 0;
    const maxItems =
      depth >= maxDepth
        ? minItems
        : typeof node.maxItems === "number"
          ? node.maxItems
          : minItems + 3;
    const prefix = Array.isArray(node.prefixItems)
      ? (node.prefixItems as Schema[])
      : [];
    const rest =
      node.items === false
        ? undefined
        : ((node.items as Schema | undefined) ?? true);
    const restCount = Math.max(
      0,
      Math.min(maxItems, minItems + 3) - prefix.length,
    );
    const unique = node.uniqueItems === true;
    const tail =
      rest === undefined || restCount === 0
        ? fc.constant([] as unknown[])
        : unique
          ? fc.uniqueArray(arb(rest, depth + 1), {
              minLength: Math.max(0, minItems - prefix.length),
              maxLength: restCount,
              selector: (v) => JSON.stringify(v),
            })
          : fc.array(arb(rest, depth + 1), {
              minLength: Math.max(0, minItems - prefix.length),
              maxLength: restCount,
            });
    return fc
      .tuple(fc.tuple(...prefix.map((p) => arb(p, depth + 1))), tail)
      .map(([a, b]) => [...a, ...b]);
  };

  const objectArb = (
    node: { readonly [key: string]: unknown },
    depth: number,
  ): Arb => {
    const properties = (
      typeof node.properties === "object" && node.properties !== null
        ? node.properties
        : {}
    ) as Record<string, Schema>;
    const required = new Set(
      Array.isArray(node.required) ? (node.required as string[]) : [],
    );
    const keys = Object.keys(properties);
    const model: Record<string, Arb> = {};
    for (const k of keys)
      Object.defineProperty(model, k, {
        value: arb(properties[k]!, depth + 1),
        enumerable: true,
      });
    const requiredKeys = keys.filter((k) => required.has(k));
    const deep = depth >= maxDepth;
    return fc
      .record(model, { requiredKeys: deep ? requiredKeys : requiredKeys })
      .chain((r) =>
        deep ? fc.constant(pick(r, requiredKeys)) : fc.constant(r),
      )
      .map((r) => copyOwn(r));
  };

  return arb(root, 0);
}

function withoutKeys(
  node: { readonly [key: string]: unknown },
  keys: string[],
): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {};
  for (const k of Object.keys(node))
    if (!keys.includes(k))
      Object.defineProperty(out, k, {
        value: node[k],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return out;
}

function pick(
  r: Record<string, unknown>,
  keys: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys)
    if (hasOwn(r, k))
      Object.defineProperty(out, k, {
        value: r[k],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return out;
}

/** A plain object with own data properties (fc.record output may carry `__proto__` as own property already). */
function copyOwn(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(r))
    Object.defineProperty(out, k, {
      value: r[k],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** Mutations that keep most of a value: set a nested member to null, drop a key, or replace it. */
export function mutated(value: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (typeof v === "object" && v !== null)
      for (const k of Object.keys(v))
        walk((v as Record<string, unknown>)[k], [...path, k]);
  };
  walk(value, []);
  return fc
    .tuple(
      fc.constantFrom(...paths),
      fc.constantFrom("null", "drop", "replace"),
      fc.jsonValue({ maxDepth: 1 }),
    )
    .map(([path, op, replacement]) => {
      const clone = structuredCloneOwn(value);
      if (path.length === 0) return op === "null" ? null : replacement;
      let parent: unknown = clone;
      for (const seg of path.slice(0, -1))
        parent = (parent as Record<string, unknown>)[seg as string];
      const last = path[path.length - 1]!;
      if (op === "drop" && !Array.isArray(parent))
        delete (parent as Record<string, unknown>)[last as string];
      else
        Object.defineProperty(parent as object, last, {
          value: op === "null" ? null : replacement,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return clone;
    });
}

function structuredCloneOwn(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structuredCloneOwn);
  if (typeof v === "object" && v !== null)
    return copyOwn(
      Object.fromEntries(
        Object.keys(v).map((k) => [
          k,
          structuredCloneOwn((v as Record<string, unknown>)[k]),
        ]),
      ) as Record<string, unknown>,
    );
  return v;
}
