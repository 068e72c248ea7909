/**
 * The emit worker (parallel-emit.ts) started before the CLI's own modules are loaded: bin/toolcat.js
 * calls startEmitWorkerEarly first thing for `generate`, and the run's EmitThread takes that
 * worker (takeEarlyEmitWorker) instead of starting one once the catalog has been read. A worker
 * thread's start — Node compiling its own bootstrap there, then the worker's chunks — takes about
 * 0.1 s before it can build its IR, and it was started only after this thread had loaded its
 * modules and read the catalog (about 40 ms into a real-tools run's main thread, which spends
 * 20–35 ms loading this chunk and starting the thread instead); started first, that start
 * overlaps this thread's own.
 *
 * Whether a run needs the worker is told here by the catalog's size, as `generate` tells it by the
 * text it read (PARALLEL_FROM_BYTES): a wrong guess costs a thread's start, never a byte, and a
 * worker nothing took is ended (endEarlyEmitWorker).
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";

/**
 * Catalog size from which part of the emitting runs on a worker thread: about 80 typical tools,
 * where the call validators alone take longer than starting the thread and reading the catalog
 * there does.
 */
export const PARALLEL_FROM_BYTES = 128 * 1024;

/** The worker's module, beside this one (dist/generator/node, or the bundle's folder). */
export const EMIT_WORKER_URL = new URL("./emit-worker.js", import.meta.url);

let early: Worker | undefined;

/**
 * Starts the emit worker when `argv` (the CLI's arguments) is a `generate` whose catalog is large
 * enough for one; does nothing otherwise, or when it cannot start. `workerData` is the worker's
 * (bin/toolcat.js: the code cache's gate, which lets the worker compile Node's start before a
 * one-shot run sets V8's flags). Says whether it started one.
 */
export function startEmitWorkerEarly(
  argv: readonly string[],
  workerData?: unknown,
): boolean {
  if (argv[0] !== "generate" || early) return false;
  const catalog = catalogArgument(argv.slice(1)) ?? "catalog/tools.yaml";
  const size = statSync(resolve(catalog), { throwIfNoEntry: false })?.size;
  if (size === undefined || size < PARALLEL_FROM_BYTES) return false;
  let worker: Worker;
  try {
    worker = new Worker(
      EMIT_WORKER_URL,
      workerData === undefined ? undefined : { workerData },
    );
  } catch {
    return false;
  }
  // Idle, it never keeps the process alive; one that fails before it is taken is simply not taken.
  worker.unref();
  const gone = () => {
    if (early === worker) early = undefined;
  };
  worker.on("error", gone);
  worker.on("exit", gone);
  early = worker;
  return true;
}

/** The worker startEmitWorkerEarly started, once (later calls: undefined). */
export function takeEarlyEmitWorker(): Worker | undefined {
  const worker = early;
  early = undefined;
  return worker;
}

/** Ends a worker started early that no run took (a run that needed none). */
export function endEarlyEmitWorker(): void {
  void takeEarlyEmitWorker()?.terminate();
}

/** `--catalog FILE` or `--catalog=FILE`, as the argument parser reads it (cli/args.ts). */
function catalogArgument(flags: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < flags.length; i++) {
    const arg = flags[i]!;
    if (arg === "--catalog") found = flags[++i];
    else if (arg.startsWith("--catalog="))
      found = arg.slice("--catalog=".length);
  }
  return found;
}
