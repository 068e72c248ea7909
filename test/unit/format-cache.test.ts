/** The formatted-chunk cache and the fast printers change speed only, never bytes. */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prettierFormatter } from "../../generator/node/format.js";
import { generateFrom, readCatalog, repoRoot } from "../helpers/pipeline.js";

describe("formatting", () => {
  it("gives the same bytes with a cold cache, a warm cache and no cache", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "toolcat-cache-"));
    const source = readCatalog("catalog/tools.yaml");
    const none = await generateFrom(source);
    const cold = await generateFrom(source, { cacheDir });
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
    const warm = await generateFrom(source, { cacheDir });
    expect([...cold.files]).toEqual([...none.files]);
    expect([...warm.files]).toEqual([...none.files]);
  });

  it("formats chunked files exactly as prettier formats the whole file", async () => {
    const chunks = Array.from({ length: 400 }, (_, i) => `/** Doc ${i} */\nexport interface  T${i} { a : string; b? : number|null; c: {x: "a"|"b"} }`);
    const whole = { path: "x.ts", contents: chunks.join("\n\n") + "\n", language: "typescript" as const };
    const split = { ...whole, path: "y.ts", chunks };
    const [a, b] = await prettierFormatter(repoRoot, { cache: false })([whole, split]);
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
      expect(await prettier.format(text, { parser: "typescript" }), f).toBe(text);
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
