/**
 * Type-level test of generated validators: `ok: true` narrows to the generated type, `ok: false`
 * has errors and no value; the name-keyed API is typed by tool name. `npm run typecheck` (tsc
 * over test/) is what checks the `expectTypeOf` and `@ts-expect-error` lines; vitest runs them
 * too. Uses the committed fixture narrowing/ (kept fresh by emitter.test.ts).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  LogSetInput,
  LogSetOutput,
  PingInput,
  ToolName,
} from "./narrowing/types.js";
import {
  outputValidators,
  validate,
  validateLogSetInput,
  validateOutput,
  validators,
  type ValidationError,
  type ValidationResult,
  type Validator,
} from "./narrowing/validators.js";

describe("generated validators are typed", () => {
  it("ok: true narrows the value to the generated type", () => {
    const input: unknown = JSON.parse(
      '{"exercise":"squat","reps":5,"weight_kg":null}',
    );
    const result = validateLogSetInput(input);
    expectTypeOf(result).toEqualTypeOf<ValidationResult<LogSetInput>>();
    if (result.ok) {
      expectTypeOf(result.value).toEqualTypeOf<LogSetInput>();
      expectTypeOf(result.value.reps).toEqualTypeOf<number>();
      expectTypeOf(result.value.weight_kg).toEqualTypeOf<
        number | null | undefined
      >();
      // @ts-expect-error a valid result has no errors
      void result.errors;
      expect(result.value.exercise).toBe("squat");
    } else {
      expectTypeOf(result.errors).toEqualTypeOf<ValidationError[]>();
      // @ts-expect-error a failed result has no value
      void result.value;
      expect.unreachable("the input is valid");
    }
  });

  it("ok: false carries Ajv-shaped errors", () => {
    const result = validateLogSetInput({ exercise: "", reps: 0, extra: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expectTypeOf(result.errors[0]!.instancePath).toEqualTypeOf<string>();
      expect(
        result.errors.map((e) => `${e.instancePath} ${e.keyword}`),
      ).toEqual([
        " additionalProperties",
        "/exercise minLength",
        "/reps minimum",
      ]);
    }
  });

  it("validate, validators and outputValidators are keyed and typed by tool name", () => {
    expectTypeOf(validators).toEqualTypeOf<{
      readonly [K in ToolName]: Validator<
        { log_set: LogSetInput; ping: PingInput }[K]
      >;
    }>();
    const r = validate("log_set", { exercise: "row", reps: 8 });
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<LogSetInput>();
    const p = validate("ping", {});
    if (p.ok) expectTypeOf(p.value).toEqualTypeOf<PingInput>();
    const o = validateOutput("log_set", {
      id: "2eb8aa08-aa98-11ea-b4aa-73b441d16380",
    });
    if (o.ok) expectTypeOf(o.value).toEqualTypeOf<LogSetOutput>();
    expectTypeOf(outputValidators.log_set).toEqualTypeOf<
      Validator<LogSetOutput> | undefined
    >();
    // @ts-expect-error only catalog tool names are accepted
    validate("nope", {});
    expect(r.ok && p.ok && o.ok).toBe(true);
    expect(validateOutput("ping", "anything").ok).toBe(true);
  });
});
