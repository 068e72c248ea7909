/**
 * Outputs' worker: the whole `toolcat generate` pipeline with prettier (seconds for a large
 * catalog), and Try arguments through the generated dispatcher. Only the newest catalog is
 * generated; a try is answered with the dispatcher of the generation it names.
 */
import "./engine/yaml.js";
import { generateInPage } from "./engine/generate.js";
import { HANDLERS_STUB_PATH, handlersStub } from "./engine/handlers-stub.js";
import { answerCall, loadDispatcher } from "./engine/run-call.js";
import { strictnessDecisions } from "./engine/strictness.js";
import { bundledTemplate } from "./engine/templates.js";
import type { OutputReply, OutputRequest } from "./protocol.js";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<OutputRequest>) => void) | null;
  postMessage(m: OutputReply): void;
};
const queue: OutputRequest[] = [];
let busy = false;

interface Generation {
  readonly seq: number;
  readonly files: ReadonlyMap<string, string>;
  readonly tools: readonly string[];
  dispatcher?: Promise<Awaited<ReturnType<typeof loadDispatcher>>>;
}
let current: Generation | undefined;

async function handle(request: OutputRequest): Promise<OutputReply> {
  if (request.kind === "generate") {
    const started = performance.now();
    const result = await generateInPage(request.catalog, bundledTemplate);
    const tools = result.ir?.tools.map((t) => t.name) ?? [];
    const targets = result.ir?.targets.map((t) => t.id) ?? [];
    if (result.ok) {
      current?.dispatcher?.then((d) => d.release()).catch(() => undefined);
      current = { seq: request.seq, files: result.files, tools };
    }
    return {
      seq: request.seq,
      kind: "outputs",
      ok: result.ok,
      files: [...result.files],
      stub:
        result.ok && result.ir
          ? [HANDLERS_STUB_PATH, handlersStub(result.ir)]
          : undefined,
      diagnostics: result.diagnostics,
      decisions: result.ir ? strictnessDecisions(result.ir) : [],
      tools,
      targets,
      timings: result.timings,
      ms: performance.now() - started,
    };
  }
  if (!current || current.seq !== request.generation)
    return {
      seq: request.seq,
      kind: "failed",
      message: "the outputs changed meanwhile; try again",
    };
  current.dispatcher ??= loadDispatcher(current.files);
  const { module } = await current.dispatcher;
  return {
    seq: request.seq,
    kind: "answer",
    answer: await answerCall(module, current.tools, request.request),
  };
}

/** One request per task, so messages that arrived meanwhile are queued (and stale ones skipped) first. */
async function step(): Promise<void> {
  const request = queue.shift();
  if (request === undefined) {
    busy = false;
    return;
  }
  if (!(
    request.kind === "generate" && queue.some((q) => q.kind === "generate")
  )) {
    try {
      scope.postMessage(await handle(request));
    } catch (e) {
      scope.postMessage({
        seq: request.seq,
        kind: "failed",
        message: (e as Error).message,
      });
    }
  }
  setTimeout(() => void step(), 0);
}

scope.onmessage = (e) => {
  queue.push(e.data);
  if (!busy) {
    busy = true;
    setTimeout(() => void step(), 0);
  }
};
