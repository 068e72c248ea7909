/**
 * The fast YAML path on fixed inputs: the catalogs toolcat ships and tests must take it (so it
 * cannot silently decline everything), layouts with subtle ranges must match the `yaml` path, and
 * what it leaves to `yaml` must be declined. The random search is fast-yaml.property.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseYamlSubset } from "../../generator/core/load/fast-yaml/subset-parser.js";
import { parseCatalogYaml } from "../../generator/core/load/parse-catalog-yaml.js";
import { parseYaml } from "../../generator/core/load/yaml-to-json.js";
import { syntheticCatalog } from "../bench/synthetic-catalog.js";
import { repoRoot } from "../helpers/pipeline.js";
import { compareWithYamlPath } from "./yaml-compare.js";

const fixtures = readdirSync(join(repoRoot, "test", "fixtures"))
  .map((d) => `test/fixtures/${d}/catalog.yaml`)
  .filter((f) => existsSync(join(repoRoot, f)));

describe("fast YAML path", () => {
  it("reads the example catalog and every fixture catalog, as yaml does", () => {
    expect(fixtures.length).toBeGreaterThan(5);
    for (const file of ["catalog/tools.yaml", ...fixtures]) {
      expect(
        compareWithYamlPath(readFileSync(join(repoRoot, file), "utf8")),
        file,
      ).toBe("same");
    }
  });

  it("reads the synthetic benchmark catalog, as yaml does", () => {
    expect(compareWithYamlPath(syntheticCatalog(40))).toBe("same");
    // CRLF line ends and a trailing comment do not change that.
    expect(
      compareWithYamlPath(
        syntheticCatalog(3).replace(/\n/g, "\r\n") + "# end\r\n",
      ),
    ).toBe("same");
  });

  it("reads these layouts, as yaml does", () => {
    const layouts = [
      // comment lines after a collection's last entry: which collection `yaml` ends after them
      "a:\n  b: 1\n  # t\n",
      "a:\n  b: 1\n# t\n",
      "a:\n  b:\n    c: 1\n  # t\n",
      "a:\n  b:\n    c: 1\n  # t\n    # u\n",
      "a:\n  - 1\n  # t\n  - 2\n  # u\n# v\n",
      "a:\n  b: 1\n  # t\nc: 3\n",
      "- a: 1\n  # t\n",
      "a:\n  - b: 1\n    # c\n",
      "a:\n  - b: 1\n  # c\n",
      "a:\n  -   b: 1\n      # c\n",
      "r:\n  x:\n  - a\n  # c\n",
      "g:\n  p:\n    x:\n      b: 1\n      # t\n\n  z: 1\n",
      "x:\n- a\n- b\n# c\ny: 1\n",
      // empty values
      "g:\nh:   \ni:\n",
      "- \n-\n- a\n",
      "k:\n  a:\n  b: 1\n",
      // comments that do not move anything
      "# lead\n\ninput:    # JSON Schema\n  # more\n  type: object   # inline\n",
      "a: 1 # c",
      'k: "x" \n',
      // flow collections over several lines, the closing bracket at the key's column
      "k: [a,\n  b\n]\n",
      'k: {\n  "a": 1,\n  b: [2, 3]  # c\n}\n',
      '{\n  "toolcat": 1,\n  "tools": {}\n}\n',
      // scalars the core schema resolves
      "a: [0x1F, 0o17, 012, +5, -0, 1e3, .5, 1_000, ~, Null, TRUE, yes, 1.0, -.0]\n",
      "'1.0': a\n1.0x: b\n__proto__: c\n\"a\\u00e9\\x41\\/\\ \": d\n'it''s': e\n",
      "k: a#b c:d [x] {y}, z\n",
    ];
    for (const text of layouts)
      expect(compareWithYamlPath(text), JSON.stringify(text)).toBe("same");
  });

  it("declines what it leaves to yaml", () => {
    const declined = [
      "",
      "# only a comment\n",
      "a: &x 1\nb: *x\n",
      "a: !!str 1\n",
      "a: |\n  text\n",
      "a: >\n  text\n",
      "%YAML 1.2\n---\na: 1\n",
      "---\na: 1\n",
      "a: 1\n...\n",
      "? a\n: 1\n",
      "a: b\n  continued\n",
      'a: "b\n  c"\n',
      "a:\n\tb: 1\n",
      "a: 1\na: 2\n",
      "1: a\n1.0: b\n",
      "null: 1\n",
      "a: .inf\n",
      "a: [1, ]\n",
      "a: {b: }\n",
      "a: b: c\n",
      'a: "\\q"\n',
      "a: [b\n",
      "  a: 1\n",
      "a\n",
      "- - a\n",
      "a: 1\n   # deeper comment\n",
      "a:   # comment\nb: 1\n",
      "- a\n# c\n-\n",
      "{\n  a: 1,\n# c\n}\n",
      "a: 1\r2\n",
      "\ufeffa: 1\n",
    ];
    for (const text of declined) {
      expect(parseYamlSubset(text), JSON.stringify(text)).toBeUndefined();
      // And declining is safe: the yaml path reads or reports them.
      expect(compareWithYamlPath(text)).toBe("declined");
    }
  });

  it("declines or matches on every malformed catalog of test/bad-input", () => {
    const dir = join(repoRoot, "test", "bad-input", "cases");
    const outcomes = readdirSync(dir).map((f) =>
      compareWithYamlPath(readFileSync(join(dir, f), "utf8")),
    );
    expect(outcomes).toContain("declined");
  });

  it("parses the yaml document only when asked (lint --fix), and it is the one the yaml path has", () => {
    const text = syntheticCatalog(2);
    const parsed = parseCatalogYaml(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.document.toString()).toBe(
      parseYaml(text).document.toString(),
    );
    expect(parsed.document).toBe(parsed.document);
  });
});
