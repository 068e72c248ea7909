/**
 * The CLI's bundle (scripts/bundle.js, run by `npm run build` after tsc): current with the module
 * tree it was built from, what bin/toolcat.js runs — its worker threads started from the bundle
 * too — and giving the bytes the module tree gives, a large catalog's worker included. Fails when
 * the build did not bundle (dist/bundle missing) or a dist module changed after bundling (a `tsc`
 * build alone): run `npm run build`.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bin, scratchProject, snapshot } from "../helpers/cli.js";
import { loadedModules, moduleLoadLogger } from "../helpers/module-loads.js";
import { repoRoot } from "../helpers/pipeline.js";

const bundle = join(repoRoot, "dist", "bundle");
const ownDist = pathToFileURL(join(repoRoot, "dist")).href + "/";

function node(cwd: string, args: string[]) {
  const r = spawnSync(process.execPath, args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe("the CLI bundle (dist/bundle)", () => {
  it("is built, and no module it holds changed since", () => {
    const manifest = join(bundle, "manifest.json");
    expect(
      existsSync(manifest),
      "dist/bundle is missing: run `npm run build`",
    ).toBe(true);
    for (const entry of ["main.js", "emit-worker.js", "format-worker.js"])
      expect(existsSync(join(bundle, entry)), entry).toBe(true);
    const { modules } = JSON.parse(readFileSync(manifest, "utf8")) as {
      modules: string[];
    };
    for (const entry of [
      "dist/generator/cli/main.js",
      "dist/generator/node/emit-worker.js",
      "dist/generator/node/format-worker.js",
    ])
      expect(modules).toContain(entry);
    const built = statSync(manifest).mtimeMs;
    const stale = modules.filter(
      (m) =>
        !existsSync(join(repoRoot, m)) ||
        statSync(join(repoRoot, m)).mtimeMs > built,
    );
    expect(
      stale,
      "dist modules newer than the bundle: run `npm run build`",
    ).toEqual([]);
  });

  // The example catalog: one thread (generator/index.ts); padded past PARALLEL_FROM_BYTES, part
  // of the emitting on the emit worker.
  const padded =
    readFileSync(join(repoRoot, "catalog", "tools.yaml"), "utf8") +
    `# ${"padding ".repeat(64)}\n`.repeat(300);
  it.each([
    ["the example catalog", undefined, [] as string[]],
    ["a catalog past the parallel threshold", padded, ["emit-worker.js"]],
  ])(
    "is what bin/toolcat.js runs for %s, with its worker threads, and gives the module tree's bytes",
    (_, catalog, workers) => {
      if (catalog) expect(catalog.length).toBeGreaterThan(128 * 1024);
      const dir = scratchProject(catalog);
      const hook = moduleLoadLogger(dir);

      const bundled = node(dir, [
        "--import",
        hook,
        bin,
        "generate",
        "--no-cache",
        "--out",
        "from-bundle",
      ]);
      expect(bundled.code, bundled.stderr).toBe(0);
      const loaded = loadedModules(bundled.stderr).filter((u) =>
        u.startsWith(ownDist),
      );
      const inBundle = pathToFileURL(bundle).href + "/";
      for (const entry of ["main.js", ...workers])
        expect(loaded, entry).toContain(inBundle + entry);
      for (const worker of ["emit-worker.js", "format-worker.js"])
        if (!workers.includes(worker))
          expect(loaded, worker).not.toContain(inBundle + worker);
      expect(
        loaded.filter((u) => !u.startsWith(inBundle)),
        "modules loaded from outside the bundle",
      ).toEqual([]);

      // What only other commands (or an unusual catalog) need stays unloaded on generate.
      const tree = pathToFileURL(
        join(repoRoot, "dist", "generator", "cli", "main.js"),
      ).href;
      const all = loadedModules(bundled.stderr);
      for (const unneeded of [
        "/node_modules/yaml/",
        "node:http",
        "node:child_process",
      ])
        expect(
          all.filter((u) => u.includes(unneeded)),
          unneeded,
        ).toEqual([]);

      const unbundled = node(dir, [
        "--import",
        hook,
        "--input-type=module",
        "-e",
        `import { main } from ${JSON.stringify(tree)}; process.exitCode = await main(process.argv.slice(1));`,
        "generate",
        "--no-cache",
        "--out",
        "from-tree",
      ]);
      expect(unbundled.code, unbundled.stderr).toBe(0);
      const fromTree = loadedModules(unbundled.stderr);
      expect(fromTree).toContain(tree);
      for (const unneeded of [
        "/node_modules/yaml/",
        "/dist/generator/cli/diff-command.js",
        "/dist/generator/cli/import-command.js",
        "/dist/generator/cli/lint-command.js",
        "/dist/generator/cli/playground-command.js",
        "/dist/generator/cli/init-command.js",
        "/dist/generator/core/lint/fix.js",
        "/dist/generator/node/js-output.js",
        "/dist/generator/node/static-server.js",
      ])
        expect(
          fromTree.filter((u) => u.includes(unneeded)),
          unneeded,
        ).toEqual([]);
      const a = snapshot(join(dir, "from-bundle"));
      const b = snapshot(join(dir, "from-tree"));
      expect(a.size).toBeGreaterThan(40);
      expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
      for (const [path, { text }] of a)
        expect(text === b.get(path)!.text, path).toBe(true);
    },
  );

  it("falls back to the module tree when the bundle is missing", () => {
    const dir = scratchProject();
    mkdirSync(join(dir, "toolcat", "bin"), { recursive: true });
    // A copy of the package without dist/bundle: bin/toolcat.js beside a link to dist/generator.
    writeFileSync(
      join(dir, "toolcat", "package.json"),
      readFileSync(join(repoRoot, "package.json")),
    );
    writeFileSync(join(dir, "toolcat", "bin", "toolcat.js"), readFileSync(bin));
    const distCopy = join(dir, "toolcat", "dist");
    mkdirSync(distCopy);
    spawnSync("ln", [
      "-s",
      join(repoRoot, "dist", "generator"),
      join(distCopy, "generator"),
    ]);
    spawnSync("ln", [
      "-s",
      join(repoRoot, "templates"),
      join(dir, "toolcat", "templates"),
    ]);
    const hook = moduleLoadLogger(dir);
    const r = node(dir, [
      "--import",
      hook,
      join(dir, "toolcat", "bin", "toolcat.js"),
      "--version",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.stderr).toContain("/dist/generator/cli/main.js");
    expect(r.stderr).not.toContain("/dist/bundle/");
  });
});
