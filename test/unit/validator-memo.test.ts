/**
 * The keys of the validator compiler's memo (generator/core/emit/validators/validator-memo.ts) and
 * of the validator files' layout memo (generator/node/validator-chunk-memo.ts): a replay equals a
 * cold compile byte for byte, and a key that leaves out one piece of what the code depends on
 * replays a stale owner (or layout) — so the comparison can see one. Whole runs after each kind
 * of edit, on this thread and on a kept worker: test/unit/edit-memo.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { raw } from "../../generator/core/codegen/code.js";
import { Name } from "../../generator/core/codegen/identifiers.js";
import {
  isDataChunk,
  type DataChunk,
} from "../../generator/core/emit/artifact.js";
import { GeneratedFile } from "../../generator/core/emit/generated-file.js";
import {
  compileValidators,
  withReplay,
  type ValidatorEntry,
} from "../../generator/core/emit/validators/compile.js";
import { ReplayMismatch } from "../../generator/core/emit/validators/context.js";
import {
  clearValidatorMemo,
  isKeptValidatorData,
  validatorMemoCounts,
  validatorMemoSize,
  validatorMemoTesting,
} from "../../generator/core/emit/validators/validator-memo.js";
import type { Schema } from "../../generator/core/schema/schema.js";
import {
  clearValidatorChunkMemo,
  isValidatorFile,
  validatorChunkMemoTesting,
  validatorDataText,
} from "../../generator/node/validator-chunk-memo.js";
import { readTemplate } from "../validators/harness.js";

afterEach(() => {
  validatorMemoTesting.omit = undefined;
  validatorChunkMemoTesting.omit = undefined;
  clearValidatorMemo();
  clearValidatorChunkMemo();
});

interface Case {
  readonly entries: readonly ValidatorEntry[];
  readonly reserved?: readonly string[];
  readonly maxDepth?: number;
}

function entry(name: string, schema: Schema, type = "unknown"): ValidatorEntry {
  return { name: Name.of(name), type: raw(type), schema, owner: name };
}

/** A file that already holds other code (names taken, a helper declared) keeps working too. */
const NEIGHBOUR = entry("validateNeighbour", {
  type: "object",
  properties: { when: { type: "string", format: "date" } },
  required: ["when"],
});

/** The module `compileValidators` prints for `c`: cold (no memo), or with `withReplay`. */
function printed(c: Case, memo?: "replay"): string {
  const build = (mode: "replay" | "record" | undefined) => {
    const file = new GeneratedFile("validators.ts", "// test", c.reserved);
    compileValidators(c.entries, file, {
      readTemplate,
      exportHelpers: true,
      maxDepth: c.maxDepth,
      memo: mode,
    });
    return file.toString();
  };
  return memo ? withReplay(build) : build(undefined);
}

/**
 * `after` compiled after `before` in one process equals its cold compile; with `omit` left out
 * of the key, it does not (a stale owner was replayed).
 */
function checkKeyPiece(
  omit: NonNullable<(typeof validatorMemoTesting)["omit"]>,
  before: Case,
  after: Case,
): void {
  const reference = printed(after);
  // The two differ (else a stale replay could not be seen).
  expect(printed(before)).not.toBe(reference);
  clearValidatorMemo();
  printed(before, "replay");
  expect(printed(after, "replay")).toBe(reference);
  // Reused: only what changed was compiled.
  validatorMemoCounts();
  expect(printed(after, "replay")).toBe(reference);
  expect(validatorMemoCounts().compiled).toBe(0);

  clearValidatorMemo();
  validatorMemoTesting.omit = omit;
  try {
    printed(before, "replay");
    expect(printed(after, "replay")).not.toBe(reference);
  } finally {
    validatorMemoTesting.omit = undefined;
    clearValidatorMemo();
  }
}

const string = (extra: Record<string, unknown> = {}): Schema =>
  ({
    type: "object",
    properties: { q: { type: "string", ...extra } },
    required: ["q"],
    additionalProperties: false,
  }) as Schema;

describe("the validator memo's key", () => {
  it("holds each entry's schema", () =>
    checkKeyPiece(
      "schema",
      { entries: [NEIGHBOUR, entry("validateA", string({ maxLength: 10 }))] },
      { entries: [NEIGHBOUR, entry("validateA", string({ maxLength: 11 }))] },
    ));

  it("holds each entry's name", () =>
    checkKeyPiece(
      "name",
      { entries: [NEIGHBOUR, entry("validateA", string())] },
      { entries: [NEIGHBOUR, entry("validateB", string())] },
    ));

  it("holds each entry's type", () =>
    checkKeyPiece(
      "type",
      { entries: [NEIGHBOUR, entry("validateA", string(), "A")] },
      { entries: [NEIGHBOUR, entry("validateA", string(), "B")] },
    ));

  it("tells -0 from 0 in a schema", () =>
    checkKeyPiece(
      "negative zero",
      {
        entries: [
          NEIGHBOUR,
          entry("validateA", {
            type: "object",
            properties: { n: { enum: [0, 1] } },
          } as Schema),
        ],
      },
      {
        entries: [
          NEIGHBOUR,
          entry("validateA", {
            type: "object",
            properties: { n: { enum: [-0, 1] } },
          } as Schema),
        ],
      },
    ));

  it("holds the compiler's maxDepth", () => {
    const recursive = {
      $defs: {
        node: {
          type: "object",
          properties: { next: { $ref: "#/$defs/node" } },
        },
      },
      $ref: "#/$defs/node",
    } as Schema;
    checkKeyPiece(
      "max depth",
      { entries: [NEIGHBOUR, entry("validateA", recursive)], maxDepth: 1000 },
      { entries: [NEIGHBOUR, entry("validateA", recursive)], maxDepth: 7 },
    );
  });

  it("replays only where the file gives the same names: otherwise the file is made again", () => {
    const patterned = entry("validateA", string({ pattern: "^[a-z]+$" }));
    const before: Case = { entries: [NEIGHBOUR, patterned] };
    // A name the compiler asks for (the pattern's constant) is taken in the file this time.
    const after: Case = {
      entries: [NEIGHBOUR, patterned],
      reserved: ["a_re0"],
    };
    expect(printed(after)).toContain("a_re02");
    checkKeyPiece("check names", before, after);
    // What withReplay catches: the replay stops at the name.
    clearValidatorMemo();
    printed(before, "replay");
    const file = new GeneratedFile("validators.ts", "// test", ["a_re0"]);
    expect(() =>
      compileValidators(after.entries, file, {
        readTemplate,
        exportHelpers: true,
        memo: "replay",
      }),
    ).toThrow(ReplayMismatch);
  });

  it("a helper a replayed owner uses is declared when no owner before it declared it", () => {
    const dated = entry("validateB", string({ format: "email" }));
    const first = entry("validateA", string({ format: "email" }));
    const without = entry("validateA", string());
    printed({ entries: [first, dated] }, "replay");
    const reference = printed({ entries: [without, dated] });
    expect(reference).toContain("function formatEmail");
    expect(printed({ entries: [without, dated] }, "replay")).toBe(reference);
  });

  it("does not keep an owner whose schema reaches one object twice beside a $ref", () => {
    const shared = { type: "string" };
    const schema = {
      $defs: { a: shared, b: { $ref: "#/$defs/a" } },
      type: "object",
      properties: { x: shared, y: { $ref: "#/$defs/b" } },
    } as Schema;
    printed({ entries: [entry("validateA", schema)] }, "replay");
    expect(validatorMemoSize()).toBe(0);
    printed({ entries: [entry("validateA", string())] }, "replay");
    expect(validatorMemoSize()).toBe(1);
  });
});

describe("the validator files' data text memo", () => {
  const options = { parser: "typescript", filepath: "validators.ts" } as const;

  it("is for the validator compiler's files only", () => {
    expect(isValidatorFile("validators.ts")).toBe(true);
    expect(isValidatorFile("providers/openai-chat.calls.ts")).toBe(true);
    expect(isValidatorFile("types.ts")).toBe(false);
    expect(isValidatorFile("providers/openai-chat.ts")).toBe(false);
  });

  it("keys a kept data constant's text by its head", () => {
    // A data constant of a kept owner (an enum of objects is declared as data).
    const file = new GeneratedFile("validators.ts", "// test");
    compileValidators(
      [entry("validateA", string({ enum: [{ a: 1 }, { b: [2] }] }) as Schema)],
      file,
      { readTemplate, memo: "record" },
    );
    const value = file
      .toChunks()
      .find(
        (c): c is DataChunk => typeof c !== "string" && isDataChunk(c),
      )!.value;
    expect(isKeptValidatorData(value)).toBe(true);
    const text = (head: string) =>
      validatorDataText(
        "validators.ts",
        options,
      )({
        leading: "",
        head,
        value,
      });
    expect(text("const x")).toMatch(/^const x = \[/);
    expect(text("const y")).toMatch(/^const y = \[/);
    validatorChunkMemoTesting.omit = "head";
    clearValidatorChunkMemo();
    text("const x");
    expect(text("const y")).toMatch(/^const x = \[/);
  });
});
