/** The validator writer's scan for locals finds what a plain character scan finds. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collectLocals } from "../../generator/core/emit/validators/writer.js";

const seed = Number(process.env.FC_SEED ?? 20261202);

const isWordStart = (c: string) => /[A-Za-z_$]/.test(c);
const isWordPart = (c: string) => /[A-Za-z0-9_$]/.test(c);

/**
 * The rule spelled out one character at a time: string literals are skipped (a backslash takes
 * the next character with it; unterminated, to the end), every other maximal word that follows
 * neither a word character nor `.` counts when it has a local's shape.
 */
function plainScan(text: string): string[] {
  const found = new Set<string>();
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (isWordStart(c)) {
      const start = i;
      while (i < text.length && isWordPart(text[i]!)) i++;
      const before = start > 0 ? text[start - 1]! : " ";
      const word = text.slice(start, i);
      if (
        before !== "." &&
        !isWordPart(before) &&
        /^(?:_d|_e|[A-Za-z]\d+)$/.test(word)
      )
        found.add(word);
    } else i++;
  }
  return [...found].sort();
}

function scan(text: string): string[] {
  const into = new Set<string>();
  collectLocals(text, into);
  return [...into].sort();
}

describe("collectLocals", () => {
  it("finds the locals of generated lines", () => {
    expect(
      scan(
        'if (d1 !== undefined && !hasOwn.call(_d, "d2")) v3 = _e[a12].x4 + "it\'s v9" + y5;',
      ),
    ).toEqual(["_d", "_e", "a12", "d1", "v3", "y5"]);
    expect(scan("9a1 a1b $a1 _e1 .b2 é c3")).toEqual(["c3"]);
    expect(scan('"unterminated a1')).toEqual([]);
    expect(scan("'a\\'b1' c2 \"x\\\\\" d3")).toEqual(["c2", "d3"]);
  });

  it("agrees with a plain scan on random text", () => {
    const piece = fc.constantFrom(
      "a1",
      "d12",
      "_d",
      "_e",
      "_e1",
      "x",
      "$",
      "9",
      ".",
      " ",
      '"',
      "'",
      "\\",
      "é",
      "(",
      "k3.v4",
      "\n",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(scan(text)).toEqual(plainScan(text));
      }),
      { seed, numRuns: 3000 },
    );
  });
});
