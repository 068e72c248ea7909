/**
 * Bundles the compiled CLI and its worker threads (dist/generator, built by tsc first) into
 * dist/bundle/: `main.js` (what bin/toolcat.js runs), `emit-worker.js` and `format-worker.js` (the
 * threads parallel-emit.ts and format-pool.ts start beside the module that starts them), and the
 * chunks they share. Node loads a few files instead of about 240 modules: in a fresh process that
 * is about 80 ms less per thread (docs/performance.md, "Fixed cost of a process"). Packages
 * (prettier, yaml, typescript, vite) stay imports, resolved from node_modules as before.
 *
 * `manifest.json`, written last, lists every dist module the bundle holds: bin/toolcat.js runs the
 * bundle only when none of them is newer than it (a `tsc` build without this step, or a patched
 * dist file, runs the module tree instead), and test/unit/bundle.test.ts checks it is current.
 * The library entry (dist/generator/index.js, package.json "exports") is not bundled.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
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
const result = await build({
  cwd: root,
  input: {
    main: "dist/generator/cli/main.js",
    "emit-worker": "dist/generator/node/emit-worker.js",
    "format-worker": "dist/generator/node/format-worker.js",
  },
  platform: "node",
  // Only toolcat's own modules go in: every package stays an import.
  external: (id) => !id.startsWith(".") && !id.startsWith("/"),
  logLevel: "warn",
  output: {
    dir: outDir,
    format: "esm",
    // One folder: the workers' URLs (`./emit-worker.js` beside the code that starts them) and
    // packageRoot()'s walk up from import.meta.url hold from any chunk.
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
  },
});
const modules = new Set();
for (const chunk of result.output)
  if (chunk.type === "chunk")
    for (const id of chunk.moduleIds)
      if (!id.startsWith("\0")) modules.add(relative(root, id));
writeFileSync(
  resolve(outDir, "manifest.json"),
  JSON.stringify({ modules: [...modules].sort() }, null, 2) + "\n",
);
