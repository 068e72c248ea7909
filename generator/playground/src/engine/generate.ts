/**
 * `toolcat generate` in the page: the pipeline as the CLI runs it, with the templates bundled
 * into the page (templates.ts) and prettier's standalone build (format.ts). Pure: the caller
 * passes the template reader, so the same function runs under Node in tests.
 */
import type { TemplateReader } from "../../../core/emit/artifact.js";
import { runPipeline, type PipelineResult } from "../../../core/pipeline.js";
import { standaloneFormatter } from "./format.js";

export const PAGE_CATALOG_PATH = "catalog/tools.yaml";

export function generateInPage(
  source: string,
  readTemplate: TemplateReader,
  catalogPath = PAGE_CATALOG_PATH,
): Promise<PipelineResult> {
  return runPipeline({
    catalogPath,
    source,
    readTemplate,
    format: standaloneFormatter,
    js: false,
  });
}
