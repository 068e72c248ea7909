/**
 * `--js`: the formatted TypeScript output becomes ESM `.js` plus `.d.ts`, compiled in memory by the
 * TypeScript compiler API that ts-morph bundles (loaded only when `--js` is asked for).
 */
import type { OutputFile } from "../core/emit/artifact.js";

export async function toJavaScript(files: ReadonlyMap<string, string>): Promise<OutputFile[]> {
  const { Project, ts } = await import("ts-morph");
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      declaration: true,
      strict: true,
      skipLibCheck: true,
      removeComments: false,
      newLine: ts.NewLineKind.LineFeed,
      lib: ["lib.es2022.d.ts"],
    },
  });
  const out: OutputFile[] = [];
  const headers = new Map<string, string>();
  for (const [path, text] of files) {
    headers.set(path.replace(/\.ts$/, ""), text.slice(0, text.indexOf("\n")));
    if (path.endsWith(".ts") && !path.endsWith(".d.ts")) project.createSourceFile(`/out/${path}`, text);
    else out.push({ path, contents: text, language: path.endsWith(".json") ? "json" : "verbatim" });
  }
  const result = project.emitToMemory();
  const problems = result.getDiagnostics();
  if (problems.length > 0) throw new Error(`internal: --js emit failed: ${project.formatDiagnosticsWithColorAndContext(problems)}`);
  for (const f of result.getFiles()) {
    const path = f.filePath.replace(/^\/out\//, "");
    // Declaration emit drops a detached leading comment; every output file keeps the header.
    const header = headers.get(path.replace(/(\.d)?\.(js|ts)$/, "")) ?? "";
    const contents = f.text.startsWith(header) ? f.text : `${header}\n\n${f.text}`;
    out.push({ path, contents, language: "typescript" });
  }
  return out;
}
