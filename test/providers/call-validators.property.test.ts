/**
 * Issue 4, item 3, through the generated code, for the example catalog and the provider fixtures:
 * see support/call-agreement.ts (the whole-output fuzzer runs the same check on random catalogs).
 * Replay with FC_SEED=<seed>.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateFrom, repoRoot, writeFiles } from "../helpers/pipeline.js";
import { assertCallValidatorsAgree } from "./support/call-agreement.js";
import { declaredDifference } from "../../generator/core/providers/declared-difference.js";
import type { Schema } from "../../generator/core/schema/schema.js";

const seed = Number(process.env.FC_SEED ?? 31337);

const cases = [
  { catalog: "catalog/tools.yaml", out: "generated" },
  {
    catalog: "test/fixtures/providers-optional-nullable/catalog.yaml",
    out: "test/fixtures/providers-optional-nullable/expected",
  },
  {
    catalog: "test/fixtures/providers-refs-unions/catalog.yaml",
    out: "test/fixtures/providers-refs-unions/expected",
  },
];

describe("per-target call validators (generated)", () => {
  for (const c of cases) {
    it(`${c.catalog}: declared → normalise → canonical agrees with Ajv`, async () => {
      const result = await generateFrom(
        readFileSync(join(repoRoot, c.catalog)),
        { catalogPath: c.catalog, format: false },
      );
      const { checked, rejected } = await assertCallValidatorsAgree(
        result.ir!,
        join(repoRoot, c.out),
        { seed, numRuns: 150 },
      );
      // Some declared-valid and some declared-rejected values must be among the samples, or the
      // properties say nothing.
      expect(checked).toBeGreaterThan(5);
      expect(rejected).toBeGreaterThan(5);
    });
  }
});

/**
 * Optional fields through `$defs` used many times over: each definition has six optional fields,
 * each a `$ref` to the next. The declared difference inlined a definition at each use (6^depth
 * copies: ten levels took minutes to generate); past its budget it keeps the `$ref`, checked as declared.
 */
function manyTimesOver(depth: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++)
    $defs[`D${i}`] =
      i === depth - 1
        ? { type: "string", maxLength: 4, description: "A leaf." }
        : {
            type: "object",
            description: "A level.",
            properties: Object.fromEntries(
              [0, 1, 2, 3, 4, 5].map((j) => [
                `k${j}`,
                { $ref: `#/$defs/D${i + 1}` },
              ]),
            ),
            additionalProperties: false,
          };
  return {
    type: "object",
    properties: { root: { $ref: "#/$defs/D0" } },
    required: ["root"],
    additionalProperties: false,
    $defs,
  };
}

describe("declared difference of definitions used many times over", () => {
  it("stays bounded in size", () => {
    // The lowered (declared) form is what the difference is taken of: run it on a strict-shaped schema directly.
    const text = JSON.stringify(declaredDifference(manyTimesOver(7) as Schema));
    expect(text.length).toBeLessThan(500_000);
  });

  it("agrees with Ajv through the generated call validator (four levels: 258 inlines, past the budget)", async () => {
    const source = JSON.stringify({
      toolcat: 1,
      targets: { "openai-chat": { strict: "auto" } },
      tools: { deep_tool: { description: "A tool.", input: manyTimesOver(4) } },
    });
    const result = await generateFrom(source, {
      catalogPath: "deep.json",
      format: false,
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual(
      [],
    );
    const dir = mkdtempSync(join(tmpdir(), "toolcat-deep-calls-"));
    try {
      writeFiles(dir, result.files);
      // Strict declarations make every field required and nullable: random values rarely have them
      // all, so calls are also written by hand (valid, a leaf too long, an unknown key, a missing field).
      const level = (depth: number, leaf: (i: number) => unknown): unknown =>
        depth === 3
          ? leaf(0)
          : Object.fromEntries(
              [0, 1, 2, 3, 4, 5].map((j) => [
                `k${j}`,
                j === 0
                  ? level(depth + 1, leaf)
                  : j % 2 === 0
                    ? null
                    : depth === 2
                      ? "leaf"
                      : null,
              ]),
            );
      const extra = [
        { root: level(0, () => "ok") },
        { root: level(0, () => "too long") },
        { root: level(0, () => null) },
        {
          root: { k0: null, k1: null, k2: null, k3: null, k4: null, k5: null },
        },
        { root: { k0: null, k1: null, k2: null, k3: null, k4: null } },
        {
          root: {
            k0: null,
            k1: null,
            k2: null,
            k3: null,
            k4: null,
            k5: null,
            k6: null,
          },
        },
        { root: null },
      ];
      expect(
        (
          await assertCallValidatorsAgree(result.ir!, dir, {
            seed,
            numRuns: 150,
            extra,
          })
        ).checked,
      ).toBeGreaterThan(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("call validator files share validators.ts's types", () => {
  // One ValidationError/ValidationResult for the whole output: a call validator's result is the
  // type a handler of validators.ts already knows, and the declarations are not printed twice.
  const dirs = [
    "generated",
    ...cases.slice(1).map((c) => c.out),
    "test/fixtures/providers-moved-constraints/expected",
  ];
  for (const dir of dirs) {
    it(dir, () => {
      const files = readdirSync(join(repoRoot, dir, "providers")).filter((f) =>
        f.endsWith(".calls.ts"),
      );
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const text = readFileSync(join(repoRoot, dir, "providers", f), "utf8");
        expect(text, f).not.toMatch(
          /^(export )?(interface|type) (ValidationError|ValidationResult|Validator)\b/m,
        );
        expect(text, f).toMatch(
          /import \{[^}]*\btype ValidationResult\b[^}]*\} from "\.\.\/validators\.js";/,
        );
      }
    });
  }
});
