/**
 * docs/lint.md's rules table is the rule registry's rendering (ruleTableMarkdown, the rows
 * `toolcat lint --rules` prints; the playground shows the same rows), never written by hand: this fails when a rule is added,
 * removed or changed without `npm run docs:update` (UPDATE_DOCS=1), which rewrites the table.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ruleTable } from "../generator/core/lint/registry.js";
import {
  ruleTableMarkdown,
  SEVERITY_TEXT,
} from "../generator/core/lint/rule-table-markdown.js";
import { repoRoot } from "./helpers/pipeline.js";

const path = join(repoRoot, "docs", "lint.md");
const START = "<!-- lint-rules:start -->\n";
const END = "<!-- lint-rules:end -->";

describe("docs/lint.md", () => {
  it("holds the rules table exactly as the registry renders it", () => {
    const page = readFileSync(path, "utf8");
    const start = page.indexOf(START);
    const end = page.indexOf(END, start);
    expect(start, "the lint-rules markers").toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    const table = ruleTableMarkdown();
    if (process.env.UPDATE_DOCS)
      writeFileSync(
        path,
        page.slice(0, start + START.length) + table + page.slice(end),
      );
    else expect(page.slice(start + START.length, end)).toBe(table);
  });

  it("the rendering has one row per rule id, with its severity and fix", () => {
    const table = ruleTableMarkdown();
    const rules = ruleTable();
    expect(table.split("\n").filter((l) => l.startsWith("| `")).length).toBe(
      rules.length,
    );
    for (const r of rules) {
      const row = table
        .split("\n")
        .find((l) => l.startsWith(`| \`${r.id}\` |`));
      expect(row, r.id).toBeDefined();
      expect(row, r.id).toContain(` | ${SEVERITY_TEXT[r.severity]} | `);
      expect(row, r.id).toMatch(r.fix ? /\| yes: [^|]+\|$/ : /\| no \|$/);
    }
  });
});
