/**
 * The call validators (generator/core/providers/call-validators.ts) compiled on a worker thread
 * (generator/node/emit-worker.ts) while this thread emits the provider declarations and the
 * dispatcher. For a large catalog they are a third of the emitting, and their only input from
 * the rest of the run is which helpers validators.ts declares, known as soon as it is compiled.
 *
 * The worker is started with the catalog text before the pipeline runs, so that reading it and
 * lowering the provider targets happen while this thread compiles validators.ts. It runs the same
 * emitter on the same input, so the bytes cannot depend on the thread. Whatever goes wrong there
 * (no compiled worker beside this module, as when running from sources; a crash; an error) makes
 * this thread run the emitter itself.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ArtifactEmitter, EmitContext, EmitFinding, OutputFile } from "../core/emit/artifact.js";
import { catalogValidators } from "../core/emit/validators/index.js";
import { callValidatorsEmitter } from "../core/providers/call-validators.js";

/** What the worker is started with (`workerData`). */
export interface EmitWorkerInput {
  readonly catalogPath: string;
  readonly source: string | Uint8Array;
}

/** The request: everything the call-validator emitter reads besides the catalog. */
export interface EmitWorkerRequest {
  readonly header: string;
  readonly js: boolean;
  readonly helpers: readonly string[];
}

export type EmitWorkerReply = { readonly files: readonly OutputFile[]; readonly findings: readonly EmitFinding[] } | { readonly error: string };

export interface ParallelEmitters {
  /** The registry with the call-validator emitter replaced by the worker-backed one. */
  readonly emitters: readonly ArtifactEmitter[];
  /** Ends the worker (the run is over, or ended early). */
  close(): void;
}

/**
 * `registry` with its call-validator emitter run on a worker thread for this catalog, or undefined
 * where no worker can run.
 */
export function parallelEmitters(registry: readonly ArtifactEmitter[], input: EmitWorkerInput): ParallelEmitters | undefined {
  const url = new URL("./emit-worker.js", import.meta.url);
  if (url.protocol !== "file:" || !existsSync(fileURLToPath(url))) return undefined;
  let worker: Worker;
  try {
    worker = new Worker(url, { workerData: input satisfies EmitWorkerInput });
  } catch {
    return undefined;
  }
  // Until asked, the worker never keeps the process alive.
  worker.unref();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void worker.terminate();
  };
  const offloaded: ArtifactEmitter = {
    id: callValidatorsEmitter.id,
    emit(ctx: EmitContext): Promise<readonly OutputFile[]> {
      // validators.ts was compiled by the emitter before this one (cached per catalog and context).
      const request: EmitWorkerRequest = { header: ctx.header, js: ctx.options.js, helpers: [...catalogValidators(ctx).helpers] };
      return new Promise<readonly OutputFile[]>((resolve) => {
        let settled = false;
        const settle = (reply: EmitWorkerReply | undefined) => {
          if (settled) return;
          settled = true;
          worker.off("message", settle);
          worker.off("error", failed);
          worker.off("exit", failed);
          close();
          if (reply === undefined || "error" in reply) resolve(callValidatorsEmitter.emit(ctx));
          else {
            for (const f of reply.findings) ctx.report(f);
            resolve(reply.files);
          }
        };
        const failed = () => settle(undefined);
        worker.on("message", settle);
        worker.on("error", failed);
        worker.on("exit", failed);
        worker.ref();
        try {
          worker.postMessage(request);
        } catch {
          settle(undefined);
        }
      });
    },
  };
  const emitters = registry.map((e) => (e.id === callValidatorsEmitter.id ? offloaded : e));
  return { emitters, close };
}
