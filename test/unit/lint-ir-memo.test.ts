/**
 * Regenerating after one edit in the same process reuses the lint findings of every tool that did
 * not change (generator/core/lint/lint-memo.ts, located again each run) and every unchanged
 * tool's IR by identity (generator/core/ir/build-ir.ts): for each kind of edit — including a line
 * inserted above a tool, which moves every later position, and a lint error introduced and then
 * removed — the output AND the diagnostics must be a cold run's, and a key that leaves out a piece
 * must make the comparison fail. Runs the pipeline without formatting (what is compared is what
 * the memos make; formatting has its own tests in edit-memo.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { EDITS as SHARED_EDITS } from "../helpers/edits.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import {
  buildIR,
  clearIRMemo,
  irMemoSize,
  irMemoTesting,
} from "../../generator/core/ir/build-ir.js";
import {
  clearLintMemo,
  lintMemoSize,
  lintMemoTesting,
} from "../../generator/core/lint/lint-memo.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import {
  runPipeline,
  type PipelineResult,
} from "../../generator/core/pipeline.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const CATALOG_PATH = "catalog/tools.yaml";

function toolBlocks(lines: readonly string[]): [number, number][] {
  const at = lines.indexOf("tools:");
  const starts: number[] = [];
  for (let i = at + 1; i < lines.length; i++)
    if (/^ {2}\S/.test(lines[i]!)) starts.push(i);
  return starts.map((s, k) => [s, starts[k + 1] ?? lines.length]);
}

/** 30 real tools (lint warnings of many rules) with the example catalog's `$defs` and its tools. */
function realSubset(): string {
  const real = corpusCatalog({ importTools, loadCatalog }).text.split("\n");
  const example = readFileSync(
    path.join(repoRoot, "catalog/tools.yaml"),
    "utf8",
  ).split("\n");
  const defsAt = example.indexOf("$defs:");
  const exampleTools = example.indexOf("tools:");
  const exampleNames = new Set(
    toolBlocks(example).map(([s]) => example[s]!.trim()),
  );
  const kept = toolBlocks(real)
    .filter(([s]) => !exampleNames.has(real[s]!.trim()))
    .slice(0, 30)
    .flatMap(([s, e]) => real.slice(s, e));
  return [
    ...real.slice(0, real.indexOf("tools:")),
    ...example.slice(defsAt, exampleTools),
    "tools:",
    ...kept,
    ...example.slice(exampleTools + 1),
  ].join("\n");
}

const source = realSubset();
const blocks = toolBlocks(source.split("\n"));

/** Edits line `n` of the tool block `k` (by a function of its lines). */
function editBlock(
  text: string,
  k: number,
  edit: (lines: string[], s: number, e: number) => void,
): string {
  const lines = text.split("\n");
  const [s, e] = toolBlocks(lines)[k]!;
  edit(lines, s, e);
  const edited = lines.join("\n");
  expect(edited).not.toBe(text);
  return edited;
}

/** A property of the tool `k` loses its description: a lint finding of that tool appears. */
const lintError = (text: string) =>
  editBlock(text, Math.floor(blocks.length / 2), (lines, s, e) => {
    const d = lines
      .slice(s, e)
      .findIndex((l, i) => i > 1 && /^ {10,}description: /.test(l));
    expect(d).toBeGreaterThan(0);
    lines.splice(s + d, 1);
  });

const EDITS: Record<string, (text: string) => string> = {
  "a description": (text) =>
    editBlock(text, Math.floor(blocks.length / 2), (lines, s, e) => {
      const d = lines
        .slice(s, e)
        .findIndex((l) => /^ {4}description: /.test(l));
      lines[s + d] = lines[s + d]!.replace(
        "description: ",
        "description: Edited. ",
      );
    }),
  "a bound": (text) => SHARED_EDITS["a bound"]!(text)!,
  "a tool added": (text) =>
    `${text.trimEnd()}\n  added_tool:\n    description: A tool added by the test.\n    input:\n      type: object\n      properties:\n        query:\n          type: string\n          maxLength: 200\n      required:\n        - query\n`,
  "a tool removed": (text) =>
    editBlock(text, Math.floor(blocks.length / 3), (lines, s, e) => {
      lines.splice(s, e - s);
    }),
  "a $defs entry several tools use": (text) => {
    const edited = text.replace(
      "description: Main muscle group an exercise trains.",
      "description: Main muscle group an exercise trains (edited).",
    );
    expect(edited).not.toBe(text);
    return edited;
  },
  "a $defs entry given a default (a lint finding in the defs)": (text) => {
    const edited = text.replace(
      "description: Main muscle group an exercise trains.",
      "description: Main muscle group an exercise trains.\n    default: chest",
    );
    expect(edited).not.toBe(text);
    return edited;
  },
  "a line inserted above a tool (every later position moves)": (text) =>
    editBlock(text, 2, (lines, s) => {
      lines.splice(s, 0, "  # a comment above the tool", "");
    }),
  "a lint error introduced": lintError,
  "a target made strict": (text) => {
    const edited = text.replace(
      "openai-chat: { strict: auto }",
      "openai-chat: { strict: true }",
    );
    expect(edited).not.toBe(text);
    return edited;
  },
};

async function generate(text: string): Promise<PipelineResult> {
  return runPipeline({ catalogPath: CATALOG_PATH, source: text, readTemplate });
}

async function cold(text: string): Promise<PipelineResult> {
  clearLintMemo();
  clearIRMemo();
  return generate(text);
}

/** What a run shows: its files, ok, and every diagnostic in order. */
function shown(r: PipelineResult) {
  return { ok: r.ok, files: [...r.files], diagnostics: r.diagnostics };
}

afterEach(() => {
  lintMemoTesting.omit = undefined;
  lintMemoTesting.bySegment = false;
  irMemoTesting.omit = undefined;
});

describe("lint findings and IR kept across runs", () => {
  it("the source has lint findings (warnings) in many tools", async () => {
    const r = await cold(source);
    expect(r.ok).toBe(true);
    const tools = new Set(
      r.diagnostics.map((d) => d.pointer.split("/")[2]).filter(Boolean),
    );
    expect(tools.size).toBeGreaterThan(10);
  });

  it.each(Object.keys(EDITS))(
    "%s: output and diagnostics equal a cold run's",
    async (kind) => {
      const edited = EDITS[kind]!(source);
      const reference = shown(await cold(edited));
      const before = shown(await cold(source));
      // The edit changed what is shown (else the comparison proves nothing).
      expect(reference).not.toEqual(before);
      expect(shown(await generate(edited))).toEqual(reference);
      // And back: the original again, after the edit.
      expect(shown(await generate(source))).toEqual(before);
    },
  );

  it("a lint error introduced, then removed: diagnostics and output equal a cold run's", async () => {
    const broken = editBlock(
      source,
      Math.floor(blocks.length / 2),
      (lines, s, e) => {
        const t = lines
          .slice(s, e)
          .findIndex((l) => /^ {8,}type: string$/.test(l));
        expect(t).toBeGreaterThan(0);
        lines[s + t] = lines[s + t]!.replace(
          "type: string",
          '$ref: "#/$defs/NoSuchDef"',
        );
      },
    );
    const referenceBroken = shown(await cold(broken));
    const referenceFixed = shown(await cold(source));
    expect(referenceBroken.ok).toBe(false);
    expect(
      referenceBroken.diagnostics.some((d) => d.rule === "unresolved-ref"),
    ).toBe(true);
    expect(referenceFixed.ok).toBe(true);
    expect(shown(await generate(broken))).toEqual(referenceBroken);
    expect(shown(await generate(source))).toEqual(referenceFixed);
    expect(shown(await generate(broken))).toEqual(referenceBroken);
  });

  it.each(Object.keys(EDITS))(
    "%s: a run per tool finds what the whole-catalog run filed under each tool",
    async (kind) => {
      const edited = EDITS[kind]!(source);
      const whole = shown(await cold(edited));
      lintMemoTesting.bySegment = true;
      try {
        expect(shown(await cold(edited))).toEqual(whole);
      } finally {
        lintMemoTesting.bySegment = false;
      }
    },
  );

  it("only the edited tool's rules run again, unchanged tools keep their IR object", async () => {
    await cold(source);
    const edited = EDITS["a description"]!(source);
    const catalogOf = (t: string) => loadCatalog(CATALOG_PATH, t).catalog!;
    const a = buildIR(catalogOf(source), CATALOG_PATH);
    const r = await generate(edited);
    expect(lintMemoTesting.ran).toBe(1);
    const b = r.ir!;
    const same = b.tools.filter((t, i) => a.tools[i] === t).length;
    expect(same).toBe(a.tools.length - 1);
    expect(b.defs).toBe(a.defs);
    expect(b.targets).toBe(a.targets);
    expect(Object.isFrozen(b.tools[0])).toBe(true);
  });

  it("bounded: one entry per tool of the last catalog", async () => {
    await cold(source);
    await generate(EDITS["a tool added"]!(source));
    await generate(EDITS["a tool removed"]!(source));
    const tools = Object.keys(
      loadCatalog(CATALOG_PATH, EDITS["a tool removed"]!(source)).catalog!
        .tools as object,
    ).length;
    expect(lintMemoSize()).toBe(tools + 1);
    expect(irMemoSize()).toBe(tools);
  });
});

describe("the keys: a piece left out shows stale results", () => {
  const stale = async (
    edited: string,
    set: () => void,
  ): Promise<{ reference: unknown; again: unknown }> => {
    const reference = shown(await cold(edited));
    set();
    await cold(source);
    return { reference, again: shown(await generate(edited)) };
  };

  it("lint without the tool's content", async () => {
    const { reference, again } = await stale(lintError(source), () => {
      lintMemoTesting.omit = "tool";
    });
    expect(again).not.toEqual(reference);
  });

  it("lint without the defs' content", async () => {
    const edited =
      EDITS["a $defs entry given a default (a lint finding in the defs)"]!(
        source,
      );
    const { reference, again } = await stale(edited, () => {
      lintMemoTesting.omit = "defs";
    });
    expect(again).not.toEqual(reference);
  });

  it("lint without the targets", async () => {
    const edited = EDITS["a target made strict"]!(source);
    const { reference, again } = await stale(edited, () => {
      lintMemoTesting.omit = "targets";
    });
    expect(again).not.toEqual(reference);
  });

  it("IR without the tool's content", async () => {
    const { reference, again } = await stale(
      EDITS["a description"]!(source),
      () => {
        irMemoTesting.omit = "tool";
      },
    );
    expect(again).not.toEqual(reference);
  });

  it("IR without the defs' content", async () => {
    const { reference, again } = await stale(
      EDITS["a $defs entry several tools use"]!(source),
      () => {
        irMemoTesting.omit = "defs";
      },
    );
    expect(again).not.toEqual(reference);
  });
});
