/**
 * Every tool call is hostile input: each form below gets a clear result, never an exception out
 * of `run`, never a handler call, and leaves the store as it was. Then a property test runs
 * random call sequences (valid, invalid, repeated ids, handlers that throw) against a model of
 * the outcomes. Also: a dispatcher generated for the hostile fixture (tools named `__proto__`,
 * `constructor`, `toString`, …) routes each name to its own handler.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDispatcher } from "../../generated/dispatcher.js";
import { memoryCallStore } from "../../generated/runtime/call-store.js";
import type {
  CallStatus,
  ToolCall,
} from "../../generated/runtime/tool-call.js";
import { createDispatcher as createHostileDispatcher } from "../fixtures/hostile/expected/dispatcher.js";
import {
  exampleApp,
  exampleHandlers,
  spiedStore,
  VALID,
} from "./example-app.js";

const deepArray = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
const FIVE_MB = "x".repeat(5 * 1024 * 1024);

/** Arguments that must never reach write_measurement's handler, in text and object form. */
const hostileArguments: readonly {
  readonly label: string;
  readonly text?: string;
  readonly value?: unknown;
}[] = [
  { label: "null", text: "null", value: null },
  { label: "[]", text: "[]", value: [] },
  {
    label: '"[]" (a string holding JSON)',
    text: JSON.stringify("[]"),
    value: "[]",
  },
  { label: '"null"', value: "null" },
  { label: "75,5", text: "75,5", value: "75,5" },
  {
    label: "a decimal comma inside",
    text: '{"date":"2026-06-01","data":{"weight_kg":"75,5","body_fat_pct":null,"waist_cm":null}}',
    value: { date: "2026-06-01", data: { weight_kg: "75,5" } },
  },
  { label: "empty string", text: "", value: "" },
  { label: "a number", text: "42", value: 42 },
  { label: "a 5 MB string", text: FIVE_MB, value: FIVE_MB },
  {
    label: "a 5 MB field",
    text: JSON.stringify({
      date: FIVE_MB,
      data: { weight_kg: 1, body_fat_pct: null, waist_cm: null },
    }),
    value: { date: FIVE_MB, data: { weight_kg: 1 } },
  },
  { label: "a 100k-deep array", text: deepArray(100_000) },
  {
    label: "a 100k-deep object",
    text: deepObject(100_000),
    value: JSON.parse(deepObject(100_000)),
  },
  {
    label: "__proto__ key",
    text: '{"date":"2026-06-01","data":{"weight_kg":1,"body_fat_pct":null,"waist_cm":null},"__proto__":{"admin":true}}',
    value: JSON.parse(
      '{"date":"2026-06-01","data":{"weight_kg":1},"__proto__":{"admin":true}}',
    ),
  },
  {
    label: "__proto__ as the only key",
    text: '{"__proto__":{"date":"2026-06-01","data":{"weight_kg":1,"body_fat_pct":null,"waist_cm":null}}}',
    value: JSON.parse(
      '{"__proto__":{"date":"2026-06-01","data":{"weight_kg":1}}}',
    ),
  },
  {
    label: "constructor and toString keys",
    text: '{"date":"2026-06-01","data":{"weight_kg":1,"body_fat_pct":null,"waist_cm":null},"constructor":1,"toString":"x"}',
    value: {
      date: "2026-06-01",
      data: { weight_kg: 1 },
      constructor: 1,
      toString: "x",
    },
  },
  { label: "a function", value: () => ({}) },
  {
    label: "an object with a throwing getter",
    value: Object.defineProperty({ date: "2026-06-01" }, "data", {
      enumerable: true,
      get: () => {
        throw new Error("getter");
      },
    }),
  },
];

const REFUSED: readonly CallStatus[] = [
  "incomplete",
  "unknown-tool",
  "invalid-arguments",
];

async function expectRefused(
  call: ToolCall,
  status?: CallStatus,
): Promise<string> {
  const app = exampleApp();
  const r = await app.dispatcher.run(call);
  expect(REFUSED).toContain(r.status);
  if (status) expect(r.status).toBe(status);
  expect(r.isError).toBe(true);
  expect(r.text.length).toBeGreaterThan(20);
  expect(r.text.length).toBeLessThan(4000);
  expect(app.handlerCalls()).toBe(0);
  expect(app.storeWrites()).toBe(0);
  expect(app.events).toHaveLength(1);
  expect(({} as Record<string, unknown>).admin).toBeUndefined();
  return r.text;
}

describe("hostile arguments", () => {
  for (const a of hostileArguments) {
    if (a.text !== undefined) {
      it(`${a.label} as JSON text (OpenAI)`, async () => {
        await expectRefused(
          {
            target: "openai-chat",
            id: "call_1",
            name: "write_measurement",
            arguments: a.text,
          },
          "invalid-arguments",
        );
      });
    }
    if ("value" in a) {
      it(`${a.label} as a value (Anthropic)`, async () => {
        await expectRefused(
          {
            target: "anthropic",
            id: "toolu_1",
            name: "write_measurement",
            arguments: a.value,
          },
          "invalid-arguments",
        );
      });
    }
  }

  it("texts say what was wrong", async () => {
    const text = (args: unknown, target: ToolCall["target"] = "anthropic") =>
      expectRefused({
        target,
        id: "c",
        name: "write_measurement",
        arguments: args,
      });
    expect(await text(null)).toContain("must be a JSON object; received null");
    expect(await text("75,5", "openai-chat")).toContain(
      'not valid JSON (received "75,5")',
    );
    expect(await text("[]", "openai-chat")).toContain("received an array");
    expect(await text(FIVE_MB, "openai-chat")).toMatch(
      /not valid JSON \(received "x+…\)/,
    );
    expect(
      await text(
        JSON.parse(
          '{"date":"2026-06-01","data":{"weight_kg":1},"__proto__":{"admin":true}}',
        ),
      ),
    ).toContain(
      "- __proto__: additionalProperties — expected no such property",
    );
  });
});

describe("hostile names and ids", () => {
  for (const name of [
    "delete_everything",
    "__proto__",
    "hasOwnProperty",
    "constructor",
    "toString",
    "valueOf",
    "",
    "write_measurement ",
    "WRITE_MEASUREMENT",
  ]) {
    it(`tool name ${JSON.stringify(name)} is unknown-tool`, async () => {
      const text = await expectRefused(
        {
          target: "anthropic",
          id: "toolu_1",
          name,
          arguments: VALID.write_measurement,
        },
        "unknown-tool",
      );
      expect(text).toContain("The tools are: write_measurement, log_meal");
    });
  }

  it("a name that is not a string is unknown-tool", async () => {
    await expectRefused(
      {
        target: "anthropic",
        id: "toolu_1",
        name: 42 as unknown as string,
        arguments: {},
      },
      "unknown-tool",
    );
  });

  for (const [label, id] of [
    ["empty", ""],
    ["huge", "i".repeat(100_000)],
    ["not a string", 7 as unknown as string],
  ] as const) {
    it(`a call id that is ${label} is refused`, async () => {
      const text = await expectRefused(
        {
          target: "anthropic",
          id,
          name: "get_weather",
          arguments: VALID.get_weather,
        },
        "invalid-arguments",
      );
      expect(text.length).toBeLessThan(200);
    });
  }

  it("a call id reused across tools runs only the first, and the store is unchanged by the second", async () => {
    const store = memoryCallStore();
    const app = exampleApp({}, { store });
    expect(
      (
        await app.dispatcher.run({
          target: "anthropic",
          id: "dup",
          name: "get_weather",
          arguments: VALID.get_weather,
        })
      ).status,
    ).toBe("ok");
    expect(store.size).toBe(1);
    const r = await app.dispatcher.run({
      target: "anthropic",
      id: "dup",
      name: "get_customer",
      arguments: VALID.get_customer,
    });
    expect(r.status).toBe("invalid-arguments");
    expect(store.size).toBe(1);
    expect(app.handlers.get_customer).not.toHaveBeenCalled();
    const replay = await app.dispatcher.run({
      target: "anthropic",
      id: "dup",
      name: "get_weather",
      arguments: VALID.get_weather,
    });
    expect(replay).toMatchObject({ status: "ok", replayed: true });
  });
});

describe("a dispatcher for hostile tool names", () => {
  it("routes __proto__, constructor and toString to their own handlers", async () => {
    const seen: string[] = [];
    const handler = (name: string) => () => {
      seen.push(name);
      return {};
    };
    const d = createHostileDispatcher({
      ["__proto__"]: handler("__proto__"),
      constructor: handler("constructor"),
      toString: handler("toString"),
      class: handler("class"),
      "get-weather": handler("get-weather"),
      get_weather: handler("get_weather"),
      _1tool: handler("_1tool"),
    });
    const results = [];
    for (const name of ["toString", "class", "hasOwnProperty"])
      results.push(
        await d.run({ target: "mcp", id: name, name, arguments: {} }),
      );
    expect(results.map((r) => r.status)).toEqual(["ok", "ok", "unknown-tool"]);
    expect(seen).toEqual(["toString", "class"]);
  });
});

describe("random call sequences against a model", () => {
  type Kind = "valid" | "invalid" | "throws" | "not-json";
  const step = fc.record({
    tool: fc.constantFrom("get_weather", "write_measurement", "no_such_tool"),
    id: fc.option(fc.constantFrom("a", "b", "c", "d"), { nil: undefined }),
    kind: fc.constantFrom<Kind>("valid", "invalid", "throws", "not-json"),
    text: fc.boolean(),
  });

  function argsFor(tool: string, kind: Kind): unknown {
    if (kind === "invalid")
      return tool === "get_weather"
        ? { city: "" }
        : { date: "2026-13-01", data: {} };
    const weather = kind === "throws" ? "boom" : "Madrid";
    return tool === "get_weather"
      ? { city: weather }
      : {
          date: "2026-06-01",
          data: { weight_kg: kind === "throws" ? 13 : 70 },
        };
  }

  it("matches the model: statuses, replays and how often each handler ran", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const ran = { get_weather: 0, write_measurement: 0 };
        const handlers = {
          ...exampleHandlers(),
          get_weather: (args: { city: string }) => {
            ran.get_weather++;
            if (args.city === "boom") throw new Error("weather service down");
            return { temperature: 20, conditions: "clear", wind_speed: null };
          },
          write_measurement: (args: { data: { weight_kg?: number } }) => {
            ran.write_measurement++;
            if (args.data.weight_kg === 13) throw new Error("db down");
            return { saved: ["weight_kg" as const] };
          },
        };
        const store = spiedStore();
        const d = createDispatcher(handlers, { confirm: () => true, store });
        // What each call id was first used for: its tool, its arguments (as JSON: these have one
        // spelling) and its outcome. The same id for anything else is refused, never replayed.
        const model = new Map<
          string,
          { tool: string; args: string; status: CallStatus }
        >();
        const expectedRuns = { get_weather: 0, write_measurement: 0 };
        for (const s of steps) {
          const args = argsFor(s.tool, s.kind);
          const call: ToolCall = {
            target: s.text ? "openai-compatible" : "anthropic",
            name: s.tool,
            arguments:
              s.kind === "not-json"
                ? s.text
                  ? "{oops"
                  : "{oops"
                : s.text
                  ? JSON.stringify(args)
                  : args,
            ...(s.id === undefined ? {} : { id: s.id }),
          };
          const key = s.id === undefined ? undefined : `${call.target}/${s.id}`;
          let expected: { status: CallStatus; replayed: boolean };
          if (s.tool === "no_such_tool")
            expected = { status: "unknown-tool", replayed: false };
          else if (s.kind === "invalid" || s.kind === "not-json")
            expected = { status: "invalid-arguments", replayed: false };
          else if (key !== undefined && model.has(key)) {
            const recorded = model.get(key)!;
            expected =
              recorded.tool === s.tool && recorded.args === JSON.stringify(args)
                ? { status: recorded.status, replayed: true }
                : { status: "invalid-arguments", replayed: false };
          } else {
            const tool = s.tool as "get_weather" | "write_measurement";
            expectedRuns[tool]++;
            const status: CallStatus =
              s.kind === "throws"
                ? tool === "get_weather"
                  ? "handler-failed"
                  : "outcome-unknown"
                : "ok";
            if (key !== undefined)
              model.set(key, { tool, args: JSON.stringify(args), status });
            expected = { status, replayed: false };
          }
          const r = await d.run(call);
          expect({ status: r.status, replayed: r.replayed }).toEqual(expected);
          expect(r.isError).toBe(r.status !== "ok");
        }
        expect(ran).toEqual(expectedRuns);
        expect(store.spies.complete.mock.calls.length).toBe(model.size);
      }),
      { numRuns: 150, seed: Number(process.env.FC_SEED ?? 20261201) },
    );
  });
});
