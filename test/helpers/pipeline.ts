/** Test helpers: run the real pipeline (with prettier) on a catalog text or file. */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { OutputFile } from "../../generator/core/emit/artifact.js";
import {
  runPipeline,
  type PipelineResult,
} from "../../generator/core/pipeline.js";
import { prettierFormatter } from "../../generator/node/format.js";
import { readTemplate } from "../../generator/node/package-root.js";

export const repoRoot = join(import.meta.dirname, "..", "..");

export async function generateFrom(
  source: string | Uint8Array,
  options: {
    catalogPath?: string;
    outDir?: string;
    format?: boolean;
    cacheDir?: string;
  } = {},
): Promise<PipelineResult> {
  const outDir = options.outDir ?? join(repoRoot, "generated");
  return runPipeline({
    catalogPath: options.catalogPath ?? "catalog/tools.yaml",
    source,
    readTemplate,
    // Tests format for real unless they ask for a cache: a cache hit must never hide a bug.
    format:
      options.format === false
        ? undefined
        : prettierFormatter(
            outDir,
            options.cacheDir
              ? { cacheDir: options.cacheDir }
              : { cache: false },
          ),
  });
}

/**
 * The output files of a catalog as the emitters made them, before formatting (their chunks, data
 * and canonical code intact): what the formatter tests lay out both ways. `source` defaults to
 * the file `catalogPath` names in the repository.
 */
export async function unformattedOutput(
  catalogPath: string,
  source: string | Uint8Array = readFileSync(join(repoRoot, catalogPath)),
): Promise<readonly OutputFile[]> {
  let captured: readonly OutputFile[] = [];
  await runPipeline({
    catalogPath,
    source,
    readTemplate,
    format: async (files) => {
      captured = files;
      return files.map((f) => f.contents);
    },
  });
  return captured;
}

export function readCatalog(path: string): string {
  return readFileSync(join(repoRoot, path), "utf8");
}

/** A compact catalog around one tool input schema (JSON is YAML). */
export function catalogWith(
  input: unknown,
  extra: {
    targets?: unknown;
    defs?: unknown;
    output?: unknown;
    name?: string;
    description?: string;
  } = {},
): string {
  const doc: Record<string, unknown> = { toolcat: 1 };
  if (extra.targets !== undefined) doc.targets = extra.targets;
  if (extra.defs !== undefined) doc.$defs = extra.defs;
  const tool: Record<string, unknown> = {
    description: extra.description ?? "A tool.",
    input,
  };
  if (extra.output !== undefined) tool.output = extra.output;
  doc.tools = { [extra.name ?? "tool"]: tool };
  return JSON.stringify(doc, null, 2) + "\n";
}

/** Writes generated files (a pipeline result's `files`) under `dir`. */
export function writeFiles(
  dir: string,
  files: ReadonlyMap<string, string>,
): void {
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
