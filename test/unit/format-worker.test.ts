/**
 * Formatting on the worker thread (generator/node/format-pool.ts) gives the bytes the main thread
 * gives. Runs the compiled modules in dist/ (`npm test` builds first): a worker needs compiled
 * JavaScript beside it, and from sources none is started (the formatter then works alone).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { OutputFile } from "../../generator/core/emit/artifact.js";
import type {
  PipelineResult,
  runPipeline as RunPipeline,
} from "../../generator/core/pipeline.js";
import type { FormatWorker as FormatWorkerClass } from "../../generator/node/format-pool.js";
import type {
  formatFiles as FormatFiles,
  prettierFormatter as PrettierFormatter,
} from "../../generator/node/format.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const dist = (module: string) =>
  import(pathToFileURL(path.join(repoRoot, "dist/generator", module)).href);
const { runPipeline } = (await dist("core/pipeline.js")) as {
  runPipeline: typeof RunPipeline;
};
const { prettierFormatter, formatFiles } = (await dist("node/format.js")) as {
  prettierFormatter: typeof PrettierFormatter;
  formatFiles: typeof FormatFiles;
};
const { FormatWorker } = (await dist("node/format-pool.js")) as {
  FormatWorker: typeof FormatWorkerClass;
};

function run(catalog: string, parallel: boolean): Promise<PipelineResult> {
  return runPipeline({
    catalogPath: catalog,
    source: readFileSync(path.join(repoRoot, catalog)),
    readTemplate,
    format: prettierFormatter(path.join(repoRoot, "generated"), {
      cache: false,
      parallel,
    }),
  });
}

describe("formatting on a worker thread", () => {
  it("a worker starts from the compiled modules and formats a file as this thread does", async () => {
    const worker = FormatWorker.start();
    expect(worker).toBeDefined();
    let captured: readonly OutputFile[] = [];
    await runPipeline({
      catalogPath: "catalog/tools.yaml",
      source: readFileSync(path.join(repoRoot, "catalog/tools.yaml")),
      readTemplate,
      format: async (files) => {
        captured = files;
        return files.map((f) => f.contents);
      },
    });
    const prettier = await import("prettier");
    const options = { parser: "babel-ts", printWidth: 60, singleQuote: true };
    try {
      for (const file of captured.filter(
        (f) => FormatWorker.takes(f) && f.language === "typescript",
      )) {
        const [here] = await formatFiles(
          [file],
          async () => options,
          undefined,
          prettier,
        );
        expect(await worker!.format(file, options, undefined), file.path).toBe(
          here,
        );
      }
    } finally {
      worker!.close();
    }
  });

  it.each([
    "catalog/tools.yaml",
    "test/fixtures/hostile/catalog.yaml",
    "test/fixtures/providers-refs-unions/catalog.yaml",
  ])("%s: the same files with and without the worker", async (catalog) => {
    const [parallel, sequential] = await Promise.all([
      run(catalog, true),
      run(catalog, false),
    ]);
    expect(parallel.ok).toBe(true);
    expect([...parallel.files]).toEqual([...sequential.files]);
  });
});
