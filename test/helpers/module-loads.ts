/** Which modules a Node process loads, on every thread: a module hook that names each on stderr. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** Writes the hook into `dir`; returns the `--import` value that installs it. */
export function moduleLoadLogger(dir: string): string {
  const hook = join(dir, "log-module-loads.mjs");
  writeFileSync(
    hook,
    `import { register } from "node:module";
register("data:text/javascript," + encodeURIComponent(
  "export async function load(url, context, next) { process.stderr.write('loaded ' + url + '\\\\n'); return next(url, context); }",
));
`,
  );
  return pathToFileURL(hook).href;
}

/** The URLs the hook named in a process's stderr. */
export function loadedModules(stderr: string): string[] {
  return [...stderr.matchAll(/^loaded (\S+)$/gm)].map((m) => m[1]!);
}

/**
 * Writes a preload into `dir` that names on stderr each module `require` loads (CommonJS: the
 * bundle's chunks require their packages and Node's built-ins, which the module hook above does
 * not see); returns the `--require` value that installs it.
 */
export function requireLogger(dir: string): string {
  const hook = join(dir, "log-requires.cjs");
  writeFileSync(
    hook,
    `const Module = require("node:module");
const load = Module._load;
Module._load = function (request, parent, isMain) {
  process.stderr.write("required " + request + "\\n");
  return load.apply(this, arguments);
};
`,
  );
  return hook;
}

/** The requests the preload named in a process's stderr. */
export function requiredModules(stderr: string): string[] {
  return [...stderr.matchAll(/^required (\S+)$/gm)].map((m) => m[1]!);
}
