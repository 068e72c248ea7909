/**
 * What every runner wiring shares: the dispatcher as the wiring sees it (its `run`, read
 * structurally), the error a refused call is thrown as where a runner reports thrown errors to
 * the model, and the check a runner's `parse` hook runs (the generated validator, refusing with
 * the dispatcher's own text). Copied into generated output (runtime/runners/common.ts).
 */
import { uncheckableText } from "../call-texts.js";
import type { RunOptions } from "../dispatch.js";
import type { CheckOutcome } from "../standard-schema.js";
import type { CallResult, ToolCall } from "../tool-call.js";
import { renderValidationErrors } from "../validation-errors.js";

/** The part of a dispatcher (createDispatcher's result) the wiring calls. */
export interface RunsCalls {
  run(call: ToolCall, options?: RunOptions): Promise<CallResult<unknown>>;
}

/** The schema fields a wiring reads (a `ToolStandardSchema` from generated/standard-schema.ts). */
export interface WiredSchema<Output> {
  readonly name: string;
  readonly description: string;
  readonly strict: boolean;
  readonly check: (value: unknown) => CheckOutcome<Output>;
}

/**
 * A call the dispatcher did not run to success (refused, not confirmed, failed): thrown where
 * the runner turns a throw into the tool result the model reads. Its message is the
 * dispatcher's text for the model, so that is what the model reads; `result` is all of it.
 */
export class ToolcatCallError extends Error {
  readonly result: CallResult<unknown>;
  constructor(result: CallResult<unknown>) {
    super(result.text);
    this.name = "ToolcatCallError";
    this.result = result;
  }
}

/** A call's output when it ran to success, else the refusal thrown (see ToolcatCallError). */
export function outputOrThrow(result: CallResult<unknown>): unknown {
  if (result.isError) throw new ToolcatCallError(result);
  return result.output;
}

/** The checked arguments, or the dispatcher's refusal text for them. */
export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly text: string };

/** Runs the generated check on `value`; never throws (a value that throws when read is refused). */
export function checkArguments<T>(
  schema: WiredSchema<T>,
  value: unknown,
): Checked<T> {
  let outcome: CheckOutcome<T>;
  try {
    outcome = schema.check(value);
  } catch {
    return { ok: false, text: uncheckableText(schema.name) };
  }
  if (outcome.ok) return { ok: true, value: outcome.value };
  let text: string;
  try {
    text = renderValidationErrors(schema.name, outcome.errors, value);
  } catch {
    text = uncheckableText(schema.name);
  }
  return { ok: false, text };
}

/** Sets an own enumerable property, also for a key named `__proto__` (a tool may be named so). */
export function setOwn<T>(
  object: { [key: string]: T },
  key: string,
  value: T,
): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
