import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unifiedDiff } from "../../generator/node/diff.js";

/** Applies a unified diff to `before` (the inverse check of the generator). */
function apply(before: string, patch: string): string {
  const a = before.split("\n");
  const out: string[] = [];
  let pos = 0;
  const lines = patch.split("\n");
  for (let i = 2; i < lines.length; i++) {
    const m = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(lines[i]!);
    if (!m) continue;
    const start = Number(m[1]) - 1;
    while (pos < start) out.push(a[pos++]!);
    for (i++; i < lines.length && !lines[i]!.startsWith("@@"); i++) {
      const l = lines[i]!;
      if (l === "" && i === lines.length - 1) break;
      if (l[0] === " ") {
        out.push(l.slice(1));
        pos++;
      } else if (l[0] === "-") pos++;
      else if (l[0] === "+") out.push(l.slice(1));
    }
    i--;
  }
  while (pos < a.length) out.push(a[pos++]!);
  return out.join("\n");
}

describe("unified diff", () => {
  it("is empty for equal texts and applies back to the new text", () => {
    const line = fc.constantFrom("a", "b", "c", "d", "", "x y");
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 60 }),
        fc.array(line, { maxLength: 60 }),
        (x, y) => {
          const before = x.join("\n");
          const after = y.join("\n");
          const d = unifiedDiff("f.ts", before, after);
          if (before === after) expect(d).toBe("");
          else expect(apply(before, d)).toBe(after);
        },
      ),
      { seed: 7, numRuns: 400 },
    );
  });

  it("shows hunks with context", () => {
    const d = unifiedDiff(
      "types.ts",
      "a\nb\nc\nd\ne\nf\ng\nh\n",
      "a\nb\nc\nd\nE\nf\ng\nh\n",
    );
    expect(d).toBe(
      "--- a/types.ts\n+++ b/types.ts\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n",
    );
  });
});
