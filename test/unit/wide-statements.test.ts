/**
 * The wide-line breakers of generator/node/wide-lines/ against prettier itself (issue 25): each
 * must give prettier's bytes wherever it answers. Random statements of the shapes validator code
 * is made of — names, strings with quotes, backslashes and non-ASCII text, depths 0–8, print widths
 * 40/80/120, `singleQuote` — are formatted both ways; then whole `validators.ts` and `.calls.ts`
 * files of the example catalog, the golden fixtures and the real-tool catalog; and a cold format
 * of them must not call prettier at all with prettier's default options. Seeded;
 * `TOOLCAT_FORMAT_SEED` replays a run.
 */
import { unformattedOutput } from "../helpers/pipeline.js";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import type { OutputFile } from "../../generator/core/emit/artifact.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import {
  formatFiles,
  type PrettierCalls,
} from "../../generator/node/format.js";
import * as ours from "../../generator/node/wide-lines/doc.js";
import { formatCanonicalChunks } from "../../generator/node/ts-code-format.js";
import { breakImportList } from "../../generator/node/wide-lines/import-list.js";
import { breakObjectType } from "../../generator/node/wide-lines/object-type.js";
import { breakNameProperty } from "../../generator/node/wide-lines/property.js";
import {
  breakIfHead,
  breakStatement,
} from "../../generator/node/wide-lines/statement.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { repoRoot } from "../validators/harness.js";

const SEED = Number(process.env.TOOLCAT_FORMAT_SEED ?? 11);
const WIDTHS = [40, 80, 120] as const;
const layoutOf = (printWidth: number, es5 = false) => ({
  printWidth,
  trailingComma: true,
  trailingCommaAll: !es5,
});

const KEYWORDS = new Set(
  "as if in do of for let new var try case else enum null this true void with await break catch class const false super throw while yield delete export import public return static switch typeof default extends finally package private continue debugger function arguments interface protected implements instanceof undefined satisfies async type keyof readonly unique infer is asserts declare module namespace abstract global never unknown any number string symbol object boolean bigint".split(
    " ",
  ),
);
const name = fc
  .stringMatching(/^[a-zA-Z_$][a-zA-Z0-9_$]{0,11}$/)
  .filter((n) => !KEYWORDS.has(n));
/** Text of a string literal: quotes, backslashes, Latin, Greek and Cyrillic letters, an emoticon, CJK (whose width is not known: declined). */
const stringText = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom("/", "a", "_", "-", " ", "x") },
      { weight: 4, arbitrary: name },
      {
        weight: 2,
        arbitrary: fc.constantFrom('"', "'", "\\", "é", "ß", "λ", "ж", "😀"),
      },
      { weight: 1, arbitrary: fc.constantFrom("日本", "\u2028", "e\u0301") },
    ),
    { maxLength: 10 },
  )
  .map((parts) => JSON.stringify(parts.join("")));

const leaf: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: name },
  { weight: 3, arbitrary: stringText },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99999 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom("null", "undefined", "true") },
  {
    weight: 2,
    arbitrary: fc.tuple(name, fc.nat(99)).map(([n, i]) => `${n}[${i}]!`),
  },
  { weight: 2, arbitrary: fc.tuple(name, name).map(([a, b]) => `${a}.${b}`) },
);

/** Expressions of the kinds validator code writes. */
const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    {
      weight: 3,
      arbitrary: fc
        .tuple(name, fc.array(tie("e"), { maxLength: 4 }))
        .map(([f, args]) => `${f}(${args.join(", ")})`),
    },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.oneof(stringText, name, tie("e")), {
          minLength: 2,
          maxLength: 5,
        })
        .map((parts) => parts.join(" + ")),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          leaf,
          fc.constantFrom("===", "!==", ">", "<=", ">="),
          leaf,
          fc.boolean(),
        )
        .map(([a, op, b, t]) => `${t ? "typeof " : ""}${a} ${op} ${b}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.array(tie("e"), { minLength: 2, maxLength: 5 }),
          fc.constantFrom("&&", "||"),
          fc.boolean(),
        )
        .map(([ops, op, not]) =>
          not ? `!(${ops.join(` ${op} `)})` : ops.join(` ${op} `),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(tie("e"), tie("e"), tie("e"))
        .map(([a, b, c]) => `${a} ? ${b} : ${c}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(name, tie("e"), fc.boolean()), {
          minLength: 1,
          maxLength: 3,
        })
        .map(
          (ps) =>
            `{ ${ps.map(([k, v, short]) => (short ? k : `${k}: ${v}`)).join(", ")} }`,
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.oneof(name, stringText), { maxLength: 3 })
        .map((items) => `[${items.join(", ")}]`),
    },
    { weight: 1, arbitrary: name.map((n) => `${n} as unknown`) },
    // Not read: a generic call (its `<…>` would read as comparisons) must decline.
    {
      weight: 1,
      arbitrary: fc
        .tuple(name, name, tie("e"))
        .map(([f, t, a]) => `${f}<${t}>(${a})`),
    },
    { weight: 1, arbitrary: name.map((n) => `!Array.isArray(${n})`) },
    { weight: 1, arbitrary: name.map((n) => `${n}++`) },
  ),
})).e;

/** Calls as validator code makes them: `errs = addErrorAt(errs, _e[N]!, "/path/" + i + "/key")`. */
const validatorCall = fc
  .tuple(
    fc.constantFrom("addErrorAt", "addError", "insertError", "makeError"),
    fc.array(fc.oneof(expression, leaf), { minLength: 1, maxLength: 5 }),
    fc.array(fc.oneof(stringText, name), { minLength: 1, maxLength: 4 }),
  )
  .map(
    ([f, args, path]) =>
      `${f}(errs, ${[...args, path.join(" + ")].join(", ")})`,
  );

const simpleStatement = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(name, fc.oneof(validatorCall, expression))
      .map(([n, e]) => `${n} = ${e};`),
  },
  { weight: 1, arbitrary: validatorCall.map((c) => `${c};`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(name, fc.oneof(validatorCall, expression))
      .map(([n, e]) => `const ${n} = ${e};`),
  },
  { weight: 2, arbitrary: expression.map((e) => `return ${e};`) },
);
const statement = fc.oneof(
  { weight: 2, arbitrary: simpleStatement },
  {
    weight: 3,
    arbitrary: fc
      .tuple(expression, simpleStatement)
      .map(([t, s]) => `if (${t}) ${s}`),
  },
);

/** `inner` at `depth` levels (a function first, so `return` parses), as ts-code-format.ts wraps a wide line. */
function wrapAt(depth: number, inner: string): string {
  if (depth === 0) return inner;
  return `function w() {\n${"{\n".repeat(depth - 1)}${inner}\n${"}\n".repeat(depth - 1)}}`;
}
function unwrapAt(depth: number, text: string): string[] {
  const lines = text.replace(/\n$/, "").split("\n");
  return depth === 0 ? lines : lines.slice(depth, lines.length - depth);
}

async function tryFormat(
  text: string,
  options: prettier.Options,
): Promise<string | undefined> {
  try {
    return await prettier.format(text, { parser: "babel-ts", ...options });
  } catch {
    return undefined;
  }
}

interface Sample {
  readonly source: string;
  readonly depth: number;
  readonly singleQuote: boolean;
}

/**
 * For each sample and width: the statement in canonical form (prettier's, on one line), broken by
 * `breaker` and by prettier at that width; mismatches and how many the breaker answered.
 */
async function compareStatements(
  samples: readonly Sample[],
  breaker: (
    text: string,
    indent: number,
    layout: ReturnType<typeof layoutOf>,
  ) => string[] | undefined,
  head = false,
): Promise<{ mismatches: string[]; answered: number; wide: number }> {
  const mismatches: string[] = [];
  let answered = 0;
  let wide = 0;
  for (const { source, depth, singleQuote } of samples) {
    const body = head ? `${source}\nx;\n}` : source;
    const flat = await tryFormat(wrapAt(depth, body), {
      printWidth: 100_000,
      singleQuote,
    });
    if (flat === undefined) continue;
    const flatLines = unwrapAt(depth, flat);
    const canonical = flatLines[0]!;
    if (flatLines.length !== (head ? 3 : 1)) continue;
    const indent = 2 * depth;
    for (const width of WIDTHS) {
      // `trailingComma: "es5"` (no comma after a last argument) at width 80 on odd depths.
      const es5 = width === 80 && depth % 2 === 1;
      const reference = await tryFormat(flat, {
        printWidth: width,
        singleQuote,
        trailingComma: es5 ? "es5" : "all",
      });
      if (reference === undefined) continue;
      let expected = unwrapAt(depth, reference);
      if (head) expected = expected.slice(0, -2);
      if (expected.length > 1) wide++;
      const ours = breaker(
        canonical.slice(indent),
        indent,
        layoutOf(width, es5),
      );
      if (ours === undefined) continue;
      answered++;
      if (ours.join("\n") !== expected.join("\n"))
        mismatches.push(
          `width ${width}, depth ${depth}, singleQuote ${singleQuote}:\n${canonical}\nours:\n${ours.join("\n")}\nprettier:\n${expected.join("\n")}`,
        );
    }
  }
  if (process.env.TOOLCAT_WIDE_STATS) console.log({ answered, wide });
  return { mismatches, answered, wide };
}

const samplesOf = (source: fc.Arbitrary<string>, numRuns: number) =>
  fc.sample(
    fc.record({
      source,
      depth: fc.integer({ min: 0, max: 8 }),
      singleQuote: fc.boolean(),
    }),
    { seed: SEED, numRuns },
  );

describe("wide statements break as prettier breaks them", () => {
  it("random statements (assignments, calls, returns, braceless ifs) at widths 40/80/120", async () => {
    // `return` needs a function: depth 0 only for the other statements.
    const samples = samplesOf(statement, 700).map((s) =>
      s.depth === 0 && s.source.includes("return ") ? { ...s, depth: 1 } : s,
    );
    const { mismatches, answered, wide } = await compareStatements(
      samples,
      breakStatement,
    );
    expect(mismatches.slice(0, 3), `seed ${SEED}`).toEqual([]);
    // Not vacuous: most wide statements are answered.
    expect(answered).toBeGreaterThan(wide * 0.5);
  }, 240_000);

  it("validator calls deep in blocks, as the compiler writes them", async () => {
    const shapes = fc.oneof(
      fc
        .tuple(expression, validatorCall)
        .map(([t, c]) => `if (${t}) errs = ${c};`),
      validatorCall.map((c) => `errs = ${c};`),
      fc
        .tuple(name, validatorCall)
        .map(
          ([n, c]) =>
            `if (${n} === undefined) errs = insertError(errs, a1++, errorAt(_e[7]!, ${c}));`,
        ),
    );
    const { mismatches, answered, wide } = await compareStatements(
      samplesOf(shapes, 400),
      breakStatement,
    );
    expect(mismatches.slice(0, 3), `seed ${SEED}`).toEqual([]);
    expect(answered).toBeGreaterThan(wide * 0.3);
  }, 240_000);

  it("ternaries whose test and branches are chains", async () => {
    const chain = fc
      .tuple(
        fc.array(fc.oneof(leaf, expression), { minLength: 2, maxLength: 5 }),
        fc.constantFrom("&&", "||", "+", "==="),
      )
      .map(([ops, op]) => ops.join(` ${op} `));
    const part = fc.oneof(chain, leaf, validatorCall);
    const shapes = fc
      .tuple(part, part, part, name, fc.constantFrom("const", "return", "="))
      .map(([t, a, b, n, k]) =>
        k === "return"
          ? `return ${t} ? ${a} : ${b};`
          : k === "const"
            ? `const ${n} = ${t} ? ${a} : ${b};`
            : `${n} = ${t} ? ${a} : ${b};`,
      );
    const samples = samplesOf(shapes, 300).map((s) =>
      s.depth === 0 ? { ...s, depth: 1 } : s,
    );
    const { mismatches, answered, wide } = await compareStatements(
      samples,
      breakStatement,
    );
    expect(mismatches.slice(0, 3), `seed ${SEED}`).toEqual([]);
    expect(answered).toBeGreaterThan(wide * 0.1);
  }, 240_000);

  it("if heads over a chain of checks", async () => {
    const test = fc
      .array(
        fc.oneof(
          name.map((n) => `typeof ${n} === "object"`),
          name.map((n) => `${n} !== null`),
          name.map((n) => `!Array.isArray(${n} as unknown)`),
          expression,
        ),
        { minLength: 1, maxLength: 5 },
      )
      .chain((ops) =>
        fc.constantFrom("&&", "||").map((op) => ops.join(` ${op} `)),
      );
    const { mismatches, answered, wide } = await compareStatements(
      samplesOf(
        test.map((t) => `if (${t}) {`),
        400,
      ),
      breakIfHead,
      true,
    );
    expect(mismatches.slice(0, 3), `seed ${SEED}`).toEqual([]);
    expect(answered).toBeGreaterThan(wide * 0.5);
  }, 240_000);

  it("value import lists", async () => {
    const source = fc
      .tuple(
        fc.uniqueArray(
          fc.tuple(fc.boolean(), name).map(([t, n]) => (t ? `type ${n}` : n)),
          {
            minLength: 1,
            maxLength: 14,
            selector: (s) => s.replace("type ", ""),
          },
        ),
        fc.stringMatching(/^\.\.?\/[a-z-]{1,20}\.js$/),
      )
      .map(([names, from]) => `import { ${names.join(", ")} } from "${from}";`);
    const samples = samplesOf(source, 150).map((s) => ({ ...s, depth: 0 }));
    const { mismatches, answered, wide } = await compareStatements(
      samples,
      breakImportList,
    );
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(answered).toBeGreaterThan(wide * 0.9);
  }, 120_000);

  it("one-member object types", async () => {
    const source = fc
      .tuple(
        name,
        fc.boolean(),
        name,
        fc.boolean(),
        fc.constantFrom(
          "(value: unknown) => ValidationResult<unknown>",
          "Validator<ToolOutput[K]> | undefined",
          "Validator<ToolInput[K]>",
        ),
      )
      .map(
        ([n, ro, k, mapped, type]) =>
          `type ${n[0]!.toUpperCase()}${n.slice(1)} = { ${ro ? "readonly " : ""}[${mapped ? `${k} in ToolName]?` : `${k}: string]`}: ${type} };`,
      );
    const samples = samplesOf(source, 150).map((s) => ({ ...s, depth: 0 }));
    const { mismatches, answered } = await compareStatements(
      samples,
      breakObjectType,
    );
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(answered).toBeGreaterThan(20);
  }, 120_000);

  it("properties whose value is a name", async () => {
    const samples = fc.sample(
      fc.record({
        // Keys of 1–6 columns: prettier never breaks after a key narrower than 5.
        key: fc.oneof(name, stringText, fc.stringMatching(/^[a-z]{1,6}$/)),
        value: fc.oneof(
          name,
          fc.stringMatching(/^[a-zA-Z_$][a-zA-Z0-9_$]{20,40}$/),
        ),
        depth: fc.integer({ min: 1, max: 8 }),
      }),
      { seed: SEED, numRuns: 300 },
    );
    const mismatches: string[] = [];
    let answered = 0;
    for (const { key, value, depth } of samples) {
      const object = `x = {\n${key}: ${value},\n};`;
      const flat = await tryFormat(wrapAt(depth - 1, object), {
        printWidth: 100_000,
      });
      if (flat === undefined) continue;
      const lines = unwrapAt(depth - 1, flat);
      if (lines.length !== 3) continue;
      const canonical = lines[1]!;
      for (const width of WIDTHS) {
        const reference = await tryFormat(flat, { printWidth: width });
        if (reference === undefined) continue;
        const expected = unwrapAt(depth - 1, reference).slice(1, -1);
        const indent = 2 * depth;
        const ours = breakNameProperty(
          canonical.slice(indent),
          indent,
          layoutOf(width),
        );
        if (ours === undefined) continue;
        answered++;
        if (ours.join("\n") !== expected.join("\n"))
          mismatches.push(
            `${width}: ${canonical}\n${ours.join("\n")}\n${expected.join("\n")}`,
          );
      }
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(answered).toBeGreaterThan(10);
  }, 120_000);
});

describe("properties whose value is a string (ts-code-format.ts's breakStringProperty)", () => {
  it("keep a key narrower than five columns on the line, as prettier does", async () => {
    const samples = fc.sample(
      fc.record({
        key: fc.stringMatching(/^[a-z]{1,8}$/),
        text: fc
          .tuple(
            fc.stringMatching(/^[a-z ]{0,10}$/),
            fc.integer({ min: 20, max: 90 }),
          )
          .map(([a, n]) => a + "y".repeat(n)),
        width: fc.constantFrom(...WIDTHS),
      }),
      { seed: SEED, numRuns: 200 },
    );
    const mismatches: string[] = [];
    for (const { key, text, width } of samples) {
      const chunk = `const x = {\n  ${key}: ${JSON.stringify(text)},\n};`;
      const options = { parser: "babel-ts", printWidth: width };
      const [fast] = await formatCanonicalChunks(
        [{ canonical: chunk }],
        options,
        (t, o) => prettier.format(t, o),
      );
      const reference = await prettier.format(chunk, options);
      if (fast !== reference)
        mismatches.push(`${width}: ${chunk}\n${fast}\n${reference}`);
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
  });
});

describe("the document printer (wide-lines/doc.ts) against prettier's", () => {
  /** A random document, built with both builder sets. */
  type Pair = { ours: ours.Doc; theirs: prettier.Doc };
  const { builders: b, printer } = prettier.doc;
  const pair: fc.Arbitrary<Pair> = fc.letrec<{ d: Pair }>((tie) => ({
    d: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      {
        weight: 5,
        arbitrary: fc
          .stringMatching(/^[a-z(),.;: ]{1,12}$/)
          .map((t) => ({ ours: t, theirs: t })),
      },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom("line", "softline")
          .map((k) => ({ ours: ours[k as "line"], theirs: b[k as "line"] })),
      },
      {
        weight: 3,
        arbitrary: fc.array(tie("d"), { maxLength: 4 }).map((ps) => ({
          ours: ps.map((p) => p.ours),
          theirs: ps.map((p) => p.theirs),
        })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(tie("d"), fc.boolean()).map(([p, brk]) => ({
          ours: ours.group(p.ours, { shouldBreak: brk }),
          theirs: b.group(p.theirs, { shouldBreak: brk }),
        })),
      },
      {
        weight: 1,
        arbitrary: tie("d").map((p) => ({
          ours: ours.indent(p.ours),
          theirs: b.indent(p.theirs),
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(tie("d"), tie("d")).map(([x, y]) => ({
          ours: ours.ifBreak(x.ours, y.ours),
          theirs: b.ifBreak(x.theirs, y.theirs),
        })),
      },
      {
        weight: 1,
        // A group with an id, and indentIfBreak on it (prettier's fluid assignment layout).
        arbitrary: fc.tuple(tie("d"), tie("d")).map(([x, y]) => {
          const mine = Symbol("a");
          const theirs = Symbol("a");
          return {
            ours: [
              ours.group(ours.indent(ours.line), { id: mine }),
              ours.indentIfBreak(x.ours, mine),
              y.ours,
            ],
            theirs: [
              b.group(b.indent(b.line), { id: theirs }),
              b.indentIfBreak(x.theirs, { groupId: theirs }),
              y.theirs,
            ],
          };
        }),
      },
    ),
  })).d;

  it("prints random documents as prettier's printDocToString does", () => {
    const samples = fc.sample(
      fc.record({ doc: pair, width: fc.integer({ min: 4, max: 60 }) }),
      { seed: SEED, numRuns: 3000 },
    );
    const mismatches: string[] = [];
    for (const { doc, width } of samples) {
      const expected = printer
        .printDocToString([doc.theirs, b.hardline], {
          printWidth: width,
          tabWidth: 2,
          useTabs: false,
        } as never)
        .formatted.replace(/\n$/, "");
      const got = ours.printDoc([doc.ours, ours.hardline], 0, width);
      expect(got).toBeDefined();
      const text = got!.join("\n").replace(/\n$/, "");
      if (text !== expected)
        mismatches.push(
          `width ${width}:\n${text}\n--- prettier:\n${expected}\n${JSON.stringify(doc.ours)}`,
        );
    }
    expect(mismatches.slice(0, 3), `seed ${SEED}`).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Whole files: validators.ts and the providers' .calls.ts, fast path against prettier.

const mine = (f: OutputFile) =>
  f.path === "validators.ts" || f.path.endsWith(".calls.ts");

async function outputFiles(
  catalog: string,
  source: string | Buffer = readFileSync(path.join(repoRoot, catalog)),
): Promise<OutputFile[]> {
  return (await unformattedOutput(catalog, source)).filter(mine);
}

/** prettier, counting the calls made to it (by output file). */
function countingPrettier(): { prettier: PrettierCalls; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    prettier: {
      version: prettier.version,
      format: (text, options) => {
        calls.push(`${options?.filepath ?? "?"} (${text.length} chars)`);
        return prettier.format(text, options);
      },
    },
  };
}

const LAYOUTS: readonly prettier.Options[] = [
  {},
  { printWidth: 40 },
  { printWidth: 120 },
  { singleQuote: true },
  { printWidth: 60, trailingComma: "es5" },
];

async function compareFiles(files: readonly OutputFile[]): Promise<{
  mismatches: string[];
  defaultCalls: string[];
}> {
  const mismatches: string[] = [];
  let defaultCalls: string[] = [];
  for (const layout of LAYOUTS) {
    const { prettier: counting, calls } = countingPrettier();
    const optionsFor = async (file: OutputFile): Promise<prettier.Options> => ({
      ...layout,
      filepath: path.join("/virtual/generated", file.path),
      parser: "babel-ts",
      endOfLine: "lf",
    });
    const fast = await formatFiles(files, optionsFor, undefined, counting);
    if (Object.keys(layout).length === 0) defaultCalls = calls;
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!;
      const reference = await prettier.format(
        file.contents,
        await optionsFor(file),
      );
      if (fast[i] !== reference) {
        const a = fast[i]!.split("\n");
        const b = reference.split("\n");
        const j = a.findIndex((l, k) => l !== b[k]);
        mismatches.push(
          `${file.path} ${JSON.stringify(layout)} line ${j + 1}:\n  ours:     ${JSON.stringify(a[j])}\n  prettier: ${JSON.stringify(b[j])}`,
        );
      }
    }
  }
  return { mismatches, defaultCalls };
}

const catalogs = [
  "catalog/tools.yaml",
  ...readdirSync(path.join(repoRoot, "test/fixtures")).map(
    (d) => `test/fixtures/${d}/catalog.yaml`,
  ),
];

describe("validators.ts and .calls.ts: fast path against prettier on the whole file", () => {
  it.each(catalogs)(
    "%s: same bytes at every layout, no prettier call at the default one",
    async (catalog) => {
      const files = await outputFiles(catalog);
      expect(files.map((f) => f.path)).toContain("validators.ts");
      const { mismatches, defaultCalls } = await compareFiles(files);
      expect(mismatches).toEqual([]);
      expect(defaultCalls).toEqual([]);
    },
    120_000,
  );

  it("a one-tool catalog sends nothing to prettier", async () => {
    const files = await outputFiles(
      "catalog/tools.yaml",
      [
        "toolcat: 1",
        "targets: { openai-chat: { strict: auto }, openai-responses: {}, openai-agents: {}, anthropic: {}, google-genai: {}, google-interactions: {}, mcp: {}, openai-compatible: { strict: false } }",
        "tools:",
        "  get_weather:",
        "    description: Get the weather for a city.",
        "    effect: read",
        "    input: { type: object, properties: { city: { type: string } }, required: [city], additionalProperties: false }",
      ].join("\n"),
    );
    const { mismatches, defaultCalls } = await compareFiles(files);
    expect(mismatches).toEqual([]);
    expect(defaultCalls).toEqual([]);
  }, 120_000);

  it("the real-tool catalog (test/bench/corpus-catalog.js)", async () => {
    const files = await outputFiles(
      "catalog/tools.yaml",
      corpusCatalog({ importTools, loadCatalog }).text,
    );
    expect(files.length).toBeGreaterThan(1);
    const { mismatches, defaultCalls } = await compareFiles(files);
    expect(mismatches).toEqual([]);
    expect(defaultCalls).toEqual([]);
  }, 600_000);
});
