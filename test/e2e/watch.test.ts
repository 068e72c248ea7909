/**
 * `generate --watch`: regenerates on catalog change and keeps running after a bad edit; with a
 * catalog large enough for a worker thread, the one thread it keeps for every run writes what a
 * fresh `generate` writes.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { syntheticCatalog } from "../bench/synthetic-catalog.js";
import {
  scratchProject,
  snapshot,
  toolcat,
  toolcatAsync,
} from "../helpers/cli.js";

function waitFor(
  check: () => boolean,
  what: string,
  ms = 20_000,
): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) return resolve();
      if (Date.now() - start > ms)
        return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 50);
    };
    tick();
  });
}

describe("toolcat generate --watch", () => {
  it("regenerates on change, survives a bad edit, recovers", async () => {
    const dir = scratchProject();
    const child = toolcatAsync(dir, ["generate", "--watch"]);
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    const types = join(dir, "generated", "types.ts");
    const catalog = join(dir, "catalog", "tools.yaml");
    const original = readFileSync(catalog, "utf8");
    try {
      await waitFor(
        () => (stderr.match(/watching/g) ?? []).length >= 1,
        "first run",
      );
      expect(readFileSync(types, "utf8")).toContain("Body weight in kg.");

      writeFileSync(
        catalog,
        original.replace("Body weight in kg.", "Body mass in kg."),
      );
      await waitFor(
        () => readFileSync(types, "utf8").includes("Body mass in kg."),
        "regeneration",
      );

      const good = readFileSync(types, "utf8");
      writeFileSync(
        catalog,
        original.replace("minProperties: 1", "minProperties: [1"),
      );
      await waitFor(
        () => /error yaml-syntax/.test(stderr),
        "the bad edit to be reported",
      );
      expect(child.exitCode).toBeNull();
      expect(readFileSync(types, "utf8")).toBe(good);

      writeFileSync(
        catalog,
        original.replace("Body weight in kg.", "Weight in kg."),
      );
      await waitFor(
        () => readFileSync(types, "utf8").includes("Weight in kg."),
        "recovery",
      );
    } finally {
      child.kill("SIGTERM");
    }
    await new Promise((r) => child.once("exit", r));
  });

  it("warms up silently: after the first run it writes and prints nothing (output folder, format cache), and the edit after it regenerates", async () => {
    const dir = scratchProject();
    mkdirSync(join(dir, "node_modules"));
    const child = toolcatAsync(dir, ["generate", "--watch"]);
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    const catalog = join(dir, "catalog", "tools.yaml");
    const original = readFileSync(catalog, "utf8");
    try {
      await waitFor(() => /watching/.test(stderr), "first run");
      const generated = snapshot(join(dir, "generated"));
      const cache = snapshot(join(dir, "node_modules"));
      const printed = stderr;
      // The warm-up's runs (generator/cli/watch-warm-up.ts) take the example catalog a second
      // or two; whatever part of them ran meanwhile, nothing may show.
      await new Promise((r) => setTimeout(r, 6000));
      expect(stderr).toBe(printed);
      expect(snapshot(join(dir, "generated"))).toEqual(generated);
      expect(snapshot(join(dir, "node_modules"))).toEqual(cache);
      writeFileSync(
        catalog,
        original.replace("Body weight in kg.", "Body mass in kg."),
      );
      await waitFor(
        () => (stderr.match(/watching/g) ?? []).length >= 2,
        "the edit's run",
      );
      const fresh = toolcat(dir, ["generate", "--quiet", "--out", "fresh"]);
      expect(fresh.code, fresh.stderr).toBe(0);
      const watched = snapshot(join(dir, "generated"));
      const expected = snapshot(join(dir, "fresh"));
      expect([...watched.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [p, f] of expected)
        expect(watched.get(p)?.text, p).toBe(f.text);
      expect(watched.get("types.ts")?.text).toContain("Body mass in kg.");
    } finally {
      child.kill("SIGTERM");
    }
    await new Promise((r) => child.once("exit", r));
  }, 60_000);

  it("with a large catalog (a worker thread kept from run to run), writes after each edit what a fresh generate writes", async () => {
    const original = syntheticCatalog(90);
    // Large enough for the worker thread (generator/index.ts: PARALLEL_FROM_BYTES, 128 KiB).
    expect(original.length).toBeGreaterThan(128 * 1024);
    const dir = scratchProject(original);
    const child = toolcatAsync(dir, ["generate", "--watch", "--no-cache"]);
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    const catalog = join(dir, "catalog", "tools.yaml");
    const runs = () => (stderr.match(/watching/g) ?? []).length;
    const edits = [
      original.replace(
        "Synthetic tool number 40 ",
        "Synthetic tool number forty ",
      ),
      // A bound: validators, call validators and declarations change, not only text.
      original
        .replace("Synthetic tool number 40 ", "Synthetic tool number forty ")
        .replace("maximum: 141,", "maximum: 142,"),
      // A tool fewer: every file that lists the tools changes.
      original.replace(/ {2}tool_89_list:[\s\S]*$/, ""),
    ];
    try {
      await waitFor(() => runs() >= 1, "first run", 60_000);
      for (const [i, text] of edits.entries()) {
        writeFileSync(catalog, text);
        await waitFor(() => runs() >= i + 2, `run after edit ${i + 1}`, 60_000);
        expect(stderr).not.toMatch(/ error [a-z][a-z-]*: |internal/);
        const fresh = toolcat(dir, [
          "generate",
          "--no-cache",
          "--quiet",
          "--out",
          `fresh-${i}`,
        ]);
        expect(fresh.code, fresh.stderr).toBe(0);
        const watched = snapshot(join(dir, "generated"));
        const expected = snapshot(join(dir, `fresh-${i}`));
        expect([...watched.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [p, f] of expected)
          expect(watched.get(p)?.text, `edit ${i + 1}: ${p}`).toBe(f.text);
      }
      // The run line shows the worker's share, so the runs did use the thread.
      expect(stderr).toMatch(
        /emit providers \(parallel\)[\s\S]*emit providers \(parallel\)[\s\S]*emit providers \(parallel\)[\s\S]*emit providers \(parallel\)/,
      );
    } finally {
      child.kill("SIGTERM");
    }
    await new Promise((r) => child.once("exit", r));
  }, 240_000);
});
