/** A unified diff (Myers, line based) for `generate --check`, so CI logs show what drifted. */

export type Op = { kind: " " | "-" | "+"; line: string };

/**
 * Myers' O(ND) diff; the trace keeps only the live diagonals of each step (O(D²) memory).
 * Undefined when the texts differ in more than `maxD` lines. (Also the edit-locality test's diff.)
 */
export function diffLines(
  a: string[],
  b: string[],
  maxD: number,
): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= Math.min(max, maxD) && !found; d++) {
    trace.push(v.slice(max - d - 1 < 0 ? 0 : max - d - 1, max + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[max + k - 1]! < v[max + k + 1]!)
          ? v[max + k + 1]!
          : v[max + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) return undefined;
  const at = (d: number, k: number) => {
    const base = max - d - 1 < 0 ? 0 : max - d - 1;
    return trace[d]![max + k - base]!;
  };
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const k = x - y;
    const prevK =
      k === -d || (k !== d && at(d, k - 1) < at(d, k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(d, prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: " ", line: a[--x]! });
      y--;
    }
    if (d > 0) {
      if (x === prevX) ops.push({ kind: "+", line: b[--y]! });
      else ops.push({ kind: "-", line: a[--x]! });
    }
  }
  return ops.reverse();
}

/** Unified diff of two texts with `context` lines around each change; empty when equal. */
export function unifiedDiff(
  path: string,
  before: string,
  after: string,
  context = 3,
): string {
  if (before === after) return "";
  const a = before.split("\n");
  const b = after.split("\n");
  const ops = diffLines(a, b, 4000);
  // Files that differ almost everywhere: a diff would be unreadable and slow; say so instead.
  if (!ops)
    return `--- a/${path}\n+++ b/${path}\n(the file differs in more than 4000 lines; regenerate and review with git diff)\n`;
  const out: string[] = [`--- a/${path}`, `+++ b/${path}`];
  let i = 0;
  let aLine = 1;
  let bLine = 1;
  while (i < ops.length) {
    if (ops[i]!.kind === " ") {
      i++;
      aLine++;
      bLine++;
      continue;
    }
    const start = Math.max(0, i - context);
    let end = i;
    let lastChange = i;
    while (
      end < ops.length &&
      (ops[end]!.kind !== " " || end - lastChange <= context * 2)
    ) {
      if (ops[end]!.kind !== " ") lastChange = end;
      end++;
    }
    end = Math.min(ops.length, lastChange + context + 1);
    const back = i - start;
    const hunk = ops.slice(start, end);
    const aCount = hunk.filter((o) => o.kind !== "+").length;
    const bCount = hunk.filter((o) => o.kind !== "-").length;
    out.push(`@@ -${aLine - back},${aCount} +${bLine - back},${bCount} @@`);
    for (const o of hunk) out.push(o.kind + o.line);
    for (const o of ops.slice(i, end)) {
      if (o.kind !== "+") aLine++;
      if (o.kind !== "-") bLine++;
    }
    i = end;
  }
  return out.join("\n") + "\n";
}
