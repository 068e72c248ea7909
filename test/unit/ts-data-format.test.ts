/** The TypeScript data fast path formats exactly as prettier does, or declines. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  jsonLiteral,
  type JsonValue,
} from "../../generator/core/codegen/code.js";
import { jsdoc } from "../../generator/core/codegen/jsdoc.js";
import {
  formatTsDataFast,
  widthBounds,
  type TsDataChunk,
} from "../../generator/node/ts-data-format.js";

const seed = Number(process.env.FC_SEED ?? 20260611);
/** More runs for a deeper search: `FC_RUNS=20000 npx vitest run test/unit/ts-data-format.test.ts`. */
const scale = Number(process.env.FC_RUNS ?? 600) / 600;

const source = (chunk: TsDataChunk) =>
  `${chunk.leading}${chunk.head} = ${jsonLiteral(chunk.value)};`;
const viaPrettier = (chunk: TsDataChunk, options: prettier.Options) =>
  prettier.format(source(chunk), {
    ...options,
    parser: options.parser ?? "babel-ts",
  });

// ---------------------------------------------------------------------------------------------
// Generators

const words = [
  "the",
  "record",
  "id",
  "of",
  "a",
  "user",
  "name",
  "when",
  "null",
  "means",
  "not",
  "given",
  "at",
  "most",
  "characters",
  "Constraints:",
  "(YYYY-MM-DD).",
  "e.g.",
  "`x`",
];
const sentence = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...words), { minLength: 1, maxLength: 40 })
    .map((ws) => ws.join(" "))
    .filter((s) => s.length >= min)
    .map((s) => s.slice(0, max));
const hostileKey = fc.oneof(
  fc.constantFrom(
    "type",
    "properties",
    "required",
    "enum",
    "a",
    "__proto__",
    "constructor",
    "$ref",
    "$defs",
    "a-b",
    "",
    "1abc",
    "123",
    "0",
    "default",
    "class",
    "x y",
    'q"k',
    "q'k",
    "back\\slash",
    "*/",
    "${x}",
    "line\u2028sep",
    "é",
    "é-x",
    "1é",
    "x é",
    "日本",
    "😀",
    "caf\u00e9",
  ),
  fc.string({ maxLength: 10 }),
  fc.string({ maxLength: 6, unit: "binary" }),
);
const plainKey = fc.oneof(
  fc.constantFrom(
    "type",
    "description",
    "properties",
    "items",
    "required",
    "enum",
    "format",
    "minimum",
    "maximum",
    "additionalProperties",
    "anyOf",
    "name",
    "strict",
    "parameters",
    "x",
  ),
  fc.stringMatching(/^[a-z][a-z_]{0,20}$/),
);
const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 12, unit: "binary" }),
  fc.string({ maxLength: 12, unit: "grapheme" }),
  fc.constantFrom(
    "string",
    "object",
    "Name of the food.",
    'quote " and \\ backslash',
    "it's",
    `'"'`,
    "\u2028",
    "\u2029",
    "\n\t",
    "é",
    "😀",
    "日本",
    "\u0301",
    "\u007f",
    "\u0085",
    "\ud800",
    "café au lait",
  ),
  sentence(60, 200),
);
const number = fc.oneof(
  fc.integer({ min: -1000, max: 100000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 1e-7, -0.5, 1.5e300, 123456789012, 5e-324),
);
const leaf = fc.oneof(fc.constant(null), fc.boolean(), number, hostileString);
const anyJson = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof(
    { maxDepth: 4 },
    leaf,
    fc.array(tie("v"), { maxLength: 6 }),
    fc.array(number, { maxLength: 30 }),
    fc.array(fc.dictionary(hostileKey, tie("v"), { maxKeys: 3 }), {
      minLength: 2,
      maxLength: 3,
    }),
    fc.dictionary(hostileKey, tie("v"), { maxKeys: 6 }),
  ),
})).v;

/** Values shaped like toolcat's declarations: JSON Schema with ASCII text. */
const schema = fc.letrec<{ s: JsonValue; props: JsonValue }>((tie) => ({
  s: fc.oneof(
    { maxDepth: 3, depthSize: "small" },
    fc.record(
      {
        type: fc.constantFrom("string", "integer", "number", "boolean"),
        description: sentence(5, 120),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record({
      type: fc.constant("string"),
      enum: fc.array(fc.stringMatching(/^[a-z_]{1,12}$/), {
        minLength: 1,
        maxLength: 8,
      }),
      description: sentence(5, 80),
    }),
    fc.record(
      {
        type: fc.constant("number"),
        minimum: fc.integer({ min: 0, max: 10 }),
        maximum: fc.integer({ min: 10, max: 100000 }),
        description: sentence(5, 200),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record({
      anyOf: fc.tuple(tie("s"), fc.constant({ type: "null" })),
      description: sentence(10, 120),
    }),
    fc.record(
      {
        type: fc.constant("array"),
        items: tie("s"),
        maxItems: fc.integer({ min: 1, max: 50 }),
        description: sentence(5, 90),
      },
      { requiredKeys: ["type", "items"] },
    ),
    fc.record({ $ref: fc.stringMatching(/^#\/\$defs\/[A-Z][a-z]{1,10}$/) }),
    tie("props"),
  ),
  props: fc
    .dictionary(
      fc.oneof(plainKey, fc.constantFrom("a-b", "$ref", "1st", "__proto__")),
      tie("s"),
      { minKeys: 1, maxKeys: 5 },
    )
    .chain((properties) =>
      fc.record({
        type: fc.constant("object"),
        description: sentence(5, 160),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
        additionalProperties: fc.boolean(),
      }),
    ),
})).s;
const toolDeclaration = fc.oneof(
  fc.record({
    type: fc.constant("function"),
    function: fc.record({
      name: fc.stringMatching(/^[a-z_]{3,30}$/),
      description: sentence(10, 200),
      strict: fc.boolean(),
      parameters: schema,
    }),
  }),
  fc.record({
    name: fc.stringMatching(/^[a-z_]{3,30}$/),
    description: sentence(10, 200),
    input_schema: schema,
  }),
  fc.record({
    name: fc.stringMatching(/^[a-z_]{3,30}$/),
    title: sentence(3, 40),
    description: sentence(10, 200),
    inputSchema: schema,
    annotations: fc.record({ readOnlyHint: fc.boolean() }),
  }),
);

const head = fc.constantFrom(
  "const writeMeasurement: OpenaiChatTool",
  "export const openaiChatTools: OpenaiChatTool[]",
  "const x",
  "let someRatherLongConstantNameForTheTool: AnExtremelyLongDeclarationTypeName",
  "var v: T[][]",
  "const cv12: readonly unknown[]",
);
const leading = fc.oneof(
  fc.constant(""),
  sentence(1, 100).map((s) => jsdoc([s])),
  fc
    .array(sentence(1, 200), { minLength: 1, maxLength: 3 })
    .map((ls) => jsdoc(ls)),
  fc.constantFrom(
    "// Code generated by toolcat. DO NOT EDIT.\n",
    "// one\n//two  \n",
    "/* plain */\n",
    "/*\n  not indentable\n*/\n",
    "/**\n   * re-indented   \n      */\n",
  ),
  // Comment blocks with ragged whitespace: prettier re-indents those whose lines all start with `*`.
  fc
    .tuple(
      fc.constantFrom("/**", "/*", "/***", "/** first"),
      fc.array(
        fc.tuple(
          fc.constantFrom(" * ", "   *", "\t* ", "*", "  "),
          sentence(0, 30),
          fc.constantFrom("", " ", "  ", "   ", "\t", " \t "),
        ),
        { maxLength: 3 },
      ),
      fc.constantFrom(" */", "*/", "   */", "\t */"),
    )
    .map(
      ([open, lines, close]) =>
        `${open}\n${lines.map(([a, b, c]) => a + b + c).join("\n")}${lines.length ? "\n" : ""}${close}\n`,
    ),
);
const options = fc.record(
  {
    printWidth: fc.constantFrom(20, 40, 60, 80, 100, 120),
    tabWidth: fc.constantFrom(2, 4, 8),
    useTabs: fc.boolean(),
    semi: fc.boolean(),
    singleQuote: fc.boolean(),
    quoteProps: fc.constantFrom("as-needed", "consistent", "preserve"),
    trailingComma: fc.constantFrom("all", "es5", "none"),
    bracketSpacing: fc.boolean(),
    objectWrap: fc.constantFrom("preserve", "collapse"),
    parser: fc.constantFrom("babel-ts", "typescript"),
    endOfLine: fc.constant("lf"),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<prettier.Options>;

// ---------------------------------------------------------------------------------------------

describe("TypeScript data fast formatter", () => {
  it("matches prettier byte for byte whenever it answers (hostile values, random options)", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({ leading, head, value: anyJson }),
        options,
        async (chunk, opts) => {
          const fast = formatTsDataFast(chunk, opts);
          if (fast === undefined) return;
          answered++;
          expect(fast).toBe(await viaPrettier(chunk, opts));
        },
      ),
      { seed, numRuns: Math.round(600 * scale) },
    );
    expect(answered).toBeGreaterThan(300 * scale);
  });

  it("answers for nearly all declaration-shaped values, and matches prettier", async () => {
    let answered = 0;
    const runs = Math.round(300 * scale);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ leading, head, value: toolDeclaration }),
        options,
        async (chunk, opts) => {
          const fast = formatTsDataFast(chunk, opts);
          if (fast === undefined) return;
          answered++;
          expect(fast).toBe(await viaPrettier(chunk, opts));
        },
      ),
      { seed: seed + 1, numRuns: runs },
    );
    expect(answered / runs).toBeGreaterThan(0.8);
  });

  it("matches prettier at the layout thresholds (key length, width, indentation)", async () => {
    const values: JsonValue[] = [
      null,
      -5,
      7,
      true,
      {},
      [],
      "str",
      "a longer string value here",
      { a: 1, b: 2 },
      [1, 2, 3],
      [-1, 22, 333, 4444],
      [
        [1, 2],
        [3, 4],
      ],
      [
        { a: 1, b: 2 },
        { c: 3, d: 4 },
      ],
      { k: [1, 2] },
      [42],
      [-1],
      ["x"],
      [{ a: 1 }],
      [[]],
      { a: {} },
      1e21,
    ];
    const nested = fc.letrec<{ v: JsonValue }>((tie) => ({
      v: fc.oneof(
        { maxDepth: 3 },
        fc.constantFrom(...values),
        fc
          .tuple(fc.stringMatching(/^[a-z]{1,14}$/), tie("v"))
          .map(([k, v]) => ({ [k]: v })),
        fc.tuple(tie("v"), tie("v")).map(([a, b]) => [a, b]),
      ),
    })).v;
    const small = fc.record({
      printWidth: fc.integer({ min: 8, max: 40 }),
      tabWidth: fc.integer({ min: 1, max: 8 }),
      useTabs: fc.boolean(),
      trailingComma: fc.constantFrom("all", "none"),
      bracketSpacing: fc.boolean(),
      semi: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[a-z]{1,12}$/),
        nested,
        small,
        async (name, value, opts) => {
          const chunk = { leading: "", head: `const ${name}_`, value };
          const fast = formatTsDataFast(chunk, opts);
          expect(fast).toBeDefined();
          expect(fast).toBe(await viaPrettier(chunk, opts));
        },
      ),
      { seed: seed + 2, numRuns: Math.round(1000 * scale) },
    );
  });

  it("matches prettier on the real provider declarations", async () => {
    const files = [
      ...readdirSync("generated/providers").map((f) =>
        join("generated/providers", f),
      ),
      ...readdirSync("test/fixtures").flatMap((d) => {
        const dir = join("test/fixtures", d, "expected/providers");
        try {
          return readdirSync(dir).map((f) => join(dir, f));
        } catch {
          return [];
        }
      }),
    ].filter((f) => f.endsWith(".json"));
    const config =
      (await prettier.resolveConfig("generated/providers/x.ts", {
        editorconfig: true,
      })) ?? {};
    const variants: prettier.Options[] = [
      { ...config, parser: "babel-ts", endOfLine: "lf" },
      {
        printWidth: 100,
        tabWidth: 4,
        singleQuote: true,
        trailingComma: "es5",
        quoteProps: "consistent",
      },
      { useTabs: true, semi: false, bracketSpacing: false, printWidth: 60 },
    ];
    let compared = 0;
    let answered = 0;
    for (const file of files) {
      // Committed files are written atomically (temporary file + rename), so a file that does not
      // parse is broken, never half-written: it fails here rather than being skipped.
      const tools = (
        JSON.parse(readFileSync(file, "utf8")) as { tools: JsonValue[] }
      ).tools;
      expect(Array.isArray(tools), `${file} has a tools array`).toBe(true);
      for (const [i, tool] of tools.entries()) {
        const name =
          (tool as { name?: string; function?: { name?: string } }).name ??
          (tool as { function?: { name?: string } }).function?.name ??
          "tool";
        const chunk = {
          leading: jsdoc([`\`${name}\` (strict).`]),
          head: `const tool${i}: ProviderTool`,
          value: tool,
        };
        for (const opts of variants) {
          compared++;
          const fast = formatTsDataFast(chunk, opts);
          if (fast === undefined) continue;
          answered++;
          expect(fast, `${file} tool ${i}`).toBe(
            await viaPrettier(chunk, opts),
          );
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(answered).toBeGreaterThan(compared * 0.8);
  });

  it("prints chunks of one scope (caches shared by identity) exactly as it prints them alone", () => {
    // Declarations that share their schemas at different depths and with different keys, as the
    // provider modules do, printed in one scope and each on its own.
    const shapes = (name: string, s: JsonValue): JsonValue[] => [
      {
        type: "function",
        function: { name, description: "d", strict: true, parameters: s },
      },
      { name, description: "d", input_schema: s },
      { type: "function", name, parameters: s, extra: [s, { s }] },
      { name, inputSchema: s, outputSchema: s },
    ];
    fc.assert(
      fc.property(
        fc.array(fc.oneof(schema, anyJson), { minLength: 1, maxLength: 4 }),
        options,
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        (schemas, opts, picks) => {
          const scope = {};
          for (const [i, pick] of picks.entries()) {
            const shape = shapes(`tool_${i}`, schemas[pick % schemas.length]!);
            const chunk = {
              leading: "",
              head: `const tool${i}: T`,
              value: shape[pick % shape.length]!,
            };
            expect(formatTsDataFast({ ...chunk, scope }, opts)).toBe(
              formatTsDataFast(chunk, opts),
            );
          }
        },
      ),
      { seed: seed + 3, numRuns: Math.round(300 * scale) },
    );
  });

  it("bounds prettier's string width for the characters it calls narrow", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom(
              "a",
              "é",
              "ß",
              "Ω",
              "ж",
              "€",
              "—",
              "…",
              "“",
              "©",
              "®",
              "\u00ad",
              "\u0301",
              "\ufe0f",
              "\u200d",
              "\u20e3",
              "#",
              "1",
              "😀",
              "👍🏽",
              "日",
              "\u007f",
            ),
            fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
          ),
        }),
        (text) => {
          const [lo, hi] = widthBounds(text);
          const width = prettier.util.getStringWidth(text);
          expect(width).toBeGreaterThanOrEqual(lo);
          expect(width).toBeLessThanOrEqual(hi);
        },
      ),
      { seed, numRuns: 2000 },
    );
    // Every character called narrow is exactly one column wide to prettier.
    const ranges = [
      [0x20, 0x7e],
      [0xa0, 0x2ff],
      [0x370, 0x482],
      [0x48a, 0x52f],
      [0x1e00, 0x1eff],
      [0x2010, 0x2027],
      [0x20a0, 0x20bf],
    ] as const;
    for (const [from, to] of ranges) {
      for (let cp = from; cp <= to; cp++) {
        const ch = String.fromCodePoint(cp);
        if (widthBounds(ch)[0] === 1)
          expect(prettier.util.getStringWidth(`é${ch}`), cp.toString(16)).toBe(
            2,
          );
      }
    }
  });

  it("declines what it does not reproduce", () => {
    const chunk = { leading: "", head: "const x: T", value: { a: [1, 2] } };
    expect(formatTsDataFast(chunk, {})).toBeDefined();
    expect(formatTsDataFast(chunk, { plugins: ["x"] })).toBeUndefined();
    expect(formatTsDataFast(chunk, { parser: "babel" })).toBeUndefined();
    expect(formatTsDataFast(chunk, { parser: "flow" })).toBeUndefined();
    expect(
      formatTsDataFast(chunk, { experimentalTernaries: true }),
    ).toBeUndefined();
    expect(formatTsDataFast(chunk, { endOfLine: "crlf" })).toBeUndefined();
    expect(formatTsDataFast(chunk, { requirePragma: true })).toBeUndefined();
    expect(formatTsDataFast(chunk, { rangeStart: 3 })).toBeUndefined();
    expect(
      formatTsDataFast({ ...chunk, head: "const x: Record<string, T>" }, {}),
    ).toBeUndefined();
    expect(
      formatTsDataFast({ ...chunk, head: "const class" }, {}),
    ).toBeUndefined();
    expect(
      formatTsDataFast({ ...chunk, leading: "// prettier-ignore\n" }, {}),
    ).toBeUndefined();
    expect(
      formatTsDataFast({ ...chunk, leading: "/* a */ /* b */\n" }, {}),
    ).toBeUndefined();
    expect(
      formatTsDataFast({ ...chunk, value: { a: Number.NaN } }, {}),
    ).toBeUndefined();
    expect(formatTsDataFast({ ...chunk, value: { é: 1 } }, {})).toBeUndefined();
    // A fitting decision that turns on the width of wide text.
    expect(
      formatTsDataFast(
        { ...chunk, value: { a: "日本".repeat(19) } },
        { printWidth: 80 },
      ),
    ).toBeUndefined();
    expect(formatTsDataFast({ ...chunk, value: { a: "日本" } }, {})).toBe(
      'const x: T = { a: "日本" };\n',
    );
  });
});
