/**
 * The catalogs and one-tool edits the watch-run memo tests regenerate (test/unit/watch-memo.test.ts,
 * and test/unit/edit-memo.test.ts, which adds edits of its own): a real-tool subset with the example catalog's
 * `$defs`, and each kind of edit a developer makes between two runs of `generate --watch`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { repoRoot } from "../validators/harness.js";

/** The tool blocks (two-space keys under `tools:`) as [start, end) line ranges. */
export function toolBlocks(lines: readonly string[]): [number, number][] {
  const at = lines.indexOf("tools:");
  const starts: number[] = [];
  for (let i = at + 1; i < lines.length; i++)
    if (/^ {2}\S/.test(lines[i]!)) starts.push(i);
  return starts.map((s, k) => [s, starts[k + 1] ?? lines.length]);
}

/** The example catalog's text. */
export function exampleCatalog(): string {
  return readFileSync(path.join(repoRoot, "catalog/tools.yaml"), "utf8");
}

/**
 * A real-tool catalog small enough for a test: the first 20 tools of the bench's corpus catalog
 * (all eight targets), with the example catalog's `$defs` and its tools, which use them.
 */
export function realSubset(): string {
  const real = corpusCatalog({ importTools, loadCatalog }).text.split("\n");
  const blocks = toolBlocks(real);
  const example = exampleCatalog().split("\n");
  const defsAt = example.indexOf("$defs:");
  const exampleTools = example.indexOf("tools:");
  const defs = example.slice(defsAt, exampleTools);
  const toolsAt = real.indexOf("tools:");
  const exampleNames = new Set(
    toolBlocks(example).map(([s]) => example[s]!.trim()),
  );
  const kept = blocks
    .filter(([s]) => !exampleNames.has(real[s]!.trim()))
    .slice(0, 20)
    .flatMap(([s, e]) => real.slice(s, e));
  return [
    ...real.slice(0, toolsAt),
    ...defs,
    "tools:",
    ...kept,
    ...example.slice(exampleTools + 1),
  ].join("\n");
}

/** Each kind of edit, as a function of the catalog's text (undefined: it does not apply). */
export const EDITS: Record<string, (text: string) => string | undefined> = {
  "a description": (text) => {
    const lines = text.split("\n");
    const blocks = toolBlocks(lines);
    const [s, e] = blocks[Math.floor(blocks.length / 2)]!;
    const d = lines.slice(s, e).findIndex((l) => /^ {4}description: /.test(l));
    lines[s + d] = lines[s + d]!.replace(
      "description: ",
      "description: Edited. ",
    );
    return lines.join("\n");
  },
  "a bound": (text) => {
    const lines = text.split("\n");
    const b = lines.findIndex((l) =>
      /^ +(minimum|maximum|maxLength|minLength|maxItems|minItems): \d+$/.test(
        l,
      ),
    );
    lines[b] = lines[b]!.replace(/\d+$/, (n) => String(Number(n) + 1));
    return lines.join("\n");
  },
  "a tool added": (text) =>
    `${text.trimEnd()}\n  added_tool:\n    description: A tool added by the test.\n    input:\n      type: object\n      properties:\n        query:\n          type: string\n          description: What to look for.\n          maxLength: 200\n      required:\n        - query\n      additionalProperties: false\n`,
  "a tool removed": (text) => {
    const lines = text.split("\n");
    const blocks = toolBlocks(lines);
    const [s, e] = blocks[Math.floor(blocks.length / 3)]!;
    lines.splice(s, e - s);
    return lines.join("\n");
  },
  "a $defs entry several tools use": (text) => {
    const edited = text.replace(
      "description: Main muscle group an exercise trains.",
      "description: Main muscle group an exercise trains (edited).",
    );
    return edited === text ? undefined : edited;
  },
  "a target's option": (text) => {
    const edited = text.replace(
      "openai-chat: { strict: auto }",
      "openai-chat: { strict: false }",
    );
    return edited === text ? undefined : edited;
  },
};
