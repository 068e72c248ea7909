/**
 * Differential property test: random schemas over the whole supported subset, random near-valid
 * and mutated instances, generated validator vs Ajv (reference.ts). Seeded: a failure prints the
 * schema, the instance and the seed. Replay or run heavier with
 *   TOOLCAT_DIFF_SEED=<seed> TOOLCAT_DIFF_SCALE=<multiplier> npx vitest run test/differential
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { validatorProblems } from "../../generator/core/emit/validators/compile.js";
import type { Schema } from "../../generator/core/schema/schema.js";
import { compileAll, type CompiledValidator } from "../validators/harness.js";
import {
  referenceValidator,
  type ReferenceOutcome,
} from "../validators/reference.js";
import { dataArbitrary, resourceArbitrary } from "./arbitraries.js";
import { assertSameAsAjv, newTally } from "./compare.js";

const SEED = Number(process.env.TOOLCAT_DIFF_SEED ?? 424242);
const SCALE = Number(process.env.TOOLCAT_DIFF_SCALE ?? 1);
const SCHEMAS = Math.round(250 * SCALE);
const RUNS = Math.round(40 * Math.sqrt(SCALE));

interface Case {
  readonly index: number;
  readonly schema: unknown;
  readonly ajv: (data: unknown) => ReferenceOutcome;
  validate?: CompiledValidator;
}

const sampled = fc.sample(resourceArbitrary, { seed: SEED, numRuns: SCHEMAS });
const cases: Case[] = [];
const rejected: unknown[] = [];
const ajvRejected: unknown[] = [];
for (const [index, schema] of sampled.entries()) {
  if (validatorProblems(schema as Schema).length > 0) {
    rejected.push(schema);
    continue;
  }
  const ajv = referenceValidator(schema);
  if (!ajv) ajvRejected.push(schema);
  else cases.push({ index, schema, ajv });
}

beforeAll(async () => {
  const compiled = await compileAll(cases.map((c) => c.schema as Schema));
  cases.forEach((c, i) => (c.validate = compiled[i]));
});

describe(`random schemas (seed ${SEED}, ${SCHEMAS} schemas × ${RUNS} instances)`, () => {
  it("the compiler accepts nearly all generated schemas, and Ajv compiles every one it accepts", () => {
    expect(ajvRejected.map((s) => JSON.stringify(s))).toEqual([]);
    // Rejections are same-level $ref cycles the generator can produce; they must stay rare.
    expect(rejected.length).toBeLessThan(SCHEMAS * 0.25);
    expect(cases.length).toBeGreaterThan(SCHEMAS * 0.75);
  });

  it("every generated validator returns exactly Ajv's result", () => {
    const tally = newTally();
    for (const c of cases) {
      assertSameAsAjv(
        `random schema #${c.index} (seed ${SEED})`,
        c.schema,
        c.validate!,
        c.ajv,
        dataArbitrary(c.schema as never),
        { seed: SEED + c.index, numRuns: RUNS },
        tally,
      );
    }
    // The instances exercise both outcomes.
    expect(tally.invalid).toBeGreaterThan(tally.comparisons * 0.2);
    expect(tally.invalid).toBeLessThan(tally.comparisons * 0.95);
  });
});
