/**
 * "Did you mean": the known name closest to a misspelt one. Distance is Damerau-Levenshtein
 * (optimal string alignment: insert, delete, substitute, swap two neighbours), compared without
 * case; a name may be off by one edit from 3 characters on and by two from 6, so a short name is
 * never "corrected" into an unrelated one (`id` is not a typo of `if`).
 */

/** Edits allowed for a name of `length` characters. */
function allowedEdits(length: number): number {
  if (length < 3) return 0;
  return length < 6 ? 1 : 2;
}

/** Optimal-string-alignment distance between `a` and `b`, or `limit + 1` once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, twoBack[j - 2]! + 1);
      current.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > limit) return limit + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The known name nearest to `name` within the allowed edits (the first listed on a tie), if any. */
export function closestName(
  name: string,
  known: Iterable<string>,
): string | undefined {
  const lower = name.toLowerCase();
  const limit = allowedEdits(name.length);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    if (candidate === name) continue;
    const d =
      candidate.toLowerCase() === lower
        ? 0
        : editDistance(lower, candidate.toLowerCase(), limit);
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` for a message about the unknown `name`, or "" when nothing is close. */
export function didYouMean(
  name: string,
  known: Iterable<string>,
  render: (name: string) => string = (n) => JSON.stringify(n),
): string {
  const match = closestName(name, known);
  return match === undefined ? "" : ` (did you mean ${render(match)}?)`;
}
