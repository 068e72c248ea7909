/**
 * `toolcat generate` with the formatted-chunk cache on (a node_modules/ next to the catalog):
 * cache entries damaged between runs — cut short, or a byte changed — are never used. The run
 * writes what a run without the cache writes, says so in a notice, and rewrites them. On the
 * real-tool catalog (test/bench/corpus-catalog.js, 246 KiB), so the worker thread runs too (its
 * provider files take no cached prettier job on this catalog: the notices here are the main
 * thread's).
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { scratchProject, snapshot, toolcat } from "../helpers/cli.js";

const dir = scratchProject(corpusCatalog({ importTools, loadCatalog }).text);
// At prettier's defaults toolcat's printers lay out this catalog's whole output, so nothing would
// be cached; at 60 columns some wide lines take shapes they decline, and those meet the cache.
writeFileSync(join(dir, ".prettierrc.json"), '{ "printWidth": 60 }\n');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cacheDir = join(dir, "node_modules", ".cache", "toolcat", "format");
const cacheEntries = () =>
  readdirSync(cacheDir)
    .filter((d) => d.length === 2)
    .flatMap((d) =>
      readdirSync(join(cacheDir, d)).map((f) => join(cacheDir, d, f)),
    );
const texts = (out: string) =>
  new Map([...snapshot(join(dir, out))].map(([p, s]) => [p, s.text]));

describe("generate with damaged cache entries", () => {
  it("writes a cold run's bytes, says so, and rewrites the entries", () => {
    expect(
      toolcat(dir, ["generate", "--no-cache", "--quiet", "--out", "cold"]).code,
    ).toBe(0);
    mkdirSync(join(dir, "node_modules"));
    const first = toolcat(dir, ["generate", "--quiet", "--out", "warm"]);
    expect(first.code).toBe(0);
    expect(first.stderr).not.toMatch(/notice/);
    const entries = cacheEntries();
    expect(entries.length).toBeGreaterThan(2);
    const before = new Map(
      entries.map((f) => [f, readFileSync(f, "utf8")] as const),
    );
    // Every entry damaged: half of them cut short, the others with their last character changed.
    entries.forEach((f, i) => {
      const text = before.get(f)!;
      writeFileSync(
        f,
        i % 2 === 0
          ? text.slice(0, Math.floor(text.length / 2))
          : `${text.slice(0, -1)}${text.endsWith("x") ? "y" : "x"}`,
      );
    });
    const damaged = toolcat(dir, ["generate", "--quiet", "--out", "warm"]);
    expect(damaged.code).toBe(0);
    const notices = damaged.stderr
      .split("\n")
      .filter((l) => l.startsWith("toolcat: notice: format cache entry"));
    expect(notices.length).toBeGreaterThanOrEqual(entries.length);
    expect(texts("warm")).toEqual(texts("cold"));
    // Rewritten as they were.
    for (const f of entries)
      expect(readFileSync(f, "utf8"), f).toBe(before.get(f));
    const again = toolcat(dir, ["generate", "--quiet", "--out", "warm"]);
    expect(again.stderr).not.toMatch(/notice/);
  }, 120_000);
});
