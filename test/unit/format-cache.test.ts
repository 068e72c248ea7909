/** The formatted-chunk cache and the fast printers change speed only, never bytes. */
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runPipeline } from "../../generator/core/pipeline.js";
import {
  accountAndPrune,
  storeEntry,
} from "../../generator/node/format-cache.js";
import { prettierFormatter } from "../../generator/node/format.js";
import { readTemplate } from "../../generator/node/package-root.js";
import { generateFrom, readCatalog, repoRoot } from "../helpers/pipeline.js";

/** Every entry file of a cache directory (two-character folders), oldest first. */
function entries(cacheDir: string): string[] {
  return readdirSync(cacheDir)
    .filter((d) => d.length === 2)
    .flatMap((d) =>
      readdirSync(join(cacheDir, d)).map((f) => join(cacheDir, d, f)),
    )
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

/**
 * An output folder whose prettier config is printWidth 60. At prettier's defaults toolcat's own
 * printers lay out the example catalog's whole output (nothing reaches prettier, so nothing is
 * cached); at 60 columns some wide lines have shapes they decline, and those go to prettier
 * through the cache.
 */
function narrowOutDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-narrow-"));
  writeFileSync(join(dir, ".prettierrc.json"), '{ "printWidth": 60 }\n');
  return join(dir, "generated");
}

describe("formatting", () => {
  it("gives the same bytes with a cold cache, a warm cache and no cache", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolcat-cache-"));
    const source = readCatalog("catalog/tools.yaml");
    const outDir = narrowOutDir();
    const none = await generateFrom(source, { outDir });
    const cold = await generateFrom(source, { cacheDir, outDir });
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
    const warm = await generateFrom(source, { cacheDir, outDir });
    expect([...cold.files]).toEqual([...none.files]);
    expect([...warm.files]).toEqual([...none.files]);
  });

  it("a truncated or changed cache entry is formatted again, rewritten and reported, never used", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolcat-cache-"));
    const source = readCatalog("catalog/tools.yaml");
    const outDir = narrowOutDir();
    const run = async () => {
      const notices: string[] = [];
      const result = await runPipeline({
        catalogPath: "catalog/tools.yaml",
        source,
        readTemplate,
        format: prettierFormatter(outDir, {
          cacheDir,
          onNotice: (n) => notices.push(n),
        }),
      });
      return { files: result.files, notices };
    };
    const none = await generateFrom(source, { outDir });
    const cold = await run();
    expect(cold.notices).toEqual([]);
    const files = entries(cacheDir);
    expect(files.length).toBeGreaterThanOrEqual(2);
    // One entry cut in half, one with a character changed (same length).
    const [a, b] = files as [string, string];
    const textA = readFileSync(a, "utf8");
    writeFileSync(a, textA.slice(0, Math.floor(textA.length / 2)));
    const textB = readFileSync(b, "utf8");
    const at = textB.lastIndexOf(";");
    writeFileSync(b, `${textB.slice(0, at)},${textB.slice(at + 1)}`);
    const damaged = await run();
    expect([...damaged.files]).toEqual([...none.files]);
    expect(damaged.notices.length).toBe(2);
    expect(damaged.notices.join("\n")).toMatch(/damaged/);
    // Rewritten: the next run uses them again without a word.
    const again = await run();
    expect(again.notices).toEqual([]);
    expect([...again.files]).toEqual([...none.files]);
    expect(readFileSync(a, "utf8")).toBe(textA);
  });

  it("stays bounded: past its budget the oldest entries go, down to half of it", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolcat-cache-"));
    let written = 0;
    for (let i = 0; i < 40; i++) {
      const key = `${String(i).padStart(2, "0")}${"k".repeat(62)}`;
      written += await storeEntry(cacheDir, key, "x".repeat(1000));
      // Distinct ages, oldest first.
      const file = join(cacheDir, key.slice(0, 2), key.slice(2));
      utimesSync(
        file,
        new Date(1_000_000 + i * 1000),
        new Date(1_000_000 + i * 1000),
      );
    }
    expect(await accountAndPrune(cacheDir, written, 100_000)).toBe(0);
    const deleted = await accountAndPrune(cacheDir, 30_000, 50_000);
    expect(deleted).toBeGreaterThan(0);
    const left = entries(cacheDir);
    expect(left.reduce((n, f) => n + statSync(f).size, 0)).toBeLessThanOrEqual(
      25_000,
    );
    // The newest survive.
    expect(left.some((f) => f.includes(join(cacheDir, "39")))).toBe(true);
    expect(left.some((f) => f.includes(join(cacheDir, "00")))).toBe(false);
  });

  it("formats chunked files exactly as prettier formats the whole file", async () => {
    const chunks = Array.from(
      { length: 400 },
      (_, i) =>
        `/** Doc ${i} */\nexport interface  T${i} { a : string; b? : number|null; c: {x: "a"|"b"} }`,
    );
    const whole = {
      path: "x.ts",
      contents: chunks.join("\n\n") + "\n",
      language: "typescript" as const,
    };
    const split = { ...whole, path: "y.ts", chunks };
    const [a, b] = await prettierFormatter(repoRoot, { cache: false })([
      whole,
      split,
    ]);
    expect(b).toBe(a);
  });
});

describe("parser choice", () => {
  it("every golden TypeScript file is prettier's output for a .ts file, and babel-ts formats it alike or cannot parse it", async () => {
    const { readdirSync, readFileSync, statSync } = await import("node:fs");
    const prettier = await import("prettier");
    const files: string[] = [];
    const walk = (d: string) => {
      for (const n of readdirSync(d)) {
        const p = join(d, n);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith(".ts")) files.push(p);
      }
    };
    walk(join(repoRoot, "test", "fixtures"));
    walk(join(repoRoot, "generated"));
    expect(files.length).toBeGreaterThan(3);
    let babelRejects = 0;
    for (const f of files) {
      const text = readFileSync(f, "utf8");
      // What `prettier --check` does with a .ts file (the typescript parser): nothing to change.
      expect(await prettier.format(text, { parser: "typescript" }), f).toBe(
        text,
      );
      // babel-ts (toolcat's default, faster to load) must agree wherever it parses; where it
      // cannot (`-3[]`, which prettier prints), toolcat formats with the typescript parser.
      let babel: string | undefined;
      try {
        babel = await prettier.format(text, { parser: "babel-ts" });
      } catch (e) {
        expect((e as Error).name, f).toBe("SyntaxError");
        babelRejects++;
      }
      if (babel !== undefined) expect(babel, f).toBe(text);
    }
    // The types-shapes fixture holds negative literal arrays on purpose; most files parse.
    expect(babelRejects).toBeGreaterThan(0);
    expect(babelRejects).toBeLessThan(files.length / 10);
  });
});
