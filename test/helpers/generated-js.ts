/**
 * generated/ transpiled to JavaScript (imports already end in .js), for child processes that run
 * the generated dispatcher as an app would: Node 20 cannot load TypeScript. Written once per
 * test process under test/.tmp/, so node_modules resolves from the repository.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { ts } from "ts-morph";
import { repoRoot } from "./pipeline.js";

let compiled: string | undefined;

export function generatedAsJs(): string {
  if (compiled !== undefined) return compiled;
  const source = join(repoRoot, "generated");
  const out = join(repoRoot, "test", ".tmp", `generated-js-${process.pid}`);
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
  for (const file of walk(source)) {
    const js = ts.transpileModule(readFileSync(file, "utf8"), { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
    const target = join(out, relative(source, file)).replace(/\.ts$/, ".js");
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, js);
  }
  writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
  return (compiled = out);
}
