/**
 * The worker thread of parallel-emit.ts: builds the IR of the catalog it is handed first, then
 * runs each emitter it is asked for exactly as the main thread would: the providers at once,
 * formatted here when the run formats, with options resolved here; the call
 * validators once told which helpers validators.ts declares; the dispatcher. The lowering of the
 * provider targets is computed once for all three. A thread may serve several runs in turn
 * (EmitThread): a run starts with its catalog, and everything is done in the order received, so a
 * run's work never sees another's catalog; a request of a run that has been followed by another
 * is answered with an error.
 */
import { parentPort, type MessagePort } from "node:worker_threads";
import type {
  ArtifactEmitter,
  EmitFinding,
  OutputFile,
} from "../core/emit/artifact.js";
import { dispatcherEmitter } from "../core/emit/dispatcher.js";
import { buildIR, keepIR } from "../core/ir/build-ir.js";
import type { CatalogIR } from "../core/ir/catalog-ir.js";
import { createCallValidatorsEmitter } from "../core/providers/call-validators.js";
import { lowerCatalog, providersEmitter } from "../core/providers/emitter.js";
import { encodeStrictFacts } from "../core/emit/standard-schema-facts.js";
import { keepLowerings } from "../core/providers/tool-memo.js";
import { keepValidatorRecords } from "../core/emit/validators/validator-memo.js";
import {
  formatFileParts,
  plainOptions,
  prettierOptions,
  type OptionsFor,
  type PrettierCalls,
  type RemoteFormat,
} from "./format.js";
import { readTemplate } from "./package-root.js";
import { finishedFile, finishedParts, SentTexts } from "./reply-delta.js";
import { ReceivedCatalog } from "./catalog-delta.js";
import type {
  EmitWorkerCatalog,
  EmitWorkerLost,
  EmitWorkerReply,
  EmitWorkerRequest,
  LoweredFacts,
  OffloadedId,
  PrettierAnswer,
  PrettierAsk,
} from "./parallel-emit.js";

/**
 * How a run formats (EmitWorkerCatalog.format): the app's prettier config is resolved afresh for
 * each run, as on the main thread. A prettier of this thread's own is loaded only when the main
 * thread cannot answer (see PrettierAsk): options holding code, or no answer.
 */
const formatForRun = (remote: RemoteFormat | undefined) =>
  remote && {
    ...prettierOptions(remote.outDir),
    cacheDir: remote.cacheDir,
  };
let format: ReturnType<typeof formatForRun>;

/** Questions to the main thread's prettier waiting for their answer, by number. */
const asked = new Map<
  number,
  {
    readonly resolve: (value: unknown) => void;
    readonly reject: (error: Error) => void;
  }
>();
let asking = 0;
type Ask = PrettierAsk extends infer A
  ? A extends PrettierAsk
    ? Omit<A, "prettier">
    : never
  : never;
function askMain<T>(ask: Ask): Promise<T> {
  const id = ++asking;
  return new Promise<T>((resolve, reject) => {
    asked.set(id, { resolve: resolve as (value: unknown) => void, reject });
    parentPort!.postMessage({ ...ask, prettier: id } as PrettierAsk);
  });
}

/**
 * prettier as formatFiles calls it: the version and each file's options from this thread's own
 * prettier (formatForRun; its module is loaded as soon as the run starts, see `message` below),
 * the wide lines laid out by the main thread's (warm there). Asking the main thread for the
 * options too made the data printers wait until that thread was done with its own emitters
 * (about 0.2 s idle on the real tools, docs/performance.md); resolved here, with the same
 * function and in the same order, they are the same options.
 */
async function ownOptionsMainPrettier(
  run: NonNullable<typeof format>,
): Promise<{
  readonly prettier: PrettierCalls;
  readonly optionsFor: OptionsFor;
}> {
  const version = (await run.loadPrettier()).version;
  const format: PrettierCalls["format"] = (text, options) =>
    askMain<string>({ op: "format", text, options: options ?? {} });
  return {
    prettier: { version, format },
    optionsFor: async (file) => {
      const options = await run.optionsFor(file);
      // Options holding code cannot cross to the main thread: all is formatted here (below).
      if (!plainOptions(options)) throw new Error("the options hold code");
      return options;
    },
  };
}

/** The tools of the catalogs taken, for a catalog sent as what changed (catalog-delta.ts). */
const received = new ReceivedCatalog();

/** The run whose catalog was handled last (in the queue), and the newest one received. */
let run = 0;
let newest = 0;
/** The thread is kept from run to run (EmitWorkerCatalog.kept): its replies cross as deltas (reply-delta.ts). */
let kept = false;

/**
 * The catalog's IR; undefined before the catalog came or when it does not build (the main thread
 * lints it meanwhile and reports why; the lint rules run there, the emitters need only the catalog).
 */
let ir: CatalogIR | undefined;

/** Where this run's LoweredFacts go (EmitWorkerCatalog.facts), until they are sent. */
let factsPort: MessagePort | undefined;

/**
 * Tells the main thread how each target declares each tool (LoweredFacts), right after the
 * providers are lowered and before they are printed: its Standard Schemas need only that of the
 * lowering, which is made here anyway.
 */
function sendLoweredFacts(lowered: CatalogIR): void {
  const port = factsPort;
  factsPort = undefined;
  if (!port) return;
  try {
    const targets: { [id: string]: string } = {};
    for (const l of lowerCatalog(lowered))
      targets[l.target.id] = encodeStrictFacts(l.tools);
    port.postMessage({
      run,
      tools: lowered.tools.map((t) => t.name),
      targets,
    } satisfies LoweredFacts);
  } finally {
    port.close();
  }
}

/**
 * The helper ids validators.ts declares, as the call validators ask about them — answered "yes"
 * before the list is known, and recorded. The call validators ask only whether each helper they
 * use is one to import (generator/core/emit/validators/helpers.ts): when every id they asked
 * about is in the list that comes later, compiling with the list takes exactly the same steps
 * and gives the same bytes, so the early result stands; otherwise they are compiled again.
 */
class AskedHelpers extends Set<string> {
  readonly asked = new Set<string>();
  override has(id: string): boolean {
    this.asked.add(id);
    return true;
  }
}

/** Call validators compiled before their request came (see AskedHelpers), for that request's run, header and output kind. */
let early:
  | {
      readonly run: number;
      readonly header: string;
      readonly js: boolean;
      readonly helpers: AskedHelpers;
      readonly reply: EmitWorkerReply;
    }
  | undefined;

const emitters: Record<
  OffloadedId,
  (request: EmitWorkerRequest) => ArtifactEmitter
> = {
  providers: () => providersEmitter,
  "call-validators": (request) => {
    const helpers = new Set(request.helpers);
    return createCallValidatorsEmitter(() => helpers);
  },
  dispatcher: () => dispatcherEmitter,
};

/**
 * The provider files as the main thread's formatter would make them, marked `verbatim` so that
 * nothing formats them again: most of them is data, printed by the data printers where the data is.
 */
async function formatted(
  files: readonly OutputFile[],
): Promise<readonly OutputFile[]> {
  if (!format) return files;
  const toFormat = files.filter((f) => f.language !== "verbatim");
  // Notices (a damaged cache entry) go to the main thread, which reports them; no answer comes.
  const notice = (message: string) =>
    parentPort!.postMessage({
      prettier: 0,
      op: "notice",
      message,
    } satisfies PrettierAsk);
  // Each text as its parts, joined only if read: a kept thread sends what changed (reply-delta.ts).
  let texts: (readonly string[])[];
  try {
    const main = await ownOptionsMainPrettier(format);
    texts = await formatFileParts(
      toFormat,
      main.optionsFor,
      format.cacheDir,
      main.prettier,
      notice,
      kept,
    );
  } catch {
    texts = await formatFileParts(
      toFormat,
      format.optionsFor,
      format.cacheDir,
      await format.loadPrettier(),
      notice,
      kept,
    );
  }
  const byFile = new Map(toFormat.map((f, i) => [f, texts[i]!] as const));
  return files.map((f) => {
    const parts = byFile.get(f);
    return parts === undefined ? f : finishedFile(f, parts);
  });
}

// One message at a time, in the order received (formatting awaits): a run's catalog too, so
// that no request of the run before it is still at work when the IR changes.
let queue: Promise<void> = Promise.resolve();
parentPort?.on(
  "message",
  (message: EmitWorkerRequest | EmitWorkerCatalog | PrettierAnswer) => {
    // Answers are taken at once: the queue may be waiting for them.
    if ("prettierAnswer" in message) {
      const waiting = asked.get(message.prettierAnswer);
      asked.delete(message.prettierAnswer);
      if ("error" in message) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.value);
      return;
    }
    if ("catalog" in message || "catalogChanges" in message) {
      newest = message.run;
      // Taken at once, in the order sent: the tools kept are those of the catalog before.
      const catalog =
        "catalog" in message
          ? message.catalog
          : received.decode(message.catalogChanges);
      if (catalog === undefined)
        parentPort!.postMessage({
          lostCatalog: message.run,
        } satisfies EmitWorkerLost);
      queue = queue.then(() => {
        run = message.run;
        kept = message.kept === true;
        factsPort?.close();
        factsPort = message.facts;
        // A thread that serves one run keeps nothing for the next (build-ir.ts, tool-memo.ts,
        // formatFileParts).
        keepIR(kept);
        keepLowerings(kept);
        keepValidatorRecords(kept);
        early = undefined;
        format = formatForRun(message.format);
        // prettier's module loads while the IR is built and the declarations lowered (its files
        // are read without this thread); the options are resolved with it (ownOptionsMainPrettier).
        format?.loadPrettier().catch(() => undefined);
        try {
          ir =
            catalog === undefined
              ? undefined
              : buildIR(catalog, message.catalogPath);
        } catch {
          ir = undefined;
        }
      });
      return;
    }
    const request = message;
    queue = queue.then(async () => {
      let reply: EmitWorkerReply;
      const guessed =
        request.emitter === "call-validators" &&
        early !== undefined &&
        early.run === request.run &&
        early.header === request.header &&
        early.js === request.js
          ? early
          : undefined;
      early = undefined;
      if (
        guessed &&
        "files" in guessed.reply &&
        [...guessed.helpers.asked].every((id) => request.helpers.includes(id))
      ) {
        postReply(await formattedGuess(guessed.reply));
        return;
      }
      try {
        if (request.run !== run)
          throw new Error("internal: a request of a run that has ended");
        // A later run's catalog has come: this run was given up (a watch loop's warm-up run
        // when the catalog changed), and the main thread drops its replies.
        if (request.run < newest) throw new Error("a run given up");
        if (!ir) throw new Error("the catalog did not load on the worker");
        const findings: EmitFinding[] = [];
        const files = emitters[request.emitter](request).emit({
          ir,
          options: { js: request.js },
          header: request.header,
          readTemplate,
          report: (f) => findings.push(f),
        });
        if (files instanceof Promise)
          throw new Error(
            `internal: the ${request.emitter} emitter is synchronous`,
          );
        if (request.emitter === "providers") sendLoweredFacts(ir);
        // A run with errors writes nothing: formatting would be wasted.
        const done =
          (request.emitter === "providers" ||
            formatsCallValidators(request.emitter)) &&
          !findings.some((f) => f.severity === "error")
            ? await formatted(files)
            : files;
        reply = {
          emitter: request.emitter,
          run: request.run,
          files: done,
          findings,
        };
      } catch (e) {
        reply = {
          emitter: request.emitter,
          run: request.run,
          error: String(e),
        };
      }
      postReply(reply);
      // The call validators wait for validators.ts on the main thread; the dispatcher is the last
      // request before theirs, so the time until it comes is spent compiling them on a guess
      // (not when a later run's catalog has come meanwhile).
      if (
        request.emitter === "dispatcher" &&
        ir &&
        request.run === run &&
        newest === run
      )
        early = guess(request);
    });
  },
);

/** The texts sent last, by path: a kept thread's finished files cross as what changed (reply-delta.ts). */
const sent = new SentTexts();

function postReply(reply: EmitWorkerReply): void {
  parentPort!.postMessage(
    kept && "files" in reply
      ? { ...reply, files: sent.encode(reply.files, finishedParts) }
      : reply,
  );
}

/**
 * Whether this run's call validators come back formatted, as the providers do: whenever the run
 * formats, so that the main thread neither takes their chunks (250 KB on the real tools) nor
 * formats them; the same formatFiles with the same options (resolved here:
 * ownOptionsMainPrettier), so the same bytes. The main thread is a watch run's critical path,
 * and was a cold run's too once the worker got faster (no prettier load for a plain
 * `.prettierrc.json`, its code caches used: code-cache.cjs ONE_SHOT_ENV): it still formatted its
 * own files while the worker's share was done.
 */
function formatsCallValidators(emitter: OffloadedId): boolean {
  return emitter === "call-validators" && format !== undefined;
}

/** The guessed call validators' reply (see AskedHelpers), formatted as formatsCallValidators says. */
async function formattedGuess(
  reply: EmitWorkerReply,
): Promise<EmitWorkerReply> {
  if (
    !("files" in reply) ||
    !formatsCallValidators(reply.emitter) ||
    reply.findings.some((f) => f.severity === "error")
  )
    return reply;
  try {
    return { ...reply, files: await formatted(reply.files) };
  } catch (e) {
    return { emitter: reply.emitter, run: reply.run, error: String(e) };
  }
}

function guess(request: EmitWorkerRequest): typeof early {
  const helpers = new AskedHelpers();
  try {
    const findings: EmitFinding[] = [];
    const files = createCallValidatorsEmitter(() => helpers).emit({
      ir: ir!,
      options: { js: request.js },
      header: request.header,
      readTemplate,
      report: (f) => findings.push(f),
    });
    if (files instanceof Promise) return undefined;
    return {
      run: request.run,
      header: request.header,
      js: request.js,
      helpers,
      reply: { emitter: "call-validators", run: request.run, files, findings },
    };
  } catch {
    return undefined;
  }
}
