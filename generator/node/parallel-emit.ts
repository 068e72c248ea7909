/**
 * Emitters run on a worker thread (generator/node/emit-worker.ts) while this thread lints, emits
 * the types and compiles validators.ts — for a large catalog the work splits about evenly:
 *   - the provider declarations, lowered for every target and printed there in their final
 *     layout (when formatting: the worker formats them as this thread's formatter would, see
 *     RemoteFormat), since copying megabytes of declaration objects back here to print them
 *     would cost about what printing them does; they come back as finished text. (The targets
 *     that declare strictly were emitted here for a while, so as not to wait for a worker that
 *     started late; with the worker started early, its code caches used and prettier's load gone,
 *     this thread became the longer one, and the worker has them again: docs/performance.md);
 *   - the call validators (generator/core/providers/call-validators.ts), whose only input from
 *     the rest of the run is which helpers validators.ts declares, known once it is compiled;
 *     they reuse the strict targets' lowering;
 *   - the dispatcher, which needs the lowering too (which targets have call validators).
 *
 * The worker is started before the pipeline runs (by the CLI, before it even loads its own modules:
 * early-emit-worker.ts) and is handed the catalog as this thread has
 * read and checked it (a structured copy costs a tenth of reading the YAML again), so it builds
 * its IR while this thread lints. It runs the same emitters on the same input, so the bytes
 * cannot depend on the thread. Whatever goes wrong there (no compiled worker beside this
 * module, as when running from sources; a crash; an error) makes this thread run the emitter itself.
 * `generate --watch` keeps one worker for all its runs (EmitThread), so that the worker's code
 * is not compiled afresh for every regeneration.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from "node:worker_threads";
import { EMIT_WORKER_URL, takeEarlyEmitWorker } from "./early-emit-worker.js";
import type {
  ArtifactEmitter,
  EmitContext,
  EmitFinding,
  OutputFile,
} from "../core/emit/artifact.js";
import { catalogValidators } from "../core/emit/validators/index.js";
import {
  createStandardSchemaEmitter,
  type GivenStrictFacts,
} from "../core/emit/standard-schema.js";
import { decodeStrictFacts } from "../core/emit/standard-schema-facts.js";
import type { CatalogIR } from "../core/ir/catalog-ir.js";
import type { JsonObject } from "../core/schema/json.js";
import { ReceivedTexts, type SentFile } from "./reply-delta.js";
import { SentCatalog, type CatalogChanges } from "./catalog-delta.js";
import {
  formatWithFallback,
  prettierOptions,
  type RemoteFormat,
} from "./format.js";

/** What one run on the worker is for. */
export interface EmitRunInput {
  /** Formatting is on: the provider files come back formatted (as `verbatim` files). */
  readonly format?: RemoteFormat;
  /** The catalog's path as headers and findings name it. */
  readonly catalogPath: string;
  /** Told the worker's notices (a damaged cache entry rebuilt); stays on this thread. */
  readonly notice?: (message: string) => void;
}

/**
 * The first message of a run: the checked catalog (before any request of that run); to a kept
 * thread, as what changed since the catalog sent before (catalog-delta.ts).
 */
export type EmitWorkerCatalog = (
  { readonly catalog: JsonObject } | { readonly catalogChanges: CatalogChanges }
) & {
  readonly catalogPath: string;
  /**
   * How the run formats (EmitRunInput.format): per run, so that a worker started before anything
   * was known of the run (early-emit-worker.ts) serves it, and a kept one serves any run.
   */
  readonly format?: RemoteFormat;
  /** The run it starts (see EmitThread): requests and replies carry it. */
  readonly run: number;
  /** The thread serves run after run (`generate --watch`), not this one alone: its replies cross as deltas (reply-delta.ts). */
  readonly kept?: boolean;
  /** Where the worker sends the run's LoweredFacts once it has lowered the catalog. */
  readonly facts?: MessagePort;
};

/**
 * How each target declares each tool (standard-schema-facts.ts StrictFacts, encoded), sent by
 * the worker as soon as it has lowered the catalog for the providers: the Standard Schemas on
 * this thread need them and would otherwise lower the strict source's tools again here (about
 * 40 ms of this thread on the real tools).
 */
export interface LoweredFacts {
  readonly run: number;
  /** The tools in catalog order, as the worker's IR has them. */
  readonly tools: readonly string[];
  /** By target id: encodeStrictFacts of its lowered tools. */
  readonly targets: { readonly [id: string]: string };
}

/** The worker could not rebuild a catalog sent as what changed (catalog-delta.ts): it is to be started afresh. */
export interface EmitWorkerLost {
  readonly lostCatalog: number;
}

/** The emitters the worker runs, by id. */
export const OFFLOADED = [
  "providers",
  "call-validators",
  "dispatcher",
] as const;
export type OffloadedId = (typeof OFFLOADED)[number];

/** A request: which emitter, and everything it reads besides the catalog. */
export interface EmitWorkerRequest {
  readonly emitter: OffloadedId;
  readonly run: number;
  readonly header: string;
  readonly js: boolean;
  /** Call validators: the helpers validators.ts declares. */
  readonly helpers: readonly string[];
}

export type EmitWorkerReply = {
  readonly emitter: OffloadedId;
  readonly run: number;
} & (
  | {
      readonly files: readonly OutputFile[];
      readonly findings: readonly EmitFinding[];
    }
  | { readonly error: string }
);

/**
 * The worker asks this thread's prettier (loaded and warm here anyway) for the layout of the few
 * wide lines its formatting leaves to prettier; loading prettier's printer on the worker and
 * warming it up for them cost it about 0.4 s of CPU on the run's critical path
 * (docs/performance.md). The options it resolves itself (emit-worker.ts), with the same function
 * as this thread, so as not to wait for this thread's emitters; options that are not plain data
 * (a plugin object) cannot cross, and the worker then formats with a prettier of its own.
 */
export type PrettierAsk = { readonly prettier: number } & (
  | {
      readonly op: "format";
      readonly text: string;
      readonly options: import("prettier").Options;
    }
  | { readonly op: "notice"; readonly message: string }
);

export type PrettierAnswer = { readonly prettierAnswer: number } & (
  { readonly value: unknown } | { readonly error: string }
);

export interface ParallelEmitters {
  /** The registry with the offloaded emitters replaced by worker-backed ones. */
  readonly emitters: readonly ArtifactEmitter[];
  /** Hands the worker the catalog the run emits from (the pipeline's `onCatalog`), before its emitters run. */
  catalog(catalog: JsonObject): void;
  /** Ends the run (it is over, or ended early); a thread of its own is ended with it. */
  close(): void;
  /**
   * Milliseconds from each of the worker's prettier questions of this run (PrettierAsk) to its
   * answer, summed: formatting done here while the pipeline waits, which `--verbose` shows apart
   * from the wait (an upper bound: this thread's own formatting may interleave with it).
   */
  answeredMs(): number;
}

/** `registry` with the emitters of OFFLOADED run on a worker thread for this catalog, or undefined where no worker can run. */
export function parallelEmitters(
  registry: readonly ArtifactEmitter[],
  input: EmitRunInput,
): ParallelEmitters | undefined {
  const thread = new EmitThread();
  thread.oneRun = true;
  const run = thread.run(registry, input);
  if (!run) return undefined;
  return {
    ...run,
    close: () => {
      run.close();
      thread.close();
    },
  };
}

/**
 * A worker thread kept for one run after another (`generate --watch`): its compiled code stays
 * warm and prettier stays loaded, where a thread per run would start cold every time. Runs take
 * turns; each is numbered, so a reply of an earlier run (one that ended early) never reaches a
 * later one. The worker starts again when it crashed or when a run needs other start-up data.
 */
export class EmitThread {
  private worker: Worker | undefined;
  private broken = false;
  private runs = 0;
  private starts = 0;
  /** The current run's waiting requests. */
  private pending = new Map<OffloadedId, (reply: Settled) => void>();
  /** This thread's prettier, for the worker's wide lines (PrettierAsk); afresh for each run. */
  private prettier: ReturnType<typeof prettierOptions> | undefined;
  /** The current run's notice callback (EmitRunInput.notice). */
  private notice: ((message: string) => void) | undefined;
  /** Time spent answering the current run's prettier questions. */
  private answering = { ms: 0 };
  /** Ended after its one run (parallelEmitters): the worker need not keep what it sent for later runs' deltas. */
  oneRun = false;
  /** What the worker running holds of the catalogs sent to it (catalog-delta.ts); new with each worker. */
  private sentCatalog = new SentCatalog();

  /** The emitters of one run on this thread (ending the run before, if any), or undefined where no worker can run. */
  run(
    registry: readonly ArtifactEmitter[],
    input: EmitRunInput,
  ): ParallelEmitters | undefined {
    this.endRun();
    const worker = this.workerFor();
    if (!worker) return undefined;
    this.prettier = input.format
      ? prettierOptions(input.format.outDir)
      : undefined;
    this.notice = input.notice;
    const answering = (this.answering = { ms: 0 });
    // A run is current while this.runs holds its number; ending it (or the worker failing) moves
    // the number on, so "ended" needs no flag of its own.
    const run = this.runs;
    const offload = (
      local: ArtifactEmitter,
      id: OffloadedId,
    ): ArtifactEmitter => ({
      id: local.id,
      emit: (ctx: EmitContext): Promise<readonly OutputFile[]> => {
        // For the call validators, validators.ts was compiled by the emitter before (cached per catalog and context).
        const helpers =
          id === "call-validators" ? [...catalogValidators(ctx).helpers] : [];
        const request: EmitWorkerRequest = {
          emitter: id,
          run,
          header: ctx.header,
          js: ctx.options.js,
          helpers,
        };
        return new Promise<Settled>((resolve) => {
          if (run !== this.runs || this.pending.has(id))
            return resolve(undefined);
          this.pending.set(id, resolve);
          worker.ref();
          try {
            worker.postMessage(request);
          } catch {
            this.settle(id, undefined);
          }
        }).then(async (reply) => {
          // A run given up (closed, or another begun) is not emitted here after all: nothing
          // reads it (a lint failure, an abort), and a cold emitter on this thread cost a watch
          // loop's next run its time. Only a worker that failed leaves its work to this thread.
          if (reply === ENDED)
            throw new Error("internal: the run ended before its emitters");
          if (reply === undefined || "error" in reply) return local.emit(ctx);
          for (const f of reply.findings) ctx.report(f);
          return reply.files;
        });
      },
    });
    // The worker's lowering facts (LoweredFacts) come on a channel of the run's own, read here
    // without waiting for the event loop: the emitters run one after the other without turning it.
    const factsChannel = new MessageChannel();
    let facts: LoweredFacts | undefined;
    const givenFacts: GivenStrictFacts = (ir, target) => {
      if (run !== this.runs) return undefined;
      facts ??= receiveMessageOnPort(factsChannel.port1)?.message as
        LoweredFacts | undefined;
      return facts?.run === run && sameTools(facts.tools, ir)
        ? decodeStrictFacts(facts.targets[target.id] ?? "", ir.tools.length)
        : undefined;
    };
    const emitters = registry.map((e) =>
      (OFFLOADED as readonly string[]).includes(e.id)
        ? offload(e, e.id as OffloadedId)
        : e.id === "standard-schema"
          ? createStandardSchemaEmitter(givenFacts)
          : e,
    );
    const catalog = (doc: JsonObject) => {
      if (run !== this.runs) return;
      try {
        // A thread kept for later runs gets the tools that changed (catalog-delta.ts).
        const changes = this.oneRun ? undefined : this.sentCatalog.encode(doc);
        worker.postMessage(
          {
            ...(changes ? { catalogChanges: changes } : { catalog: doc }),
            catalogPath: input.catalogPath,
            ...(input.format && { format: input.format }),
            run,
            kept: !this.oneRun,
            facts: factsChannel.port2,
          } satisfies EmitWorkerCatalog,
          [factsChannel.port2],
        );
      } catch {
        this.fail();
      }
    };
    const close = () => {
      factsChannel.port1.close();
      if (run === this.runs) this.endRun();
    };
    return { emitters, catalog, close, answeredMs: () => answering.ms };
  }

  /** How many worker threads it has started (or taken, early-emit-worker.ts): one, unless one crashed. */
  get started(): number {
    return this.starts;
  }

  /** Ends the thread. */
  close(): void {
    this.endRun();
    const worker = this.worker;
    this.worker = undefined;
    if (worker) void worker.terminate();
  }

  /** The worker for a run: the one running, the one started early (early-emit-worker.ts), or a new one. */
  private workerFor(): Worker | undefined {
    if (this.worker && !this.broken) return this.worker;
    this.close();
    const url = EMIT_WORKER_URL;
    if (url.protocol !== "file:" || !existsSync(fileURLToPath(url)))
      return undefined;
    let worker: Worker;
    try {
      worker = takeEarlyEmitWorker() ?? new Worker(url);
    } catch {
      return undefined;
    }
    // Idle, the worker never keeps the process alive; with a request pending, it does.
    worker.unref();
    this.worker = worker;
    this.broken = false;
    this.starts++;
    this.sentCatalog = new SentCatalog();
    // A kept thread's finished files come as what changed since the texts taken last (reply-delta.ts).
    const received = new ReceivedTexts();
    worker.on(
      "message",
      (message: EmitWorkerReply | PrettierAsk | EmitWorkerLost) => {
        if ("prettier" in message) {
          void this.answer(worker, message);
          return;
        }
        if ("lostCatalog" in message) {
          if (worker === this.worker) this.fail();
          return;
        }
        const reply = takeReply(received, message);
        if (worker !== this.worker) return;
        if (reply === undefined) this.fail();
        else if (reply.run === this.runs) this.settle(reply.emitter, reply);
      },
    );
    const fail = () => {
      if (worker === this.worker) this.fail();
    };
    worker.on("error", fail);
    worker.on("exit", fail);
    return worker;
  }

  /** Answers the worker's question about prettier (see PrettierAsk). */
  private async answer(worker: Worker, ask: PrettierAsk): Promise<void> {
    const started = performance.now();
    const answering = this.answering;
    let answer: PrettierAnswer;
    try {
      const prettier = this.prettier;
      if (ask.op === "notice") {
        this.notice?.(ask.message);
        return;
      }
      if (!prettier) throw new Error("this run does not format");
      const value = await formatWithFallback(
        await prettier.loadPrettier(),
        ask.text,
        ask.options,
      );
      answer = { prettierAnswer: ask.prettier, value };
    } catch (e) {
      answer = { prettierAnswer: ask.prettier, error: String(e) };
    }
    answering.ms += performance.now() - started;
    try {
      worker.postMessage(answer);
    } catch (e) {
      // An answer that cannot cross (or a worker that is gone): the worker then formats itself.
      try {
        worker.postMessage({
          prettierAnswer: ask.prettier,
          error: String(e),
        } satisfies PrettierAnswer);
      } catch {
        /* the worker is gone */
      }
    }
  }

  private settle(id: OffloadedId, reply: Settled): void {
    const done = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
    done?.(reply);
  }

  /** The worker is gone: what waits for it is done on this thread. */
  private fail(): void {
    this.broken = true;
    this.endRun(true);
  }

  /**
   * The current run is over: what it still waits for is given up (ENDED), or done on this thread
   * when the worker failed; its later replies are dropped.
   */
  private endRun(failed = false): void {
    for (const id of [...this.pending.keys()])
      this.settle(id, failed ? undefined : ENDED);
    this.runs++;
  }
}

/** Whether the worker's tools are `ir`'s, in the same order. */
function sameTools(tools: readonly string[], ir: CatalogIR): boolean {
  return (
    tools.length === ir.tools.length &&
    ir.tools.every((t, i) => t.name === tools[i])
  );
}

/** A request's outcome: the worker's reply, undefined (emit it on this thread) or ENDED (the run was given up). */
const ENDED = Symbol("ended");
type Settled = EmitWorkerReply | undefined | typeof ENDED;

/** A reply with its files' texts made whole (reply-delta.ts); undefined when one cannot be. */
function takeReply(
  received: ReceivedTexts,
  reply: EmitWorkerReply,
): EmitWorkerReply | undefined {
  if (!("files" in reply)) return reply;
  const files = received.decode(reply.files as readonly SentFile[]);
  return files === undefined ? undefined : { ...reply, files };
}
