/**
 * Builds the playground into dist/playground (a static folder: index.html, hashed assets). The
 * `node-free` plugin fails the build when anything the page imports reaches a Node built-in
 * module: the pipeline must run in the page as it is (test/playground/node-free.test.ts).
 */
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

export function nodeFree(): Plugin {
  return {
    name: "toolcat-node-free",
    enforce: "pre",
    resolveId(source, importer) {
      if (source.startsWith("node:") || BUILTINS.has(source))
        this.error(
          `the playground must not import Node-only modules: ${importer ?? "?"} imports ${source}`,
        );
      return null;
    },
  };
}

export const PLAYGROUND_ROOT = fileURLToPath(new URL(".", import.meta.url));
export const PLAYGROUND_OUT = fileURLToPath(
  new URL("../../dist/playground", import.meta.url),
);

export default defineConfig({
  root: PLAYGROUND_ROOT,
  base: "./",
  logLevel: "warn",
  plugins: [nodeFree()],
  worker: { format: "es", plugins: () => [nodeFree()] },
  build: {
    outDir: PLAYGROUND_OUT,
    emptyOutDir: true,
    target: "es2022",
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4096,
  },
});
