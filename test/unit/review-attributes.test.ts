/**
 * The output folder's `.gitattributes`: machine code is `linguist-generated` (collapsed in
 * pull requests), the contract stays expanded — checked by asking git itself which files the
 * patterns mark, for the example catalog's output, its `--js` form, and a folder that gains a file.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  REVIEW_ATTRIBUTES_PATH,
  reviewAttributes,
  reviewKind,
} from "../../generator/core/emit/review-attributes.js";
import {
  carriesHeader,
  generatedHeader,
} from "../../generator/core/pipeline.js";
import { generateFrom, readCatalog } from "../helpers/pipeline.js";

const header = generatedHeader("catalog/tools.yaml", "#");

/** What git says `linguist-generated` is for each path, with `attributes` at the folder root. */
function gitGenerated(
  attributes: string,
  paths: readonly string[],
): Map<string, boolean> {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-attrs-"));
  spawnSync("git", ["init", "-q", dir]);
  mkdirSync(join(dir, "out"));
  writeFileSync(join(dir, "out", REVIEW_ATTRIBUTES_PATH), attributes);
  const r = spawnSync(
    "git",
    ["check-attr", "linguist-generated", "--", ...paths.map((p) => `out/${p}`)],
    { cwd: dir, encoding: "utf8" },
  );
  expect(r.status, r.stderr).toBe(0);
  const out = new Map<string, boolean>();
  for (const line of r.stdout.trim().split("\n")) {
    const [path, , value] = line.split(": ");
    out.set(path!.slice("out/".length), value === "set");
  }
  return out;
}

describe(".gitattributes in the output folder", () => {
  it("marks validators, call validators, output text and runtime for the example catalog, and nothing a reviewer reads", async () => {
    const result = await generateFrom(readCatalog("catalog/tools.yaml"));
    const text = result.files.get(REVIEW_ATTRIBUTES_PATH)!;
    expect(carriesHeader(text)).toBe(true);
    expect(text.startsWith(`${header}\n`)).toBe(true);
    const paths = [...result.files.keys()];
    const marked = gitGenerated(text, paths);
    const machine = paths.filter((p) => marked.get(p));
    expect(machine.sort()).toEqual(
      paths
        .filter(
          (p) =>
            p === "validators.ts" ||
            p === "output-text.ts" ||
            p.endsWith(".calls.ts") ||
            p.startsWith("runtime/"),
        )
        .sort(),
    );
    expect(machine).toContain("validators.ts");
    expect(machine).toContain("runtime/validation-errors.ts");
    for (const p of [
      "types.ts",
      "providers/openai-chat.ts",
      "providers/openai-chat.json",
      "providers/mcp.ts",
    ])
      expect(marked.get(p), p).toBe(false);
  });

  it("lists the .js and .d.ts a .ts file becomes under --js", () => {
    const files = [
      { path: "validators.ts", review: "machine" as const },
      { path: "types.ts" },
    ];
    const marked = gitGenerated(reviewAttributes(files, header, true), [
      "validators.js",
      "validators.d.ts",
      "validators.ts",
      "types.js",
      "types.d.ts",
    ]);
    expect(Object.fromEntries(marked)).toEqual({
      "validators.js": true,
      "validators.d.ts": true,
      "validators.ts": false,
      "types.js": false,
      "types.d.ts": false,
    });
  });

  it("covers a new runtime file by its folder (the text does not change) and anchors names at the folder root", () => {
    const before = [
      { path: "types.ts" },
      { path: "runtime/a.ts" },
      { path: "providers/x.ts" },
      { path: "providers/x.calls.ts", review: "machine" as const },
    ];
    const after = [
      ...before,
      { path: "runtime/adapters/b.ts" },
      { path: "dispatcher.ts" },
    ];
    expect(reviewAttributes(after, header, false)).toBe(
      reviewAttributes(before, header, false),
    );
    expect(reviewKind({ path: "runtime/adapters/b.ts" })).toBe("machine");
    expect(reviewKind({ path: "dispatcher.ts" })).toBe("contract");
    const marked = gitGenerated(reviewAttributes(after, header, false), [
      "runtime/adapters/b.ts",
      "providers/x.calls.ts",
      "providers/x.ts",
      "dispatcher.ts",
      "sub/runtime/a.ts",
    ]);
    expect(Object.fromEntries(marked)).toEqual({
      "runtime/adapters/b.ts": true,
      "providers/x.calls.ts": true,
      "providers/x.ts": false,
      "dispatcher.ts": false,
      "sub/runtime/a.ts": false,
    });
  });

  it("refuses a path git would read as pattern syntax", () => {
    expect(() =>
      reviewAttributes([{ path: "a b.ts", review: "machine" }], header, false),
    ).toThrow(/cannot be written as a .gitattributes pattern/);
    expect(() => reviewAttributes([{ path: "[x].ts" }], header, false)).toThrow(
      /internal/,
    );
  });
});
