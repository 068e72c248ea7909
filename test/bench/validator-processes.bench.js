// This build's validators against another build's (TOOLCAT_BENCH_BASELINE=<its dist directory>),
// each in fresh processes of their own, alternating: new, baseline, new, baseline, … One process
// loops one contender over one set for 4 s (validators.bench.js's TOOLCAT_BENCH_PROFILE mode) and
// reports how many validations it ran. Why processes and not rounds in one process: V8 settles
// a module of hundreds of validators into one of a few JIT states per process, and that state,
// not the code, decides a single process's figure (the same build against itself gave 0.57–1.43
// on the corpus sample in one process). A pair of neighbouring processes shares the machine's
// load, so the figure is the median of the per-pair ratios new/baseline, printed with its spread.
// Knobs: TOOLCAT_BENCH_PAIRS (default 5), TOOLCAT_BENCH_ONLY=<group title> (default: all three),
// TOOLCAT_BENCH_SETS=valid|invalid (default both).
// Skipped (with a note) without TOOLCAT_BENCH_BASELINE.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const GROUPS = ["example catalog", "fixtures", "tool corpus sample"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Validations run in 4 s by one fresh process: contender 0 (this build) or 2 (the baseline). */
function countIn(group, set, who) {
  const r = spawnSync(process.execPath, [join(here, "run.js"), "validators"], {
    encoding: "utf8",
    env: {
      ...process.env,
      TOOLCAT_BENCH_TWO: "1",
      TOOLCAT_BENCH_PROFILE: group,
      TOOLCAT_BENCH_PROFILE_SET: set,
      TOOLCAT_BENCH_PROFILE_WHO: String(who),
    },
  });
  const found = /profiled (\d+)/.exec(r.stdout);
  if (r.status !== 0 || found === null)
    throw new Error(
      `validators bench process failed (${r.status}): ${r.stderr}`,
    );
  return Number(found[1]);
}

export default async function bench() {
  if (!process.env.TOOLCAT_BENCH_BASELINE) {
    console.log(
      "skipped: set TOOLCAT_BENCH_BASELINE=<another build's dist directory> to compare this build's validators with it, process against process",
    );
    return;
  }
  const pairs = Number(process.env.TOOLCAT_BENCH_PAIRS ?? 5);
  const groups = process.env.TOOLCAT_BENCH_ONLY
    ? [process.env.TOOLCAT_BENCH_ONLY]
    : GROUPS;
  console.log(
    `this build / ${process.env.TOOLCAT_BENCH_BASELINE}, ${pairs} pairs of fresh processes each (load average ${loadavg()[0].toFixed(1)}):`,
  );
  for (const group of groups) {
    const cells = [];
    for (const set of process.env.TOOLCAT_BENCH_SETS
      ? [process.env.TOOLCAT_BENCH_SETS]
      : ["valid", "invalid"]) {
      const ratios = [];
      for (let p = 0; p < pairs; p++)
        ratios.push(countIn(group, set, 0) / countIn(group, set, 2));
      const sorted = [...ratios].sort((a, b) => a - b);
      cells.push(
        `${set} ${median(ratios).toFixed(2)}x (pairs ${sorted[0].toFixed(2)}–${sorted[sorted.length - 1].toFixed(2)})`,
      );
    }
    console.log(`  ${group.padEnd(20)} ${cells.join("   ")}`);
  }
  console.log(`(load average now ${loadavg()[0].toFixed(1)})`);
}
