/**
 * Bundles the compiled CLI and its worker threads (dist/generator, built by tsc first) into
 * dist/bundle/, as CommonJS chunks that scripts/code-cache.cjs (copied there) runs with V8 code
 * caches: `main.js` (what bin/toolcat.js runs), `emit-worker.js` and `format-worker.js` (the
 * threads parallel-emit.ts and format-pool.ts start beside the module that starts them: each
 * loads its `*.entry.js` through the same loader), and the chunks they share. Node loads a few
 * files instead of about 240 modules, and with the caches compiles almost nothing of them
 * (docs/performance.md, "Fixed cost of a process"). Packages (prettier, yaml, typescript, vite)
 * stay imports, resolved from node_modules as before.
 *
 * `manifest.json`, written after the chunks, lists every dist module the bundle holds:
 * bin/toolcat.js runs the bundle only when none of them is newer than it (a `tsc` build without
 * this step, or a patched dist file, runs the module tree instead), and
 * test/unit/bundle.test.ts checks it is current. Then one run of the example catalog writes the
 * code caches (code-cache/) for this Node; another Node writes its own on its first run.
 * The library entry (dist/generator/index.js, package.json "exports") is not bundled.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = resolve(root, "dist", "bundle");

rmSync(outDir, { recursive: true, force: true });
let build;
try {
  ({ build } = await import("rolldown"));
} catch {
  // Installed without development dependencies: no bundle, and bin/toolcat.js runs dist/generator.
  process.stderr.write(
    "toolcat: rolldown (a development dependency) is not installed: dist/bundle not built; bin/toolcat.js runs dist/generator\n",
  );
  process.exit(0);
}
mkdirSync(outDir, { recursive: true });
const workers = ["emit-worker", "format-worker"];
const result = await build({
  cwd: root,
  input: {
    main: "dist/generator/cli/main.js",
    // What bin/toolcat.js loads before main.js: the emit worker's early start, in a chunk of its own.
    "early-emit-worker": "dist/generator/node/early-emit-worker.js",
    ...Object.fromEntries(
      workers.map((w) => [`${w}.entry`, `dist/generator/node/${w}.js`]),
    ),
  },
  platform: "node",
  // Only toolcat's own modules go in: every package stays an import.
  external: (id) => !id.startsWith(".") && !id.startsWith("/"),
  logLevel: "warn",
  output: {
    dir: outDir,
    // CommonJS: what vm.Script compiles, with a code cache (Node 20 caches no ES module).
    format: "cjs",
    // One folder: the workers' URLs (`./emit-worker.js` beside the code that starts them) and
    // packageRoot()'s walk up from import.meta.url hold from any chunk.
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
  },
});
// The chunks are CommonJS whatever the package's "type"; a worker's entry starts the loader.
writeFileSync(resolve(outDir, "package.json"), '{ "type": "commonjs" }\n');
copyFileSync(
  resolve(root, "scripts", "code-cache.cjs"),
  resolve(outDir, "code-cache.cjs"),
);
const byFile = new Map(
  result.output.filter((c) => c.type === "chunk").map((c) => [c.fileName, c]),
);
/** Node's built-ins a chunk and the chunks it loads require (`node:` imports). */
function builtinsOf(fileName, seen = new Set(), out = new Set()) {
  if (seen.has(fileName)) return out;
  seen.add(fileName);
  for (const id of byFile.get(fileName)?.imports ?? [])
    if (id.startsWith("node:")) out.add(id);
    else builtinsOf(id, seen, out);
  return out;
}
/**
 * What a thread running `entry` compiles of Node's built-ins before a one-shot run sets V8's
 * flags (code-cache.cjs `passGate`, `oneShot`): the chunks' `node:` imports, and perf_hooks, which
 * Node loads on first use of the `performance` global (the stages' timings).
 */
const preload = (entry) => [...builtinsOf(entry).add("node:perf_hooks")].sort();
for (const w of workers) {
  const builtins = preload(`${w}.entry.js`);
  writeFileSync(
    resolve(outDir, `${w}.js`),
    `"use strict";\n// The ${w} thread: its bundle, run with its code cache (code-cache.cjs), after Node's\n// built-ins its chunks require are compiled as a worker started early does (\`passGate\`).\nconst cache = require("./code-cache.cjs");\ncache.passGate(${JSON.stringify(builtins)});\ncache.load(require("node:path").join(__dirname, "${w}.entry.js"));\n`,
  );
}
const modules = new Set();
for (const chunk of result.output)
  if (chunk.type === "chunk")
    for (const id of chunk.moduleIds)
      if (!id.startsWith("\0")) modules.add(relative(root, id));
writeFileSync(
  resolve(outDir, "manifest.json"),
  JSON.stringify(
    { modules: [...modules].sort(), builtins: preload("main.js") },
    null,
    2,
  ) + "\n",
);

// The code caches, from runs that compiled what `generate` needs (a one-shot run writes both the
// plain caches of the chunks it loads first and the one-shot caches the emit worker looks for,
// code-cache.cjs `save`) and what the other commands share (`lint`); each run writes the caches
// missing for its kind.
const catalog = resolve(root, "catalog", "tools.yaml");
if (existsSync(catalog)) {
  const scratch = mkdtempSync(join(tmpdir(), "toolcat-code-cache-"));
  try {
    for (const args of [
      [
        "generate",
        "--no-cache",
        "--catalog",
        catalog,
        "--out",
        join(scratch, "generated"),
      ],
      ["lint", "--catalog", catalog],
    ]) {
      const run = spawnSync(
        process.execPath,
        [resolve(root, "bin", "toolcat.js"), ...args],
        {
          cwd: scratch,
          encoding: "utf8",
          // The plain caches, those of a process started without options (code-cache.cjs).
          env: { ...process.env, NODE_OPTIONS: "", TOOLCAT_CODE_CACHE: "1" },
        },
      );
      // lint exits 1 on findings of its own: only a crash (no status, or 2) is a failed warm-up.
      if (run.status !== 0 && run.status !== 1)
        process.stderr.write(
          `toolcat: the warm-up run \`${args[0]}\` for the code caches failed (the bundle runs without them):\n${run.stderr}`,
        );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
