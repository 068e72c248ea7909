/**
 * Formatting in the page: prettier's standalone build with the options the CLI gives prettier
 * for an app without a prettier config (generator/node/format.ts `prettierOptions`: `babel-ts`
 * for TypeScript, `json` for JSON, `endOfLine: "lf"`; babel-ts retried with the `typescript`
 * parser where it fails). The CLI's fast paths and chunking print exactly what prettier prints
 * for the whole file, so formatting whole files here gives the same bytes (a test compares every
 * file of the example catalog with `toolcat generate`'s).
 */
import * as prettier from "prettier/standalone";
import * as babel from "prettier/plugins/babel";
import * as estree from "prettier/plugins/estree";
import type { OutputFile } from "../../../core/emit/artifact.js";
import type { Formatter } from "../../../core/pipeline.js";

type Plugin = NonNullable<
  NonNullable<Parameters<typeof prettier.format>[1]>["plugins"]
>[number];

const BASE_PLUGINS: Plugin[] = [babel as Plugin, estree as Plugin];

/** The typescript parser is large and rarely needed: loaded only when babel-ts fails. */
let typescriptPlugin: Promise<Plugin> | undefined;
const loadTypescript = () =>
  (typescriptPlugin ??= import("prettier/plugins/typescript").then(
    (m) => m as Plugin,
  ));

export async function formatOutputFile(file: OutputFile): Promise<string> {
  const parser = file.language === "json" ? "json" : "babel-ts";
  const options = {
    filepath: file.path,
    parser,
    endOfLine: "lf" as const,
    plugins: BASE_PLUGINS,
  };
  try {
    return await prettier.format(file.contents, options);
  } catch (e) {
    if (parser !== "babel-ts") throw e;
    return prettier.format(file.contents, {
      ...options,
      parser: "typescript",
      plugins: [...BASE_PLUGINS, await loadTypescript()],
    });
  }
}

/** The pipeline's formatter, one file after the other (the page formats on a worker). */
export const standaloneFormatter: Formatter = async (files) => {
  const out: string[] = [];
  for (const f of files) out.push(await formatOutputFile(f));
  return out;
};
