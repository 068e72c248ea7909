/**
 * A mis-indented line is one diagnostic, at its own line and column, on both YAML paths: the fast
 * subset parser declines such text (so `yaml` reports it), and the loader turns `yaml`'s reports
 * (at the line's start, plus the lines after it) into one error at the offending node.
 */
import { describe, expect, it } from "vitest";
import { parseYamlSubset } from "../../generator/core/load/fast-yaml/subset-parser.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";

const head = "toolcat: 1\ntools:\n  a:\n    description: x\n";

/** [text, line:col of the one diagnostic] */
const cases: Record<string, [string, string]> = {
  "key under-indented, a sibling after it": [
    head + "   input: { type: object }\n    effect: read\n",
    "5:4",
  ],
  "key over-indented": [
    head + "      input: { type: object }\n    effect: read\n",
    "5:7",
  ],
  "key over-indented after a quoted value": [
    head.replace("x\n", '"x"\n') + "     input: { type: object }\n",
    "5:6",
  ],
  "key over-indented after a nested mapping": [
    head +
      "    input:\n      type: object\n    effect: read\n      idempotent: true\n",
    "8:7",
  ],
  "list item under-indented": [
    head +
      "    input:\n      type: object\n      required:\n        - a\n       - b\n",
    "9:8",
  ],
  "top-level key indented": ["toolcat: 1\n tools:\n  a: {}\n", "2:2"],
  "under-indented key with children after it": [
    head +
      "    input:\n      type: object\n      properties:\n        a: { type: string }\n       b: { type: string }\n        c: { type: string }\n",
    "9:8",
  ],
};

describe("indentation faults", () => {
  for (const [name, [text, at]] of Object.entries(cases)) {
    it(`${name}: one yaml-syntax error at ${at}`, () => {
      expect(parseYamlSubset(text)).toBeUndefined();
      const diagnostics = loadCatalog("catalog.yaml", text).diagnostics;
      expect(diagnostics.map((d) => `${d.rule} ${d.line}:${d.col}`)).toEqual([
        `yaml-syntax ${at}`,
      ]);
      expect(diagnostics[0]!.message).toMatch(/^mis-indented/);
    });
  }

  it("two separate faults are two diagnostics", () => {
    const text =
      head +
      "   input: { type: object }\n  b:\n    description: y\n     input: { type: object }\n";
    expect(
      loadCatalog("catalog.yaml", text).diagnostics.map(
        (d) => `${d.line}:${d.col}`,
      ),
    ).toEqual(["5:4", "8:6"]);
  });

  it("other syntax errors keep their own position", () => {
    const text = 'toolcat: 1\ntools:\n  a: { description: "x }\n';
    const d = loadCatalog("catalog.yaml", text).diagnostics;
    expect(d.length).toBeGreaterThan(0);
    expect(
      d.every(
        (x) => x.rule === "yaml-syntax" && !/^mis-indented/.test(x.message),
      ),
    ).toBe(true);
  });
});
