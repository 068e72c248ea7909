/**
 * `--js`: the formatted TypeScript output becomes ESM `.js` plus `.d.ts`, file by file, with the
 * TypeScript that ts-morph bundles (loaded only when `--js` is asked for; ts-morph is the runtime
 * dependency that carries it).
 *
 * No program is built and nothing is type-checked: every generated file already type-checks
 * under `strict` (tests check it), and every export is annotated, which is what per-file emit
 * needs — `transpileModule` erases the types of one file (`isolatedModules` semantics), and
 * `transpileDeclaration` writes its `.d.ts` from the annotations alone (the
 * `isolatedDeclarations` rules; it reports a declaration it cannot write without inference,
 * which here would be a generator bug). A program with a type-check took about five seconds even
 * for a handful of tools; this takes a fraction of one.
 */
import type { OutputFile } from "../core/emit/artifact.js";

export async function toJavaScript(files: ReadonlyMap<string, string>): Promise<OutputFile[]> {
  const { ts } = await import("ts-morph");
  const compilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    removeComments: false,
    newLine: ts.NewLineKind.LineFeed,
  };
  const out: OutputFile[] = [];
  for (const [path, text] of files) {
    if (!path.endsWith(".ts") || path.endsWith(".d.ts")) {
      out.push({ path, contents: text, language: path.endsWith(".json") ? "json" : "verbatim" });
      continue;
    }
    const fileName = `/out/${path}`;
    const base = path.replace(/\.ts$/, "");
    const js = ts.transpileModule(text, { compilerOptions, fileName, reportDiagnostics: true });
    const dts = ts.transpileDeclaration(text, { compilerOptions, fileName, reportDiagnostics: true });
    const problems = [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])];
    if (problems.length > 0) {
      const host = { getCurrentDirectory: () => "/", getCanonicalFileName: (f: string) => f, getNewLine: () => "\n" };
      throw new Error(`internal: --js emit failed for ${path}: ${ts.formatDiagnostics(problems, host)}`);
    }
    // Declaration emit drops a detached leading comment; every output file keeps the header.
    const header = text.slice(0, text.indexOf("\n"));
    const withHeader = (emitted: string) => (emitted.startsWith(header) ? emitted : `${header}\n\n${emitted}`);
    out.push({ path: `${base}.js`, contents: withHeader(js.outputText), language: "typescript" });
    out.push({ path: `${base}.d.ts`, contents: withHeader(dts.outputText), language: "typescript" });
  }
  return out;
}
