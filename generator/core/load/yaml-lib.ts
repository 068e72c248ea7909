/**
 * The `yaml` package, loaded on first use. Typical catalogs are read by the subset parser
 * (fast-yaml/) and never need it; loading it costs a fresh `generate` about 30 ms
 * (docs/performance.md, "Fixed cost of a process"). Its callers are synchronous, so it is
 * required rather than imported (in Node, `yaml` is one CommonJS package either way: the same
 * instance), through the loader toolcat's Node entry provides (generator/index.ts), else through
 * `process.getBuiltinModule` (Node 20.16 and later). A page cannot load synchronously: the
 * playground's workers provide the module they import (playground/src/engine/yaml.ts).
 */
import type * as Yaml from "yaml";

export type YamlLib = typeof Yaml;

let lib: YamlLib | undefined;
let loader: (() => YamlLib) | undefined;

/** Provides `yaml` itself, or how to load it when first asked. */
export function provideYaml(source: YamlLib | (() => YamlLib)): void {
  if (typeof source === "function") loader = source;
  else lib = source;
}

/** The `yaml` package. */
export function yaml(): YamlLib {
  return (lib ??= (loader ?? builtinRequire)());
}

function builtinRequire(): YamlLib {
  const node = (
    globalThis as {
      process?: {
        getBuiltinModule?: (id: string) => typeof import("node:module");
      };
    }
  ).process?.getBuiltinModule?.("node:module");
  if (!node)
    throw new Error(
      "internal: the yaml package was not provided (yaml-lib.ts)",
    );
  return node.createRequire(import.meta.url)("yaml") as YamlLib;
}
