/**
 * generated/standard-schema.ts formatted without prettier (generator/node/wide-lines/
 * standard-schema-shapes.ts, issue 25) against prettier itself: the whole file of the real-tool
 * catalog, the example catalog and every fixture, through the formatter's fast paths and through
 * prettier, byte for byte; and the statements the emitter writes, on random tool names (short,
 * very long, needing quotes or escapes, non-ASCII), chunk by chunk. At print widths 40/80/120,
 * `singleQuote` and `trailingComma: "es5"`. Seeded; `TOOLCAT_FORMAT_SEED` replays a run.
 */
import { unformattedOutput } from "../helpers/pipeline.js";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  code,
  member,
  propertyKey,
  raw,
  type Code,
} from "../../generator/core/codegen/code.js";
import { jsdoc } from "../../generator/core/codegen/jsdoc.js";
import type {
  CanonicalChunk,
  OutputFile,
} from "../../generator/core/emit/artifact.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { formatFiles } from "../../generator/node/format.js";
import { formatCanonicalChunks } from "../../generator/node/ts-code-format.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { repoRoot } from "../validators/harness.js";

const SEED = Number(process.env.TOOLCAT_FORMAT_SEED ?? 11);
const LAYOUTS: readonly prettier.Options[] = [
  { printWidth: 40 },
  { printWidth: 80 },
  { printWidth: 120 },
  { printWidth: 80, singleQuote: true },
  { printWidth: 40, singleQuote: true },
  { printWidth: 80, trailingComma: "es5" },
];
const format = (text: string, options: prettier.Options) =>
  prettier.format(text, options);

/** The generated standard-schema.ts of a catalog, unformatted (its chunks as the emitter made them). */
async function standardSchemaFile(
  catalog: string,
  source: string | Buffer = readFileSync(path.join(repoRoot, catalog)),
): Promise<OutputFile | undefined> {
  const captured = await unformattedOutput(catalog, source);
  return captured.find((f) => f.path === "standard-schema.ts");
}

/** The first differing line of two texts, for a readable failure. */
function firstDifference(a: string, b: string): string {
  const x = a.split("\n");
  const y = b.split("\n");
  const i = x.findIndex((l, k) => l !== y[k]);
  return `line ${i + 1}:\n  ours:     ${JSON.stringify(x[i])}\n  prettier: ${JSON.stringify(y[i])}`;
}

/** The file through formatFiles (fast paths, prettier for what they decline) and through prettier whole; and the chars prettier was given. */
async function bothWays(file: OutputFile, layout: prettier.Options) {
  const options: prettier.Options = {
    parser: "babel-ts",
    ...layout,
    filepath: "generated/standard-schema.ts",
  };
  let sent = 0;
  const counting = {
    version: prettier.version,
    format: (text: string, o?: prettier.Options) => {
      sent += text.length;
      return prettier.format(text, o);
    },
  };
  const [ours] = await formatFiles(
    [file],
    async () => options,
    undefined,
    counting,
  );
  const reference = await prettier.format(file.contents, options);
  return { ours: ours!, reference, sent };
}

const catalogs = [
  "catalog/tools.yaml",
  ...readdirSync(path.join(repoRoot, "test/fixtures")).map(
    (d) => `test/fixtures/${d}/catalog.yaml`,
  ),
];

describe("standard-schema.ts formatted without prettier equals prettier's, whole file", () => {
  it.each(catalogs)(
    "%s",
    async (catalog) => {
      const file = await standardSchemaFile(catalog);
      if (file === undefined) return;
      for (const layout of LAYOUTS) {
        const { ours, reference, sent } = await bothWays(file, layout);
        if (ours !== reference)
          expect(firstDifference(ours, reference), JSON.stringify(layout)).toBe(
            "",
          );
        // What is left for prettier: the wide imports and the few one-off statements (the
        // declaration lookups, the StrictSchema alias), not the tools' statements and tables.
        if (layout.printWidth === 80 && !layout.singleQuote)
          expect(sent, "chars given to prettier at width 80").toBeLessThan(
            1000,
          );
      }
    },
    120_000,
  );

  it("the real-tool catalog (test/bench/corpus-catalog.js)", async () => {
    const file = await standardSchemaFile(
      "catalog/tools.yaml",
      corpusCatalog({ importTools, loadCatalog }).text,
    );
    expect(file).toBeDefined();
    for (const layout of LAYOUTS) {
      const { ours, reference, sent } = await bothWays(file!, layout);
      if (ours !== reference)
        expect(firstDifference(ours, reference), JSON.stringify(layout)).toBe(
          "",
        );
      // Was 274 KB of its 278 KB before the shapes were broken here.
      if (layout.printWidth === 80 && !layout.singleQuote)
        expect(sent, "chars given to prettier at width 80").toBeLessThan(1000);
    }
  }, 300_000);
});

/** Characters of random tool names: plain, needing quotes (`-`, space), escapes, non-ASCII. */
const nameChar = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyz_".split(""),
  "a",
  "e",
  "_",
  "-",
  " ",
  '"',
  "'",
  "\\",
  "é",
  "日",
  "0",
);
const toolName = fc.oneof(
  fc.stringMatching(/^[a-z][a-z_]{0,7}$/),
  fc.stringMatching(/^[a-z][a-z_-]{0,29}$/),
  fc.stringMatching(/^[a-z][a-z_]{20,70}$/),
  fc.string({ unit: nameChar, minLength: 1, maxLength: 70 }),
);
/** An identifier the emitter derives from a name (any length). */
const identifier = fc.oneof(
  fc.stringMatching(/^[a-z][A-Za-z]{0,10}$/),
  fc.stringMatching(/^[a-z][A-Za-z]{25,75}$/),
);

interface Sample {
  readonly names: readonly string[];
  readonly stems: readonly string[];
  readonly strict: readonly boolean[];
  readonly local: readonly boolean[];
}

const sample = fc
  .integer({ min: 1, max: 4 })
  .chain((n) =>
    fc.record({
      names: fc.uniqueArray(toolName, { minLength: n, maxLength: n }),
      stems: fc.array(identifier, { minLength: n, maxLength: n }),
      strict: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      local: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    }),
  )
  .filter((s: Sample) => s.names.length === s.stems.length);

/** The chunks generator/core/emit/standard-schema.ts writes for these tools (the same templates). */
function emitted(s: Sample): CanonicalChunk[] {
  const chunks: CanonicalChunk[] = [];
  const doc = (text: string) => raw(jsdoc([text]));
  const inputs: Code[] = [];
  const stricts: Code[] = [];
  const members: Code[] = [];
  const outputs: Code[] = [];
  s.names.forEach((name, i) => {
    const stem = s.stems[i]!;
    const key = raw(propertyKey(name));
    const description = s.local[i]
      ? code`${raw(`${stem}Schemas`)}.description`
      : code`mcpDeclaration(${name}).description`;
    const input = s.local[i]
      ? code`${raw(`${stem}Schemas`)}.input`
      : code`mcpDeclaration(${name}).inputSchema`;
    chunks.push({
      canonical:
        code`${doc(`\`${name}\`'s arguments.`)}const ${raw(stem)}Input = toolStandardSchema<ToolInput[${name}]>({
  name: ${name},
  description: ${description},
  check: ${member(raw("validators"), name)},
  input: ${input},
});`.text,
    });
    chunks.push({
      canonical:
        code`const ${raw(stem)}Output = toolStandardSchema<ToolOutput[${name}]>({
  name: ${name},
  description: ${description},
  check: ${member(raw("outputValidators"), name)}!,
  input: ${s.local[i] ? code`${raw(`${stem}Schemas`)}.output` : code`mcpDeclaration(${name}).outputSchema!`},
});`.text,
    });
    const declaration = code`strictDeclaration(${name})`;
    chunks.push({
      canonical:
        code`${doc(`\`${name}\` as openai-responses declares it.`)}const declared${raw(stem)}Input = toolStandardSchema<unknown, ToolInput[${name}], ${raw(String(s.strict[i]))}>({
  name: ${name},
  description: ${declaration}.description,
  check: (value) => validateOpenaiResponsesCall(${name}, value),
  input: ${declaration}.parameters,
  output: ${input},
  strict: ${declaration}.strict,
});`.text,
    });
    inputs.push(code`${key}: ${raw(stem)}Input,`);
    outputs.push(code`${key}: ${raw(stem)}Output,`);
    stricts.push(code`${key}: declared${raw(stem)}Input,`);
    members.push(
      code`${key}: StrictSchema<${name}, ${raw(String(s.strict[i]))}>;`,
    );
    members.push(code`${key}: OutputSchema<${name}>;`);
  });
  // The emitter gives the tables to prettier whole when a name is not ASCII (see there).
  if (!s.names.every((n) => /^[\x00-\x7f]*$/.test(n))) return chunks;
  const block = (lines: readonly Code[]) =>
    `{\n${lines.map((l) => `  ${l.text}`).join("\n")}\n}`;
  chunks.push({
    canonical: `export const standardSchemas: { readonly [K in ToolName]: ToolStandardSchema<ToolInput[K]> } = Object.freeze(${block(inputs)});`,
  });
  chunks.push({
    canonical: `export const standardOutputSchemas: StandardOutputSchemas = Object.freeze(${block(outputs)});`,
  });
  chunks.push({
    canonical: `export const strictStandardSchemas: StrictStandardSchemas = Object.freeze(${block(stricts)});`,
  });
  chunks.push({
    canonical: `export interface StrictStandardSchemas ${block(members)}`,
    members: true,
  });
  return chunks;
}

describe("standard-schema statements on random tool names equal prettier's", () => {
  it("chunk by chunk, at widths 40 to 120, singleQuote and es5 commas", async () => {
    const samples = fc.sample(sample, { seed: SEED, numRuns: 100 });
    const mismatches: string[] = [];
    let fast = 0;
    let total = 0;
    // Chunks with a wide line (comments aside) that did not go to prettier whole.
    let wideChunks = 0;
    let wideFast = 0;
    // More widths than for whole files: each regime of a breaker (a short call argument, a head
    // that breaks after `=`, …) shows at some widths only.
    const layouts = [...LAYOUTS, { printWidth: 50 }, { printWidth: 60 }];
    for (const layout of layouts) {
      const options = { parser: "babel-ts", ...layout };
      const chunks = samples.flatMap(emitted);
      const ours = await formatCanonicalChunks(chunks, options, format);
      for (let i = 0; i < chunks.length; i++) {
        total++;
        const wide = chunks[i]!.canonical.split("\n").some(
          (l) => l.length > layout.printWidth! && !l.startsWith("/**"),
        );
        if (wide) wideChunks++;
        if (ours[i] === undefined) continue;
        fast++;
        if (wide) wideFast++;
        const reference = await prettier.format(chunks[i]!.canonical, options);
        if (ours[i] !== reference && mismatches.length < 5)
          mismatches.push(
            `${JSON.stringify(layout)} ${firstDifference(ours[i]!, reference)}`,
          );
      }
    }
    expect(mismatches, `seed ${SEED}`).toEqual([]);
    // The breakers must actually answer, not decline everything into prettier.
    expect(fast / total).toBeGreaterThan(0.6);
    expect(wideFast / wideChunks).toBeGreaterThan(0.5);
  }, 300_000);
});

describe("standard-schema statements at every width", () => {
  // A regime can be a few columns wide (a head whose `{` alone overflows, the tables' head that
  // breaks after `=` between 93 and 106 columns): every width from 30 to 130.
  it("three tools (short, medium, long names) and the one-off statements at widths 30–130", async () => {
    const tools: Sample = {
      names: [
        "ab",
        "list-issues",
        "manage_repository_notification_subscription",
      ],
      stems: ["ab", "listIssues", "manageRepositoryNotificationSubscription"],
      strict: [true, false, true],
      local: [false, true, false],
    };
    // With the file's one-off statements: the declaration lookups (both strict sources) and the
    // member type aliases.
    const chunks: CanonicalChunk[] = [
      "const mcpDeclaration = declarationLookup(mcpTools, (t) => t);",
      'const strictDeclaration = declarationLookup(openaiResponsesTools, (t) => (t.type === "function" ? t : undefined));',
      "const strictDeclaration = declarationLookup(openaiChatTools, (t) => t.function);",
      "type StrictSchema<K extends ToolName, S extends boolean> = ToolStandardSchema<unknown, ToolInput[K], S>;",
      "type OutputSchema<K extends ToolName> = ToolStandardSchema<ToolOutput[K]>;",
    ].map((canonical) => ({ canonical }));
    chunks.push(...emitted(tools));
    const mismatches: string[] = [];
    const variants: prettier.Options[] = [
      {},
      { singleQuote: true },
      { trailingComma: "es5" },
    ];
    for (let printWidth = 30; printWidth <= 130; printWidth++)
      for (const variant of variants) {
        const options = { parser: "babel-ts", printWidth, ...variant };
        const ours = await formatCanonicalChunks(chunks, options, format);
        for (let i = 0; i < chunks.length; i++) {
          if (ours[i] === undefined) continue;
          const reference = await prettier.format(
            chunks[i]!.canonical,
            options,
          );
          if (ours[i] !== reference && mismatches.length < 5)
            mismatches.push(
              `${JSON.stringify(options)}: ${firstDifference(ours[i]!, reference)}`,
            );
        }
      }
    expect(mismatches).toEqual([]);
  }, 120_000);
});

describe("wide import lists (wide-lines/import-list.ts) equal prettier's", () => {
  const specifier = fc
    .tuple(fc.boolean(), identifier, fc.option(identifier, { nil: undefined }))
    .map(
      ([typeOnly, name, alias]) =>
        // `x…`: never a keyword.
        `${typeOnly ? "type " : ""}x${name}${alias ? ` as x${alias}` : ""}`,
    );
  const importLine = fc
    .tuple(
      fc.boolean(),
      fc.uniqueArray(specifier, { minLength: 1, maxLength: 5 }),
      fc.stringMatching(/^\.\/[a-z][a-z./-]{0,60}\.js$/),
    )
    .map(([typeOnly, specifiers, from]) => {
      // `import type { type a }` is not TypeScript; bindings must differ.
      const list = typeOnly
        ? specifiers.map((s) => s.replace(/^type /, ""))
        : specifiers;
      const locals = list.map((s) => s.split(" ").at(-1));
      return new Set(locals).size === locals.length
        ? `import ${typeOnly ? "type " : ""}{ ${list.join(", ")} } from "${from}";`
        : `import { ${list[0]} } from "${from}";`;
    });

  it("random specifiers and paths, at widths 40 to 120, singleQuote and es5 commas", async () => {
    const lines = fc.sample(importLine, { seed: SEED, numRuns: 300 });
    const chunks: CanonicalChunk[] = [];
    for (const line of lines)
      chunks.push({ canonical: ["// header", "", line].join("\n") });
    const mismatches: string[] = [];
    let prettierChars = 0;
    const counting = (text: string, options: prettier.Options) => {
      prettierChars += text.length;
      return format(text, options);
    };
    for (const layout of [...LAYOUTS, { printWidth: 60 }]) {
      const options = { parser: "babel-ts", ...layout };
      const ours = await formatCanonicalChunks(chunks, options, counting);
      for (let i = 0; i < chunks.length; i++) {
        const reference = await prettier.format(chunks[i]!.canonical, options);
        if (ours[i] !== reference && mismatches.length < 5)
          mismatches.push(
            `${JSON.stringify(layout)} ${firstDifference(ours[i] ?? "(declined)", reference)}`,
          );
      }
    }
    expect(mismatches, `seed ${SEED}`).toEqual([]);
    // Every wide import was broken here, none went to prettier.
    expect(prettierChars).toBe(0);
  }, 120_000);
});
