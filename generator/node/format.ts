/**
 * Formatting with the app's own prettier config: each output file is formatted once, as a whole
 * (never per schema), with the options prettier resolves for that file's path.
 */
import type { OutputFile } from "../core/emit/artifact.js";
import type { Formatter } from "../core/pipeline.js";
import { join } from "node:path";

export function prettierFormatter(outDir: string): Formatter {
  let prettier: typeof import("prettier") | undefined;
  const configs = new Map<string, Promise<import("prettier").Options | null>>();
  return async (file: OutputFile) => {
    prettier ??= await import("prettier");
    const filepath = join(outDir, file.path);
    // Files in one directory share one config lookup.
    const dir = filepath.slice(0, filepath.lastIndexOf("/") + 1);
    let config = configs.get(dir);
    if (!config) configs.set(dir, (config = prettier.resolveConfig(filepath, { editorconfig: true })));
    const options = (await config) ?? {};
    return prettier.format(file.contents, { ...options, filepath, parser: file.language === "json" ? "json" : (options.parser ?? "typescript"), endOfLine: "lf" });
  };
}
