/**
 * docs/lint.md's rules table is the rule registry's rendering (formatRuleTableMarkdown, the rows
 * `toolcat lint --rules` prints), never written by hand: this fails when a rule is added,
 * removed or changed without `npm run docs:update` (UPDATE_DOCS=1), which rewrites the table.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatRuleTableMarkdown } from "../generator/cli/lint-command.js";
import { ruleTable } from "../generator/core/lint/registry.js";
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
    const table = formatRuleTableMarkdown();
    if (process.env.UPDATE_DOCS) writeFileSync(path, page.slice(0, start + START.length) + table + page.slice(end));
    else expect(page.slice(start + START.length, end)).toBe(table);
  });

  it("the rendering has one row per rule id, with its severity and fix", () => {
    const table = formatRuleTableMarkdown();
    const rules = ruleTable();
    expect(table.split("\n").filter((l) => l.startsWith("| `")).length).toBe(rules.length);
    for (const r of rules) expect(table).toMatch(new RegExp(`^\\| \`${r.id}\` \\| [^|]+ \\| ${r.fix ? "yes" : "no"}\\b`, "m"));
  });
});
