/** fast-check arbitraries for schemas over toolcat's supported subset, with hostile strings. */
import fc from "fast-check";

/** A global that catalog text assigns if it ever runs as generated code (tests check it stays unset). */
export const PAYLOAD_GLOBAL = "globalThis.__toolcatPwned";

/** Catalog text that would run as code if it escaped a string literal, a template or a comment. */
const PAYLOADS = [
  `*/ ${PAYLOAD_GLOBAL} = 1; /*`,
  `"; ${PAYLOAD_GLOBAL} = 1; "`,
  `'); ${PAYLOAD_GLOBAL} = 1; ('`,
  "`; " + PAYLOAD_GLOBAL + " = 1; `",
  "${" + PAYLOAD_GLOBAL + " = 1}",
  `\n${PAYLOAD_GLOBAL} = 1; //`,
  `\u2028${PAYLOAD_GLOBAL} = 1; //`,
  `*\u0000/ ${PAYLOAD_GLOBAL} = 1; /*`,
];

export const HOSTILE_STRINGS = [
  ...PAYLOADS,
  '"',
  "'",
  "`",
  "\\",
  "*/",
  "/*",
  "${x}",
  "\u2028",
  "\u2029",
  "__proto__",
  "constructor",
  "class",
  "😀",
  "1abc",
  "a b",
  "",
  "-",
  "toString",
  "hasOwnProperty",
  "*\u0000/",
];

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom(...HOSTILE_STRINGS), { maxLength: 3 })
      .map((a) => a.join("")),
  },
);

/** Numbers at the edges of JavaScript's arithmetic: 1e21 (printed with an exponent), 2**53, -0, subnormals. */
export const BOUNDARY_NUMBERS = [
  1e21,
  -1e21,
  2e21,
  5e20,
  999999999999999900000,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  -0,
  5e-324,
  1e-7,
  0.1,
  0.3,
  Number.EPSILON,
];

const primitive = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }),
  fc.constantFrom(...BOUNDARY_NUMBERS),
  hostileText,
);

type Schema = Record<string, unknown> | boolean;

/** Recursive schema arbitrary; `depth` bounds nesting. Every schema is valid for the subset. */
export function schemaArbitrary(maxDepth = 3): fc.Arbitrary<Schema> {
  const { schema } = fc.letrec<{ schema: Schema; leaf: Schema }>((tie) => ({
    leaf: fc.oneof(
      fc.record(
        {
          type: fc.constant("string"),
          minLength: fc.option(fc.nat(5), { nil: undefined }),
          maxLength: fc.option(fc.nat(9), { nil: undefined }),
          format: fc.option(
            fc.constantFrom("date", "email", "uuid", "date-time"),
            { nil: undefined },
          ),
          description: fc.option(hostileText, { nil: undefined }),
        },
        { requiredKeys: ["type"] },
      ),
      fc.record(
        {
          type: fc.constantFrom("number", "integer"),
          minimum: fc.option(fc.integer({ min: -10, max: 0 }), {
            nil: undefined,
          }),
          maximum: fc.option(fc.integer({ min: 0, max: 10 }), {
            nil: undefined,
          }),
        },
        { requiredKeys: ["type"] },
      ),
      fc.record(
        {
          type: fc.constantFrom("number", "integer"),
          multipleOf: fc.constantFrom(1, 2, 0.5, 0.1, 1e-9),
          description: fc.option(hostileText, { nil: undefined }),
        },
        { requiredKeys: ["type", "multipleOf"] },
      ),
      fc.constant({ type: "boolean" }),
      fc.constant({ type: "null" }),
      fc.record({
        enum: fc.uniqueArray(primitive, {
          minLength: 1,
          maxLength: 4,
          comparator: (a, b) => JSON.stringify(a) === JSON.stringify(b),
        }),
      }),
      fc.record({ const: primitive }),
      fc.record({
        type: fc.subarray(["string", "number", "null", "boolean"] as const, {
          minLength: 1,
        }),
      }),
      fc.constantFrom<Schema>(true, false, {}),
    ),
    schema: fc.oneof(
      { depthSize: "small", withCrossShrink: true, maxDepth },
      tie("leaf"),
      fc
        .record({
          properties: fc.dictionary(hostileText, tie("schema"), { maxKeys: 4 }),
          closed: fc.boolean(),
          requiredPick: fc.array(fc.boolean(), { maxLength: 4 }),
          extra: fc.option(tie("schema"), { nil: undefined }),
        })
        .map(({ properties, closed, requiredPick, extra }) => {
          const keys = Object.keys(properties);
          const s: Record<string, unknown> = {
            type: "object",
            properties: Object.fromEntries(Object.entries(properties)),
          };
          const required = keys.filter((_, i) => requiredPick[i]);
          if (required.length > 0) s.required = required;
          if (closed) s.additionalProperties = false;
          else if (extra !== undefined) s.additionalProperties = extra;
          return s;
        }),
      fc.record(
        {
          type: fc.constant("array"),
          items: tie("schema"),
          minItems: fc.option(fc.nat(3), { nil: undefined }),
          uniqueItems: fc.option(fc.boolean(), { nil: undefined }),
        },
        { requiredKeys: ["type", "items"] },
      ),
      fc.record(
        {
          type: fc.constant("array"),
          prefixItems: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }),
          items: fc.option(fc.oneof(fc.constant(false), tie("schema")), {
            nil: undefined,
          }),
          minItems: fc.option(fc.nat(3), { nil: undefined }),
        },
        { requiredKeys: ["type", "prefixItems"] },
      ),
      fc.record({
        anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }),
      }),
      fc.record({
        oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }),
      }),
      fc.record({
        allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }),
      }),
      fc.record({ not: tie("leaf") }),
      fc.record(
        { if: tie("leaf"), then: tie("leaf"), else: tie("leaf") },
        { requiredKeys: ["if"] },
      ),
    ),
  }));
  return schema;
}

/** A tool input schema: always an object root. */
export function inputArbitrary(
  maxDepth = 3,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record({
      properties: fc.dictionary(hostileText, schemaArbitrary(maxDepth), {
        minKeys: 0,
        maxKeys: 5,
      }),
      closed: fc.boolean(),
      requiredPick: fc.array(fc.boolean(), { maxLength: 5 }),
    })
    .map(({ properties, closed, requiredPick }) => {
      const keys = Object.keys(properties);
      const s: Record<string, unknown> = {
        type: "object",
        properties: Object.fromEntries(Object.entries(properties)),
      };
      const required = keys.filter((_, i) => requiredPick[i]);
      if (required.length > 0) s.required = required;
      if (closed) s.additionalProperties = false;
      return s;
    });
}
