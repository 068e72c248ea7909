/**
 * `generate --watch`'s warm-up: while nothing is pending after the session's first good run, the
 * loop runs its edit path on catalogs held in memory (warm-up-edits.ts: one tool edited, then
 * the catalog itself again), so that the code a real edit runs is compiled by V8 before that
 * edit comes. The first edits of a session otherwise ran it mostly unoptimised: 2–5× the time of
 * the later ones (docs/performance.md). Each run's output is dropped: nothing is written or
 * printed. The memos need nothing of it either: every one is keyed by content, and a warm-up
 * that ends early (or a text that came out otherwise than meant) leaves them as any run does.
 *
 * Bounded: one sequence per session (a few runs), then nothing. Interruptible: `stop()` aborts
 * the run under way at its next stage (generate's `signal`: the stages yield between them) and
 * gives the rest up; the real run begins once that step has unwound. The worker drops the
 * requests of the run given up once a later run's catalog has come (emit-worker.ts).
 */

/**
 * Rounds of warm-up edits the watch loop runs (warm-up-edits.ts: three edits, each followed by the
 * catalog again: six runs a round).
 */
export const WARM_UP_CYCLES = 4;

/** One warm-up run of `source`: resolves whether it succeeded, rejects when aborted. */
export type WarmUpRun = (
  source: string,
  signal: AbortSignal,
) => Promise<boolean>;

export class WarmUp {
  private controller: AbortController | undefined;
  private running: Promise<void> = Promise.resolve();
  private begun = false;
  /** Runs done by the last sequence (tests, the bench). */
  runs = 0;
  /** The last sequence ended (all its runs, or given up). */
  ended: Promise<void> = Promise.resolve();

  /**
   * Begins the sequence (once: later calls do nothing): `sources` is asked for the texts once
   * the event loop has had a turn, and each is run in turn by `run`; the first that fails or
   * throws ends it.
   */
  start(sources: () => readonly string[], run: WarmUpRun): void {
    if (this.begun) return;
    this.begun = true;
    const controller = (this.controller = new AbortController());
    const { signal } = controller;
    this.running = this.ended = (async () => {
      await turn();
      if (signal.aborted) return;
      let texts: readonly string[];
      try {
        texts = sources();
      } catch {
        return;
      }
      for (const text of texts) {
        await turn();
        if (signal.aborted) return;
        try {
          if (!(await run(text, signal))) return;
        } catch {
          return;
        }
        this.runs++;
      }
    })();
  }

  /** Gives the rest of the warm-up up; resolves once the step under way has unwound. */
  stop(): Promise<void> {
    this.controller?.abort();
    return this.running;
  }
}

/** After the events waiting (a file watcher's among them). */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
