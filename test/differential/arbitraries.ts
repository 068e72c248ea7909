/**
 * fast-check arbitraries for the differential tests: schemas over the whole supported subset
 * (every keyword, every format, `$defs` with `$ref` recursion, hostile names and patterns), and
 * instances built from a schema — near-valid values, then mutated.
 */
import fc from "fast-check";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type SchemaLike = boolean | { [key: string]: unknown };

/** Property names, enum strings and keys that break naive code generators or lookups. */
export const HOSTILE_NAMES = [
  "a",
  "b",
  "c",
  "id",
  "name",
  "foo bar",
  "~",
  "/",
  "a/b~c",
  "~1",
  "%25",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "__defineGetter__",
  "isPrototypeOf",
  "😀",
  "\u2028",
  "\u2029",
  '"',
  "'",
  "\\",
  "`",
  "${x}",
  "*/",
  "/*",
  "",
  "0",
  "1",
  "-1",
  "length",
  "class",
  "null",
  "true",
  "prototype",
  "__proto__",
];

/** Keys that may appear in data and in `required`, but never as `properties` names (not well-formed Unicode, see check.ts). */
export const DATA_ONLY_KEYS = ["\ud800", "\udc00x"];

export const PATTERNS = [
  "__proto__",
  "^a",
  "b$",
  "^[a-z]+$",
  "\\d",
  "^$",
  "😀",
  ".",
  "^\\p{L}+$",
  "/",
  "~",
  '"',
  "\\\\",
  "^(a|b)$",
  "[\\u2028]",
  "^.{2,4}$",
  "x*",
  "^[^a]",
  "\\$\\{",
  "\\*/",
];

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

/** Strings that are valid (and nearly valid) for each format, plus hostile ones. */
export const FORMAT_SAMPLES: Record<(typeof FORMATS)[number], string[]> = {
  date: [
    "2024-02-29",
    "2023-02-29",
    "2024-13-01",
    "2024-04-31",
    "2024-1-01",
    "0000-01-01",
    "2024-02-28T00:00:00Z",
  ],
  time: [
    "12:30:00Z",
    "23:59:60Z",
    "12:30:00",
    "24:00:00Z",
    "12:30:00+01:00",
    "12:30:00.123-08:00",
    "1:2:3Z",
  ],
  "date-time": [
    "2024-02-29T12:00:00Z",
    "2023-02-29T12:00:00Z",
    "2024-02-29 12:00:00Z",
    "2024-02-29T12:00:00",
    "1998-12-31T23:59:60Z",
    "2024-02-29t12:00:00z",
  ],
  duration: ["P1D", "PT1H", "P1W", "P1Y2M3DT4H5M6S", "P", "PT", "1D", "P1.5D"],
  email: [
    "a@b.co",
    "joe.bloggs@example.com",
    "a@b",
    "@b.co",
    "a..b@c.d",
    "a b@c.d",
    "😀@x.com",
  ],
  hostname: [
    "example.com",
    "a-b.c",
    "-a.com",
    "a_b.com",
    "x".repeat(64) + ".com",
    "localhost",
    "ex ample.com",
  ],
  ipv4: [
    "127.0.0.1",
    "255.255.255.255",
    "256.0.0.1",
    "01.2.3.4",
    "1.2.3",
    "1.2.3.4.5",
  ],
  ipv6: [
    "::1",
    "2001:db8::7",
    "::ffff:1.2.3.4",
    "1:2:3:4:5:6:7:8:9",
    "12345::",
    ":::",
  ],
  uri: [
    "http://example.com/a?b#c",
    "urn:isbn:123",
    "mailto:a@b.c",
    "/relative",
    "http://exa mple.com",
    "a:b",
    "http://[::1]:80/",
  ],
  uuid: [
    "2eb8aa08-aa98-11ea-b4aa-73b441d16380",
    "urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380",
    "2eb8aa08aa9811eab4aa73b441d16380",
    "2eb8aa08-aa98-11ea-b4aa-73b441d1638g",
  ],
};

const name = fc.constantFrom(...HOSTILE_NAMES);
const number = fc.oneof(
  fc.integer({ min: -10, max: 10 }),
  fc.constantFrom(
    0,
    -0,
    0.5,
    1.5,
    0.1,
    0.3,
    1e21,
    -1e21,
    1e-7,
    2 ** 53,
    9007199254740993,
    1e308,
    5e-324,
    100,
    255,
  ),
  // Boundaries where number tests go wrong: a quotient of exactly 1e21 (written "1e+21", which
  // parseInt reads as 1), the last safe integers, tiny and subnormal fractions.
  fc.constantFrom(
    2e21,
    5e20,
    1e20,
    999999999999999900000,
    1e21 - 65536,
    -(2 ** 53),
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    Number.EPSILON,
    1e-9,
    0.01,
    7.5e21,
    1e-300,
    -5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1000, max: 1000 }),
);
const shortString = fc.oneof(
  name,
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "grapheme", maxLength: 4 }),
  fc.string({ unit: "binary", maxLength: 4 }),
);
const primitive: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  number,
  shortString,
);

/** Any JSON value, hostile keys included. */
export const anyJson: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    primitive,
    fc.array(tie("v"), { maxLength: 4 }),
    fc
      .array(
        fc.tuple(fc.oneof(name, fc.constantFrom(...DATA_ONLY_KEYS)), tie("v")),
        { maxLength: 4 },
      )
      .map(entriesToObject),
  ),
})).v;

export function entriesToObject(
  entries: readonly (readonly [string, Json])[],
): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

const SIMPLE_TYPES = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
] as const;
const typeValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SIMPLE_TYPES) },
  {
    weight: 1,
    arbitrary: fc.uniqueArray(fc.constantFrom(...SIMPLE_TYPES), {
      minLength: 1,
      maxLength: 3,
    }),
  },
);

const optional = <T>(a: fc.Arbitrary<T>, freq = 3) =>
  fc.option(a, { nil: undefined, freq });

function compact(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

/** A JSON Pointer token of a `$defs` name as a URI fragment (what `$ref` holds). */
export function defRef(def: string): string {
  return (
    "#/$defs/" +
    encodeURIComponent(def.replace(/~/g, "~0").replace(/\//g, "~1"))
  );
}

export const DEF_NAMES = ["A", "B", "node", "a b", "x/y", "t~", "%", "😀"];

/**
 * A schema over the supported subset. `refs` are the `$ref` values that may appear (to `$defs`
 * of the enclosing resource and to `#`).
 */
export function schemaArbitrary(
  refs: readonly string[],
  maxDepth = 3,
): fc.Arbitrary<SchemaLike> {
  return fc.letrec<{ schema: SchemaLike; leaf: SchemaLike }>((tie) => {
    const sub = tie("schema");
    const stringKeywords = fc.record({
      minLength: optional(fc.nat(4)),
      maxLength: optional(fc.nat(8)),
      pattern: optional(fc.constantFrom(...PATTERNS)),
      format: optional(fc.constantFrom(...FORMATS)),
    });
    const numberKeywords = fc.record({
      minimum: optional(number),
      maximum: optional(number),
      exclusiveMinimum: optional(number),
      exclusiveMaximum: optional(number),
      multipleOf: optional(fc.constantFrom(1, 2, 0.5, 0.1, 0.01, 3, 1e-9, 7.5)),
    });
    const leaf = fc.oneof(
      fc.constantFrom<SchemaLike>(
        true,
        false,
        {},
        { $comment: "c" },
        { description: "*/ ${x} \u2028" },
      ),
      fc
        .record({ type: optional(typeValue, 4) })
        .chain(({ type }) =>
          fc
            .tuple(stringKeywords, numberKeywords, fc.boolean(), fc.boolean())
            .map(([s, n, useS, useN]) =>
              compact({ type, ...(useS ? s : {}), ...(useN ? n : {}) }),
            ),
        ),
      fc.record({
        enum: fc.uniqueArray(fc.oneof(primitive, anyJson), {
          minLength: 1,
          maxLength: 12,
          comparator: (a, b) => JSON.stringify(a) === JSON.stringify(b),
        }),
      }),
      fc.record({ const: fc.oneof(primitive, anyJson) }),
      ...(refs.length > 0
        ? [fc.constantFrom(...refs).map((r) => ({ $ref: r }))]
        : []),
    );
    const objectSchema = fc
      .record({
        type: optional(
          fc.constantFrom<unknown>("object", ["object", "null"]),
          2,
        ),
        properties: optional(fc.dictionary(name, sub, { maxKeys: 4 })),
        patternProperties: optional(
          fc.dictionary(fc.constantFrom(...PATTERNS), sub, { maxKeys: 2 }),
        ),
        additionalProperties: optional(fc.oneof(fc.constant(false), sub)),
        propertyNames: optional(
          fc.oneof(
            fc.constant({ maxLength: 3 }),
            fc.constant({ pattern: "^[a-z]*$" }),
            sub,
          ),
          1,
        ),
        required: optional(
          fc.uniqueArray(fc.oneof(name, fc.constantFrom(...DATA_ONLY_KEYS)), {
            maxLength: 4,
          }),
        ),
        minProperties: optional(fc.nat(3), 1),
        maxProperties: optional(fc.nat(4), 1),
        dependentRequired: optional(
          fc.dictionary(
            name,
            fc.uniqueArray(fc.oneof(name, fc.constantFrom(...DATA_ONLY_KEYS)), {
              maxLength: 3,
            }),
            { maxKeys: 2 },
          ),
          1,
        ),
      })
      .map(compact);
    const arraySchema = fc
      .record({
        type: optional(fc.constant("array"), 2),
        items: optional(fc.oneof(fc.constant(false), sub)),
        prefixItems: optional(fc.array(sub, { minLength: 1, maxLength: 3 })),
        contains: optional(sub),
        minContains: optional(fc.nat(3), 2),
        maxContains: optional(fc.nat(3), 2),
        minItems: optional(fc.nat(3), 1),
        maxItems: optional(fc.nat(5), 1),
        uniqueItems: optional(fc.boolean()),
      })
      .map(compact);
    const composite = fc.oneof(
      fc.record({ anyOf: fc.array(sub, { minLength: 1, maxLength: 3 }) }),
      fc.record({ oneOf: fc.array(sub, { minLength: 1, maxLength: 3 }) }),
      fc.record({ allOf: fc.array(sub, { minLength: 1, maxLength: 2 }) }),
      fc.record({ not: sub }),
      fc
        .record({ if: sub, then: optional(sub, 1), else: optional(sub, 1) })
        .map(compact),
    );
    return {
      leaf,
      schema: fc.oneof(
        { depthSize: "small", maxDepth, withCrossShrink: true },
        leaf,
        objectSchema,
        arraySchema,
        composite,
        // A schema object mixing groups and siblings of $ref.
        fc
          .tuple(leaf, composite)
          .map(([a, b]) =>
            typeof a === "object" && typeof b === "object" ? { ...a, ...b } : b,
          ),
      ),
    };
  }).schema;
}

/** A resource: a root schema with `$defs` that may reference each other and the root. */
export const resourceArbitrary: fc.Arbitrary<SchemaLike> = fc
  .uniqueArray(fc.constantFrom(...DEF_NAMES), { minLength: 0, maxLength: 3 })
  .chain((defs) => {
    const refs = [...defs.map(defRef), "#"];
    return fc
      .tuple(
        schemaArbitrary(refs),
        fc.array(schemaArbitrary(refs, 2), {
          minLength: defs.length,
          maxLength: defs.length,
        }),
      )
      .map(([root, bodies]) => {
        if (defs.length === 0 || typeof root !== "object") return root;
        const $defs: Record<string, unknown> = {};
        defs.forEach((d, i) =>
          Object.defineProperty($defs, d, {
            value: bodies[i],
            enumerable: true,
            writable: true,
            configurable: true,
          }),
        );
        return { ...root, $defs };
      });
  });

// ---------------------------------------------------------------------------------------------
// Instances

function own(o: Record<string, unknown>, k: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}

function resolve(root: SchemaLike, ref: string): SchemaLike | undefined {
  if (ref === "#" || ref === "#/") return root;
  let node: unknown = root;
  for (const token of ref.slice(2).split("/")) {
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
  return node as SchemaLike;
}

/** A value that tries to satisfy `schema` (it often does; where it cannot, it is close). */
export function instanceFor(
  root: SchemaLike,
  schema: SchemaLike = root,
  depth = 0,
): fc.Arbitrary<Json> {
  if (depth > 5) return fc.constantFrom<Json>(null, 0, "", [], {});
  if (schema === true || schema === false) return anyJson;
  const s = schema;
  const next = (x: unknown) => instanceFor(root, x as SchemaLike, depth + 1);
  if (own(s, "const") !== undefined)
    return fc.constant(structuredClone(own(s, "const")) as Json);
  const en = own(s, "enum");
  if (Array.isArray(en) && en.length > 0)
    return fc.constantFrom(...(en as Json[])).map((v) => structuredClone(v));
  const ref = own(s, "$ref");
  if (typeof ref === "string") {
    const target = resolve(root, ref);
    if (target !== undefined) return next(target);
  }
  for (const k of ["anyOf", "oneOf", "allOf"]) {
    const list = own(s, k);
    if (Array.isArray(list) && list.length > 0)
      return fc.oneof(...list.map(next));
  }
  let types = own(s, "type") as string | string[] | undefined;
  if (types === undefined) {
    const keys = Object.keys(s);
    if (
      keys.some((k) =>
        [
          "properties",
          "required",
          "additionalProperties",
          "patternProperties",
          "minProperties",
          "dependentRequired",
          "propertyNames",
        ].includes(k),
      )
    )
      types = "object";
    else if (
      keys.some((k) =>
        [
          "items",
          "prefixItems",
          "contains",
          "minItems",
          "uniqueItems",
        ].includes(k),
      )
    )
      types = "array";
    else if (
      keys.some((k) =>
        ["minLength", "maxLength", "pattern", "format"].includes(k),
      )
    )
      types = "string";
    else if (
      keys.some((k) =>
        [
          "minimum",
          "maximum",
          "exclusiveMinimum",
          "exclusiveMaximum",
          "multipleOf",
        ].includes(k),
      )
    )
      types = "number";
  }
  if (types === undefined) return anyJson;
  const list = typeof types === "string" ? [types] : types;
  return fc.oneof(...list.map((t) => valueOfType(t)));

  function valueOfType(t: string): fc.Arbitrary<Json> {
    switch (t) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
      case "number": {
        const lo = Math.max(
          ...[own(s, "minimum"), own(s, "exclusiveMinimum")].filter(
            (x): x is number => typeof x === "number",
          ),
          -50,
        );
        const hi = Math.min(
          ...[own(s, "maximum"), own(s, "exclusiveMaximum")].filter(
            (x): x is number => typeof x === "number",
          ),
          50,
        );
        const m = own(s, "multipleOf");
        const base =
          lo <= hi
            ? fc.integer({
                min: Math.ceil(lo),
                max: Math.max(Math.ceil(lo), Math.floor(hi)),
              })
            : fc.integer({ min: -5, max: 5 });
        // Multiples of m, and m times the quotients at the edge of Ajv's integer test (1e21).
        const withM =
          typeof m === "number"
            ? fc.oneof(
                {
                  weight: 4,
                  arbitrary: base.map((n) => Math.round(n / m) * m),
                },
                fc
                  .constantFrom(1e21, -1e21, 2e21, 1e21 - 65536, 2 ** 53)
                  .map((q) => q * m),
              )
            : base;
        return t === "integer"
          ? withM
          : fc.oneof(withM, number, fc.constantFrom(lo, hi));
      }
      case "string": {
        const f = own(s, "format") as (typeof FORMATS)[number] | undefined;
        const min = (own(s, "minLength") as number | undefined) ?? 0;
        const max = (own(s, "maxLength") as number | undefined) ?? min + 6;
        const samples = [
          fc.string({ minLength: min, maxLength: Math.max(min, max) }),
          fc.string({
            unit: "grapheme",
            minLength: min,
            maxLength: Math.max(min, max),
          }),
          shortString,
        ];
        if (f)
          samples.unshift(
            fc.constantFrom(...FORMAT_SAMPLES[f]),
            fc.constantFrom(...FORMAT_SAMPLES[f]),
          );
        return fc.oneof(...samples);
      }
      case "array": {
        const prefix = (own(s, "prefixItems") as unknown[] | undefined) ?? [];
        const items = own(s, "items");
        const contains = own(s, "contains");
        const rest =
          items === undefined || items === false ? anyJson : next(items);
        const extra = fc.array(
          contains !== undefined ? fc.oneof(rest, next(contains)) : rest,
          { maxLength: 4 },
        );
        return fc
          .tuple(fc.tuple(...prefix.map(next)), extra, fc.boolean())
          .map(([p, e, dup]) => {
            const out = [...p, ...e];
            if (dup && out.length > 0) out.push(structuredClone(out[0]!));
            return out;
          });
      }
      case "object": {
        const props =
          (own(s, "properties") as Record<string, unknown> | undefined) ?? {};
        const required = (own(s, "required") as string[] | undefined) ?? [];
        const names = [...new Set([...Object.keys(props), ...required])];
        return fc
          .tuple(
            fc.tuple(
              ...names.map((n) =>
                fc.tuple(
                  fc.constant(n),
                  Object.prototype.hasOwnProperty.call(props, n)
                    ? next(props[n])
                    : anyJson,
                  fc.boolean(),
                ),
              ),
            ),
            fc.array(
              fc.tuple(
                fc.oneof(name, fc.constantFrom(...DATA_ONLY_KEYS)),
                anyJson,
              ),
              { maxLength: 2 },
            ),
          )
          .map(([entries, extra]) =>
            entriesToObject([
              ...entries
                .filter(([n, , keep]) => keep || required.includes(n))
                .map(([n, v]) => [n, v] as const),
              ...extra,
            ]),
          );
      }
      default:
        return anyJson;
    }
  }
}

type Mutation = { at: number; kind: number; value: Json; key: string };

/** Applies small changes at pseudo-random places: replace, delete, add a key, duplicate an item, nest deeper. */
export function mutate(value: Json, mutations: readonly Mutation[]): Json {
  let out: Json = structuredClone(value);
  for (const m of mutations) out = mutateOnce(out, m);
  return out;
}

function nodes(value: Json): Json[] {
  const all: Json[] = [];
  const stack: Json[] = [value];
  while (stack.length > 0) {
    const v = stack.pop()!;
    all.push(v);
    if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === "object")
      for (const k of Object.keys(v)) stack.push(v[k]!);
  }
  return all;
}

function mutateOnce(root: Json, m: Mutation): Json {
  const containers = nodes(root).filter(
    (n) => n !== null && typeof n === "object",
  );
  if (containers.length === 0 || m.kind === 0)
    return m.kind === 0 && containers.length === 0 ? m.value : root;
  const target = containers[m.at % containers.length]!;
  if (Array.isArray(target)) {
    const i = target.length === 0 ? 0 : m.at % target.length;
    if (m.kind === 1 && target.length > 0) target[i] = m.value;
    else if (m.kind === 2 && target.length > 0) target.splice(i, 1);
    else if (m.kind === 3 && target.length > 0)
      target.push(structuredClone(target[i]!));
    else target.push(m.value);
  } else {
    const obj = target as { [key: string]: Json };
    const keys = Object.keys(obj);
    const k = keys.length === 0 ? m.key : keys[m.at % keys.length]!;
    if (m.kind === 1 && keys.length > 0) obj[k] = m.value;
    else if (m.kind === 2 && keys.length > 0) delete obj[k];
    else if (m.kind === 3 && keys.length > 0)
      obj[k] = [structuredClone(obj[k]!)];
    else
      Object.defineProperty(obj, m.key, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return root;
}

export const mutationsArbitrary: fc.Arbitrary<Mutation[]> = fc.array(
  fc.record({
    at: fc.nat(50),
    kind: fc.nat(4),
    value: anyJson,
    key: fc.oneof(name, fc.constantFrom(...DATA_ONLY_KEYS)),
  }),
  { maxLength: 3 },
);

/** Near-valid instances of the schema, and mutations of them, and arbitrary JSON. */
export function dataArbitrary(schema: SchemaLike): fc.Arbitrary<Json> {
  const valid = instanceFor(schema);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, mutationsArbitrary)
        .map(([v, ms]) => mutate(v, ms)),
    },
    { weight: 1, arbitrary: anyJson },
  );
}
