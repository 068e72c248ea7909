/**
 * The worker thread of parallel-emit.ts: reads the catalog it was started with and lowers the
 * strict provider targets right away (while the main thread lints and compiles validators.ts),
 * then runs each emitter it is asked for exactly as the main thread would: the types at once, the
 * call validators once told which helpers validators.ts declares.
 */
import { parentPort, workerData } from "node:worker_threads";
import { hasErrors } from "../core/diagnostics.js";
import type { ArtifactEmitter, EmitFinding } from "../core/emit/artifact.js";
import { typesEmitter } from "../core/emit/types/index.js";
import { buildIR } from "../core/ir/build-ir.js";
import type { CatalogIR } from "../core/ir/catalog-ir.js";
import { loadCatalog } from "../core/load/load-catalog.js";
import { createCallValidatorsEmitter, plannedLowerings } from "../core/providers/call-validators.js";
import { readTemplate } from "./package-root.js";
import type { EmitWorkerInput, EmitWorkerReply, EmitWorkerRequest, OffloadedId } from "./parallel-emit.js";

const input = workerData as EmitWorkerInput;

/** The catalog's IR; undefined when it does not load (the main thread reports why). */
function prepare(): CatalogIR | undefined {
  try {
    // The lint rules run on the main thread; the emitters need only the catalog.
    const loaded = loadCatalog(input.catalogPath, input.source, { lint: false });
    if (!loaded.catalog || hasErrors(loaded.diagnostics)) return undefined;
    return buildIR(loaded.catalog, input.catalogPath);
  } catch {
    return undefined;
  }
}

const ir = prepare();
// Lowered now, before the call validators are asked for (types first, if asked by then).
let lowered = false;

const emitters: Record<OffloadedId, (request: EmitWorkerRequest) => ArtifactEmitter> = {
  types: () => typesEmitter,
  "call-validators": (request) => {
    const helpers = new Set(request.helpers);
    return createCallValidatorsEmitter(() => helpers);
  },
};

parentPort?.on("message", (request: EmitWorkerRequest) => {
  let reply: EmitWorkerReply;
  try {
    if (!ir) throw new Error("the catalog did not load on the worker");
    const findings: EmitFinding[] = [];
    const files = emitters[request.emitter](request).emit({ ir, options: { js: request.js }, header: request.header, readTemplate, report: (f) => findings.push(f) });
    if (files instanceof Promise) throw new Error(`internal: the ${request.emitter} emitter is synchronous`);
    reply = { emitter: request.emitter, files, findings };
  } catch (e) {
    reply = { emitter: request.emitter, error: String(e) };
  }
  parentPort!.postMessage(reply);
  if (!lowered && ir) {
    lowered = true;
    // The call validators' lowering, while the main thread still compiles validators.ts.
    try {
      plannedLowerings(ir);
    } catch {
      /* the call validators report it when they run */
    }
  }
});
