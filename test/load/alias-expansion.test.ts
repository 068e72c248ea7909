/**
 * Counting the alias expansion before converting (alias-expansion.ts) must change nothing but
 * the time: on random documents of anchors and aliases, with small limits so that many of them
 * cross the node bound, parseYaml with the count gives exactly the problems, positions and value
 * that the node-by-node conversion (the reference, countAliasesFirst: false) gives.
 * Replay a failure with FC_SEED=<seed>.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { measureExpansion } from "../../generator/core/load/alias-expansion.js";
import {
  parseYaml,
  parseYamlDocument,
  type ConversionLimits,
} from "../../generator/core/load/yaml-to-json.js";

const seed = Number(process.env.FC_SEED ?? 20261201);

/** A document of anchored flow sequences and maps, each using the anchors before it (and some odd nodes). */
const aliasDocument = fc
  .array(
    fc.record({
      kind: fc.constantFrom("seq", "map"),
      width: fc.integer({ min: 0, max: 6 }),
      picks: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
      odd: fc.constantFrom(
        "",
        "",
        "",
        ".inf",
        "x",
        "*nowhere",
        "self",
        "dup",
        "~",
      ),
    }),
    { minLength: 1, maxLength: 9 },
  )
  .map((entries) => {
    const lines = entries.map((e, i) => {
      const items = Array.from({ length: e.width }, (_, j) =>
        i === 0 ? `"v${j}"` : `*a${e.picks[j]! % i}`,
      );
      if (e.odd === "self") items.push(`*a${i}`);
      else if (e.odd === "dup" && e.kind === "map")
        items.push(items[0] ?? '"v"');
      else if (e.odd && e.odd !== "dup") items.push(e.odd);
      const body =
        e.kind === "seq"
          ? `[${items.join(", ")}]`
          : `{${items.map((v, j) => `${e.odd === "dup" && j === items.length - 1 ? "k0" : `k${j}`}: ${v}`).join(", ")}}`;
      return `k${i}: &a${i} ${body}`;
    });
    return `${lines.join("\n")}\n`;
  });

function limitsOf(
  maxNodes: number,
  countAliasesFirst: boolean,
): ConversionLimits {
  return { maxNodes, maxDepth: 1000, countAliasesFirst };
}

describe("counting the alias expansion", () => {
  it("gives the conversion's own answer: the same problems at the same offsets, the same value", () => {
    let crossed = 0;
    fc.assert(
      fc.property(
        aliasDocument,
        fc.integer({ min: 1, max: 400 }),
        (text, maxNodes) => {
          const counted = parseYaml(text, limitsOf(maxNodes, true));
          const reference = parseYaml(text, limitsOf(maxNodes, false));
          expect(counted.problems).toEqual(reference.problems);
          expect(counted.value).toEqual(reference.value);
          if (
            reference.problems.some((p) =>
              p.message.startsWith("document expands"),
            )
          )
            crossed++;
        },
      ),
      { seed, numRuns: 400 },
    );
    // The property means something only if the bound is crossed often.
    expect(crossed).toBeGreaterThan(50);
  });

  it("finds a billion-laughs overflow without expanding it, and says unknown where the conversion must report", () => {
    const bomb = `a: &a ["x","x","x","x","x","x","x","x","x","x"]\n${"bcdefghi"
      .split("")
      .map(
        (c, i) =>
          `${c}: &${c} [${Array(10).fill(`*${"abcdefghi"[i]}`).join(",")}]`,
      )
      .join("\n")}\n`;
    const document = parseYamlDocument(bomb);
    // 10^9 nodes: only a count that never expands them answers within the test's time at all.
    const answer = measureExpansion(document, document.contents!, {
      maxNodes: 2_000_000,
      maxDepth: 1000,
    });
    expect(typeof answer).toBe("object");
    const cyclic = parseYamlDocument("a: &a [1, *a]\n");
    expect(
      measureExpansion(cyclic, cyclic.contents!, {
        maxNodes: 10,
        maxDepth: 1000,
      }),
    ).toBe("unknown");
    const fits = parseYamlDocument("a: &a [1, 2]\nb: [*a, *a]\n");
    expect(
      measureExpansion(fits, fits.contents!, { maxNodes: 100, maxDepth: 1000 }),
    ).toBe("fits");
  });
});
