/**
 * `--js`: the formatted TypeScript output becomes ESM `.js` plus `.d.ts`, with the TypeScript that
 * ts-morph bundles (loaded only when `--js` is asked for; ts-morph is the runtime dependency that
 * carries it).
 *
 * Nothing is type-checked (`noCheck`) and nothing is resolved: every generated file already
 * type-checks under `strict` (tests check it), and every export is annotated, which is what
 * per-file emit needs — each file's types are erased on their own (`isolatedModules`), and its
 * `.d.ts` is written from the annotations alone (`isolatedDeclarations`: a declaration that would
 * need inference is reported, which here would be a generator bug). This is what
 * `transpileModule` and `transpileDeclaration` do file by file; one program without a checker
 * gives the same bytes and parses each file once instead of twice (a quarter less time). A
 * program with a type-check took about five seconds even for a handful of tools.
 */
import type { OutputFile } from "../core/emit/artifact.js";

const ROOT = "/out/";

export async function toJavaScript(files: ReadonlyMap<string, string>): Promise<OutputFile[]> {
  const { ts } = await import("ts-morph");
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    removeComments: false,
    newLine: ts.NewLineKind.LineFeed,
    declaration: true,
    isolatedDeclarations: true,
    isolatedModules: true,
    noCheck: true,
    noResolve: true,
    noLib: true,
    types: [],
  };
  const out: OutputFile[] = [];
  const sources = new Map<string, import("ts-morph").ts.SourceFile>();
  const headers = new Map<string, string>();
  for (const [path, text] of files) {
    if (!path.endsWith(".ts") || path.endsWith(".d.ts")) {
      out.push({ path, contents: text, language: path.endsWith(".json") ? "json" : "verbatim" });
      continue;
    }
    sources.set(`${ROOT}${path}`, ts.createSourceFile(`${ROOT}${path}`, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS));
    headers.set(path.replace(/\.ts$/, ""), text.slice(0, text.indexOf("\n")));
  }
  const emitted = new Map<string, string>();
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name) => sources.get(name);
  host.fileExists = (name) => sources.has(name);
  host.readFile = () => undefined;
  host.writeFile = (name, text) => emitted.set(name, text);
  const result = ts.createProgram([...sources.keys()], options, host).emit();
  if (result.diagnostics.length > 0) {
    const format = { getCurrentDirectory: () => ROOT, getCanonicalFileName: (f: string) => f, getNewLine: () => "\n" };
    throw new Error(`internal: --js emit failed: ${ts.formatDiagnostics(result.diagnostics, format)}`);
  }
  for (const [name, text] of emitted) {
    const path = name.slice(ROOT.length);
    // Declaration emit drops a detached leading comment; every output file keeps the header.
    const header = headers.get(path.replace(/(\.d)?\.js$|\.d\.ts$/, "")) ?? "";
    out.push({ path, contents: text.startsWith(header) ? text : `${header}\n\n${text}`, language: "typescript" });
  }
  return out;
}
