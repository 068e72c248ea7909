/**
 * One old/new catalog pair per diff rule (test/diff/fixtures/<rule-id>/), each with the findings
 * it must give (expected.txt, one line per finding; UPDATE_FIXTURES=1 rewrites them, and a missing
 * one fails the test rather than being written from the current output), and
 * refactor-only pairs (test/diff/refactors/) that must give none.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIFF_RULE_IDS } from "../../generator/core/diff/rules.js";
import { diffDir, findingLine } from "./support.js";

const here = join(import.meta.dirname, "fixtures");
const refactors = join(import.meta.dirname, "refactors");
const fixtureDirs = readdirSync(here).sort();

describe("diff rule fixtures", () => {
  it("cover every rule id in the registry, and nothing else", () => {
    expect(fixtureDirs).toEqual([...DIFF_RULE_IDS].sort());
  });

  for (const rule of fixtureDirs) {
    it(rule, () => {
      const findings = diffDir(join(here, rule));
      // The pair exists to show its rule: it must report it (not only something nearby).
      expect(findings.map((f) => f.rule)).toContain(rule);
      const text = findings.map(findingLine).join("\n") + "\n";
      const file = join(here, rule, "expected.txt");
      if (process.env.UPDATE_FIXTURES) writeFileSync(file, text);
      // A pair without its expected findings fails: the current output is not its own proof.
      expect(
        existsSync(file),
        `${file} is missing (UPDATE_FIXTURES=1 writes it; then read it)`,
      ).toBe(true);
      expect(text).toBe(readFileSync(file, "utf8"));
    });
  }
});

describe("refactors report nothing", () => {
  for (const name of readdirSync(refactors).sort()) {
    it(name, () => {
      expect(diffDir(join(refactors, name)).map(findingLine)).toEqual([]);
    });
  }
});
