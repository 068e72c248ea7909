/**
 * Issue 21, item 6: an unclosed `{` or `[` is reported at the line where it opens (not where the
 * YAML parser noticed), and one lint run reports structure errors and schema errors together
 * (a misspelled target no longer hides a `format: uuidd`).
 */
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";

const at = (text: string) =>
  loadCatalog("catalog.yaml", text).diagnostics.map(
    (d) => `${d.line}:${d.col} ${d.rule}: ${d.message}`,
  );

describe("an unclosed flow collection", () => {
  it("a `{` never closed is reported where it opens, once", () => {
    const text =
      "toolcat: 1\ntools:\n  t:\n    description: T.\n    effect: read\n    input: { type: object,\n      properties:\n        id: { type: string }\n\n\n";
    expect(at(text)).toEqual([
      "6:12 yaml-syntax: this `{` is never closed: a flow mapping must end with `}` (or write it in block style, one entry per line)",
    ]);
  });

  it("a `[` inside a `{`, both never closed: each at its own opening", () => {
    const text =
      "toolcat: 1\ntools:\n  t:\n    description: T.\n    input: { type: object, required: [a, b\n    effect: read\n";
    expect(at(text).map((l) => l.split(" yaml-syntax")[0])).toEqual([
      "5:12",
      "5:38",
    ]);
  });

  it("braces in quoted text and comments do not count; a closed flow map over several lines is not an unclosed one", () => {
    const text =
      'toolcat: 1\ntools:\n  t: { description: "T {x", # {\n    effect: read }\n  u:\n    description: U.\n    input: { type: object\n';
    expect(at(text)).toEqual([
      "7:12 yaml-syntax: this `{` is never closed: a flow mapping must end with `}` (or write it in block style, one entry per line)",
    ]);
  });
});

describe("structure and schema errors in one run", () => {
  const tool = (format: string) =>
    `  t:\n    description: T.\n    effect: read\n    input:\n      type: object\n      properties:\n        id: { type: string, format: ${format}, description: X. }\n      additionalProperties: false\n`;

  it("a misspelled target and an unknown format are both reported", () => {
    const found = at(
      `toolcat: 1\ntargets:\n  openai-chatt: {}\ntools:\n${tool("uuidd")}`,
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(
      /^3:3 catalog-schema: unknown target "openai-chatt"/,
    );
    expect(found[1]).toMatch(
      /^11:37 unsupported-keyword: unknown format "uuidd"/,
    );
  });

  it("a tool whose structure is broken is left out; the other tools are still linted", () => {
    const found = at(
      `toolcat: 1\ntools:\n  broken:\n    description: 5\n${tool("uuidd")}`,
    );
    const places = found.map((l) => l.split(":").slice(0, 2).join(":"));
    expect(
      places.filter((l) => /catalog-schema|unsupported-keyword/.test(l)),
    ).toEqual([
      "4:5 catalog-schema",
      "4:18 catalog-schema",
      "11:37 unsupported-keyword",
    ]);
  });

  it("a broken root leaves nothing to lint: only the structure error", () => {
    const found = at(`tools:\n${tool("uuidd")}`);
    expect(found.every((l) => l.includes("catalog-schema"))).toBe(true);
  });

  it("a catalog with structure errors is still not a catalog: nothing is returned to generate from", () => {
    expect(
      loadCatalog(
        "catalog.yaml",
        `toolcat: 1\ntargets:\n  openai-chatt: {}\ntools:\n${tool("uuid")}`,
      ).catalog,
    ).toBeUndefined();
  });
});
