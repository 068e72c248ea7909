/**
 * prettier's answer for the most common app config, known without loading prettier: the nearest
 * config being a `.prettierrc.json` of plain options (the real-tool project's and the benches'
 * `{}`, or `{ "printWidth": 100, … }`) and no `.editorconfig` anywhere above the file. Loading
 * prettier's entry module only to read that file cost each thread that resolved options — both
 * threads of a large catalog's run, the worker on the run's critical path — about 60–100 ms of
 * CPU (docs/performance.md).
 *
 * What prettier 3's `resolveConfig(file, { editorconfig: true })` does there (src/config/
 * resolve-config.js, prettier-config/, editorconfig/): the config search walks up from the file's
 * folder and takes, in the first folder holding any of PRETTIER_CONFIG_FILES, the first of them
 * in that order (a package.json only with a `prettier` key); a `.json` one is read as JSON
 * without a BOM and its `$schema` dropped; `overrides` are matched against the file and removed;
 * `plugins` given as relative paths are resolved; the editorconfig options come first, but
 * without any `.editorconfig` there are none. Anything else — another kind of config first, an
 * `.editorconfig`, overrides, plugins, a value that is not an object of options, a file that does
 * not parse — is left to prettier (`undefined`): a shortcut that erred would change bytes, one
 * that declines only costs the load.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Options } from "prettier";
import { EDITORCONFIG_FILE, PRETTIER_CONFIG_FILES } from "./prettier-load.js";

const JSON_CONFIG = ".prettierrc.json";

/** Keys whose value prettier rewrites (or matches against the file), which this does not. */
const DECLINED = new Set(["overrides", "plugins", "__proto__"]);

/**
 * The options prettier resolves for a file in `dir` when the nearest config is a plain
 * `.prettierrc.json` and no `.editorconfig` could apply (null, as prettier says, when there is no
 * config at all); `undefined` when prettier must be asked.
 */
export function plainJsonConfig(dir: string): Options | null | undefined {
  let config: Options | undefined;
  for (let d = dir; ; d = dirname(d)) {
    // The editorconfig search goes on above the config's folder (to the project's root: up to the
    // file system's, to be safe).
    if (existsSync(join(d, EDITORCONFIG_FILE))) return undefined;
    if (config === undefined) {
      const found = configHere(d);
      if (found === "declined") return undefined;
      config = found;
    }
    if (dirname(d) === d) return config ?? null;
  }
}

/** This folder's config as the search sees it: the options, none here, or one for prettier. */
function configHere(dir: string): Options | "declined" | undefined {
  for (const name of PRETTIER_CONFIG_FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    if (name === "package.json") {
      // Without a `prettier` key the search goes on past it (prettier's filter); unreadable, or
      // with the key, prettier decides.
      const manifest = parsed(path);
      if (manifest === undefined || !isObject(manifest) || manifest.prettier)
        return "declined";
      continue;
    }
    if (name !== JSON_CONFIG) return "declined";
    const options = parsed(path);
    if (!isObject(options) || Object.keys(options).some((k) => DECLINED.has(k)))
      return "declined";
    const rest = { ...options };
    delete rest.$schema;
    return rest as Options;
  }
  return undefined;
}

/** The file's JSON as prettier reads it (a BOM stripped), or undefined when it does not read or parse. */
function parsed(path: string): unknown {
  try {
    const text = readFileSync(path, "utf8");
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
