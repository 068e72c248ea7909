/**
 * Fuzzing the validator compiler. Random schemas over the supported subset (every keyword,
 * `$ref` recursion, hostile names, patterns and values) and random near-subset documents:
 * - the compiler never throws anything but `CompileError`, and never on a schema it accepts;
 * - everything it emits type-checks, in one `tsc --noEmit` run, under the options of
 *   tsconfig.output.json (@tsconfig/strictest's: what a strict consumer project may turn on);
 * - the generated validators load and never throw on random JSON.
 * Seeded; `TOOLCAT_FUZZ_SEED` / `TOOLCAT_FUZZ_SCALE` replay or enlarge a run.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CompileError,
  validatorProblems,
} from "../../generator/core/emit/validators/compile.js";
import type { Schema } from "../../generator/core/schema/schema.js";
import { anyJson, resourceArbitrary } from "../differential/arbitraries.js";
import { strictestCompilerOptions } from "../helpers/strictest.js";
import {
  loadModule,
  repoRoot,
  tmpRoot,
  validatorSource,
  type CompiledValidator,
} from "../validators/harness.js";

const SEED = Number(process.env.TOOLCAT_FUZZ_SEED ?? 99);
const SCALE = Number(process.env.TOOLCAT_FUZZ_SCALE ?? 1);
const BATCH = 25;

/** Schemas that broke the emitted code in heavier runs, kept in every run. */
const FOUND: readonly unknown[] = [
  // TOOLCAT_FUZZ_SEED=31337 TOOLCAT_FUZZ_SCALE=4: a pattern whose subschema checks nothing (only
  // `$comment`, which Ajv counts as a rule) declared its RegExp and never used it (noUnusedLocals).
  { not: { patternProperties: { "^(found|one)$": { $comment: "c" } } } },
  {
    patternProperties: {
      "^found-two": { $comment: "c", description: "d" },
      "^b": { type: "string" },
    },
  },
];

/** Documents that look like schemas but may break every rule: unknown keywords, wrong shapes, odd refs. */
const nearSchema: fc.Arbitrary<unknown> = fc.letrec<{ s: unknown }>((tie) => ({
  s: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    anyJson,
    fc.dictionary(
      fc.constantFrom(
        "type",
        "properties",
        "items",
        "prefixItems",
        "$ref",
        "$defs",
        "enum",
        "const",
        "required",
        "pattern",
        "format",
        "minimum",
        "anyOf",
        "not",
        "if",
        "then",
        "contains",
        "minContains",
        "patternProperties",
        "additionalProperties",
        "dependentRequired",
        "unknownKeyword",
        "$id",
        "multipleOf",
        "uniqueItems",
      ),
      fc.oneof(
        tie("s"),
        fc.constantFrom(
          "#",
          "#/",
          "#/$defs/a",
          "#/properties",
          "http://x/y",
          "#foo",
          "#/%zz",
          "[",
          "(?<",
          "date",
          "bogus",
          "__proto__",
        ),
      ),
      { maxKeys: 5 },
    ),
  ),
})).s;

describe("validator compiler fuzz", () => {
  it("never throws on near-subset documents except CompileError", () => {
    fc.assert(
      fc.property(nearSchema, (doc) => {
        const problems = validatorProblems(doc as Schema);
        let source: string | undefined;
        try {
          source = validatorSource([doc as Schema]);
        } catch (e) {
          if (!(e instanceof CompileError)) throw e;
          expect(problems.length).toBeGreaterThan(0);
          return;
        }
        expect(problems).toEqual([]);
        expect(source.length).toBeGreaterThan(0);
      }),
      { seed: SEED, numRuns: Math.round(400 * SCALE) },
    );
  });

  it("everything emitted for subset schemas type-checks strictly, loads and never throws", async () => {
    const schemas = [
      ...FOUND,
      ...fc.sample(resourceArbitrary, {
        seed: SEED,
        numRuns: Math.round(300 * SCALE),
      }),
    ].filter((s) => validatorProblems(s as Schema).length === 0);
    expect(schemas.length).toBeGreaterThan(200 * SCALE);
    const dir = path.join(tmpRoot, "fuzz-typecheck");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const sources: string[] = [];
    for (let i = 0; i < schemas.length; i += BATCH) {
      const source = validatorSource(schemas.slice(i, i + BATCH) as Schema[]);
      sources.push(source);
      writeFileSync(path.join(dir, `batch${i / BATCH}.ts`), source);
    }
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: strictestCompilerOptions(),
        include: ["*.ts"],
      }),
    );
    try {
      execFileSync(
        process.execPath,
        [path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir],
        { stdio: "pipe" },
      );
    } catch (e) {
      const out = (e as { stdout?: Buffer }).stdout?.toString() ?? String(e);
      throw new Error(
        `generated validators do not type-check (files in ${dir}):\n${out.slice(0, 4000)}`,
      );
    }
    const values = fc.sample(anyJson, { seed: SEED, numRuns: 40 });
    for (const [b, source] of sources.entries()) {
      const mod = await loadModule(source, `fuzz${b}`);
      for (const [name, fn] of Object.entries(mod)) {
        if (!name.startsWith("v")) continue;
        for (const v of values) {
          const r = (fn as CompiledValidator)(v);
          expect(typeof r.ok).toBe("boolean");
        }
      }
    }
  }, 120_000);
});
