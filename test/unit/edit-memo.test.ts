/**
 * Regenerating after one edit in the same process (as `generate --watch` does) reuses every other
 * tool's provider lowering, declaration and printed declaration (generator/core/providers/tool-memo.ts,
 * generator/node/data-chunk-memo.ts), its compiled validators and their layout
 * (generator/core/emit/validators/validator-memo.ts, generator/node/validator-chunk-memo.ts;
 * their keys: test/unit/validator-memo.test.ts), and its pieces of types.ts, standard-schema.ts
 * and the dispatcher with their laid-out text (generator/core/emit/tool-pieces.ts,
 * generator/node/canonical-chunk-memo.ts): for each kind of edit the output must be a cold run's byte
 * for byte — on this thread and on a kept worker thread — and a memo whose key leaves out what a
 * piece depends on must make the comparison fail (so the comparison can see a stale piece).
 * Runs the compiled modules in dist/ (`npm test` builds first): a worker needs compiled JavaScript.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import type { PipelineResult } from "../../generator/core/pipeline.js";
import { readTemplate, repoRoot } from "../validators/harness.js";
import {
  EDITS as SHARED_EDITS,
  realSubset,
  toolBlocks,
} from "../helpers/edits.js";

const dist = (module: string) =>
  import(pathToFileURL(path.join(repoRoot, "dist/generator", module)).href);
const { runPipeline } = (await dist(
  "core/pipeline.js",
)) as typeof import("../../generator/core/pipeline.js");
const { ARTIFACT_EMITTERS } = (await dist(
  "core/emit/registry.js",
)) as typeof import("../../generator/core/emit/registry.js");
const { EmitThread } = (await dist(
  "node/parallel-emit.js",
)) as typeof import("../../generator/node/parallel-emit.js");
const { prettierFormatter, remoteFormat } = (await dist(
  "node/format.js",
)) as typeof import("../../generator/node/format.js");
const memo = (await dist(
  "core/providers/tool-memo.js",
)) as typeof import("../../generator/core/providers/tool-memo.js");
const chunkMemo = (await dist(
  "node/data-chunk-memo.js",
)) as typeof import("../../generator/node/data-chunk-memo.js");

const validatorMemo = (await dist(
  "core/emit/validators/validator-memo.js",
)) as typeof import("../../generator/core/emit/validators/validator-memo.js");
const validatorChunks = (await dist(
  "node/validator-chunk-memo.js",
)) as typeof import("../../generator/node/validator-chunk-memo.js");
const typesMemo = (await dist(
  "core/emit/types/index.js",
)) as typeof import("../../generator/core/emit/types/index.js");
const schemaMemo = (await dist(
  "core/emit/standard-schema.js",
)) as typeof import("../../generator/core/emit/standard-schema.js");

const { joinedTextTesting } = (await dist(
  "node/format.js",
)) as typeof import("../../generator/node/format.js");
const naming = (await dist(
  "core/emit/naming.js",
)) as typeof import("../../generator/core/emit/naming.js");

const wideLines = (await dist(
  "node/wide-line-memo.js",
)) as typeof import("../../generator/node/wide-line-memo.js");

const irMemo = (await dist(
  "core/ir/build-ir.js",
)) as typeof import("../../generator/core/ir/build-ir.js");
const lintMemo = (await dist(
  "core/lint/lint-memo.js",
)) as typeof import("../../generator/core/lint/lint-memo.js");

const out = mkdtempSync(path.join(tmpdir(), "toolcat-edit-memo-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const CATALOG_PATH = "catalog/tools.yaml";

/** A shared edit (test/helpers/edits.ts) that must apply to the catalog it is given. */
const applies =
  (edit: (text: string) => string | undefined) =>
  (text: string): string => {
    const edited = edit(text);
    expect(edited).toBeDefined();
    expect(edited).not.toBe(text);
    return edited!;
  };

/** The edits of the watch-run tests (test/helpers/edits.ts), and the validator compiler's own. */
const EDITS: Record<string, (text: string) => string> = {
  "a description": applies(SHARED_EDITS["a description"]!),
  "a bound": applies(SHARED_EDITS["a bound"]!),
  "a tool added": applies(SHARED_EDITS["a tool added"]!),
  "a tool removed": applies(SHARED_EDITS["a tool removed"]!),
  "a target's option": applies(SHARED_EDITS["a target's option"]!),
  "a format that adds one helper and removes another": (text) => {
    // The example's only `uri` (formatUri goes) becomes an `ipv4` (formatIpv4 comes).
    const edited = text.replace(
      'homepage: { type: [string, "null"], format: uri,',
      'homepage: { type: [string, "null"], format: ipv4,',
    );
    expect(edited).not.toBe(text);
    return edited;
  },
  "the first tool's format removed (a later tool declares its helper)": (
    text,
  ) => {
    const edited = text.replace(
      "date: { type: string, format: date, description: Day of the measurement (YYYY-MM-DD). }",
      "date: { type: string, description: Day of the measurement (YYYY-MM-DD). }",
    );
    expect(edited).not.toBe(text);
    return edited;
  },
  "a pattern": (text) => {
    const edited = text.replace(
      'id: { type: string, pattern: "^ex-[a-z0-9-]{1,40}$", description: Exercise id. }',
      'id: { type: string, pattern: "^ex-[a-z0-9-]{1,48}$", description: Exercise id. }',
    );
    expect(edited).not.toBe(text);
    return edited;
  },
  "a $defs entry several tools use": applies(
    SHARED_EDITS["a $defs entry several tools use"]!,
  ),
  "a tool renamed": (text) => {
    const lines = text.split("\n");
    const blocks = toolBlocks(lines);
    const [s] = blocks[Math.floor((blocks.length * 2) / 3)]!;
    lines[s] = lines[s]!.replace(/^( {2}[^:]+):/, "$1_renamed:");
    return lines.join("\n");
  },
};

/** One run on this thread (formatted as `generate` does), or on `thread` kept from run to run. */
async function generate(
  source: string,
  thread?: InstanceType<typeof EmitThread>,
  cacheDir?: string,
): Promise<PipelineResult> {
  const settings = cacheDir ? { cacheDir } : { cache: false };
  const parallel = thread?.run(ARTIFACT_EMITTERS, {
    catalogPath: CATALOG_PATH,
    format: remoteFormat(out, settings),
  });
  if (thread) expect(parallel).toBeDefined();
  try {
    return await runPipeline({
      catalogPath: CATALOG_PATH,
      source,
      readTemplate,
      format: prettierFormatter(out, {
        ...settings,
        parallel: parallel === undefined,
      }),
      emitters: parallel?.emitters,
      onCatalog: parallel?.catalog,
    });
  } finally {
    parallel?.close();
  }
}

/** Empties this thread's memos (as a fresh process has them). */
function forget(): void {
  memo.clearToolMemo();
  wideLines.clearWideLineMemo();
  validatorMemo.clearValidatorMemo();
  validatorChunks.clearValidatorChunkMemo();
  typesMemo.clearTypesMemo();
  schemaMemo.clearStandardSchemaMemo();
  irMemo.clearIRMemo();
  lintMemo.clearLintMemo();
  naming.clearCatalogNamesMemo();
}

/** A run of `source` that reuses nothing: this thread's memos emptied first, no worker, no cache. */
async function cold(source: string): Promise<PipelineResult> {
  forget();
  return generate(source);
}

/** Paths whose text differs between the two runs (both must have succeeded). */
function differing(a: PipelineResult, b: PipelineResult): string[] {
  expect(a.ok).toBe(true);
  expect(b.ok).toBe(true);
  const paths = new Set([...a.files.keys(), ...b.files.keys()]);
  return [...paths].filter((p) => a.files.get(p) !== b.files.get(p)).sort();
}

const catalogs: [string, () => string][] = [
  ["real tools (20, with the example's $defs and tools)", realSubset],
  [
    "the example catalog",
    () => readFileSync(path.join(repoRoot, "catalog/tools.yaml"), "utf8"),
  ],
];

describe.each(catalogs)(
  "one edit, regenerated in the same process: %s",
  (_, make) => {
    const source = make();
    // Each edit's cold run, made once for the three ways of regenerating it.
    const references = new Map<string, Promise<PipelineResult>>();
    const coldOf = (kind: string) => {
      if (!references.has(kind))
        references.set(kind, cold(EDITS[kind]!(source)));
      return references.get(kind)!;
    };
    it.each(Object.keys(EDITS))(
      "%s: this thread's output equals a cold run's",
      async (kind) => {
        const edited = EDITS[kind]!(source);
        expect(edited).not.toBe(source);
        const reference = await coldOf(kind);
        const before = await cold(source);
        // The edit changed the output (else the comparison proves nothing).
        expect(differing(reference, before)).not.toEqual([]);
        const again = await generate(edited);
        expect(differing(again, reference)).toEqual([]);
      },
    );

    it.each(Object.keys(EDITS))(
      "%s: as a fresh process, through the format cache alone, the output equals a cold run's",
      async (kind) => {
        const edited = EDITS[kind]!(source);
        const reference = await coldOf(kind);
        const cacheDir = mkdtempSync(path.join(out, "cache-"));
        forget();
        await generate(source, undefined, cacheDir);
        forget();
        const again = await generate(edited, undefined, cacheDir);
        expect(differing(again, reference)).toEqual([]);
      },
    );

    it.each(Object.keys(EDITS))(
      "%s: a kept worker thread's output equals a cold run's",
      async (kind) => {
        const edited = EDITS[kind]!(source);
        const reference = await coldOf(kind);
        const thread = new EmitThread();
        try {
          await generate(source, thread);
          const again = await generate(edited, thread);
          expect(again.timings.map((t) => t.stage)).toContain(
            "emit providers (parallel)",
          );
          expect(differing(again, reference)).toEqual([]);
          expect(thread.started).toBe(1);
        } finally {
          thread.close();
        }
      },
    );
  },
);

describe("the memo's keys", () => {
  const source = realSubset();

  it("a key without the tool's content reuses a stale lowering: the comparison fails", async () => {
    const edited = EDITS["a description"]!(source);
    const reference = await cold(edited);
    memo.toolMemoTesting.omit = "tool";
    try {
      await cold(source);
      const stale = await generate(edited);
      expect(differing(stale, reference)).toEqual(
        expect.arrayContaining([
          "providers/anthropic.ts",
          "providers/mcp.json",
        ]),
      );
    } finally {
      memo.toolMemoTesting.omit = undefined;
    }
  });

  it("a key without the target's options reuses a stale lowering: the comparison fails", async () => {
    const edited = source.replace(
      "openai-chat: { strict: auto }",
      "openai-chat: { strict: false }",
    );
    expect(edited).not.toBe(source);
    const reference = await cold(edited);
    memo.toolMemoTesting.omit = "target";
    try {
      await cold(source);
      expect(differing(await generate(edited), reference)).toContain(
        "providers/openai-chat.ts",
      );
    } finally {
      memo.toolMemoTesting.omit = undefined;
    }
    expect(differing(await generate(edited), reference)).toEqual([]);
  });

  it("IR targets kept without their content reuse stale targets: the comparison fails", async () => {
    const edited = EDITS["a target's option"]!(source)!;
    expect(edited).toBeDefined();
    const reference = await cold(edited);
    irMemo.irMemoTesting.omit = "targets";
    try {
      await cold(source);
      expect(differing(await generate(edited), reference)).toContain(
        "providers/openai-chat.ts",
      );
    } finally {
      irMemo.irMemoTesting.omit = undefined;
    }
    await cold(source);
    expect(differing(await generate(edited), reference)).toEqual([]);
  });

  it("a printed declaration is reused only under the same head: without it, a stale text", async () => {
    await cold(source);
    const ir = (await generate(source)).ir!;
    const { lowerCatalog, declarations } = (await dist(
      "core/providers/emitter.js",
    )) as typeof import("../../generator/core/providers/emitter.js");
    const value = declarations(lowerCatalog(ir)[0]!)[0]!;
    expect(memo.isKeptDeclaration(value)).toBe(true);
    const options = { parser: "babel-ts" as const };
    const chunk = (head: string) => ({ leading: "", head, value });
    const key = JSON.stringify(options);
    const first = chunkMemo.formatDataChunk(chunk("const a: T"), options, key);
    expect(first).toMatch(/^const a: T = \{/);
    expect(
      chunkMemo.formatDataChunk(chunk("const b: T"), options, key),
    ).toMatch(/^const b: T = \{/);
    chunkMemo.dataChunkMemoTesting.omitHead = true;
    try {
      chunkMemo.formatDataChunk(chunk("const c: T"), options, key);
      expect(
        chunkMemo.formatDataChunk(chunk("const d: T"), options, key),
      ).toMatch(/^const c: T = \{/);
    } finally {
      chunkMemo.dataChunkMemoTesting.omitHead = false;
    }
  });

  it("validators: a run after a one-tool edit compiles that tool's code only", async () => {
    const example = catalogs[1]![1]();
    const tools = Object.keys(
      loadCatalog("c.yaml", example).catalog!.tools as object,
    ).length;
    await cold(example);
    validatorMemo.validatorMemoCounts();
    await generate(EDITS["a bound"]!(example));
    const { compiled, replayed } = validatorMemo.validatorMemoCounts();
    // The tool's input and output in validators.ts; its declared schema, if the bound is in it.
    expect(compiled).toBeGreaterThanOrEqual(1);
    expect(compiled).toBeLessThanOrEqual(2);
    expect(replayed).toBeGreaterThanOrEqual(tools - 1);
  });

  it("validators: the memo stays bounded (what neither of the last two runs used is dropped)", async () => {
    const example = catalogs[1]![1]();
    forget();
    await generate(example);
    const one = validatorMemo.validatorMemoSize();
    await generate(source);
    expect(validatorMemo.validatorMemoSize()).toBeGreaterThan(one);
    await generate(example);
    await generate(example);
    expect(validatorMemo.validatorMemoSize()).toBe(one);
  });

  it("stays bounded: what neither of the last two runs used is dropped", async () => {
    const example = catalogs[1]![1]();
    memo.clearToolMemo();
    await generate(source);
    const big = memo.toolMemoSize();
    await generate(example);
    expect(memo.toolMemoSize()).toBeGreaterThan(big);
    await generate(example);
    const small = memo.toolMemoSize();
    expect(small).toBeLessThan(big);
    // Eight targets, one entry per tool and target.
    const tools = Object.keys(
      loadCatalog("c.yaml", example).catalog!.tools as object,
    ).length;
    expect(small).toBe(tools * 8);
  });
});

/**
 * A catalog whose names depend on each other: `fetchPage`'s names are counted after `fetch_page`'s
 * (FetchPageInput2, fetchPage2…), a tool `widget` would take the type name of the `$defs` entry
 * WidgetInput, and no tool needs a normalisation plan (the strict flavour checks with `validate`).
 */
const NAMES_CATALOG = `toolcat: 1
targets: { openai-responses: { strict: auto } }
$defs:
  WidgetInput: { type: string, description: A widget. }
tools:
  fetch_page:
    description: Fetches a page.
    input: { type: object, properties: { url: { type: string, description: Where. } }, required: [url], additionalProperties: false }
  fetchPage:
    description: Fetches a page too.
    input: { type: object, properties: { url: { type: string, description: Where. } }, required: [url], additionalProperties: false }
  uses_def:
    description: Uses a def.
    input: { type: object, properties: { w: { $ref: "#/$defs/WidgetInput" } }, required: [w], additionalProperties: false }
`;

const withTool = (text: string, tool: string) =>
  `${text.trimEnd()}\n  ${tool}:\n    description: Added.\n    input: { type: object, properties: { q: { type: string, description: What. } }, additionalProperties: false }\n`;

/**
 * The output of `edited` after `source` in one process, with `omit` set for that run, differs
 * from a cold run's in `paths` (the comparison sees a stale piece), and equals it without `omit`.
 */
async function staleWithout(
  source: string,
  edited: string,
  paths: readonly string[],
  omit: () => () => void,
): Promise<void> {
  expect(edited).not.toBe(source);
  const reference = await cold(edited);
  await cold(source);
  const restore = omit();
  try {
    await generate(source);
    expect(differing(await generate(edited), reference)).toEqual(
      expect.arrayContaining([...paths]),
    );
  } finally {
    restore();
  }
  await cold(source);
  expect(differing(await generate(edited), reference)).toEqual([]);
}

const omitting =
  <T extends { omit: unknown }>(testing: T, value: T["omit"]) =>
  () => {
    testing.omit = value;
    return () => {
      testing.omit = undefined;
    };
  };

describe("the emitters' pieces: each piece of the key left out makes the comparison fail", () => {
  const example = catalogs[1]![1]();

  it("types.ts: the tool's content", async () => {
    await staleWithout(
      example,
      EDITS["a description"]!(example),
      ["types.ts"],
      omitting(typesMemo.typesMemoTesting, "tool"),
    );
  });

  it("types.ts: the names of its declarations (FetchPageInput2 becomes FetchPageInput)", async () => {
    await staleWithout(
      NAMES_CATALOG,
      NAMES_CATALOG.replace(/ {2}fetch_page:\n(?: {4}.*\n)+/, ""),
      ["types.ts"],
      omitting(typesMemo.typesMemoTesting, "names"),
    );
  });

  it("types.ts: the names its refs resolve to (WidgetInput becomes WidgetInput2)", async () => {
    await staleWithout(
      NAMES_CATALOG,
      withTool(NAMES_CATALOG, "widget"),
      ["types.ts"],
      omitting(typesMemo.typesMemoTesting, "refs"),
    );
  });

  it("types.ts: how its eager element types are written (Deferred becomes Deferred2)", async () => {
    const shapes = readFileSync(
      path.join(repoRoot, "test/fixtures/types-shapes/catalog.yaml"),
      "utf8",
    );
    await staleWithout(
      shapes,
      shapes.replace("$defs:\n", "$defs:\n  Deferred: { type: string }\n"),
      ["types.ts"],
      omitting(typesMemo.typesMemoTesting, "eager"),
    );
  });

  it("standard-schema.ts: the tool's content (no MCP target: each tool's schemas are its own)", async () => {
    const noMcp = example.replace(/^ {2}mcp: \{\}\n/m, "");
    expect(noMcp).not.toBe(example);
    await staleWithout(
      noMcp,
      EDITS["a description"]!(noMcp),
      ["standard-schema.ts"],
      omitting(schemaMemo.standardSchemaMemoTesting, "tool"),
    );
  });

  it("standard-schema.ts: the targets' content (strict: false)", async () => {
    await staleWithout(
      example,
      example
        .replace(
          "openai-chat: { strict: auto }",
          "openai-chat: { strict: false }",
        )
        .replace(
          "openai-responses: { strict: auto }",
          "openai-responses: { strict: false }",
        ),
      ["standard-schema.ts"],
      omitting(schemaMemo.standardSchemaMemoTesting, "targets"),
    );
  });

  it("standard-schema.ts: the file's names (a tool with a plan: checked by the call validator)", async () => {
    await staleWithout(
      NAMES_CATALOG,
      withTool(NAMES_CATALOG, "search"),
      ["standard-schema.ts"],
      omitting(schemaMemo.standardSchemaMemoTesting, "names"),
    );
  });

  it("types.ts: the text of a whole-catalog declaration (ToolInput)", async () => {
    await staleWithout(
      example,
      EDITS["a tool added"]!(example),
      ["types.ts"],
      omitting(typesMemo.typesMemoTesting, "whole"),
    );
  });

  it("standard-schema.ts: the text of a table", async () => {
    await staleWithout(
      example,
      EDITS["a tool added"]!(example),
      ["standard-schema.ts"],
      omitting(schemaMemo.standardSchemaMemoTesting, "tables"),
    );
  });

  it("a key tells -0 from 0 (types.ts writes `-0`)", async () => {
    expect(memo.contentKey({ a: [1, -0] })).not.toBe(
      memo.contentKey({ a: [1, 0] }),
    );
    expect(memo.contentKey({ a: "x:0," })).toBe(JSON.stringify({ a: "x:0," }));
    const zero = `toolcat: 1
targets: { mcp: {} }
tools:
  zero:
    description: A zero.
    input: { type: object, properties: { z: { const: 0, description: Zero. } }, required: [z], additionalProperties: false }
`;
    const negative = zero.replace("const: 0", "const: -0");
    const reference = await cold(negative);
    expect(reference.files.get("types.ts")).toContain("z: -0;");
    await cold(zero);
    expect(differing(await generate(negative), reference)).toEqual([]);
  });

  it("stays bounded: what neither of the last two runs used is dropped", async () => {
    forget();
    await generate(realSubset());
    const big = [
      typesMemo.typesMemoSize(),
      schemaMemo.standardSchemaMemoSize(),
    ];
    await generate(example);
    await generate(example);
    const tools = Object.keys(
      loadCatalog("c.yaml", example).catalog!.tools as object,
    ).length;
    const defs = Object.keys(
      loadCatalog("c.yaml", example).catalog!.$defs as object,
    ).length;
    // Besides each tool's piece (and each $defs entry's): ToolName, ToolInput and ToolOutput;
    // the five tables of standard-schema.ts.
    expect(typesMemo.typesMemoSize()).toBe(tools + defs + 3);
    expect(schemaMemo.standardSchemaMemoSize()).toBe(tools + 5);
    expect(typesMemo.typesMemoSize()).toBeLessThan(big[0]!);
    expect(schemaMemo.standardSchemaMemoSize()).toBeLessThan(big[1]!);
  });
});

/** A catalog with a tool's own `$defs` entry (PartsPart in types.ts) and a catalog one. */
const LOCAL_DEFS_CATALOG = `toolcat: 1
targets: { openai-responses: { strict: auto } }
$defs:
  Colour: { type: string, description: A colour. }
tools:
  parts:
    description: Lists parts.
    input:
      type: object
      $defs:
        Part: { type: string, description: A part. }
      properties:
        p: { $ref: "#/$defs/Part" }
        c: { $ref: "#/$defs/Colour" }
      required: [p, c]
      additionalProperties: false
`;

describe("a file's text joined from its formatted pieces (format.ts), reused only for the same pieces", () => {
  const example = catalogs[1]![1]();

  // With a kept worker, as `generate --watch` runs: this thread formats its own files.
  it.each(["a description", "a bound", "a tool added"])(
    "%s: with the pieces left out of the comparison, a stale file",
    async (kind) => {
      const edited = EDITS[kind]!(example);
      const reference = await cold(edited);
      const thread = new EmitThread();
      try {
        await generate(example, thread);
        joinedTextTesting.ignorePieces = true;
        try {
          expect(
            differing(await generate(edited, thread), reference),
          ).toContain("types.ts");
        } finally {
          joinedTextTesting.ignorePieces = false;
        }
        await generate(example, thread);
        expect(differing(await generate(edited, thread), reference)).toEqual(
          [],
        );
      } finally {
        thread.close();
      }
    },
  );
});

describe("the catalog's names, kept while nothing they are made of changed (naming.ts)", () => {
  /**
   * With `omit` left out of the key, the run of `edited` after `source` fails or differs from a
   * cold run's (stale names: a lookup finds none, or the old one); with the whole key it equals it.
   */
  async function staleNames(
    source: string,
    edited: string,
    omit: "tools" | "catalog defs" | "tool defs",
  ): Promise<void> {
    expect(edited).not.toBe(source);
    const reference = await cold(edited);
    await cold(source);
    naming.catalogNamesTesting.omit = omit;
    try {
      await generate(source);
      const stale = await generate(edited).then(
        (r) => differing(r, reference),
        (e: unknown) => [String(e)],
      );
      expect(stale).not.toEqual([]);
    } finally {
      naming.catalogNamesTesting.omit = undefined;
    }
    await cold(source);
    expect(differing(await generate(edited), reference)).toEqual([]);
  }

  it("a tool renamed", async () => {
    const example = catalogs[1]![1]();
    await staleNames(example, EDITS["a tool renamed"]!(example), "tools");
  });

  it("a catalog $defs entry renamed", async () => {
    await staleNames(
      LOCAL_DEFS_CATALOG,
      LOCAL_DEFS_CATALOG.replace("  Colour:", "  Hue:").replace(
        "#/$defs/Colour",
        "#/$defs/Hue",
      ),
      "catalog defs",
    );
  });

  it("a tool's own $defs entry renamed", async () => {
    await staleNames(
      LOCAL_DEFS_CATALOG,
      LOCAL_DEFS_CATALOG.replace("        Part:", "        Piece:").replace(
        "#/$defs/Part",
        "#/$defs/Piece",
      ),
      "tool defs",
    );
  });

  it("a tool removed before one whose names it shared: the names after it move, as a cold run's", async () => {
    // get_item and getItem make the same identifiers: the second takes the suffixed ones, and
    // takes the plain ones once the first is gone, though its own name did not change.
    const tool = (name: string) =>
      `  ${name}:\n    description: Gets an item.\n    input: { type: object, properties: { id: { type: string } }, required: [id], additionalProperties: false }\n`;
    const source = `toolcat: 1\ntargets: { openai-chat: { strict: auto } }\ntools:\n${tool("get_item")}${tool("getItem")}${tool("list_items")}`;
    const edited = source.replace(tool("get_item"), "");
    expect(edited).not.toBe(source);
    const reference = await cold(edited);
    await cold(source);
    naming.catalogNamesTesting.byToolName = true;
    try {
      const stale = await generate(edited).then(
        (r) => differing(r, reference),
        (e: unknown) => [String(e)],
      );
      expect(stale).not.toEqual([]);
    } finally {
      naming.catalogNamesTesting.byToolName = false;
    }
    await cold(source);
    const again = await generate(edited);
    expect(differing(again, reference)).toEqual([]);
    // The tool whose names did not change keeps its names object.
    await cold(source);
    const before = naming.catalogNames((await generate(source)).ir!);
    const after = naming.catalogNames((await generate(edited)).ir!);
    expect(after.tools.get("list_items")).toBe(before.tools.get("list_items"));
    expect(after.tools.get("getItem")).not.toBe(before.tools.get("getItem"));
  });

  it("an edit that renames nothing keeps the names (the same objects)", async () => {
    const example = catalogs[1]![1]();
    await cold(example);
    const first = (await generate(example)).ir!;
    const again = (await generate(EDITS["a description"]!(example))).ir!;
    expect(first).not.toBe(again);
    expect(naming.catalogNames(again)).toBe(naming.catalogNames(first));
  });
});
