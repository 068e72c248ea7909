/**
 * Type-level tests of generated/dispatcher.ts (checked by `npm run typecheck`, part of
 * `npm test`): each `@ts-expect-error` line must be a compile error, or tsc fails on the unused
 * directive; the lines without one must compile.
 */
import { createDispatcher, type ConfirmCall, type Handlers } from "../../generated/dispatcher.js";
import { createDispatcher as createPaintDispatcher } from "../fixtures/draft07/expected/dispatcher.js";
import type { CallResult } from "../../generated/runtime/tool-call.js";
import type { HandlerContext } from "../../generated/runtime/dispatch.js";
import type { ToolOutput, WriteMeasurementInput, DeleteMeasurementInput } from "../../generated/types.js";
import { exampleHandlers } from "../dispatcher/example-app.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assert<T extends true>(): T | void {}

const all: Handlers = exampleHandlers();
const confirm = (): boolean => true;

// Every handler present and well typed: compiles.
createDispatcher(all, { confirm });

// A missing handler.
const { get_weather: _dropped, ...missing } = all;
// @ts-expect-error get_weather has no handler
createDispatcher(missing, { confirm });

// An extra handler (for a tool the catalog does not have).
// @ts-expect-error delete_everything is not a tool
createDispatcher({ ...all, delete_everything: () => ({}) }, { confirm });

// A mistyped handler: its argument is not the tool's input.
// @ts-expect-error write_measurement receives WriteMeasurementInput, not { date: number }
createDispatcher({ ...all, write_measurement: (args: { date: number }) => ({ saved: [String(args.date)] }) }, { confirm });

// A handler returning the wrong output type (sync or async).
// @ts-expect-error saved must list measurement names
createDispatcher({ ...all, write_measurement: () => ({ saved: [42] }) }, { confirm });
// @ts-expect-error deleted is a number
createDispatcher({ ...all, delete_measurement: async () => ({ deleted: "two" }) }, { confirm });

// The catalog has a destructive tool (delete_measurement): confirm is required.
// @ts-expect-error confirm is missing
createDispatcher(all, {});
// @ts-expect-error options (with confirm) are required
createDispatcher(all);

// Handlers receive the validated, typed arguments and a context naming their tool.
createDispatcher(
  {
    ...all,
    write_measurement: (args, ctx) => {
      assert<Equal<typeof args, WriteMeasurementInput>>();
      assert<Equal<typeof ctx, HandlerContext<"write_measurement">>>();
      assert<Equal<typeof ctx.callId, string | undefined>>();
      return { saved: ["weight_kg"] };
    },
  },
  { confirm },
);

// confirm sees the destructive tool's typed arguments.
createDispatcher(all, {
  confirm: (call) => {
    assert<Equal<typeof call, ConfirmCall>>();
    assert<Equal<typeof call.tool, "delete_measurement">>();
    assert<Equal<typeof call.arguments, DeleteMeasurementInput>>();
    return call.arguments.confirm === true;
  },
});
// @ts-expect-error confirm answers a boolean
createDispatcher(all, { confirm: () => "yes" });

// Checks: typed per tool, any subset, problems in the validator's shape, sync or async.
createDispatcher(all, {
  confirm,
  checks: {
    write_measurement: (args) => (args.date > "2026-12-31" ? [{ instancePath: "/date", message: "in the future" }] : []),
    log_workout_set: async (args) => (args.exercise_id.startsWith("ex-") ? [] : [{ instancePath: "/exercise_id", message: "unknown" }]),
  },
});
// @ts-expect-error a check for a tool the catalog does not have
createDispatcher(all, { confirm, checks: { delete_everything: () => [] } });
// @ts-expect-error a problem needs a message
createDispatcher(all, { confirm, checks: { write_measurement: () => [{ instancePath: "/date" }] } });
// @ts-expect-error the check's argument is the tool's input
createDispatcher(all, { confirm, checks: { write_measurement: (args: { city: string }) => (args.city ? [] : []) } });

// run's result carries the union of the outputs.
async function results(): Promise<void> {
  const dispatcher = createDispatcher(all, { confirm });
  const r = await dispatcher.run({ target: "anthropic", id: "x", name: "get_weather", arguments: {} });
  assert<Equal<typeof r, CallResult<ToolOutput[keyof ToolOutput]>>>();
  // @ts-expect-error run takes a tool call, not a provider response
  await dispatcher.run({ choices: [] });
}
void results;

// A catalog without a destructive tool needs no options at all.
createPaintDispatcher({ paint: () => ({}) });
// @ts-expect-error its one tool must have a handler
createPaintDispatcher({});
