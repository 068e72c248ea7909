/** Locates files shipped with toolcat (templates/, catalog.schema.json) from source or from dist/. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (
      existsSync(manifest) &&
      JSON.parse(readFileSync(manifest, "utf8")).name === "toolcat"
    )
      return (root = dir);
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(
        "toolcat: cannot find the package root (package.json named toolcat)",
      );
    dir = parent;
  }
}

let version: string | undefined;

/** toolcat's own version (package.json), part of every cache key. */
export function packageVersion(): string {
  return (version ??= String(
    JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8"))
      .version,
  ));
}

const cache = new Map<string, string>();

/** Reads `templates/<name>` as text (cached: templates do not change during a run). */
export function readTemplate(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(join(packageRoot(), "templates", name), "utf8");
    cache.set(name, text);
  }
  return text;
}

/** The function the CLI bundle's loader provides for `import()` (scripts/code-cache.cjs). */
const IMPORT_PACKAGE = Symbol.for("toolcat.importPackage");

/**
 * `import(id)` of a package (prettier, vite), from wherever this code runs. In the CLI's bundle
 * the chunks are compiled by `vm.Script` with a code cache (scripts/code-cache.cjs), where Node 20
 * runs no `import()` without --experimental-vm-modules: there the bundle's loader provides the
 * import, resolved from the bundle's folder as the chunk's own would be. Everything else imports.
 */
export function importPackage<T>(id: string): Promise<T> {
  const provided = (globalThis as Record<symbol, unknown>)[IMPORT_PACKAGE] as
    ((id: string) => Promise<unknown>) | undefined;
  return (provided ? provided(id) : import(id)) as Promise<T>;
}
