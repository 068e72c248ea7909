/**
 * The worker thread of parallel-emit.ts: reads the catalog it was started with and lowers the
 * strict provider targets right away (while the main thread compiles validators.ts), then, asked with
 * the helpers validators.ts declares, emits the call validators exactly as the main thread would.
 */
import { parentPort, workerData } from "node:worker_threads";
import { hasErrors } from "../core/diagnostics.js";
import type { EmitFinding } from "../core/emit/artifact.js";
import { buildIR } from "../core/ir/build-ir.js";
import type { CatalogIR } from "../core/ir/catalog-ir.js";
import { loadCatalog } from "../core/load/load-catalog.js";
import { createCallValidatorsEmitter, plannedLowerings } from "../core/providers/call-validators.js";
import { readTemplate } from "./package-root.js";
import type { EmitWorkerInput, EmitWorkerReply, EmitWorkerRequest } from "./parallel-emit.js";

const input = workerData as EmitWorkerInput;

/** The catalog's IR, lowered; undefined when it does not load (the main thread reports why). */
function prepare(): CatalogIR | undefined {
  try {
    // The lint rules ran on the main thread; the emitters need only the catalog.
    const loaded = loadCatalog(input.catalogPath, input.source, { lint: false });
    if (!loaded.catalog || hasErrors(loaded.diagnostics)) return undefined;
    const ir = buildIR(loaded.catalog, input.catalogPath);
    plannedLowerings(ir);
    return ir;
  } catch {
    return undefined;
  }
}

const ir = prepare();

parentPort?.on("message", (request: EmitWorkerRequest) => {
  let reply: EmitWorkerReply;
  try {
    if (!ir) throw new Error("the catalog did not load on the worker");
    const helpers = new Set(request.helpers);
    const findings: EmitFinding[] = [];
    const files = createCallValidatorsEmitter(() => helpers).emit({ ir, options: { js: request.js }, header: request.header, readTemplate, report: (f) => findings.push(f) });
    if (files instanceof Promise) throw new Error("internal: the call-validator emitter is synchronous");
    reply = { files, findings };
  } catch (e) {
    reply = { error: String(e) };
  }
  parentPort!.postMessage(reply);
});
