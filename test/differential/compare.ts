/** Running a generated validator and Ajv side by side on one instance. */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import type { CompiledValidator } from "../validators/harness.js";
import type { ReferenceOutcome } from "../validators/reference.js";

export interface Tally {
  comparisons: number;
  invalid: number;
  /** Instances on which Ajv threw (stack overflow, fast-deep-equal calling a `valueOf` member): no answer to compare. */
  ajvThrew: number;
}

export function newTally(): Tally {
  return { comparisons: 0, invalid: 0, ajvThrew: 0 };
}

/**
 * The property: the generated validator does not throw, does not change its input, and returns
 * exactly Ajv's result (validity, and every error with its instancePath, schemaPath, keyword,
 * params and message, in Ajv's order).
 */
export function sameAsAjv(
  ours: CompiledValidator,
  ajv: (data: unknown) => ReferenceOutcome,
  data: unknown,
  tally: Tally,
): void {
  const before = structuredClone(data);
  const got = ours(data);
  if (!isDeepStrictEqual(data, before))
    throw new Error("the validator changed its input");
  const expected = ajv(data);
  tally.comparisons++;
  if ("threw" in expected) {
    tally.ajvThrew++;
    return;
  }
  if (!got.ok) tally.invalid++;
  const actual = got.ok ? { ok: true } : { ok: false, errors: got.errors };
  if (!isDeepStrictEqual(actual, expected)) {
    throw new Error(
      `differs from Ajv\n  expected: ${JSON.stringify(expected)}\n  actual:   ${JSON.stringify(actual)}`,
    );
  }
}

/** fast-check run over instances of one schema; a failure names the schema and how to replay it. */
export function assertSameAsAjv(
  label: string,
  schema: unknown,
  ours: CompiledValidator,
  ajv: (data: unknown) => ReferenceOutcome,
  data: fc.Arbitrary<unknown>,
  options: { seed: number; numRuns: number },
  tally: Tally,
): void {
  const details = fc.check(
    fc.property(data, (d) => sameAsAjv(ours, ajv, d, tally)),
    { seed: options.seed, numRuns: options.numRuns },
  );
  if (details.failed) {
    const counterexample = details.counterexample
      ? JSON.stringify(details.counterexample[0])
      : "(none)";
    throw new Error(
      [
        `${label}: generated validator differs from Ajv`,
        `  schema: ${JSON.stringify(schema)}`,
        `  data:   ${counterexample}`,
        `  replay: seed=${details.seed} path=${JSON.stringify(details.counterexample ? details.counterexamplePath : "")}`,
        `  cause:  ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
      ].join("\n"),
    );
  }
}
