/**
 * What the emit worker does differently on a thread kept from run to run (`generate --watch`,
 * EmitThread): runs after its first resolve prettier's version and the provider files' options on
 * the worker itself instead of asking the main thread (PrettierAsk, parallel-emit.ts).
 *
 * The main thread answers only when its event loop is free, and during a run it is busy from the
 * catalog's arrival to the lint rules' end: the worker's provider files, ready long before,
 * waited for their options until then (on the real tools after a one-tool edit, the main thread's
 * emitters and lint took 90–130 ms while the worker had its files laid out and only the options
 * to ask for). The options are the same either way: the same prettier package, the same
 * `resolveConfig` of the same output path (prettierOptions); the module is loaded once per thread
 * while it is idle after its first run, never during a run. Wide lines no exact breaker takes
 * still go to the main thread's prettier (warm there; the worker keeps its answers:
 * wide-line-memo.ts). A cold run (a thread for one run) asks the main thread as before: loading
 * prettier's module on the worker would cost it more than waiting.
 */
import type { OptionsFor, PrettierCalls } from "./format.js";

/** Whether runs on this thread resolve their options here (see above): set once the module is loaded. */
let loaded: PrettierCalls | undefined;
let loading: Promise<unknown> | undefined;

/**
 * A kept thread's run is over: load prettier's module while the thread is idle (the next run
 * finds it loaded). `load` is the run's own loader (prettierOptions), so the same module is used.
 */
export function preloadForKeptRuns(
  load: () => Promise<PrettierCalls>,
): void {
  if (loading) return;
  loading = new Promise<void>((resolve) => setImmediate(resolve))
    .then(load)
    .then(
      (prettier) => {
        loaded = prettier;
      },
      () => undefined,
    );
}

/**
 * This thread's prettier for a run, when a run before has loaded it: its version, `optionsFor`
 * as the run resolves them, and `format` asked of the main thread. Undefined on a thread's first
 * run (the main thread answers everything then).
 */
export function keptRunPrettier(
  optionsFor: OptionsFor,
  askFormat: PrettierCalls["format"],
):
  | { readonly prettier: PrettierCalls; readonly optionsFor: OptionsFor }
  | undefined {
  if (!loaded) return undefined;
  return {
    prettier: { version: loaded.version, format: askFormat },
    optionsFor,
  };
}
