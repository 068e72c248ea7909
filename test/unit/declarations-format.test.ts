/**
 * types.ts, dispatcher.ts, output-text.ts and the provider modules (issue 25) are formatted without prettier on
 * prettier's defaults: their chunks are canonical code whose wide lines the breakers of
 * generator/node/wide-lines/ break, and fixed declarations carry their layout at width 80
 * (CanonicalChunk.laidOut). Here, for the example catalog, every fixture, the real-tool catalog
 * and two small catalogs: the files formatted chunk by chunk (formatFiles) equal prettier on the
 * whole file at several widths and with `singleQuote`; at the defaults prettier is not called
 * for them at all; and every stored layout is prettier's.
 */
import { unformattedOutput } from "../helpers/pipeline.js";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import type {
  CanonicalChunk,
  OutputFile,
} from "../../generator/core/emit/artifact.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import {
  formatFiles,
  formatWithFallback,
  type PrettierCalls,
} from "../../generator/node/format.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { repoRoot } from "../validators/harness.js";

/** The files this covers: types, the dispatcher's two and provider declarations (not the call validators). */
const covered = (f: OutputFile) =>
  f.language === "typescript" &&
  (f.path === "types.ts" ||
    f.path === "dispatcher.ts" ||
    f.path === "output-text.ts" ||
    (f.path.startsWith("providers/") && !f.path.endsWith(".calls.ts")));

const ONE_TOOL = `toolcat: 1
targets:
  openai-chat: { strict: auto }
  openai-responses: { strict: auto }
  openai-agents: {}
  anthropic: {}
  google-genai: {}
  google-interactions: {}
  mcp: {}
  openai-compatible: { strict: false }
tools:
  get_weather:
    description: Current weather for a city.
    effect: read
    input:
      type: object
      properties:
        city: { type: string, description: City name. }
      required: [city]
      additionalProperties: false
`;

/** One destructive tool and one target: the dispatcher's other variants (confirm, a flat return). */
const ONE_TARGET = `toolcat: 1
targets:
  mcp: {}
tools:
  delete_all_records:
    description: Deletes.
    effect: destructive
    input:
      type: object
      properties:
        really: { type: boolean }
      required: [really]
      additionalProperties: false
`;

const catalogs: readonly (readonly [string, () => string | Buffer])[] = [
  [
    "catalog/tools.yaml",
    () => readFileSync(path.join(repoRoot, "catalog/tools.yaml")),
  ],
  ...readdirSync(path.join(repoRoot, "test/fixtures")).map(
    (d) =>
      [
        `test/fixtures/${d}/catalog.yaml`,
        () =>
          readFileSync(path.join(repoRoot, `test/fixtures/${d}/catalog.yaml`)),
      ] as const,
  ),
  ["one tool, every target", () => ONE_TOOL],
  ["one destructive tool, one target", () => ONE_TARGET],
];

function realTools(): string {
  return corpusCatalog({ importTools, loadCatalog }).text;
}

async function emitted(source: string | Buffer): Promise<OutputFile[]> {
  const files = (await unformattedOutput("catalog/tools.yaml", source)).filter(
    covered,
  );
  expect(files.map((f) => f.path)).toContain("types.ts");
  return files;
}

/** prettier, keeping the texts it is given, by output file. */
function counting(): PrettierCalls & {
  readonly calls: Map<string, string[]>;
} {
  const calls = new Map<string, string[]>();
  return {
    version: prettier.version,
    calls,
    format: (text, options) => {
      const file = String(options?.filepath ?? "");
      calls.set(file, [...(calls.get(file) ?? []), text]);
      return prettier.format(text, options);
    },
  };
}

const LAYOUTS: readonly prettier.Options[] = [
  {},
  { printWidth: 40 },
  { printWidth: 120 },
  { singleQuote: true },
];

async function compareBothWays(
  files: readonly OutputFile[],
  layouts: readonly prettier.Options[],
): Promise<string[]> {
  const mismatches: string[] = [];
  for (const layout of layouts) {
    const options = { parser: "babel-ts", endOfLine: "lf" as const, ...layout };
    const ours = await formatFiles(
      files,
      async (f) => ({ ...options, filepath: f.path }),
      undefined,
      prettier,
    );
    for (let i = 0; i < files.length; i++) {
      const reference = await formatWithFallback(
        prettier,
        files[i]!.contents,
        options,
      );
      if (ours[i] !== reference) {
        const a = ours[i]!.split("\n");
        const b = reference.split("\n");
        const j = a.findIndex((l, k) => l !== b[k]);
        mismatches.push(
          `${files[i]!.path} ${JSON.stringify(layout)} line ${j + 1}:\n  ours:     ${JSON.stringify(a[j])}\n  prettier: ${JSON.stringify(b[j])}`,
        );
      }
    }
  }
  return mismatches;
}

async function prettierCallsAtDefaults(files: readonly OutputFile[]) {
  const calls = counting();
  await formatFiles(
    files,
    async (f) => ({ parser: "babel-ts", endOfLine: "lf", filepath: f.path }),
    undefined,
    calls,
  );
  return Object.fromEntries(calls.calls);
}

describe("types, dispatcher and provider modules: the fast path equals prettier", () => {
  it.each(catalogs)(
    "%s",
    async (_, source) => {
      const files = await emitted(source());
      expect(await compareBothWays(files, LAYOUTS)).toEqual([]);
    },
    120_000,
  );

  it("the real-tool catalog (test/bench/corpus-catalog.js)", async () => {
    const files = await emitted(realTools());
    expect(await compareBothWays(files, LAYOUTS)).toEqual([]);
  }, 300_000);
});

describe("a cold run sends none of them to prettier with its default options", () => {
  const sources: readonly (readonly [string, () => string | Buffer])[] = [
    [
      "catalog/tools.yaml",
      () => readFileSync(path.join(repoRoot, "catalog/tools.yaml")),
    ],
    ["the real-tool catalog", realTools],
    ["one tool, every target", () => ONE_TOOL],
    ["one destructive tool, one target", () => ONE_TARGET],
  ];
  it.each(sources)(
    "%s",
    async (_, source) => {
      const files = await emitted(source());
      expect(await prettierCallsAtDefaults(files)).toEqual({});
    },
    120_000,
  );
});

describe("layouts stored for one width are prettier's there", () => {
  it.each([...catalogs, ["the real-tool catalog", realTools] as const])(
    "%s",
    async (_, source) => {
      const files = await emitted(source());
      let checked = 0;
      for (const file of files)
        for (const chunk of file.chunks ?? []) {
          const laid = (chunk as CanonicalChunk).laidOut;
          if (typeof chunk === "string" || laid === undefined) continue;
          checked++;
          expect(laid.text + "\n", file.path).toBe(
            await prettier.format((chunk as CanonicalChunk).canonical, {
              parser: "babel-ts",
              printWidth: laid.width,
            }),
          );
        }
      expect(checked).toBeGreaterThan(0);
    },
    120_000,
  );
});

describe("members' unions of object types (types/index.ts laidOut)", () => {
  // Random tools whose properties are unions holding object types, arrays of them, nullable
  // objects (which prettier hugs) and objects intersected with a union of objects: types.ts
  // formatted chunk by chunk must equal prettier on the whole file.
  const key = fc.constantFrom(
    "a",
    "name",
    "long_property_name",
    "x-y",
    "value",
  );
  const leaf = fc.constantFrom<Record<string, unknown>>(
    { type: "string" },
    { type: "number", description: "A number." },
    { type: "null" },
    { enum: ["LOW", "MEDIUM", "HIGH"] },
    { type: "array", items: { type: "string" } },
  );
  const object = (inner: fc.Arbitrary<Record<string, unknown>>) =>
    fc
      .tuple(
        fc.dictionary(key, inner, { minKeys: 1, maxKeys: 3 }),
        fc.boolean(),
        fc.option(
          fc.constantFrom(
            "An object.",
            "How confident you are in this choice, for a description long enough to be wide.",
          ),
          { nil: undefined },
        ),
      )
      .map(([properties, closed, description]) => ({
        type: "object",
        properties,
        ...(closed ? { additionalProperties: false } : {}),
        ...(description ? { description } : {}),
      }));
  const schema: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => {
    const inner = tie("schema") as fc.Arbitrary<Record<string, unknown>>;
    return {
      schema: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        { weight: 3, arbitrary: leaf },
        { weight: 2, arbitrary: object(inner) },
        {
          weight: 2,
          arbitrary: fc
            .array(fc.oneof(leaf, object(inner)), {
              minLength: 2,
              maxLength: 4,
            })
            .map((anyOf) => ({ anyOf })),
        },
        {
          weight: 2,
          arbitrary: fc
            .array(fc.oneof(leaf, object(inner)), {
              minLength: 2,
              maxLength: 3,
            })
            .map((anyOf) => ({ type: "array", items: { anyOf } })),
        },
        {
          weight: 1,
          arbitrary: object(inner).map((o) => ({
            ...o,
            type: ["object", "null"],
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.boolean(),
              fc.array(object(leaf), { minLength: 2, maxLength: 3 }),
            )
            .map(([array, oneOf]) =>
              array
                ? { type: "array", items: { type: "object", oneOf } }
                : { type: "object", oneOf },
            ),
        },
      ),
    };
  }).schema;

  it("random tools", async () => {
    const samples = fc.sample(
      fc.dictionary(key, schema, { minKeys: 1, maxKeys: 4 }),
      {
        seed: Number(process.env.TOOLCAT_FORMAT_SEED ?? 7),
        numRuns: 40,
      },
    );
    const catalog = {
      toolcat: 1,
      targets: { "openai-compatible": {} },
      tools: Object.fromEntries(
        samples.map((properties, i) => [
          `tool_${i}`,
          {
            description: "A tool.",
            input: { type: "object", properties, additionalProperties: false },
          },
        ]),
      ),
    };
    const files = (await emitted(JSON.stringify(catalog))).filter(
      (f) => f.path === "types.ts",
    );
    const declarations = files[0]!.chunks!.filter((c) => typeof c !== "string");
    expect(await compareBothWays(files, LAYOUTS)).toEqual([]);
    // Most declarations are laid out here, not given to prettier whole.
    expect(declarations.length / files[0]!.chunks!.length).toBeGreaterThan(0.7);
  }, 120_000);
});

describe("the format worker loads prettier only when a file needs it", () => {
  it("reads prettier's version from its package.json: the version prettier reports", () => {
    const pkg = createRequire(import.meta.url)("prettier/package.json") as {
      version: string;
    };
    expect(pkg.version).toBe(prettier.version);
  });
});
