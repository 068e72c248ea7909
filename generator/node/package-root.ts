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
