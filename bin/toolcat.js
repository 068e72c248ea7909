#!/usr/bin/env node
// toolcat command-line entry: runs the compiled CLI from dist/ (built by `npm run build`, which
// `npm ci` runs through the `prepare` script) — its bundle (dist/bundle: a few CommonJS chunks
// where the module tree is about 240 modules, run with V8 code caches by code-cache.cjs) when it
// is current, the module tree otherwise (no bundle, or a dist module newer than it: a `tsc`
// build without the bundle step). The bundle starts its worker threads from dist/bundle too, the
// module tree from itself.
import { createRequire } from "node:module";

// Node's built-ins are required, not imported: importing node:fs builds its ES module facade,
// which reads every export — its streams too, about 5 ms of loading this run may never need.
const require = createRequire(import.meta.url);
const { existsSync, readFileSync, statSync } = require("node:fs");
const { join } = require("node:path");
const { fileURLToPath } = require("node:url");

const dist = new URL("../dist/", import.meta.url);
const root = fileURLToPath(new URL("..", dist));
const args = process.argv.slice(2);
// The manifest alone is read first; whether the bundle is current (a stat of each module it
// holds: 5–12 ms on a loaded machine) is checked once the emit worker is starting, while this
// thread would otherwise wait for it at the code cache's gate (below).
const manifest = bundleManifest();
const bundle = join(root, "dist", "bundle");
const cache = manifest && cacheLoader();
const oneShot =
  args[0] === "generate" && !args.some((a) => a.startsWith("--watch"));
// A large catalog's emit worker starts now, its start overlapping this thread's loading of the
// CLI (early-emit-worker.ts), and before oneShot: Node compiles the worker's own start from its
// built-ins' code caches only under V8's default flags. The worker then waits for oneShot
// before loading its chunks (code-cache.cjs `oneShotGate`). A bundle built before that chunk
// existed (dist/ not rebuilt after an update) has none: the worker then starts when the run
// needs it, as it did then.
const early = join(bundle, "early-emit-worker.js");
const earlyChunk =
  cache && args[0] === "generate" && existsSync(early)
    ? cache.load(early)
    : undefined;
const started =
  earlyChunk?.startEmitWorkerEarly(
    args,
    oneShot ? cache.oneShotGate() : undefined,
  ) === true;
if (cache && isCurrent(manifest)) {
  // One run and the process ends: V8 optimises only the really hot code (code-cache.cjs
  // `oneShot`). The CLI's chunks are loaded first, under V8's default flags and from their caches
  // made under them, while the early emit worker starts: `oneShot` waits for that start at the
  // code cache's gate, which this thread used to spend idle (about 35 ms on the real tools), so
  // the catalog now reaches the worker sooner (wall 0.95–0.99×, CPU the same, issue 25's
  // eleventh round). Node's built-ins the CLI requires are compiled under the default flags too,
  // from Node's caches of them (manifest.json's `builtins`, written by scripts/bundle.js).
  const cli = cache.load(join(bundle, "main.js"));
  if (oneShot) cache.oneShot(manifest.builtins ?? [], started);
  const { main } = cli;
  process.exitCode = await main(args);
  // Caches for the chunks that had none (another Node's first run), with what this run compiled.
  cache.save();
} else {
  // A bundle older than a module it holds (a `tsc` build without the bundle step): the worker
  // it started is not the module tree's, which starts its own.
  if (started) earlyChunk.endEarlyEmitWorker?.();
  const tree = new URL("generator/cli/main.js", dist);
  if (!existsSync(tree)) {
    process.stderr.write(
      "toolcat: dist/ is missing; run `npm run build` (npm ci does it through `prepare`)\n",
    );
    process.exit(2);
  }
  const { main } = await import(tree.href);
  process.exitCode = await main(args);
}

/** dist/bundle's manifest (scripts/bundle.js), or undefined when there is none. */
function bundleManifest() {
  try {
    return JSON.parse(
      readFileSync(join(root, "dist", "bundle", "manifest.json"), "utf8"),
    );
  } catch {
    return undefined;
  }
}

/** The bundle's loader (code-cache.cjs), or undefined when it is missing. */
function cacheLoader() {
  try {
    return require(join(root, "dist", "bundle", "code-cache.cjs"));
  } catch {
    return undefined;
  }
}

/** Whether no module the bundle was built from (its manifest's `modules`) has changed since. */
function isCurrent(manifest) {
  try {
    // Paths, not URLs: a URL per module made this check cost about 20 ms instead of 2.
    const built = statSync(
      join(root, "dist", "bundle", "manifest.json"),
    ).mtimeMs;
    return manifest.modules.every(
      (m) =>
        statSync(join(root, m), { throwIfNoEntry: false })?.mtimeMs <= built,
    );
  } catch {
    return false;
  }
}
