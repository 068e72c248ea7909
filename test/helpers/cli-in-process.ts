/**
 * Runs the built CLI's entry (`main` in dist/generator/cli/main.js, what bin/toolcat.js calls)
 * inside the test process: the same code, arguments, working directory and output streams as
 * `toolcat(...)` in cli.ts, without starting Node and loading the generator for every command.
 * A node start costs about a quarter of a second of CPU on the test machine; files that run the
 * CLI dozens of times spend most of their time there.
 *
 * What only a real process shows — the exit status the shell sees, that nothing escapes `main`
 * as a stack trace — stays covered by a few `toolcat(...)` runs in each file that uses this.
 *
 * Runs are serialised (one at a time per test process): each one changes the process's working
 * directory, environment and stdout/stderr writers for its duration. Vitest's default `forks`
 * pool gives every test file a process of its own, where `process.chdir` is allowed.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { CliRun } from "./cli.js";
import { repoRoot } from "./pipeline.js";

type Main = (argv: readonly string[]) => Promise<number>;

const entry = pathToFileURL(
  join(repoRoot, "dist", "generator", "cli", "main.js"),
).href;
let loaded: Promise<Main> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** `toolcat args…` in `cwd`, in this process: exit code (main's return value) and what it wrote. */
export function toolcatInProcess(
  cwd: string,
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  const run = queue.then(() => runOnce(cwd, args, env));
  queue = run.catch(() => undefined);
  return run;
}

type Write = typeof process.stdout.write;

/** A stream writer that keeps the text and reports success, as a pipe would. */
function capture(into: string[]): Write {
  return ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    into.push(
      typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"),
    );
    const callback = rest.find((r) => typeof r === "function") as
      (() => void) | undefined;
    if (callback) queueMicrotask(callback);
    return true;
  }) as Write;
}

async function runOnce(
  cwd: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
): Promise<CliRun> {
  loaded ??= import(entry).then((m: { main: Main }) => m.main);
  const main = await loaded;
  const stdout: string[] = [];
  const stderr: string[] = [];
  const saved = {
    cwd: process.cwd(),
    out: process.stdout.write,
    err: process.stderr.write,
    env: Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]])),
  };
  let code: number;
  try {
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    process.chdir(cwd);
    process.stdout.write = capture(stdout);
    process.stderr.write = capture(stderr);
    code = await main(args);
  } catch (e) {
    // What would have escaped the process as an uncaught error: shown as a stack, as node would.
    code = -1;
    stderr.push(`${(e as Error)?.stack ?? String(e)}\n`);
  } finally {
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    process.chdir(saved.cwd);
    for (const [k, v] of Object.entries(saved.env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { code, stdout: stdout.join(""), stderr: stderr.join("") };
}
