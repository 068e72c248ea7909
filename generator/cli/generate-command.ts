/** `toolcat generate`: write, `--check` (compare, never write) or `--watch`. */
import { readFileSync, watch } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import {
  EmitThread,
  generate,
  ToolcatUsageError,
  type GenerateResult,
} from "../index.js";
import { compareWithDisk, hasDrift, writeOutput } from "../node/files.js";
import { unifiedDiff } from "../node/diff.js";
import { formatDiagnostics, summary } from "./report.js";
import type { Command, Flags } from "./command.js";
import { warmUpSources } from "./warm-up-edits.js";
import { WARM_UP_CYCLES, WarmUp } from "./watch-warm-up.js";

export const generateCommand: Command = {
  name: "generate",
  summary:
    "write generated/ from the catalog (or --check that it is up to date)",
  usage:
    "[--catalog FILE] [--out DIR] [--js] [--check] [--watch] [--quiet] [--verbose] [--no-format] [--no-cache]",
  description: `Lints the catalog and, when it has no errors, writes the types, validators, provider
declarations and runtime into the output folder. Files are written atomically, only when their
bytes change; generated files that are no longer produced are removed (only those with toolcat's
header). A catalog with errors writes nothing.`,
  flags: {
    catalog: {
      kind: "string",
      value: "FILE",
      help: "the catalog to read (default catalog/tools.yaml)",
    },
    out: {
      kind: "string",
      value: "DIR",
      help: "the output folder (default generated)",
    },
    js: { kind: "boolean", help: "emit ESM .js with .d.ts instead of .ts" },
    check: {
      kind: "boolean",
      help: "compare with disk instead of writing; print a diff and exit 1 on drift",
    },
    watch: {
      kind: "boolean",
      help: "regenerate whenever the catalog changes; keeps running after a bad edit",
    },
    quiet: {
      kind: "boolean",
      help: "print nothing but problems (no summary or timing line)",
    },
    verbose: { kind: "boolean", help: "also print info-level findings" },
    "no-format": {
      kind: "boolean",
      help: "skip prettier (faster; output differs from the committed layout)",
    },
    "no-cache": {
      kind: "boolean",
      help: "format everything afresh instead of reusing node_modules/.cache/toolcat",
    },
  },
  positionals: false,
  run: (flags) => runGenerate(flags),
};

function timingLine(
  result: GenerateResult,
  extra: { stage: string; ms: number }[],
  total: number,
): string {
  const stages = [...result.timings, ...extra]
    .map((t) => `${t.stage} ${t.ms < 10 ? t.ms.toFixed(1) : Math.round(t.ms)}`)
    .join(", ");
  return `${Math.round(total)} ms (${stages})`;
}

/** One run; `thread`: the watch loop's worker thread, kept warm from run to run. */
async function once(flags: Flags, thread?: EmitThread): Promise<number> {
  const started = performance.now();
  const result = await generate({
    catalog: typeof flags.catalog === "string" ? flags.catalog : undefined,
    out: typeof flags.out === "string" ? flags.out : undefined,
    js: flags.js === true,
    format: flags["no-format"] !== true,
    cache: flags["no-cache"] !== true,
    thread,
    // Without the watch loop's thread, the process ends after this run: nothing is kept for another.
    oneRun: thread === undefined,
  });
  const problems = formatDiagnostics(result.diagnostics, "text", {
    verbose: flags.verbose === true,
  });
  if (problems) process.stderr.write(problems);
  for (const notice of result.notices)
    process.stderr.write(`toolcat: notice: ${notice}\n`);
  if (!result.ok) {
    process.stderr.write(
      `toolcat: not generated: ${summary(result.diagnostics)}; ${result.outDir} left unchanged\n`,
    );
    return 1;
  }
  const quiet = flags.quiet === true;
  if (flags.check === true) {
    const t = performance.now();
    const drift = await compareWithDisk(result.outDir, result.files);
    const compareMs = performance.now() - t;
    if (!hasDrift(drift)) {
      if (!quiet)
        process.stderr.write(
          `toolcat: ${result.files.size} files up to date in ${timingLine(result, [{ stage: "compare", ms: compareMs }], performance.now() - started)}\n`,
        );
      return 0;
    }
    for (const c of drift.changed)
      process.stdout.write(unifiedDiff(c.path, c.actual, c.expected));
    for (const m of drift.missing)
      process.stdout.write(
        `--- /dev/null\n+++ b/${m}\n(missing: would be created)\n`,
      );
    for (const x of drift.extra)
      process.stdout.write(
        `--- a/${x}\n+++ /dev/null\n(no longer generated: would be removed)\n`,
      );
    process.stderr.write(
      `toolcat: generated files are stale: ${drift.changed.length} changed, ${drift.missing.length} missing, ${drift.extra.length} extra; run toolcat generate\n`,
    );
    return 1;
  }
  const t = performance.now();
  const { written, removed } = await writeOutput(result.outDir, result.files);
  const writeMs = performance.now() - t;
  if (!quiet) {
    const what =
      written.length + removed.length === 0
        ? "up to date"
        : `${written.length} written${removed.length ? `, ${removed.length} removed` : ""}`;
    process.stderr.write(
      `toolcat: ${result.files.size} files, ${what}, in ${timingLine(result, [{ stage: "write", ms: writeMs }], performance.now() - started)}\n`,
    );
  }
  return 0;
}

export async function runGenerate(flags: Flags): Promise<number> {
  if (flags.watch === true && flags.check === true) {
    process.stderr.write("toolcat: --watch and --check cannot be combined\n");
    return 2;
  }
  if (flags.watch !== true) {
    return once(flags);
  }
  return watchCatalog(flags);
}

/**
 * Regenerates on every change of the catalog file. Editors often save by replacing the file, so
 * the directory is watched and events are filtered by name; bursts are coalesced. A bad edit
 * prints its problems and the watcher keeps going.
 */
async function watchCatalog(flags: Flags): Promise<number> {
  const catalog = resolve(
    typeof flags.catalog === "string" ? flags.catalog : "catalog/tools.yaml",
  );
  // One worker thread for every run: a new one would compile its code afresh each time.
  const thread = new EmitThread();
  const warmUp = new WarmUp();
  const run = async () => {
    let ok = false;
    try {
      ok = (await once(flags, thread)) === 0;
    } catch (e) {
      const hint =
        e instanceof ToolcatUsageError && e.hint ? `${e.hint}\n` : "";
      process.stderr.write(`toolcat: ${(e as Error).message}\n${hint}`);
    }
    process.stderr.write(`toolcat: watching ${catalog} (Ctrl-C to stop)\n`);
    // After the first good run, while nothing is pending: the edit path warmed up (watch-warm-up.ts).
    if (ok && flags.js !== true) warmUp.start(warmUpTexts, warmUpRun);
  };
  const warmUpTexts = () =>
    warmUpSources(
      typeof flags.catalog === "string" ? flags.catalog : "catalog/tools.yaml",
      readFileSync(catalog, "utf8"),
      WARM_UP_CYCLES,
    );
  // As once() runs it, without the disk cache (nothing is written) and without a word.
  const warmUpRun = async (source: string, signal: AbortSignal) =>
    (
      await generate({
        catalog: typeof flags.catalog === "string" ? flags.catalog : undefined,
        out: typeof flags.out === "string" ? flags.out : undefined,
        format: flags["no-format"] !== true,
        cache: false,
        thread,
        source,
        signal,
      })
    ).ok;
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  // Armed before the first run, so that an edit saved as soon as "watching" is printed (or during
  // the first run) is seen: armed after it, an edit in between was missed, and no run followed.
  const watcher = watch(dirname(catalog), (_event, name) => {
    if (name !== null && name !== basename(catalog)) return;
    // A change gives the warm-up up at once; the run waits for the step under way to unwind.
    void warmUp.stop();
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() => warmUp.stop()).then(run);
    }, 60);
  });
  running = run();
  await running;
  return new Promise<number>((resolveExit) => {
    const stop = () => {
      watcher.close();
      clearTimeout(timer);
      void running.then(async () => {
        await warmUp.stop();
        thread.close();
        resolveExit(0);
      });
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
