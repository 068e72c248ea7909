/**
 * Every relative link of README.md and of the docs/*.md pages points at a file of the repository,
 * and a link with `#anchor` at a heading of that page as GitHub names it — so that moving a
 * section (docs/performance.md's rounds went to docs/performance-history.md) cannot leave a
 * newcomer's link pointing nowhere.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { docPages } from "./helpers/doc-pages.js";
import { repoRoot } from "./helpers/pipeline.js";

const pages = docPages;

/** The markdown outside fenced code blocks (a link-like text in code is not a link). */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, "");
}

/**
 * The anchors GitHub gives a page's headings: lower case, punctuation but `-` and `_` dropped,
 * each space a `-`; a repeated heading gets `-1`, `-2`, ….
 */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The relative links of a page: `[text](target)`, without web addresses and mail. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

describe("links between the docs", () => {
  it("names anchors as GitHub does", () => {
    const anchors = headingAnchors(
      "# Title\n### generate --watch\n## Issue 25, ninth round: `x`\n## Title\n```\n# not a heading\n```\n",
    );
    expect([...anchors]).toEqual([
      "title",
      "generate---watch",
      "issue-25-ninth-round-x",
      "title-1",
    ]);
  });

  for (const page of pages) {
    it(`${page}: every relative link has its file and heading`, () => {
      const text = readFileSync(join(repoRoot, page), "utf8");
      const broken: string[] = [];
      for (const link of relativeLinks(text)) {
        const [path, anchor] = link.split("#", 2) as [string, string?];
        const file =
          path === ""
            ? join(repoRoot, page)
            : normalize(join(repoRoot, dirname(page), decodeURI(path)));
        if (!existsSync(file)) {
          broken.push(`${link}: no such file`);
          continue;
        }
        if (anchor === undefined || !file.endsWith(".md")) continue;
        if (!headingAnchors(readFileSync(file, "utf8")).has(anchor))
          broken.push(`${link}: no heading with that anchor`);
      }
      expect(broken).toEqual([]);
    });
  }
});
