import { describe, expect, it } from "vitest";
import { backtrackingRisk } from "../../generator/core/lint/rules/regex-risk.js";

describe("pattern-safe heuristic", () => {
  const risky = [
    "(a+)+",
    "(a*)*b",
    "^(\\w+\\s?)*$",
    "(a|a)*",
    "(a|ab)*c",
    "(\\w|\\d)+$",
    "^(.*)*$",
    "(x+x+)+y",
    "((ab)*)*",
    "([a-z]+)*@",
  ];
  const safe = [
    "^[a-z]+$",
    "^\\d{4}-\\d{2}-\\d{2}$",
    "^[A-Z]{3}$",
    "^(\\+\\d{1,3})?\\d{6,12}$",
    "^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$",
    "(ab+c)*",
    "^(?:[a-z0-9-]+\\.)+[a-z]{2,}$",
    "^(a|b)*$",
    "^#[0-9a-fA-F]{6}$",
    "",
  ];
  for (const p of risky)
    it(`flags ${p}`, () => expect(backtrackingRisk(p)).toBeTypeOf("string"));
  for (const p of safe)
    it(`accepts ${p}`, () => expect(backtrackingRisk(p)).toBeUndefined());
});
