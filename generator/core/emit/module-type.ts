/**
 * `package.json` for `--js` output: `{ "type": "module" }`, so Node reads the output's `.js`
 * files as the ES modules they are wherever the output folder sits. Without it, a `.js` file
 * takes its module kind from the nearest package.json above it, and in a CommonJS package (what
 * `npm init -y` makes) the first `export` fails to load. Node and TypeScript's `node16`/`nodenext`
 * resolution both read the nearest package.json, so the `.d.ts` beside each `.js` is read as
 * an ES module's too.
 *
 * Chosen over `.mjs`/`.d.mts` names: the output keeps the names and import specifiers the
 * TypeScript output has (`./types.js`), so code moves between `--js` and the default without
 * edits, and the default TypeScript output is unchanged (it has no such file).
 *
 * The header is the `"//"` member every generated JSON file starts with (carriesHeader knows
 * it), so `generate` removes the file when `--js` is dropped, like any file it no longer makes.
 */
import type { JsonValue } from "../codegen/code.js";
import { jsonDataFile, type OutputFile } from "./artifact.js";

export const MODULE_TYPE_PATH = "package.json";

/** The output folder's package.json; `header` is toolcat's `//` header line. */
export function moduleTypeFile(header: string): OutputFile {
  const value: JsonValue = {
    "//": header.replace(/^\/\/ /, ""),
    type: "module",
  };
  return { ...jsonDataFile(MODULE_TYPE_PATH, value), review: "machine" };
}
