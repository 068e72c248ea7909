/** Types of interleave.js for the tests that use it (the benches are plain JavaScript). */
export function passesFor(
  run: () => void,
  ms: number,
  now: () => number,
): number;

export function slicedRound(
  runners: readonly (() => void)[],
  reps: readonly number[],
  order: readonly number[],
  options: {
    slices: number;
    now: () => number;
    perPass?: number;
    majorCollectionRan?: () => () => boolean;
  },
): number[];
