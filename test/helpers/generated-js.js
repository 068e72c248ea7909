// generated/ transpiled to JavaScript (imports already end in .js), for child processes and
// benchmarks that run the generated dispatcher as an app would: Node 20 cannot load TypeScript.
// Written under test/.tmp/ (so node_modules resolves from the repository), once per process.
// Plain JavaScript so that test/bench (run by node) and the vitest tests share it.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ts } from "ts-morph";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const compiled = new Map();

/** Writes the TypeScript `text` as an ES module to `target` (types erased, no check). */
export function transpileFile(text, target) {
  const js = ts.transpileModule(text, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
    },
  }).outputText;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, js);
}

/** The directory holding generated/ as .js files (for `name`, a directory of its own). */
export function generatedAsJs(name = "generated-js") {
  const known = compiled.get(name);
  if (known !== undefined) return known;
  const source = join(root, "generated");
  const out = join(root, "test", ".tmp", `${name}-${process.pid}`);
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(join(dir, e.name))
        : e.name.endsWith(".ts")
          ? [join(dir, e.name)]
          : [],
    );
  for (const file of walk(source))
    transpileFile(
      readFileSync(file, "utf8"),
      join(out, relative(source, file)).replace(/\.ts$/, ".js"),
    );
  writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
  compiled.set(name, out);
  return out;
}

/** Removes what `generatedAsJs(name)` wrote. */
export function removeGeneratedJs(name = "generated-js") {
  const dir = compiled.get(name);
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  compiled.delete(name);
}
