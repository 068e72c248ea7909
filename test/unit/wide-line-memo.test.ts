/**
 * The pieces kept from run to run besides the tool memo: prettier's answers for the code
 * formatter's wide-line batches (generator/node/wide-line-memo.ts, in process and in the format
 * cache) and the provider JSON copies assembled from each declaration's text
 * (generator/node/json-element-memo.ts). Each gives prettier's (or the whole printer's) bytes,
 * and a key without what the answer depends on shows a stale answer.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { buildIR } from "../../generator/core/ir/build-ir.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import {
  declarations,
  lowerCatalog,
  providersEmitter,
} from "../../generator/core/providers/emitter.js";
import { isKeptDeclaration } from "../../generator/core/providers/tool-memo.js";
import type { PrettierCalls } from "../../generator/node/format.js";
import { formatJsonData } from "../../generator/node/json-element-memo.js";
import { formatJsonValue } from "../../generator/node/json-format.js";
import {
  clearWideLineMemo,
  keptFormat,
  wideLineMemoTesting,
} from "../../generator/node/wide-line-memo.js";
import { readCatalog } from "../helpers/pipeline.js";

/** prettier, counting its calls. */
function counting(version = prettier.version): PrettierCalls & {
  calls: number;
} {
  const calls = {
    version,
    calls: 0,
    format: (text: string, options?: prettier.Options) => {
      calls.calls++;
      return prettier.format(text, options);
    },
  };
  return calls;
}

const WIDE =
  'export const x = someFunction(firstArgument, "a string argument that is long", anotherArgument, more);\n';
const OPTIONS: prettier.Options = { parser: "babel-ts", printWidth: 80 };

/** Every entry file of a cache directory (two-character folders). */
function entries(cacheDir: string): string[] {
  return readdirSync(cacheDir)
    .filter((d) => d.length === 2)
    .flatMap((d) =>
      readdirSync(join(cacheDir, d)).map((f) => join(cacheDir, d, f)),
    );
}

describe("wide-line batches kept in process and in the format cache", () => {
  it("answers prettier's bytes, once per text and options in a process", async () => {
    clearWideLineMemo();
    const p = counting();
    const format = keptFormat(p, undefined, () => undefined);
    const expected = await prettier.format(WIDE, OPTIONS);
    expect(await format(WIDE, OPTIONS)).toBe(expected);
    expect(await format(WIDE, OPTIONS)).toBe(expected);
    expect(p.calls).toBe(1);
    // Other options: another answer, from prettier.
    const narrow = { ...OPTIONS, printWidth: 40 };
    expect(await format(WIDE, narrow)).toBe(
      await prettier.format(WIDE, narrow),
    );
    expect(p.calls).toBe(2);
  });

  it("a fresh process finds the answer in the cache; another prettier version does not", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolcat-wide-"));
    clearWideLineMemo();
    await keptFormat(counting(), cacheDir, () => undefined)(WIDE, OPTIONS);
    expect(entries(cacheDir)).toHaveLength(1);
    // The bytes written are counted for the cache's size bound (format-cache.ts).
    expect(
      Number(readFileSync(join(cacheDir, "written-bytes"), "utf8")),
    ).toBeGreaterThan(0);
    clearWideLineMemo();
    const again = counting();
    expect(
      await keptFormat(again, cacheDir, () => undefined)(WIDE, OPTIONS),
    ).toBe(await prettier.format(WIDE, OPTIONS));
    expect(again.calls).toBe(0);
    clearWideLineMemo();
    const other = counting("0.0.0-other");
    await keptFormat(other, cacheDir, () => undefined)(WIDE, OPTIONS);
    expect(other.calls).toBe(1);
  });

  it("a damaged entry is formatted again, rewritten and reported", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolcat-wide-"));
    clearWideLineMemo();
    await keptFormat(counting(), cacheDir, () => undefined)(WIDE, OPTIONS);
    const [entry] = entries(cacheDir);
    const good = readFileSync(entry!, "utf8");
    for (const damaged of [
      good.slice(0, good.length - 5),
      good.replace("someFunction", "otherFunction"),
    ]) {
      writeFileSync(entry!, damaged);
      clearWideLineMemo();
      const notices: string[] = [];
      const p = counting();
      expect(
        await keptFormat(p, cacheDir, (n) => notices.push(n))(WIDE, OPTIONS),
      ).toBe(await prettier.format(WIDE, OPTIONS));
      expect(p.calls).toBe(1);
      expect(notices.join("\n")).toMatch(/damaged/);
      expect(readFileSync(entry!, "utf8")).toBe(good);
    }
  });

  it("a key without the text answers a stale text (mutation check)", async () => {
    clearWideLineMemo();
    wideLineMemoTesting.omitText = true;
    try {
      const format = keptFormat(counting(), undefined, () => undefined);
      await format(WIDE, OPTIONS);
      const other = WIDE.replace("someFunction", "otherFunction");
      expect(await format(other, OPTIONS)).not.toBe(
        await prettier.format(other, OPTIONS),
      );
    } finally {
      wideLineMemoTesting.omitText = false;
      clearWideLineMemo();
    }
  });
});

describe("provider JSON copies from each declaration's text", () => {
  const source = readCatalog("catalog/tools.yaml");
  const ir = buildIR(
    loadCatalog("catalog/tools.yaml", source, { lint: false }).catalog!,
    "catalog/tools.yaml",
  );
  const files = providersEmitter.emit({
    ir,
    options: { js: false },
    header: "// h",
    readTemplate: () => "",
    report: () => undefined,
  }) as readonly { path: string; json?: { value: unknown } }[];
  const docs = files.filter((f) => f.json !== undefined);

  it("kept declarations are what the JSON copies list", () => {
    expect(docs.length).toBeGreaterThan(4);
    expect(declarations(lowerCatalog(ir)[0]!).every(isKeptDeclaration)).toBe(
      true,
    );
  });

  it.each([
    { parser: "json", printWidth: 80 },
    { parser: "json", printWidth: 40 },
    { parser: "json", printWidth: 120, tabWidth: 4 },
    { parser: "json", printWidth: 60, useTabs: true },
  ] as prettier.Options[])(
    "the same bytes as the whole printer (%o), printed again too",
    (options) => {
      for (const doc of docs) {
        const whole = formatJsonValue(doc.json!.value, options);
        expect(whole).toBeDefined();
        const key = JSON.stringify(options);
        expect(formatJsonData(doc.json!.value, options, key), doc.path).toBe(
          whole,
        );
        expect(formatJsonData(doc.json!.value, options, key), doc.path).toBe(
          whole,
        );
      }
    },
  );

  it("a key that does not tell the options apart answers a stale text (mutation check)", () => {
    const doc = docs.find((d) => d.path.endsWith("anthropic.json"))!;
    const wide = { parser: "json", printWidth: 200 } as prettier.Options;
    const narrow = { parser: "json", printWidth: 30 } as prettier.Options;
    formatJsonData(doc.json!.value, wide, "same key");
    expect(formatJsonData(doc.json!.value, narrow, "same key")).not.toBe(
      formatJsonValue(doc.json!.value, narrow),
    );
  });
});
