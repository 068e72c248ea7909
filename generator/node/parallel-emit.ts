/**
 * Emitters run on a worker thread (generator/node/emit-worker.ts) while this thread lints, emits
 * the types and compiles validators.ts — for a large catalog the work splits about evenly:
 *   - the provider declarations, lowered for every target and printed there in their final
 *     layout (when formatting: the worker formats them as this thread's formatter would, see
 *     RemoteFormat), since copying megabytes of declaration objects back here to print them
 *     would cost about what printing them does; they come back as finished text;
 *   - the call validators (generator/core/providers/call-validators.ts), whose only input from
 *     the rest of the run is which helpers validators.ts declares, known once it is compiled;
 *     they reuse the strict targets' lowering;
 *   - the dispatcher, which needs the lowering too (which targets have call validators).
 *
 * The worker is started before the pipeline runs and is handed the catalog as this thread has
 * read and checked it (a structured copy costs a tenth of reading the YAML again), so it builds
 * its IR while this thread lints. It runs the same emitters on the same input, so the bytes
 * cannot depend on the thread. Whatever goes wrong there (no compiled worker beside this
 * module, as when running from sources; a crash; an error) makes this thread run the emitter itself.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ArtifactEmitter, EmitContext, EmitFinding, OutputFile } from "../core/emit/artifact.js";
import { catalogValidators } from "../core/emit/validators/index.js";
import type { JsonObject } from "../core/schema/json.js";
import type { RemoteFormat } from "./format.js";

/** What the worker is started with (`workerData`). */
export interface EmitWorkerInput {
  readonly catalogPath: string;
  /** Formatting is on: the provider files come back formatted (as `verbatim` files). */
  readonly format?: RemoteFormat;
}

/** The first message: the checked catalog (before any request). */
export interface EmitWorkerCatalog {
  readonly catalog: JsonObject;
}

/** The emitters the worker runs, by id. */
export const OFFLOADED = ["providers", "call-validators", "dispatcher"] as const;
export type OffloadedId = (typeof OFFLOADED)[number];

/** A request: which emitter, and everything it reads besides the catalog. */
export interface EmitWorkerRequest {
  readonly emitter: OffloadedId;
  readonly header: string;
  readonly js: boolean;
  /** Call validators: the helpers validators.ts declares. */
  readonly helpers: readonly string[];
}

export type EmitWorkerReply = { readonly emitter: OffloadedId } & ({ readonly files: readonly OutputFile[]; readonly findings: readonly EmitFinding[] } | { readonly error: string });

export interface ParallelEmitters {
  /** The registry with the offloaded emitters replaced by worker-backed ones. */
  readonly emitters: readonly ArtifactEmitter[];
  /** Hands the worker the catalog the run emits from (the pipeline's `onCatalog`), before its emitters run. */
  catalog(catalog: JsonObject): void;
  /** Ends the worker (the run is over, or ended early). */
  close(): void;
}

/** `registry` with the emitters of OFFLOADED run on a worker thread for this catalog, or undefined where no worker can run. */
export function parallelEmitters(registry: readonly ArtifactEmitter[], input: EmitWorkerInput): ParallelEmitters | undefined {
  const url = new URL("./emit-worker.js", import.meta.url);
  if (url.protocol !== "file:" || !existsSync(fileURLToPath(url))) return undefined;
  let worker: Worker;
  try {
    worker = new Worker(url, { workerData: input satisfies EmitWorkerInput });
  } catch {
    return undefined;
  }
  // Idle, the worker never keeps the process alive; with a request pending, it does.
  worker.unref();
  const pending = new Map<OffloadedId, (reply: EmitWorkerReply | undefined) => void>();
  let broken = false;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void worker.terminate();
  };
  const settle = (id: OffloadedId, reply: EmitWorkerReply | undefined) => {
    const done = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    done?.(reply);
  };
  worker.on("message", (reply: EmitWorkerReply) => settle(reply.emitter, reply));
  const fail = () => {
    broken = true;
    for (const id of [...pending.keys()]) settle(id, undefined);
  };
  worker.on("error", fail);
  worker.on("exit", fail);

  const offload = (local: ArtifactEmitter, id: OffloadedId): ArtifactEmitter => ({
    id: local.id,
    emit(ctx: EmitContext): Promise<readonly OutputFile[]> {
      // For the call validators, validators.ts was compiled by the emitter before (cached per catalog and context).
      const helpers = id === "call-validators" ? [...catalogValidators(ctx).helpers] : [];
      const request: EmitWorkerRequest = { emitter: id, header: ctx.header, js: ctx.options.js, helpers };
      return new Promise<EmitWorkerReply | undefined>((resolve) => {
        if (broken || closed || pending.has(id)) return resolve(undefined);
        pending.set(id, resolve);
        worker.ref();
        try {
          worker.postMessage(request);
        } catch {
          settle(id, undefined);
        }
      }).then(async (reply) => {
        if (reply === undefined || "error" in reply) return local.emit(ctx);
        for (const f of reply.findings) ctx.report(f);
        return reply.files;
      });
    },
  });
  const emitters = registry.map((e) => ((OFFLOADED as readonly string[]).includes(e.id) ? offload(e, e.id as OffloadedId) : e));
  const catalog = (doc: JsonObject) => {
    if (broken || closed) return;
    try {
      worker.postMessage({ catalog: doc } satisfies EmitWorkerCatalog);
    } catch {
      fail();
    }
  };
  return { emitters, catalog, close };
}
