/**
 * The validators bench's turns (test/bench/interleave.js), on a fake clock whose machine runs at
 * half speed every other phase: taking turns in short slices must recover the contenders' true
 * ratio in every round, where one batch per contender (the bench's old way) does not — the drift
 * the turns exist for. And a slice that a major collection ran into is measured again.
 */
import { describe, expect, it } from "vitest";
import { passesFor, slicedRound } from "../bench/interleave.js";

/** A clock whose machine is twice as slow in every other phase of `phase` time units. */
function driftingMachine(phase: number) {
  let t = 0;
  return {
    now: () => t,
    /** A contender whose pass costs `cost` units at full speed. */
    contender: (cost: number) => () => {
      t += cost * (Math.floor(t / phase) % 2 === 0 ? 1 : 2);
    },
    advance: (units: number) => {
      t += units;
    },
  };
}

/** Per-round ratios of contender 0's rate over contender 1's (true ratio: 2). */
function ratios(slices: number, rounds: number): number[] {
  const machine = driftingMachine(300);
  const runners = [machine.contender(1), machine.contender(2)];
  // Each contender gets about one phase per round, as the old batches did (60 ms of a 300 ms drift).
  const reps = [150, 75];
  const out: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const [a, b] = slicedRound(
      runners,
      reps.map((r) => Math.max(1, Math.round(r / slices))),
      order,
      { slices, now: machine.now },
    );
    out.push(a! / b!);
  }
  return out;
}

describe("the validators bench's turns", () => {
  it("recover the true ratio in every round when the machine drifts", () => {
    for (const r of ratios(30, 12)) expect(Math.abs(r - 2)).toBeLessThan(0.1);
  });

  it("one batch per contender does not (the drift the turns remove)", () => {
    const worst = Math.max(...ratios(1, 12).map((r) => Math.abs(r - 2)));
    expect(worst).toBeGreaterThan(0.5);
  });

  it("count every contender's passes and time, and scale by the operations per pass", () => {
    const machine = driftingMachine(1e9); // no drift
    const rates = slicedRound(
      [machine.contender(0.5), machine.contender(4)],
      [8, 2],
      [1, 0],
      { slices: 3, now: machine.now, perPass: 10 },
    );
    // 0.5 ms a pass, 10 operations a pass: 20,000 per second; 4 ms a pass: 2,500.
    expect(rates[0]).toBeCloseTo(20_000, 6);
    expect(rates[1]).toBeCloseTo(2_500, 6);
  });

  it("measure a slice again when a major collection ran in it, three times at most", () => {
    const machine = driftingMachine(1e9);
    let collections = 2; // the first two slices meet one, and are slowed by it
    const run = () => {
      machine.advance(1);
      if (collections > 0) machine.advance(100);
    };
    const [rate] = slicedRound([run], [5], [0], {
      slices: 2,
      now: machine.now,
      majorCollectionRan: () => () => collections-- > 0,
    });
    expect(rate).toBeCloseTo(1000, 6); // 1 ms a pass, the collections' time left out

    let tries = 0;
    slicedRound([() => tries++], [1], [0], {
      slices: 1,
      now: machine.now,
      majorCollectionRan: () => () => true,
    });
    expect(tries).toBe(4); // the first try and three more, then it is kept
  });

  it("passesFor finds how many passes fill a slice", () => {
    const machine = driftingMachine(1e9);
    expect(passesFor(machine.contender(0.25), 5, machine.now)).toBe(20);
    expect(passesFor(machine.contender(30), 5, machine.now)).toBe(1);
  });
});
