// One `generate --watch` session in a fresh process, for the generate bench's watch figures
// (generate.bench.js): generate() with a kept thread, as the watch loop calls it, on the project
// `dir` whose catalog/tools.yaml it rewrites with the texts of `source` and `edited` (files).
//   node watch-session.js <dist> <dir> <source file> <edited file> <expected dir> <warm-up cycles> <idle ms> <edits> <later edits>
// The first run is the session's initial run; then, with cycles > 0, the watch loop's warm-up
// (generator/cli/watch-warm-up.ts, as the CLI starts it) runs to its end and the session idles
// `idle` ms; then `edits` edit-and-undo cycles, each edit timed, then `later` more of them. Each
// run writes its files as the watch loop does (`writeOutput`, into out-watch): an edit is done for
// the user when its files are on disk. Prints one JSON line: the initial run's time, the warm-up's
// runs and time, when the first edit came (ms after the initial run ended), each edit's wall and
// CPU time (both threads) with the part of the wall time spent writing, and whether every edit
// run's output was the tree under `expected` (a cold run's) byte for byte.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [
  dist,
  dir,
  sourceFile,
  editedFile,
  expectedDir,
  cycles,
  idle,
  edits,
  later,
] = process.argv.slice(2);

/** Every file under `root`, by path relative to it (posix separators). */
function readTree(root, at = "", out = new Map()) {
  for (const entry of readdirSync(join(root, at), { withFileTypes: true })) {
    const rel = at === "" ? entry.name : `${at}/${entry.name}`;
    if (entry.isDirectory()) readTree(root, rel, out);
    else out.set(rel, readFileSync(join(root, rel), "utf8"));
  }
  return out;
}
const expected = readTree(expectedDir);
const same = (files) =>
  files.size === expected.size &&
  [...files].every(([path, text]) => expected.get(path) === text);
const { generate, EmitThread, writeOutput } = await import(
  join(dist, "generator", "index.js")
);
const { WarmUp } = await import(
  join(dist, "generator", "cli", "watch-warm-up.js")
);
const { warmUpSources } = await import(
  join(dist, "generator", "cli", "warm-up-edits.js")
);
const file = join(dir, "catalog", "tools.yaml");
const source = readFileSync(sourceFile, "utf8");
const edited = readFileSync(editedFile, "utf8");
const thread = new EmitThread();
const run = async (text) => {
  writeFileSync(file, text);
  const t = performance.now();
  const c = process.cpuUsage();
  const result = await generate({ cwd: dir, out: "out-watch", thread });
  if (!result.ok) throw new Error("generate() failed in the watch session");
  const generated = performance.now();
  await writeOutput(result.outDir, result.files);
  const used = process.cpuUsage(c);
  const end = performance.now();
  return {
    wall: end - t,
    write: end - generated,
    cpu: (used.user + used.system) / 1000,
    files: result.files,
  };
};
try {
  const initial = await run(source);
  const initialEnd = performance.now();
  let warmUp;
  if (Number(cycles) > 0) {
    const w = new WarmUp();
    const c = process.cpuUsage();
    w.start(
      () => warmUpSources("catalog/tools.yaml", source, Number(cycles)),
      async (text, signal) =>
        (
          await generate({
            cwd: dir,
            out: "out-watch",
            thread,
            source: text,
            cache: false,
            signal,
          })
        ).ok,
    );
    await w.ended;
    const used = process.cpuUsage(c);
    warmUp = {
      runs: w.runs,
      ms: performance.now() - initialEnd,
      cpu: (used.user + used.system) / 1000,
    };
    await new Promise((resolve) => setTimeout(resolve, Number(idle)));
  }
  const firstEditAfter = performance.now() - initialEnd;
  const timed = [];
  let equal = true;
  for (let i = 0; i < Number(edits) + Number(later); i++) {
    const after = await run(edited);
    timed.push({ wall: after.wall, write: after.write, cpu: after.cpu });
    equal &&= same(after.files);
    await run(source);
  }
  process.stdout.write(
    `${JSON.stringify({
      initial: { wall: initial.wall, cpu: initial.cpu },
      warmUp,
      firstEditAfter,
      edits: timed,
      equal,
    })}\n`,
  );
} finally {
  thread.close();
}
