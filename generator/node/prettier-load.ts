/**
 * prettier loaded only where it can change a byte (docs/performance.md, "Fixed cost of a
 * process"): its entry module costs a thread about 30 ms to load, and at its default options
 * toolcat's own printers format every file of a small catalog, so nothing is left for it.
 *
 * - Its version (part of every cache key) is read from its package.json: the version prettier
 *   reports (a test checks they agree).
 * - `format` loads it on the first call.
 * - `resolveConfig` is asked only when a config could apply to an output file: a file prettier's
 *   config search looks for, in the file's folder or one above it (PRETTIER_CONFIG_FILES), or an
 *   `.editorconfig` there (toolcat asks prettier to honour it). Where there is none, prettier's
 *   answer is known without asking: no config (null), the options being its defaults.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PrettierCalls } from "./format.js";
import { importPackage } from "./package-root.js";

/**
 * The names prettier 3's config search looks for in each folder from the file's up to the root
 * (`CONFIG_FILES` of src/config/prettier-config/config-searcher.js, prettier 3.10). package.json
 * and package.yaml count only when they hold a "prettier" key.
 */
export const PRETTIER_CONFIG_FILES: readonly string[] = [
  "package.json",
  "package.yaml",
  ".prettierrc",
  ".prettierrc.json",
  ".prettierrc.yml",
  ".prettierrc.yaml",
  ".prettierrc.json5",
  ".prettierrc.js",
  "prettier.config.js",
  ".prettierrc.ts",
  "prettier.config.ts",
  ".prettierrc.mjs",
  "prettier.config.mjs",
  ".prettierrc.mts",
  "prettier.config.mts",
  ".prettierrc.cjs",
  "prettier.config.cjs",
  ".prettierrc.cts",
  "prettier.config.cts",
  ".prettierrc.toml",
];

/** The file the editorconfig search looks for in each folder (prettier's `editorconfig: true`). */
export const EDITORCONFIG_FILE = ".editorconfig";

let version: string | undefined;

/** The installed prettier's version, from its package.json (without loading prettier). */
export function prettierVersion(): string {
  return (version ??= (
    createRequire(import.meta.url)("prettier/package.json") as {
      version: string;
    }
  ).version);
}

let loaded: Promise<typeof import("prettier")> | undefined;

/** prettier's entry module, loaded on the first call (once per thread). */
export function importPrettier(): Promise<typeof import("prettier")> {
  return (loaded ??= importPackage<typeof import("prettier")>("prettier"));
}

/** What formatFiles calls of prettier, loading it only when something is formatted. */
export const lazyPrettier: PrettierCalls = {
  get version() {
    return prettierVersion();
  },
  format: async (text, options) =>
    (await importPrettier()).format(text, options),
};

/**
 * Whether a prettier config could apply to files in `dir`: one of PRETTIER_CONFIG_FILES (a
 * package.json only with a "prettier" key, or one that does not parse: prettier would say why)
 * or an `.editorconfig`, in `dir` or a folder above it. `seen` keeps each folder's answer
 * (folders of one output tree share their parents). Errs towards yes: a yes only means prettier
 * is asked.
 */
export function configMayApply(
  dir: string,
  seen: Map<string, boolean>,
): boolean {
  const known = seen.get(dir);
  if (known !== undefined) return known;
  const parent = dirname(dir);
  const here =
    existsSync(join(dir, EDITORCONFIG_FILE)) ||
    PRETTIER_CONFIG_FILES.some((name) => {
      const path = join(dir, name);
      if (!existsSync(path)) return false;
      return name === "package.json" ? packageJsonMayConfigure(path) : true;
    });
  const answer = here || (parent !== dir && configMayApply(parent, seen));
  seen.set(dir, answer);
  return answer;
}

/** A package.json prettier would take its config from (or could not read: prettier then decides). */
function packageJsonMayConfigure(path: string): boolean {
  try {
    const manifest: unknown = JSON.parse(readFileSync(path, "utf8"));
    return (
      typeof manifest !== "object" ||
      manifest === null ||
      Boolean((manifest as { prettier?: unknown }).prettier)
    );
  } catch {
    return true;
  }
}
