/**
 * What a run of `generate --watch` reuses besides the provider memos (edit-memo.test.ts): the
 * laid-out code chunks (generator/node/canonical-chunk-memo.ts), the printed data chunks made
 * afresh each run (data-chunk-memo.ts, by content), and on a kept worker thread the files sent
 * as what changed (reply-delta.ts; its own
 * test: reply-delta.test.ts). For each kind of edit the output
 * and the diagnostics must be a cold run's byte for byte — on this thread and on a kept worker
 * thread — and a memo whose key leaves out a piece must make the comparison fail.
 * Runs the compiled modules in dist/ (`npm test` builds first): a worker needs compiled JavaScript.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonValue } from "../../generator/core/codegen/code.js";
import type { PipelineResult } from "../../generator/core/pipeline.js";
import { EDITS, exampleCatalog, realSubset } from "../helpers/edits.js";
import {
  ARTIFACT_EMITTERS,
  differingRuns,
  EmitThread,
  expectEditsAndBackAsCold,
  forgetThreadMemos,
  prettierFormatter,
  remoteFormat,
  runPipeline,
} from "../helpers/kept-runs.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const dist = (module: string) =>
  import(pathToFileURL(path.join(repoRoot, "dist/generator", module)).href);
const toolMemo = (await dist(
  "core/providers/tool-memo.js",
)) as typeof import("../../generator/core/providers/tool-memo.js");
const chunks = (await dist(
  "node/canonical-chunk-memo.js",
)) as typeof import("../../generator/node/canonical-chunk-memo.js");
const dataChunks = (await dist(
  "node/data-chunk-memo.js",
)) as typeof import("../../generator/node/data-chunk-memo.js");
const jsonElements = (await dist(
  "node/json-element-memo.js",
)) as typeof import("../../generator/node/json-element-memo.js");
const { formatJsonValue } = (await dist(
  "node/json-format.js",
)) as typeof import("../../generator/node/json-format.js");
const providers = (await dist(
  "core/providers/emitter.js",
)) as typeof import("../../generator/core/providers/emitter.js");
const { formatCanonicalChunks } = (await dist(
  "node/ts-code-format.js",
)) as typeof import("../../generator/node/ts-code-format.js");

const { replyDeltaTesting } = (await dist(
  "node/reply-delta.js",
)) as typeof import("../../generator/node/reply-delta.js");
const entryMemo = (await dist(
  "core/load/fast-yaml/entry-memo.js",
)) as typeof import("../../generator/core/load/fast-yaml/entry-memo.js");
const { catalogDeltaTesting } = (await dist(
  "node/catalog-delta.js",
)) as typeof import("../../generator/node/catalog-delta.js");

const out = mkdtempSync(path.join(tmpdir(), "toolcat-watch-memo-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const CATALOG_PATH = "catalog/tools.yaml";

/**
 * One run on this thread (formatted as `generate` does), or on `thread` kept from run to run;
 * `replies` is told the files each worker-backed emitter answered with, by emitter id.
 */
async function generate(
  source: string,
  thread?: InstanceType<typeof EmitThread>,
  replies?: Map<string, readonly { language: string }[]>,
): Promise<PipelineResult> {
  const parallel = thread?.run(ARTIFACT_EMITTERS, {
    catalogPath: CATALOG_PATH,
    format: remoteFormat(out, { cache: false }),
  });
  if (thread) expect(parallel).toBeDefined();
  const emitters = parallel?.emitters.map((e) =>
    replies && e !== ARTIFACT_EMITTERS.find((a) => a.id === e.id)
      ? {
          ...e,
          emit: async (ctx: Parameters<typeof e.emit>[0]) => {
            const files = await e.emit(ctx);
            replies.set(e.id, files);
            return files;
          },
        }
      : e,
  );
  try {
    return await runPipeline({
      catalogPath: CATALOG_PATH,
      source,
      readTemplate,
      // As generate() formats: on this thread (a format worker would keep memos of its own).
      format: prettierFormatter(out, { cache: false, parallel: false }),
      emitters,
      onCatalog: parallel?.catalog,
    });
  } finally {
    parallel?.close();
  }
}

/** A run of `source` that reuses nothing: this thread's memos emptied first, no worker, no cache. */
async function cold(source: string): Promise<PipelineResult> {
  forgetThreadMemos();
  return generate(source);
}

const catalogs: [string, () => string][] = [
  ["real tools (20, with the example's $defs and tools)", realSubset],
  ["the example catalog", exampleCatalog],
];

describe.each(catalogs)(
  "one edit, regenerated in the same process: %s",
  (_, make) => {
    const source = make();
    const kinds = Object.keys(EDITS).filter(
      (k) => EDITS[k]!(source) !== undefined,
    );
    const references = new Map<string, Promise<PipelineResult>>();
    const coldOf = (kind: string) => {
      if (!references.has(kind))
        references.set(kind, cold(EDITS[kind]!(source)!));
      return references.get(kind)!;
    };

    it.each(kinds)(
      "%s: this thread's output and diagnostics equal a cold run's",
      async (kind) => {
        const edited = EDITS[kind]!(source)!;
        const reference = await coldOf(kind);
        const before = await cold(source);
        expect(differingRuns(reference, before)).not.toEqual([]);
        expect(chunks.canonicalChunkMemoSize()).toBeGreaterThan(0);
        const again = await generate(edited);
        expect(differingRuns(again, reference)).toEqual([]);
      },
    );

    it.each(kinds)(
      "%s: a kept worker thread's output and diagnostics equal a cold run's",
      async (kind) => {
        const edited = EDITS[kind]!(source)!;
        const reference = await coldOf(kind);
        const thread = new EmitThread();
        try {
          await generate(source, thread);
          await generate(edited, thread);
          await generate(source, thread);
          const again = await generate(edited, thread);
          expect(differingRuns(again, reference)).toEqual([]);
          expect(thread.started).toBe(1);
        } finally {
          thread.close();
        }
      },
    );
  },
);

describe("a kept worker's later runs", () => {
  const source = realSubset();

  it("format the call validators there, as the providers (a one-run thread too): the output is a cold run's", async () => {
    const edited = EDITS["a description"]!(source)!;
    const reference = await cold(edited);
    const thread = new EmitThread();
    try {
      // Every run of a kept thread, its first too (its options are resolved there).
      const first = new Map<string, readonly { language: string }[]>();
      await generate(source, thread, first);
      expect(first.get("call-validators")?.length).toBeGreaterThan(0);
      expect(
        first.get("call-validators")!.every((f) => f.language === "verbatim"),
      ).toBe(true);
      const later = new Map<string, readonly { language: string }[]>();
      const again = await generate(edited, thread, later);
      expect(
        later.get("call-validators")!.every((f) => f.language === "verbatim"),
      ).toBe(true);
      expect(differingRuns(again, reference)).toEqual([]);
      expect(thread.started).toBe(1);
    } finally {
      thread.close();
    }
    // A thread for one run (as a one-shot generate has) formats them too: the main thread is a
    // cold run's critical path (emit-worker.ts formatsCallValidators).
    const once = new EmitThread();
    once.oneRun = true;
    try {
      const replies = new Map<string, readonly { language: string }[]>();
      const run = await generate(edited, once, replies);
      expect(replies.get("call-validators")?.length).toBeGreaterThan(0);
      expect(
        replies.get("call-validators")!.every((f) => f.language === "verbatim"),
      ).toBe(true);
      expect(differingRuns(run, reference)).toEqual([]);
    } finally {
      once.close();
    }
  });

  it("a reply whose base the main thread does not hold: the run is done here, the worker started again, every run still a cold run's", async () => {
    const edited = EDITS["a description"]!(source)!;
    const reference = await cold(edited);
    const original = await cold(source);
    const thread = new EmitThread();
    try {
      await generate(source, thread);
      await generate(edited, thread);
      replyDeltaTesting.forgetReceived = true;
      const refused = await generate(source, thread);
      expect(replyDeltaTesting.forgetReceived).toBe(false);
      expect(differingRuns(refused, original)).toEqual([]);
      const after = await generate(edited, thread);
      expect(differingRuns(after, reference)).toEqual([]);
      expect(thread.started).toBe(2);
    } finally {
      replyDeltaTesting.forgetReceived = false;
      thread.close();
    }
  });
});

describe("a kept worker's catalog, sent as the tools that changed", () => {
  const source = realSubset();

  it("every kind of edit, and back: each run is a cold run's", async () => {
    const thread = new EmitThread();
    try {
      await generate(source, thread);
      await expectEditsAndBackAsCold(
        source,
        Object.entries(EDITS),
        (text) => generate(text, thread),
        cold,
      );
      expect(thread.started).toBe(1);
    } finally {
      thread.close();
    }
  });

  it("a tool known by its name alone stays stale on the worker: the comparison fails", async () => {
    const edited = EDITS["a description"]!(source)!;
    const reference = await cold(edited);
    const thread = new EmitThread();
    catalogDeltaTesting.byNameOnly = true;
    try {
      await generate(source, thread);
      const stale = await generate(edited, thread);
      expect(differingRuns(stale, reference)).not.toEqual([]);
    } finally {
      catalogDeltaTesting.byNameOnly = false;
      thread.close();
    }
  });
});

describe("the catalog's parse, kept per tool (fast-yaml/entry-memo.ts)", () => {
  const source = realSubset();

  it("every kind of edit, and back, reuses the other tools' parse: each run is a cold run's", async () => {
    await generate(source);
    const before = entryMemo.entryMemoTesting.taken;
    await expectEditsAndBackAsCold(
      source,
      Object.entries(EDITS),
      (text) => generate(text),
      cold,
    );
    expect(entryMemo.entryMemoTesting.taken - before).toBeGreaterThan(100);
  });

  it("a tool taken by its text's length alone stays stale: the comparison fails", async () => {
    // One letter of a description changed: the same length.
    const edited = source.replace(
      /(\n {4}description: )(\w)/,
      (_, d, c) => d + (c === "X" ? "Y" : "X"),
    );
    const reference = await cold(edited);
    await cold(source);
    entryMemo.entryMemoTesting.lengthOnly = true;
    try {
      const stale = await generate(edited);
      expect(differingRuns(stale, reference)).not.toEqual([]);
    } finally {
      entryMemo.entryMemoTesting.lengthOnly = false;
    }
  });
});

describe("the laid-out chunks' keys", () => {
  const source = realSubset();

  it("a key without the chunk's text reuses a stale layout: the comparison fails", async () => {
    const edited = EDITS["a description"]!(source)!;
    const reference = await cold(edited);
    chunks.canonicalChunkMemoTesting.omit = "text";
    try {
      await cold(source);
      const stale = await generate(edited);
      expect(differingRuns(stale, reference)).not.toEqual([]);
    } finally {
      chunks.canonicalChunkMemoTesting.omit = undefined;
    }
    forgetThreadMemos();
  });

  // The same text under other fields or options: laid out as formatCanonicalChunks lays it out
  // afresh, and reused wrongly when the key leaves that piece out.
  const wide = `const x = ${Array.from({ length: 12 }, (_, i) => `"item${i}"`).join(" + ")};`;
  const variants: [
    string,
    { canonical: string; laidOut?: { width: number; text: string } },
    object,
  ][] = [
    ["plain, width 80", { canonical: wide }, { printWidth: 80 }],
    ["plain, width 200", { canonical: wide }, { printWidth: 200 }],
    [
      "laid out for width 80",
      {
        canonical: wide,
        laidOut: { width: 80, text: "const x =\n  laidOut;" },
      },
      { printWidth: 80 },
    ],
  ];
  const format = async (text: string, options: object) =>
    (await import("prettier")).format(text, { parser: "babel-ts", ...options });
  const laid = (chunk: (typeof variants)[number][1], options: object) =>
    chunks.formatCanonicalChunksKept(
      [chunk],
      { parser: "babel-ts", ...options },
      JSON.stringify(options),
      format,
    );

  it("each variant as formatCanonicalChunks lays it out afresh", async () => {
    chunks.clearCanonicalChunkMemo();
    const texts = new Set<string | undefined>();
    for (const [, chunk, options] of variants) {
      const fresh = await formatCanonicalChunks(
        [chunk],
        { parser: "babel-ts", ...options },
        format,
      );
      expect(await laid(chunk, options)).toEqual(fresh);
      // Again, from the memo.
      expect(await laid(chunk, options)).toEqual(fresh);
      texts.add(fresh[0]);
    }
    // The variants differ, so a key that confuses two of them shows.
    expect(texts.size).toBe(variants.length);
  });

  it.each(["fields", "options"] as const)(
    "a key without the %s reuses a stale layout",
    async (omit) => {
      chunks.clearCanonicalChunkMemo();
      chunks.canonicalChunkMemoTesting.omit = omit;
      try {
        const [, first, firstOptions] = variants[0]!;
        const [, other, otherOptions] =
          omit === "fields" ? variants[2]! : variants[1]!;
        const reused = await laid(first, firstOptions);
        expect(await laid(other, otherOptions)).toEqual(reused);
      } finally {
        chunks.canonicalChunkMemoTesting.omit = undefined;
        chunks.clearCanonicalChunkMemo();
      }
    },
  );

  it("stays bounded: the least recently used are dropped, what is laid out is unchanged", async () => {
    chunks.clearCanonicalChunkMemo();
    const max = chunks.canonicalChunkMemoTesting.maxChars;
    chunks.canonicalChunkMemoTesting.maxChars = 2_000;
    try {
      const many = Array.from({ length: 50 }, (_, i) => ({
        canonical: `const x${i} = ${i};`,
      }));
      const fresh = await formatCanonicalChunks(
        many,
        { parser: "babel-ts" },
        format,
      );
      expect(await laid(many[0]!, {})).toEqual([fresh[0]]);
      const all = await chunks.formatCanonicalChunksKept(
        many,
        { parser: "babel-ts" },
        JSON.stringify({}),
        format,
      );
      expect(all).toEqual(fresh);
      const size = chunks.canonicalChunkMemoSize();
      expect(size).toBeGreaterThan(0);
      expect(size).toBeLessThan(many.length);
    } finally {
      chunks.canonicalChunkMemoTesting.maxChars = max;
      chunks.clearCanonicalChunkMemo();
    }
  });
});

describe("data chunks made afresh each run, kept by content", () => {
  const options = { parser: "babel-ts" as const };
  const key = JSON.stringify(options);
  const chunk = (value: JsonValue) => ({
    leading: "",
    head: "const plans: T",
    value,
  });

  it("a value equal in content is printed as before; another value afresh", () => {
    dataChunks.clearDataChunkMemo();
    const a = dataChunks.formatDataChunk(chunk({ a: [1, 2] }), options, key);
    expect(a).toMatch(/^const plans: T = \{ a: \[1, 2\] \};/);
    expect(dataChunks.formatDataChunk(chunk({ a: [1, 2] }), options, key)).toBe(
      a,
    );
    expect(
      dataChunks.formatDataChunk(chunk({ a: [1, 3] }), options, key),
    ).toMatch(/\[1, 3\]/);
    // -0 prints apart from 0, so the key tells them apart.
    expect(dataChunks.formatDataChunk(chunk({ a: [0] }), options, key)).toMatch(
      /\[0\]/,
    );
    expect(
      dataChunks.formatDataChunk(chunk({ a: [-0] }), options, key),
    ).toMatch(/\[-0\]/);
  });

  it("a key without the value's content reuses a stale text: the comparison fails", () => {
    dataChunks.clearDataChunkMemo();
    dataChunks.dataChunkMemoTesting.omitContent = true;
    try {
      dataChunks.formatDataChunk(chunk({ a: 1 }), options, key);
      expect(dataChunks.formatDataChunk(chunk({ a: 2 }), options, key)).toMatch(
        /a: 1/,
      );
    } finally {
      dataChunks.dataChunkMemoTesting.omitContent = false;
      dataChunks.clearDataChunkMemo();
    }
  });

  it("stays bounded: at most 64 texts", () => {
    dataChunks.clearDataChunkMemo();
    for (let i = 0; i < 100; i++)
      dataChunks.formatDataChunk(chunk({ a: i }), options, key);
    expect(dataChunks.dataChunkMemoSize()).toBe(64);
    dataChunks.clearDataChunkMemo();
  });
});

describe("a JSON declarations file from its kept elements", () => {
  /** Kept (frozen) declarations of one target, as a run makes them. */
  async function kept(): Promise<readonly JsonValue[]> {
    const ir = (await cold(realSubset())).ir!;
    const decls = providers.declarations(providers.lowerCatalog(ir)[0]!);
    expect(decls.every((d) => toolMemo.isKeptDeclaration(d))).toBe(true);
    return decls as readonly JsonValue[];
  }
  const layouts = [
    { parser: "json" as const },
    { parser: "json" as const, printWidth: 40 },
    { parser: "json" as const, useTabs: true },
  ];
  const shapes: [string, (d: readonly JsonValue[]) => JsonValue][] = [
    ["tools", (d) => ({ "//": "header", tools: [...d] })],
    [
      "tools with a tool_search entry",
      (d) => ({ "//": "header", tools: [...d, { type: "tool_search" }] }),
    ],
    [
      "one element's functionDeclarations",
      (d) => ({ "//": "header", tools: [{ functionDeclarations: [...d] }] }),
    ],
  ];

  it.each(shapes)("%s: as the whole document's layout", async (_, shape) => {
    const value = shape(await kept());
    for (const options of layouts)
      for (let again = 0; again < 2; again++)
        expect(
          jsonElements.formatJsonData(value, options, JSON.stringify(options)),
        ).toBe(formatJsonValue(value, options));
  });

  it("a key without the element's depth reuses a text laid out at another depth: the comparison fails", async () => {
    const decls = await kept();
    const options = { parser: "json" as const };
    const key = JSON.stringify(options);
    jsonElements.jsonElementMemoTesting.omitDepth = true;
    try {
      jsonElements.formatJsonData(shapes[0]![1](decls), options, key);
      const nested = shapes[2]![1](decls);
      expect(jsonElements.formatJsonData(nested, options, key)).not.toBe(
        formatJsonValue(nested, options),
      );
    } finally {
      jsonElements.jsonElementMemoTesting.omitDepth = false;
    }
  });
});
