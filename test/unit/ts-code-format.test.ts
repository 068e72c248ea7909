/**
 * The canonical-layout fast path (generator/node/ts-code-format.ts) against prettier itself: the
 * validator compiler claims to write prettier's layout, so for the example catalog, every fixture
 * and random schemas, formatting its chunks through the fast path must give prettier's bytes —
 * at several print widths, so that both the kept lines and the broken wide lines are exercised.
 * Seeded; `TOOLCAT_FORMAT_SEED` replays a run.
 */
import { unformattedOutput } from "../helpers/pipeline.js";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  code,
  jsonLiteral,
  propertyKey,
} from "../../generator/core/codegen/code.js";
import { Name } from "../../generator/core/codegen/identifiers.js";
import type {
  CanonicalChunk,
  Chunk,
  OutputFile,
} from "../../generator/core/emit/artifact.js";
import { GeneratedFile } from "../../generator/core/emit/generated-file.js";
import {
  compileValidators,
  validatorProblems,
} from "../../generator/core/emit/validators/compile.js";
import { runPipeline } from "../../generator/core/pipeline.js";
import type { Schema } from "../../generator/core/schema/schema.js";
import { formatCanonicalChunks } from "../../generator/node/ts-code-format.js";
import { resourceArbitrary } from "../differential/arbitraries.js";
import { hostileText, inputArbitrary } from "../helpers/schema-arbitrary.js";
import { readTemplate, repoRoot } from "../validators/harness.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";

const SEED = Number(process.env.TOOLCAT_FORMAT_SEED ?? 7);
/** Print widths, and with them `singleQuote` (prettier's other common setting). */
const LAYOUTS: readonly prettier.Options[] = [
  { printWidth: 40 },
  { printWidth: 80 },
  { printWidth: 200 },
  { printWidth: 80, singleQuote: true },
];
const format = (text: string, options: prettier.Options) =>
  prettier.format(text, options);

interface Mismatch {
  readonly layout: prettier.Options;
  readonly ours: string;
  readonly prettier: string;
}

/** Formats the chunks both ways at each width; mismatches, and the share of chunks that took the fast path at width 80. */
async function compare(chunks: readonly CanonicalChunk[]): Promise<{
  mismatches: Mismatch[];
  fastShare: number;
  singleQuoteShare: number;
}> {
  const mismatches: Mismatch[] = [];
  let fast = 0;
  let fastSingle = 0;
  for (const layout of LAYOUTS) {
    const options = { parser: "babel-ts", ...layout };
    const ours = await formatCanonicalChunks(chunks, options, format);
    for (let i = 0; i < chunks.length; i++) {
      if (ours[i] === undefined) continue;
      if (layout.printWidth === 80 && !layout.singleQuote) fast++;
      if (layout.singleQuote) fastSingle++;
      const reference = await prettier.format(chunks[i]!.canonical, options);
      if (ours[i] !== reference)
        mismatches.push({ layout, ours: ours[i]!, prettier: reference });
    }
  }
  // Template source (helpers, laid out for prettier's defaults) is never kept under singleQuote:
  // the share is of the emitter's own chunks.
  const emitted = chunks.filter((c) => c.width === undefined).length;
  return {
    mismatches,
    fastShare: fast / chunks.length,
    singleQuoteShare: emitted === 0 ? 1 : fastSingle / emitted,
  };
}

/** The first differing line of a mismatch, for a readable failure. */
function firstDifference(m: Mismatch): string {
  const a = m.ours.split("\n");
  const b = m.prettier.split("\n");
  const i = a.findIndex((line, j) => line !== b[j]);
  return `${JSON.stringify(m.layout)}, line ${i + 1}:\n  ours:     ${JSON.stringify(a[i])}\n  prettier: ${JSON.stringify(b[i])}`;
}

async function canonicalFiles(
  catalog: string,
  source: string | Buffer = readFileSync(path.join(repoRoot, catalog)),
): Promise<OutputFile[]> {
  const captured = await unformattedOutput(catalog, source);
  return captured.filter((f) => canonicalChunks(f.chunks ?? []).length > 0);
}

function canonicalChunks(chunks: readonly Chunk[]): CanonicalChunk[] {
  return chunks.filter(
    (c): c is CanonicalChunk => typeof c !== "string" && "canonical" in c,
  );
}

const catalogs = [
  "catalog/tools.yaml",
  ...readdirSync(path.join(repoRoot, "test/fixtures")).map(
    (d) => `test/fixtures/${d}/catalog.yaml`,
  ),
];

describe("canonical code layout equals prettier's", () => {
  it.each(catalogs)("%s", async (catalog) => {
    const files = await canonicalFiles(catalog);
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining(["types.ts", "validators.ts"]),
    );
    for (const file of files) {
      const chunks = canonicalChunks(file.chunks!);
      const { mismatches, fastShare, singleQuoteShare } = await compare(chunks);
      expect(mismatches.map(firstDifference), file.path).toEqual([]);
      // The fast path must actually be taken, not declined into prettier.
      expect(fastShare, file.path).toBeGreaterThan(0.9);
      // Runtime files are template source copied as they are (string-heavy, laid out for prettier's defaults).
      if (!file.path.startsWith("runtime/"))
        expect(singleQuoteShare, file.path).toBeGreaterThan(0.5);
    }
  });

  // Real tools (the generate bench's catalog) have what a synthetic catalog hardly has: long enum
  // checks, sets and unions of many strings, long type names (ts-wide-lines.ts).
  it("the real-tool catalog (test/bench/corpus-catalog.js)", async () => {
    const files = await canonicalFiles(
      "catalog/tools.yaml",
      corpusCatalog({ importTools, loadCatalog }).text,
    );
    for (const file of files.filter(
      (f) => f.path === "types.ts" || f.path === "validators.ts",
    )) {
      const { mismatches, fastShare } = await compare(
        canonicalChunks(file.chunks!),
      );
      expect(mismatches.slice(0, 5).map(firstDifference), file.path).toEqual(
        [],
      );
      expect(fastShare, file.path).toBeGreaterThan(0.9);
    }
  }, 300_000);

  it("random schemas over the supported subset", async () => {
    const schemas = fc
      .sample(resourceArbitrary, { seed: SEED, numRuns: 150 })
      .filter((s) => validatorProblems(s as Schema).length === 0);
    expect(schemas.length).toBeGreaterThan(100);
    const file = new GeneratedFile(
      "validators.ts",
      "// test",
      schemas.map((_, i) => `v${i}`),
    );
    compileValidators(
      schemas.map((schema, i) => ({
        name: Name.of(`v${i}`),
        type: code`unknown`,
        schema: schema as Schema,
      })),
      file,
      { readTemplate },
    );
    const { mismatches, fastShare } = await compare(
      canonicalChunks(file.toChunks()),
    );
    expect(mismatches.slice(0, 5).map(firstDifference), `seed ${SEED}`).toEqual(
      [],
    );
    expect(fastShare).toBeGreaterThan(0.9);
  }, 120_000);
});

describe("canonical type declarations equal prettier's", () => {
  it("random catalogs with hostile names, keys, enum values and descriptions", async () => {
    const samples = fc.sample(
      fc.record({
        tools: fc.uniqueArray(
          fc.record({
            name: fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,12}$/),
            description: hostileText,
            input: inputArbitrary(3),
          }),
          { minLength: 1, maxLength: 3, selector: (t) => t.name },
        ),
      }),
      { seed: SEED, numRuns: 40 },
    );
    const chunks: CanonicalChunk[] = [];
    let all = 0;
    for (const [i, sample] of samples.entries()) {
      const catalog = {
        toolcat: 1,
        targets: { mcp: {} },
        tools: Object.fromEntries(
          sample.tools.map((t) => [
            t.name,
            { description: t.description, input: t.input },
          ]),
        ),
      };
      let captured: readonly OutputFile[] = [];
      await runPipeline({
        catalogPath: `random-${i}.yaml`,
        source: JSON.stringify(catalog),
        readTemplate,
        format: async (files) => {
          captured = files;
          return files.map((f) => f.contents);
        },
      });
      const types = captured.find((f) => f.path === "types.ts")!.chunks!;
      all += types.length - 1;
      chunks.push(...canonicalChunks(types));
    }
    const { mismatches, fastShare } = await compare(chunks);
    expect(mismatches.slice(0, 5).map(firstDifference), `seed ${SEED}`).toEqual(
      [],
    );
    // Most declarations are interfaces and object types the emitter lays out itself.
    expect(chunks.length / all).toBeGreaterThan(0.7);
    expect(fastShare).toBeGreaterThan(0.9);
  }, 120_000);
});

describe("template sources are laid out as prettier's defaults lay them out", () => {
  // Generated files copy them (or regions of them) as canonical code for width 80.
  it.each([
    "validators/helpers.ts",
    "runtime/validation-errors.ts",
    "runtime/normalise-arguments.ts",
  ])("templates/%s", async (name) => {
    const source = readTemplate(name);
    expect(await prettier.format(source, { parser: "babel-ts" })).toBe(source);
  });
});

describe("function heads wider than the print width", () => {
  const identifier = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,40}$/);
  const head = fc.record({
    exported: fc.boolean(),
    name: identifier,
    generic: fc.boolean(),
    params: fc.array(
      fc.tuple(
        identifier,
        fc.constantFrom("any", "string", "number", "unknown", "K"),
      ),
      { minLength: 1, maxLength: 4 },
    ),
    returns: fc.constantFrom(
      "boolean",
      "ValidationError[] | null",
      "ValidationResult<LongTypeNameOfSomeToolInput>",
      "ValidationResult<ToolInput[K]>",
    ),
    indent: fc.nat(6),
  });
  it("break as prettier breaks them, at any width", async () => {
    const samples = fc.sample(head, { seed: SEED, numRuns: 60 });
    for (const printWidth of [40, 60, 80, 100]) {
      for (const h of samples) {
        const params = [...new Map(h.params).entries()]
          .map(([n, t]) => `${n}: ${t}`)
          .join(", ");
        const line = `${h.exported ? "export " : ""}function ${h.name}${h.generic ? "<K extends ToolName>" : ""}(${params}): ${h.returns} {`;
        // A function at `indent` levels (in nested functions), with a one-line body.
        const open = (n: number) =>
          Array.from(
            { length: n },
            (_, i) => `${"  ".repeat(i)}function f${i}() {`,
          );
        const close = (n: number) =>
          Array.from({ length: n }, (_, i) => `${"  ".repeat(n - 1 - i)}}`);
        const depth = h.exported ? 0 : h.indent;
        const pad = "  ".repeat(depth);
        const chunk = [
          ...open(depth),
          pad + line,
          `${pad}  return x;`,
          `${pad}}`,
          ...close(depth),
        ].join("\n");
        const options = { parser: "babel-ts", printWidth };
        const [ours] = await formatCanonicalChunks(
          [{ canonical: chunk }],
          options,
          format,
        );
        expect(ours, `${printWidth}: ${line}`).toBe(
          await prettier.format(chunk, options),
        );
      }
    }
  }, 60_000);
});

describe("wide literal rows and braceless ifs", () => {
  // Rows as an error table's are written (jsonLiteral with identifiers among the values), and
  // `if (test) statement;` lines, at several depths and widths: formatted both ways.
  const identifier = fc
    .stringMatching(/^[a-z][A-Za-z0-9_]{0,30}$/)
    .filter(
      (w) =>
        ![
          "if",
          "in",
          "do",
          "for",
          "new",
          "try",
          "var",
          "let",
          "case",
          "else",
          "enum",
          "this",
          "void",
          "with",
          "true",
          "false",
          "null",
        ].includes(w),
    );
  const leaf = fc.oneof(
    hostileText,
    fc.integer({ min: -100, max: 100000 }),
    fc.boolean(),
    fc.constant(null),
    identifier.map((w) => ({ id: w })),
  );
  const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: "small" },
      { weight: 3, arbitrary: leaf },
      fc.array(tie("v"), { maxLength: 4 }),
      fc.dictionary(fc.oneof(identifier, hostileText), tie("v"), {
        maxKeys: 3,
      }),
    ),
  })).v;
  const literal = (v: unknown): string => {
    if (
      v !== null &&
      typeof v === "object" &&
      "id" in v &&
      Object.keys(v).length === 1 &&
      typeof (v as { id: unknown }).id === "string"
    )
      return (v as { id: string }).id;
    if (Array.isArray(v)) return `[${v.map(literal).join(", ")}]`;
    if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      return entries.length === 0
        ? "{}"
        : `{ ${entries.map(([k, x]) => `${propertyKey(k)}: ${literal(x)}`).join(", ")} }`;
    }
    return jsonLiteral(v as string | number | boolean | null);
  };
  /** `inner` (already indented) inside a function and depth - 1 blocks, in prettier's layout. */
  const nest = (depth: number, inner: string) =>
    [
      "function w() {",
      ...Array.from({ length: depth - 1 }, (_, i) => `${"  ".repeat(i + 1)}{`),
      inner,
      ...Array.from(
        { length: depth - 1 },
        (_, i) => `${"  ".repeat(depth - 1 - i)}}`,
      ),
      "}",
    ].join("\n");

  it("rows of literals break as prettier breaks them", async () => {
    const rows = fc.sample(
      fc.tuple(
        fc.array(value, { minLength: 2, maxLength: 5 }),
        fc.integer({ min: 0, max: 4 }),
      ),
      { seed: SEED, numRuns: 120 },
    );
    let broken = 0;
    for (const layout of LAYOUTS) {
      const options = { parser: "babel-ts", ...layout };
      const chunks = rows.map(([items, depth]) => {
        const text = `const t = f([\n${items.map((x) => `  ${literal([x, "#/a/b", { id: "tableName_cv0" }, x])},`).join("\n")}\n]);`;
        return {
          canonical:
            depth === 0
              ? text
              : nest(depth, text.replace(/^/gm, "  ".repeat(depth))),
        };
      });
      const ours = await formatCanonicalChunks(chunks, options, async () => {
        throw new Error("no prettier here");
      });
      for (let i = 0; i < chunks.length; i++) {
        if (ours[i] === undefined) continue;
        broken++;
        expect(ours[i], chunks[i]!.canonical).toBe(
          await prettier.format(chunks[i]!.canonical, options),
        );
      }
    }
    // Most rows are read (the rest, such as widths that depend on wide characters, go to prettier).
    expect(broken).toBeGreaterThan(rows.length * 2);
  }, 60_000);

  it("braceless ifs break as prettier breaks them", async () => {
    const statements = fc.sample(
      fc.tuple(
        identifier,
        identifier,
        fc.integer({ min: 0, max: 5 }),
        fc.nat(40),
      ),
      { seed: SEED, numRuns: 80 },
    );
    for (const printWidth of [40, 60, 80]) {
      for (const [a, b, depth, n] of statements) {
        const line = `${"  ".repeat(depth)}if (!${a}.test(d${n})) errs = addError(errs, errorAt(_e[${n}]!, "/tags/" + ${b}));`;
        const chunk = depth === 0 ? line.trimStart() : nest(depth, line);
        const options = { parser: "babel-ts", printWidth };
        const [ours] = await formatCanonicalChunks(
          [{ canonical: chunk }],
          options,
          (text, o) => prettier.format(text, o),
        );
        expect(ours, `${printWidth}: ${line}`).toBe(
          await prettier.format(chunk, options),
        );
      }
    }
  }, 60_000);
});

describe("wide enum checks, string sets, unions, type imports and && heads (ts-wide-lines.ts)", () => {
  // Each shape as the emitters write it, at several depths and widths, with no prettier to fall
  // back on: what the fast path answers must be prettier's bytes, and most must be answered.
  const word = fc.stringMatching(/^[a-z][a-z0-9_+-]{0,24}$/);
  const name = fc.stringMatching(/^[A-Z][A-Za-z0-9]{4,60}$/);
  const local = fc.stringMatching(/^[a-z][a-z0-9]{0,3}$/).map((s) => `d${s}`);
  const strings = fc
    .uniqueArray(word, { minLength: 2, maxLength: 16 })
    .map((ws) => ws.map((w) => JSON.stringify(w)));
  const shape = fc.oneof(
    fc.tuple(local, strings, fc.nat(40)).map(([d, ws, n]) => ({
      member: false,
      text: `if (!(${ws.map((w) => `${d} === ${w}`).join(" || ")})) errs = addError(errs, _e[${n}]!);`,
    })),
    fc.tuple(name, strings).map(([n, ws]) => ({
      member: false,
      text: `const ${n.toLowerCase()}_es0 = new Set<unknown>([${ws.join(", ")}]);`,
    })),
    name.map((n) => ({
      member: false,
      text: `type ${n}Input = import("./types.js").${n}Input;`,
    })),
    fc.tuple(local, fc.nat(12), fc.nat(12)).map(([d, a, b]) => ({
      member: false,
      text: `if (f${a} !== ${a + b} && (f${a} >= ${b} || Object.getOwnPropertyNames(${d}).length !== c${b})) {\n  x = 1;\n}`,
    })),
    fc
      .tuple(word, fc.boolean(), fc.boolean(), strings)
      .map(([k, optional, array, ws]) => ({
        member: true,
        text: `${k.replace(/[+-]/g, "_")}${optional ? "?" : ""}: ${array ? `(${ws.join(" | ")})[]` : ws.join(" | ")};`,
      })),
  );
  const nestIn = (depth: number, text: string) =>
    depth === 0
      ? text
      : [
          "function w() {",
          ...Array.from({ length: depth - 1 }, () => "{"),
          text,
          ...Array.from({ length: depth - 1 }, () => "}"),
          "}",
        ].join("\n");

  it("break as prettier breaks them, or go to prettier", async () => {
    const cases = fc.sample(fc.tuple(shape, fc.integer({ min: 0, max: 3 })), {
      seed: SEED,
      numRuns: 150,
    });
    let taken = 0;
    let wide = 0;
    for (const printWidth of [40, 60, 80, 120]) {
      const options = { parser: "babel-ts", printWidth };
      for (const [{ member, text }, depth] of cases) {
        // Laid out as the emitters write it (prettier's layout where it fits), then the chunk.
        const source = member
          ? `interface W {\n${text}\n}`
          : nestIn(depth, text);
        const canonical = (
          await prettier.format(source.replace(/^/gm, ""), {
            ...options,
            printWidth: 10_000,
          })
        ).trimEnd();
        if (canonical.split("\n").every((l) => l.length <= printWidth))
          continue;
        wide++;
        const [ours] = await formatCanonicalChunks(
          [{ canonical, members: member }],
          options,
          async () => {
            throw new Error("no prettier here");
          },
        );
        if (ours === undefined) continue;
        taken++;
        expect(ours, `${printWidth}: ${canonical}`).toBe(
          await prettier.format(canonical, options),
        );
      }
    }
    expect(wide).toBeGreaterThan(100);
    expect(taken / wide).toBeGreaterThan(0.5);
  }, 120_000);
});

describe("the fast path declines what it cannot reproduce", () => {
  const chunk =
    'function f(x: any): number {\n  if (x === "a") {\n    return 1;\n  }\n  return 2;\n}';

  it("keeps fitting lines and breaks wide ones through prettier", async () => {
    const [out] = await formatCanonicalChunks(
      [{ canonical: chunk }],
      { parser: "babel-ts", printWidth: 20 },
      format,
    );
    expect(out).toBe(
      await prettier.format(chunk, { parser: "babel-ts", printWidth: 20 }),
    );
    expect(out).toContain("function f(\n");
  });

  it.each([
    { tabWidth: 4 },
    { useTabs: true },
    { semi: false },
    { trailingComma: "none" as const },
    { bracketSpacing: false },
    { plugins: ["x"] },
  ])("options %j go to prettier", async (extra) => {
    expect(
      await formatCanonicalChunks(
        [{ canonical: chunk }],
        { parser: "babel-ts", ...extra },
        format,
      ),
    ).toEqual([undefined]);
  });

  it("a wide line that is not a whole statement sends its chunk to prettier", async () => {
    const wide = `const x = [\n  ${'"a", '.repeat(20)}\n];`;
    expect(
      await formatCanonicalChunks(
        [{ canonical: wide }, { canonical: chunk }],
        { parser: "babel-ts" },
        format,
      ),
    ).toEqual([
      undefined,
      await prettier.format(chunk, { parser: "babel-ts" }),
    ]);
  });

  it("a batch prettier rejects sends the chunks with wide lines to prettier", async () => {
    const broken = `const x = ${"y + ".repeat(30)};`;
    expect(
      await formatCanonicalChunks(
        [{ canonical: broken }],
        { parser: "babel-ts" },
        format,
      ),
    ).toEqual([undefined]);
  });
});
