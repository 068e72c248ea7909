/** Scans and shortcuts that replaced regular expressions on megabyte strings give the same results. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  normalParts,
  normalisedJoin,
  normaliseText,
} from "../../generator/core/emit/line-ends.js";
import { badCharacter } from "../../generator/core/load/source-text.js";
import { LineIndex } from "../../generator/core/load/line-index.js";
import {
  escapePointerSegment,
  pointerJoin,
  pointerSegments,
} from "../../generator/core/schema/json.js";

const seed = Number(process.env.FC_SEED ?? 20261129);
const text = (chars: string[]) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom(...chars),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    ),
  });

describe("line ends", () => {
  it("normaliseText is LF only with exactly one trailing newline, as the two replacements made it", () => {
    const slow = (t: string) => t.replace(/\r\n?/g, "\n").replace(/\n*$/, "\n");
    fc.assert(
      fc.property(text(["\n", "\r", "\r\n", "a", " "]), (t) => {
        expect(normaliseText(t)).toBe(slow(t));
      }),
      { seed, numRuns: 2000 },
    );
    expect(normaliseText("")).toBe("\n");
    expect(normaliseText("a\r\n\r\n")).toBe("a\n");
  });

  it("a text made of parts is normalised as its joined text is, and told normal from its parts", () => {
    const parts = fc.array(text(["\n", "\r", "\r\n", "a", ""]), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(parts, (p) => {
        const joined = p.join("");
        expect(normalisedJoin(p)).toBe(normaliseText(joined));
        expect(normalParts(p)).toBe(normaliseText(joined) === joined);
      }),
      { seed, numRuns: 2000 },
    );
    // A CRLF split between two parts, and trailing newlines spread over several.
    expect(normalisedJoin(["a\r", "\nb\n"])).toBe("a\nb\n");
    expect(normalParts(["a", "\n", "", "\n"])).toBe(false);
    expect(normalParts(["a\n", "", ""])).toBe(true);
  });
});

describe("a catalog's characters", () => {
  it("line starts found by indexOf are those of the character loop", () => {
    // Every LF ends a line, and a CR not followed by an LF.
    const starts = (t: string) => {
      const out = [0];
      for (let i = 0; i < t.length; i++)
        if (t[i] === "\n" || (t[i] === "\r" && t[i + 1] !== "\n"))
          out.push(i + 1);
      return out;
    };
    fc.assert(
      fc.property(text(["\n", "\r", "\r\n", "a"]), (t) => {
        const lines = new LineIndex(t);
        for (let offset = 0; offset <= t.length; offset++) {
          const s = starts(t);
          const line = s.filter((x) => x <= offset).length;
          expect(lines.position(offset)).toEqual({
            line,
            col: offset - s[line - 1]! + 1,
          });
        }
      }),
      { seed, numRuns: 1000 },
    );
  });

  it("the first control character or lone surrogate is the one the single expression finds", () => {
    const slow =
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    const at = (m: RegExpExecArray | null) => m && [m.index, m[0]];
    fc.assert(
      fc.property(
        text([
          "\ud83d",
          "\ude00",
          "\ud83d\ude00",
          "\u0001",
          "\t",
          "a",
          "\u007f",
        ]),
        (t) => {
          expect(at(badCharacter(t))).toEqual(at(slow.exec(t)));
        },
      ),
      { seed, numRuns: 2000 },
    );
    expect(badCharacter("a\ud83d\ude00b")).toBeNull();
    expect(at(badCharacter("\ud83d\ude00\ude00"))).toEqual([2, "\ude00"]);
  });
});

describe("JSON pointers", () => {
  it("escape and join as RFC 6901 says, and split back", () => {
    const slowEscape = (s: string) =>
      s.replace(/~/g, "~0").replace(/\//g, "~1");
    const segment = fc.oneof(text(["~", "/", "0", "1", "a"]), fc.nat());
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const joined = pointerJoin("", ...segments);
        expect(joined).toBe(
          segments.map((s) => "/" + slowEscape(String(s))).join(""),
        );
        expect(pointerSegments(joined)).toEqual(segments.map(String));
        for (const s of segments)
          expect(escapePointerSegment(String(s))).toBe(slowEscape(String(s)));
      }),
      { seed, numRuns: 1000 },
    );
  });
});
