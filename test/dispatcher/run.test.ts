/**
 * `dispatcher.run` on the example catalog: every status, in the order of the steps, with spies
 * proving that a refused call reaches no handler, no domain check before the schema passed, and
 * no store write; the texts the model reads; events; replay, in-progress and abandoned claims.
 */
import { describe, expect, it, vi } from "vitest";
import { createDispatcher } from "../../generated/dispatcher.js";
import { memoryCallStore } from "../../generated/runtime/call-store.js";
import type { CallEvent } from "../../generated/runtime/dispatch.js";
import type { ToolCall } from "../../generated/runtime/tool-call.js";
import {
  exampleApp,
  exampleHandlers,
  spiedStore,
  STRICT_WRITE_MEASUREMENT,
  TODAY,
  UUID,
  VALID,
} from "./example-app.js";

const chat = (
  name: string,
  args: unknown,
  id: string | undefined = "call_1",
): ToolCall => ({
  target: "openai-chat",
  name,
  arguments: typeof args === "string" ? args : JSON.stringify(args),
  ...(id === undefined ? {} : { id }),
});
const anthropic = (
  name: string,
  args: unknown,
  id: string | undefined = "toolu_1",
): ToolCall => ({
  target: "anthropic",
  name,
  arguments: args,
  ...(id === undefined ? {} : { id }),
});

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>(
    (res, rej) => ((resolve = res), (reject = rej)),
  );
  return { promise, resolve, reject };
}

describe("ok", () => {
  it("runs an OpenAI call (JSON text, strict nulls for omitted fields removed before the handler)", async () => {
    const app = exampleApp();
    const r = await app.dispatcher.run(
      chat("write_measurement", STRICT_WRITE_MEASUREMENT),
    );
    expect(r).toMatchObject({
      status: "ok",
      isError: false,
      replayed: false,
      tool: "write_measurement",
      id: "call_1",
      target: "openai-chat",
      output: { saved: ["weight_kg"] },
    });
    expect(r.text).toBe('{"saved":["weight_kg"]}');
    expect(app.handlers.write_measurement).toHaveBeenCalledTimes(1);
    expect(app.handlers.write_measurement.mock.calls[0]![0]).toEqual({
      date: "2026-06-01",
      data: { weight_kg: 70.5 },
    });
  });

  it("runs an Anthropic call (an object) and never coerces a JSON text sent where an object belongs", async () => {
    const app = exampleApp();
    expect(
      (await app.dispatcher.run(anthropic("get_weather", VALID.get_weather)))
        .status,
    ).toBe("ok");
    const asText = await app.dispatcher.run(
      anthropic("get_weather", JSON.stringify(VALID.get_weather), "toolu_2"),
    );
    expect(asText.status).toBe("invalid-arguments");
    expect(asText.text).toContain("must be a JSON object; received a string");
    expect(app.handlers.get_weather).toHaveBeenCalledTimes(1);
  });

  it("holds a target to its own validator: the strict nulls OpenAI sends are invalid from Anthropic", async () => {
    const app = exampleApp();
    const r = await app.dispatcher.run(
      anthropic("write_measurement", STRICT_WRITE_MEASUREMENT),
    );
    expect(r.status).toBe("invalid-arguments");
    expect(r.text).toContain("data.body_fat_pct");
    // And OpenAI strict rejects an omitted field its declaration requires.
    expect(
      (
        await app.dispatcher.run(
          chat("write_measurement", VALID.write_measurement),
        )
      ).status,
    ).toBe("invalid-arguments");
    expect(app.handlerCalls()).toBe(0);
  });

  it("gives the handler a context: tool, target, call id, scope and the caller's signal", async () => {
    const app = exampleApp();
    const controller = new AbortController();
    await app.dispatcher.run(
      {
        target: "openai-agents",
        id: "call_9",
        scope: { sessionId: "sess_1", turnId: "turn_1" },
        name: "get_weather",
        arguments: VALID.get_weather,
      },
      { signal: controller.signal },
    );
    const ctx = app.handlers.get_weather.mock.calls[0]![1];
    expect(ctx).toMatchObject({
      tool: "get_weather",
      target: "openai-agents",
      callId: "call_9",
      scope: { sessionId: "sess_1", turnId: "turn_1" },
    });
    expect(ctx.signal).toBe(controller.signal);
    const plain = exampleApp();
    await plain.dispatcher.run(anthropic("get_weather", VALID.get_weather));
    expect(plain.handlers.get_weather.mock.calls[0]![1].signal.aborted).toBe(
      false,
    );
  });

  it("reads an empty argument text as {} only where the schema accepts {}", async () => {
    const app = exampleApp();
    const compatible = (name: string): ToolCall => ({
      target: "openai-compatible",
      id: name,
      name,
      arguments: "",
    });
    expect(
      (await app.dispatcher.run(compatible("list_exercises"))).status,
    ).toBe("ok");
    // OpenAI strict declares every field required (and nullable), so {} is not what it announced.
    expect(
      (await app.dispatcher.run(chat("list_exercises", "", "a"))).status,
    ).toBe("invalid-arguments");
    const r = await app.dispatcher.run(compatible("write_measurement"));
    expect(r.status).toBe("invalid-arguments");
    expect(r.text).toContain("date: required");
    expect(app.handlers.write_measurement).not.toHaveBeenCalled();
  });
});

describe("refused before anything happens", () => {
  const uuidSpy = () => vi.spyOn(globalThis.crypto, "randomUUID");

  const cases: {
    readonly label: string;
    readonly call: ToolCall;
    readonly status: string;
    readonly text: RegExp;
    readonly checkRuns?: boolean;
  }[] = [
    {
      label: "incomplete",
      call: {
        ...chat("write_measurement", STRICT_WRITE_MEASUREMENT),
        complete: false,
      },
      status: "incomplete",
      text: /was not run: the response was cut off/,
    },
    {
      label: "unknown tool",
      call: chat("delete_everything", {}),
      status: "unknown-tool",
      text: /no tool named "delete_everything"; nothing was run\. The tools are: write_measurement, log_meal, .*get_customer\./,
    },
    {
      label: "not JSON",
      call: chat("write_measurement", "{date: 1"),
      status: "invalid-arguments",
      text: /not valid JSON \(received "\{date: 1"\)/,
    },
    {
      label: "an array",
      call: chat("write_measurement", "[]"),
      status: "invalid-arguments",
      text: /must be a JSON object; received an array/,
    },
    {
      label: "schema",
      call: chat("write_measurement", {
        date: "2026-02-30",
        data: { weight_kg: -1, body_fat_pct: null, waist_cm: null },
      }),
      status: "invalid-arguments",
      text: /date: format .*\n- data\.weight_kg: exclusiveMinimum/,
    },
    {
      label: "domain check: a date in the future",
      call: chat("write_measurement", {
        date: "2027-01-01",
        data: { weight_kg: 70, body_fat_pct: null, waist_cm: null },
      }),
      status: "check-failed",
      text: /the app turned its arguments down \(1 problem\)\.\n- date: The date 2027-01-01 is in the future/,
      checkRuns: true,
    },
    {
      label: "domain check: an exercise that does not exist (async)",
      call: anthropic("log_workout_set", {
        ...VALID.log_workout_set,
        exercise_id: "ex-flying-kick",
      }),
      status: "check-failed",
      text: /- exercise_id: There is no exercise ex-flying-kick; call list_exercises/,
      checkRuns: true,
    },
  ];
  for (const c of cases) {
    it(`${c.label}: ${c.status}, no handler, no store write, no id`, async () => {
      const app = exampleApp();
      const ids = uuidSpy();
      const r = await app.dispatcher.run(c.call);
      ids.mockRestore();
      expect(r.status).toBe(c.status);
      expect(r.isError).toBe(true);
      expect(r.replayed).toBe(false);
      expect(r.text).toMatch(c.text);
      expect(app.handlerCalls()).toBe(0);
      expect(app.storeWrites()).toBe(0);
      expect(ids).not.toHaveBeenCalled();
      const checkCalls =
        app.checks.write_measurement.mock.calls.length +
        app.checks.log_workout_set.mock.calls.length;
      expect(checkCalls).toBe(c.checkRuns ? 1 : 0);
      expect(app.confirm).not.toHaveBeenCalled();
      expect(app.events.map((e) => e.status)).toEqual([c.status]);
    });
  }

  it("names every failing field with path, rule, expected value and an excerpt of what was received", async () => {
    const app = exampleApp();
    const r = await app.dispatcher.run(
      anthropic("log_workout_set", {
        workout_id: "nope",
        exercise_id: "ex-squat",
        sets: [{ reps: 0, load_kg: "75,5" }],
      }),
    );
    expect(r.text.split("\n")).toEqual([
      'The tool "log_workout_set" was not run: its arguments are invalid (3 problems).',
      '- workout_id: format — expected a UUID; received "nope"',
      "- sets[0].reps: minimum — expected a number at least 1; received 0",
      '- sets[0].load_kg: type — expected a number; received "75,5"',
      "Fix these fields and call the tool again.",
    ]);
    expect(r.errors?.map((e) => e.instancePath)).toEqual([
      "/workout_id",
      "/sets/0/reps",
      "/sets/0/load_kg",
    ]);
  });

  it("a domain check that throws refuses the call with a safe text; the app gets the exception", async () => {
    const boom = new Error("connection string postgres://admin:hunter2@db");
    const events: CallEvent[] = [];
    const handlers = {
      ...exampleHandlers(),
      write_measurement: vi.fn(exampleHandlers().write_measurement),
    };
    const d = createDispatcher(handlers, {
      confirm: () => true,
      checks: { write_measurement: () => Promise.reject(boom) },
      onEvent: (e) => void events.push(e),
    });
    const r = await d.run(chat("write_measurement", STRICT_WRITE_MEASUREMENT));
    expect(r.status).toBe("check-failed");
    expect(r.text).not.toContain("hunter2");
    expect(handlers.write_measurement).not.toHaveBeenCalled();
    expect(events[0]!.error).toBe(boom);
  });

  it("a check passes with no problems and the call runs", async () => {
    const app = exampleApp();
    expect(
      (
        await app.dispatcher.run(
          chat("write_measurement", {
            ...STRICT_WRITE_MEASUREMENT,
            date: TODAY,
          }),
        )
      ).status,
    ).toBe("ok");
    expect(app.checks.write_measurement).toHaveBeenCalledTimes(1);
    expect(app.checks.write_measurement.mock.calls[0]![0]).toEqual({
      date: TODAY,
      data: { weight_kg: 70.5 },
    });
  });
});

describe("confirmation (destructive tools)", () => {
  it("asks with the tool, the typed arguments and the call id; runs on true", async () => {
    const app = exampleApp();
    const r = await app.dispatcher.run(
      anthropic("delete_measurement", VALID.delete_measurement, "toolu_del"),
    );
    expect(r.status).toBe("ok");
    expect(app.confirm).toHaveBeenCalledWith({
      tool: "delete_measurement",
      target: "anthropic",
      id: "toolu_del",
      scope: {},
      arguments: VALID.delete_measurement,
    });
  });

  for (const [label, answer] of [
    ["false", () => false],
    ["a promise of false", async () => false],
    ["a truthy non-true value", () => "yes" as unknown as boolean],
    [
      "a promise of a truthy non-true value",
      async () => "yes" as unknown as boolean,
    ],
    ["a promise of 1", () => Promise.resolve(1 as unknown as boolean)],
    ["a rejected promise", () => Promise.reject(new Error("UI closed"))],
    [
      "a throw",
      () => {
        throw new Error("UI closed");
      },
    ],
  ] as const) {
    it(`a refusal (${label}) is not-confirmed: the model is told the user declined, nothing ran or was written`, async () => {
      const app = exampleApp({}, {});
      app.confirm.mockImplementation(answer);
      const r = await app.dispatcher.run(
        anthropic("delete_measurement", VALID.delete_measurement),
      );
      expect(r).toMatchObject({ status: "not-confirmed", isError: true });
      expect(r.text).toBe(
        'The tool "delete_measurement" was not run: the user declined it. Do not call it again unless the user asks for it.',
      );
      expect(app.handlerCalls()).toBe(0);
      expect(app.storeWrites()).toBe(0);
    });
  }

  it("is not asked for tools that are not destructive", async () => {
    const app = exampleApp();
    await app.dispatcher.run(
      anthropic("write_measurement", VALID.write_measurement),
    );
    expect(app.confirm).not.toHaveBeenCalled();
  });

  it("is required at run time too (a JavaScript caller without types)", () => {
    expect(() => createDispatcher(exampleHandlers(), {} as never)).toThrow(
      /delete_measurement.*confirm is required/,
    );
    const { get_weather: _, ...missing } = exampleHandlers();
    expect(() =>
      createDispatcher(missing as never, { confirm: () => true }),
    ).toThrow(/no handler for the tool "get_weather"/);
  });
});

describe("handler failures", () => {
  const secret = () => {
    const e = new Error(
      "password=hunter2 for SELECT * FROM customers WHERE id = 7",
    );
    Object.assign(e, {
      row: { id: 7, email: "ana@example.com", card: "4111111111111111" },
    });
    return e;
  };

  it("a read tool that throws: handler-failed, a fixed safe text, the exception only through onEvent", async () => {
    const thrown = secret();
    const app = exampleApp({
      get_customer: () => {
        throw thrown;
      },
    });
    const r = await app.dispatcher.run(
      anthropic("get_customer", VALID.get_customer),
    );
    expect(r.status).toBe("handler-failed");
    expect(r.text).toBe(
      'The tool "get_customer" failed and gave no result. No details are available; continue without it or try again later.',
    );
    for (const leak of [
      "hunter2",
      "SELECT",
      "4111",
      "ana@",
      "Error:",
      "    at ",
    ])
      expect(JSON.stringify(r)).not.toContain(leak);
    expect(app.events[0]!.error).toBe(thrown);
    expect(app.events[0]!.status).toBe("handler-failed");
  });

  it("a write tool that throws: outcome-unknown, never run again for that call id", async () => {
    const app = exampleApp({
      log_meal: async () => {
        throw secret();
      },
    });
    const call = chat("log_meal", { ...VALID.log_meal, notes: null });
    const r = await app.dispatcher.run(call);
    expect(r.status).toBe("outcome-unknown");
    expect(r.text).toContain(
      "its outcome is unknown: it may or may not have taken effect. Do not call it again",
    );
    expect(r.text).not.toContain("hunter2");
    const again = await app.dispatcher.run(call);
    expect(again).toMatchObject({ status: "outcome-unknown", replayed: true });
    expect(app.handlers.log_meal).toHaveBeenCalledTimes(1);
  });

  it("a result that violates output: invalid-output (read: failed; write: outcome unknown), reported with its errors", async () => {
    const app = exampleApp({
      get_weather: () => ({ temperature: "warm" }) as never,
      write_measurement: () => ({ saved: ["height"] }) as never,
    });
    const read = await app.dispatcher.run(
      anthropic("get_weather", VALID.get_weather),
    );
    expect(read.status).toBe("invalid-output");
    expect(read.text).toBe(
      'The tool "get_weather" failed: it returned a result that does not match its declared output. Continue without it or try again later.',
    );
    expect(read.output).toBeUndefined();
    const write = await app.dispatcher.run(
      anthropic("write_measurement", VALID.write_measurement, "toolu_2"),
    );
    expect(write.status).toBe("invalid-output");
    expect(write.text).toContain("so its outcome is unknown");
    expect(app.events[0]!.errors.map((e) => e.instancePath).sort()).toEqual([
      "",
      "",
      "/temperature",
    ]);
    expect(
      app.events[1]!.errors.map((e) => `${e.instancePath} ${e.keyword}`),
    ).toEqual(["/saved/0 enum"]);
  });

  it("a result JSON cannot carry (a cycle) is invalid-output, not a throw", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const d = createDispatcher(
      {
        ...exampleHandlers(),
        get_weather: () => ({
          temperature: 1,
          conditions: "x",
          wind_speed: null,
          ...{},
        }),
      },
      { confirm: () => true },
    );
    expect(
      (await d.run(anthropic("get_weather", VALID.get_weather))).status,
    ).toBe("ok");
    const bad = createDispatcher(
      { ...exampleHandlers(), get_workout_history: () => cyclic as never },
      { confirm: () => true },
    );
    expect(
      (
        await bad.run(
          anthropic("get_workout_history", VALID.get_workout_history),
        )
      ).status,
    ).toBe("invalid-output");
  });
});

describe("call store", () => {
  it("a completed call id returns its recorded result without running (replayed)", async () => {
    const app = exampleApp();
    const first = await app.dispatcher.run(
      anthropic("get_weather", VALID.get_weather),
    );
    const second = await app.dispatcher.run(
      anthropic("get_weather", VALID.get_weather),
    );
    expect(second).toEqual({ ...first, replayed: true });
    expect(app.handlers.get_weather).toHaveBeenCalledTimes(1);
    expect(app.events.map((e) => e.replayed)).toEqual([false, true]);
  });

  it("the same id while the first call runs is in-progress, and runs once", async () => {
    const gate = deferred<{ saved: "weight_kg"[] }>();
    const app = exampleApp({ write_measurement: () => gate.promise });
    const first = app.dispatcher.run(
      anthropic("write_measurement", VALID.write_measurement),
    );
    await new Promise((r) => setTimeout(r, 0));
    const second = await app.dispatcher.run(
      anthropic("write_measurement", VALID.write_measurement),
    );
    expect(second.status).toBe("in-progress");
    expect(second.text).toContain("is already running for this call id");
    gate.resolve({ saved: ["weight_kg"] });
    expect((await first).status).toBe("ok");
    expect(app.handlers.write_measurement).toHaveBeenCalledTimes(1);
  });

  it("a call id reused for another tool is refused and runs nothing", async () => {
    const app = exampleApp();
    await app.dispatcher.run(
      anthropic("get_weather", VALID.get_weather, "same"),
    );
    const r = await app.dispatcher.run(
      anthropic("get_customer", VALID.get_customer, "same"),
    );
    expect(r.status).toBe("invalid-arguments");
    expect(r.text).toContain("already used for a different call");
    expect(app.handlers.get_customer).not.toHaveBeenCalled();
  });

  it("keys calls by target and scope: the same call id in another turn or from another target runs", async () => {
    const app = exampleApp();
    const agents = (turnId: string): ToolCall => ({
      target: "openai-agents",
      id: "call_1",
      scope: { sessionId: "s", turnId },
      name: "get_weather",
      arguments: VALID.get_weather,
    });
    expect((await app.dispatcher.run(agents("t1"))).replayed).toBe(false);
    expect((await app.dispatcher.run(agents("t2"))).replayed).toBe(false);
    expect((await app.dispatcher.run(agents("t1"))).replayed).toBe(true);
    expect(
      (
        await app.dispatcher.run(
          anthropic("get_weather", VALID.get_weather, "call_1"),
        )
      ).replayed,
    ).toBe(false);
    expect(app.handlers.get_weather).toHaveBeenCalledTimes(3);
  });

  it("a call without an id is never deduplicated and never stored", async () => {
    const app = exampleApp();
    await app.dispatcher.run({
      target: "google-genai",
      name: "get_weather",
      arguments: VALID.get_weather,
    });
    await app.dispatcher.run({
      target: "google-genai",
      name: "get_weather",
      arguments: VALID.get_weather,
    });
    expect(app.handlers.get_weather).toHaveBeenCalledTimes(2);
    expect(app.storeWrites()).toBe(0);
  });

  it("an abandoned claim (its dispatcher died): a write is outcome-unknown and not run; a read runs again", async () => {
    const shared = memoryCallStore();
    const hang = new Promise<never>(() => {});
    const dead = createDispatcher(
      {
        ...exampleHandlers(),
        write_measurement: () => hang,
        get_weather: () => hang,
      },
      { confirm: () => true, store: shared },
    );
    void dead.run(anthropic("write_measurement", VALID.write_measurement, "w"));
    void dead.run(anthropic("get_weather", VALID.get_weather, "r"));
    await new Promise((r) => setTimeout(r, 0));
    let clock = 1_000_000;
    const restarted = exampleApp(
      {},
      { store: shared, staleClaimMs: 30_000, now: () => clock },
    );
    // Within the stale window the claim may still be running.
    clock = Date.now() + 1_000;
    expect(
      (
        await restarted.dispatcher.run(
          anthropic("write_measurement", VALID.write_measurement, "w"),
        )
      ).status,
    ).toBe("in-progress");
    clock = Date.now() + 60_000;
    const write = await restarted.dispatcher.run(
      anthropic("write_measurement", VALID.write_measurement, "w"),
    );
    expect(write.status).toBe("outcome-unknown");
    expect(restarted.handlers.write_measurement).not.toHaveBeenCalled();
    const read = await restarted.dispatcher.run(
      anthropic("get_weather", VALID.get_weather, "r"),
    );
    expect(read.status).toBe("ok");
    expect(restarted.handlers.get_weather).toHaveBeenCalledTimes(1);
  });

  it("a store that fails to claim: the tool is not run (handler-failed), the app hears why", async () => {
    const failing = spiedStore();
    const cause = new Error("SQLITE_BUSY");
    failing.spies.claim.mockImplementation(() => {
      throw cause;
    });
    const app = exampleApp({}, { store: failing });
    const r = await app.dispatcher.run(
      anthropic("get_weather", VALID.get_weather),
    );
    expect(r.status).toBe("handler-failed");
    expect(r.text).toContain("was not run: the app could not record the call");
    expect(app.handlerCalls()).toBe(0);
    expect(app.events[0]!.error).toBe(cause);
  });

  it("a store that fails to record after the handler ran: the result stands, the app hears why", async () => {
    const failing = spiedStore();
    const cause = new Error("disk full");
    failing.spies.complete.mockImplementation(async () => {
      throw cause;
    });
    const app = exampleApp({}, { store: failing });
    const r = await app.dispatcher.run(
      anthropic("get_weather", VALID.get_weather),
    );
    expect(r.status).toBe("ok");
    expect(app.events[0]!.error).toBe(cause);
  });
});

describe("events", () => {
  it("one per call with status, tool, call id, timings and errors", async () => {
    const app = exampleApp();
    await app.dispatcher.run(anthropic("get_weather", VALID.get_weather, "a"));
    await app.dispatcher.run(anthropic("get_weather", { city: "" }, "b"));
    expect(app.events).toHaveLength(2);
    const [ok, invalid] = app.events as [CallEvent, CallEvent];
    expect(ok).toMatchObject({
      status: "ok",
      tool: "get_weather",
      id: "a",
      target: "anthropic",
      errors: [],
      replayed: false,
    });
    expect(
      Number.isFinite(ok.validationMs) && Number.isFinite(ok.handlerMs),
    ).toBe(true);
    expect("error" in ok).toBe(false);
    expect(invalid).toMatchObject({
      status: "invalid-arguments",
      id: "b",
      handlerMs: 0,
    });
    expect(invalid.errors.map((e) => e.keyword)).toEqual(["minLength"]);
    expect(invalid.result.text).toContain("city: minLength");
  });

  it("measures the checks' time as validation, apart from the handler's", async () => {
    const spin = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {}
    };
    const app = exampleApp(
      {},
      { checks: { write_measurement: () => (spin(25), []) } },
    );
    await app.dispatcher.run(
      anthropic("write_measurement", VALID.write_measurement),
    );
    const slowCheck = app.events[0]!;
    expect(slowCheck.validationMs).toBeGreaterThanOrEqual(20);
    expect(slowCheck.handlerMs).toBeLessThan(20);
    const slowHandler = exampleApp({
      write_measurement: () => (spin(25), { saved: ["weight_kg" as const] }),
    });
    await slowHandler.dispatcher.run(
      anthropic("write_measurement", VALID.write_measurement),
    );
    expect(slowHandler.events[0]!.handlerMs).toBeGreaterThanOrEqual(20);
    expect(slowHandler.events[0]!.validationMs).toBeLessThan(20);
  });

  it("measures the handler's time", async () => {
    const app = exampleApp({
      get_weather: async () => {
        await new Promise((r) => setTimeout(r, 25));
        return { temperature: 1, conditions: "x", wind_speed: null };
      },
    });
    await app.dispatcher.run(anthropic("get_weather", VALID.get_weather));
    expect(app.events[0]!.handlerMs).toBeGreaterThanOrEqual(20);
  });

  it("an onEvent that throws or rejects is contained", async () => {
    for (const onEvent of [
      () => {
        throw new Error("log sink down");
      },
      () => Promise.reject(new Error("async sink down")),
    ]) {
      const d = createDispatcher(exampleHandlers(), {
        confirm: () => true,
        onEvent,
      });
      expect(
        (await d.run(anthropic("get_weather", VALID.get_weather))).status,
      ).toBe("ok");
    }
    await new Promise((r) => setTimeout(r, 0));
  });
});

describe("the example app's write path", () => {
  it("logs sets for an exercise that exists", async () => {
    const app = exampleApp();
    const r = await app.dispatcher.run(
      chat("log_workout_set", {
        workout_id: UUID,
        exercise_id: "ex-squat",
        sets: [{ reps: 5, load_kg: 100, rpe: null, tempo: null }],
      }),
    );
    expect(r).toMatchObject({ status: "ok", output: { set_ids: [UUID] } });
  });
});
