/**
 * Test harness: compiles schemas to a standalone validator module (the generated TypeScript,
 * transpiled with the TypeScript compiler API) and loads it, so every test runs the code toolcat
 * emits, never an interpreter of it.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ts } from "ts-morph";
import { code } from "../../generator/core/codegen/code.js";
import { Name } from "../../generator/core/codegen/identifiers.js";
import { GeneratedFile } from "../../generator/core/emit/generated-file.js";
import {
  compileValidators,
  type CompileValidatorsOptions,
} from "../../generator/core/emit/validators/compile.js";
import type { Schema } from "../../generator/core/schema/schema.js";

export const repoRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../..",
);
/** Third-party test data copied into the repository (see test/data/README.md). */
export const dataRoot = path.resolve(repoRoot, "test/data");
export const tmpRoot = path.join(repoRoot, "test/.tmp");

export const readTemplate = (name: string): string =>
  readFileSync(path.join(repoRoot, "templates", name), "utf8");

export interface ValidationErrorLike {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message: string;
}
export type Result =
  { ok: true; value: unknown } | { ok: false; errors: ValidationErrorLike[] };
export type CompiledValidator = (value: unknown) => Result;

/** TypeScript source of a validator module with one exported `v<i>` per schema. */
/** Compiler options, and `owner`: one owner for every entry (as a tool's input and output share one). */
export type HarnessOptions = Partial<CompileValidatorsOptions> & {
  readonly owner?: string;
};

export function validatorSource(
  schemas: readonly Schema[],
  { owner, ...options }: HarnessOptions = {},
): string {
  const names = schemas.map((_, i) => `v${i}`);
  const file = new GeneratedFile("validators.ts", "// test", names);
  compileValidators(
    schemas.map((schema, i) => ({
      name: Name.of(names[i]!),
      type: code`unknown`,
      schema,
      ...(owner === undefined ? {} : { owner }),
    })),
    file,
    { readTemplate, ...options },
  );
  return file.toString();
}

export function transpile(source: string): string {
  const out = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      isolatedModules: true,
    },
    reportDiagnostics: true,
  });
  if (out.diagnostics && out.diagnostics.length > 0) {
    throw new Error(
      out.diagnostics
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
        .join("\n"),
    );
  }
  return out.outputText;
}

let counter = 0;

/** Writes the module under test/.tmp and imports it. */
export async function loadModule(
  source: string,
  label = "validators",
): Promise<Record<string, unknown>> {
  const dir = path.join(tmpRoot, "modules");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${label}-${process.pid}-${counter++}.mjs`);
  writeFileSync(file, transpile(source));
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/** Compiles and loads validators for the schemas (index-aligned). */
export async function compileAll(
  schemas: readonly Schema[],
  options: HarnessOptions = {},
): Promise<CompiledValidator[]> {
  const mod = await loadModule(validatorSource(schemas, options));
  return schemas.map((_, i) => mod[`v${i}`] as CompiledValidator);
}

export async function compileOne(
  schema: Schema,
  options: Partial<CompileValidatorsOptions> = {},
): Promise<CompiledValidator> {
  return (await compileAll([schema], options))[0]!;
}
