// Timing several contenders against each other in one process, in turns (validators.bench.js).
//
// Why turns: on these machines the speed of the same code drifts by a third over a few hundred
// milliseconds (a neighbour on the host's cores: one validator's 60 ms batches measured 2.0–3.9 M
// ops/s within one run). With one batch per contender a round spanned about 300 ms, so a drift
// between two contenders' batches went straight into that round's ratio (per-round ratios of
// 1.18–2.41 for one pair in one run, and no claim near 2x could be told from noise). When a
// round's time is cut into slices that take turns — slice 1 of every contender, then slice 2 of
// every contender, ... — every contender runs inside the same phases of the machine, and a drift
// slower than a turn divides out of the round's ratio.

/**
 * How many passes of `run` take about `ms` on the clock `now` (at least one): doubling from one
 * pass (four times while far below) until a batch takes `ms`, then scaled to it.
 */
export function passesFor(run, ms, now) {
  let reps = 1;
  for (;;) {
    const t = now();
    for (let r = 0; r < reps; r++) run();
    const took = now() - t;
    if (took >= ms || reps >= 1 << 24)
      return Math.max(1, Math.round((reps * ms) / Math.max(took, 1e-6)));
    reps *= took < ms / 8 ? 4 : 2;
  }
}

/**
 * One round: each contender's passes per second (times `perPass`, the operations in one pass)
 * over `slices` slices of `reps[k]` passes, the slices taking turns in `order` (indexes into
 * `runners`). A slice during which `majorCollectionRan` says a major collection ran is run
 * again, up to three times: such a slice measured the collector (which lands on whichever
 * contender runs when the old generation fills), not the contender.
 */
export function slicedRound(
  runners,
  reps,
  order,
  { slices, now, perPass = 1, majorCollectionRan = () => () => false },
) {
  const ms = runners.map(() => 0);
  const passes = runners.map(() => 0);
  for (let s = 0; s < slices; s++)
    for (const k of order)
      for (let retries = 0; ; retries++) {
        const ran = majorCollectionRan();
        const t = now();
        for (let r = 0; r < reps[k]; r++) runners[k]();
        const took = now() - t;
        if (retries < 3 && ran()) continue;
        ms[k] += took;
        passes[k] += reps[k];
        break;
      }
  return ms.map((m, k) => (perPass * passes[k]) / (Math.max(m, 1e-6) / 1000));
}
