/**
 * The expansion count (yaml-to-json.ts, ExpansionCount) stands in for converting a document whose
 * aliases expand past the node bound: the answer must be the conversion's, problem for problem
 * and position for position. Random documents of anchors and aliases (sequences, mappings, keys
 * with nothing after them, nesting, values JSON cannot hold, null keys, self-references), with a
 * small bound so that both sides are cheap, parsed with and without the count. (The real
 * bound's answer for a real bomb is pinned by test/bad-input: alias-bomb.yaml, yaml-syntax 2:12.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseYaml } from "../../generator/core/load/yaml-to-json.js";

const seed = Number(process.env.FC_SEED ?? 20261201);

/** One item of anchor `i`'s list: a scalar, an alias to an earlier anchor (or, rarely, itself), a small mapping. */
function item(i: number): fc.Arbitrary<string> {
  const earlier = i === 0 ? fc.constant("x") : fc.integer({ min: 0, max: i - 1 }).map((j) => `*a${j}`);
  return fc.oneof(
    { weight: 6, arbitrary: earlier },
    { weight: 2, arbitrary: fc.constantFrom("x", "1", "true", "null", '"q"') },
    { weight: 2, arbitrary: fc.tuple(earlier, earlier).map(([a, b]) => `{ k: ${a}, m: ${b} }`) },
    { weight: 1, arbitrary: earlier.map((a) => `{ k: ${a}, empty: }`) },
    { weight: 1, arbitrary: earlier.map((a) => `[[${a}]]`) },
    { weight: 1, arbitrary: fc.constantFrom(".inf", "{ null: 1 }", `*a${i}`) },
  );
}

const documentText = fc.integer({ min: 1, max: 7 }).chain((anchors) =>
  fc
    .tuple(...Array.from({ length: anchors }, (_, i) => fc.array(item(i), { minLength: 1, maxLength: 6 })))
    .map((lists) => ["toolcat: 1", ...lists.map((items, i) => `a${i}: &a${i} [${items.join(", ")}]`), "tools: {}", ""].join("\n")),
);

describe("alias expansion bound", () => {
  it("counting first gives the conversion's problems, positions and value", () => {
    let tooLarge = 0;
    let converted = 0;
    fc.assert(
      fc.property(documentText, fc.integer({ min: 3, max: 400 }), (text, maxNodes) => {
        const counted = parseYaml(text, { maxNodes });
        const plain = parseYaml(text, { maxNodes, countFirst: false });
        expect(counted.problems, text).toEqual(plain.problems);
        expect(counted.value, text).toEqual(plain.value);
        if (plain.problems.some((p) => p.message.startsWith("document expands"))) tooLarge++;
        else if (plain.value !== undefined) converted++;
      }),
      { seed, numRuns: 400 },
    );
    // Both outcomes were exercised, so the comparison said something about each.
    expect(tooLarge).toBeGreaterThan(50);
    expect(converted).toBeGreaterThan(50);
  });
});
