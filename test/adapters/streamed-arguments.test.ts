/**
 * Gemini on Vertex AI streams a call's arguments in `partialArgs` fragments addressed by JSON
 * path (`streamFunctionCallArguments`). The google-genai adapter puts each call back together:
 * the cases below follow the wire sequence (start part with name and thought signature,
 * fragments, bare continuations, an empty `functionCall: {}` or a part that stops continuing,
 * the final chunk), hostile fragments are refused through the generated dispatcher without a
 * throw or a handler run, and a property test checks that any fragmentation of any arguments
 * gives exactly the calls the same turn sent whole gives — and that a cut stream runs nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDispatcher, type Handlers } from "../../generated/dispatcher.js";
import {
  googleGenaiAdapter,
  googleGenaiModelContent,
} from "../../templates/runtime/adapters/google-genai.js";
import {
  parseJsonPath,
  PARTIAL_ARGS_LIMITS,
} from "../../templates/runtime/adapters/partial-args.js";
import { createDispatchCore } from "../../templates/runtime/dispatch.js";
import { bindAdapter } from "../../templates/runtime/respond.js";
import type { ProviderTurn } from "../../templates/runtime/tool-call.js";
import {
  streamedTurn,
  wholeTurn,
  type Chunk,
  type TurnCall,
} from "./support/gemini-streamed.js";

const RUNS = Number(process.env.TOOLCAT_PROPERTY_RUNS ?? 200);
const SEED = Number(process.env.FC_SEED ?? 2424);

async function* stream(...events: unknown[]): AsyncGenerator<never> {
  for (const e of events) yield e as never;
}
const chunk = (parts: object[], finishReason?: string) => ({
  candidates: [
    {
      content: { role: "model", parts },
      ...(finishReason !== undefined ? { finishReason } : {}),
    },
  ],
});
const start = (name: string, extra: object = {}) => ({
  functionCall: { name, willContinue: true, ...extra },
});
const frag = (partialArgs: unknown[], willContinue = true) => ({
  functionCall: { partialArgs, ...(willContinue ? { willContinue } : {}) },
});
const str = (jsonPath: string, stringValue: string, willContinue = false) => ({
  jsonPath,
  stringValue,
  ...(willContinue ? { willContinue } : {}),
});
const END = { functionCall: {} };
const STOP = chunk([{ text: "" }], "STOP");
const brief = (t: ProviderTurn) => ({
  complete: t.complete,
  calls: t.calls.map((c) => [c.id, c.name, c.argumentsProblem ?? c.arguments]),
});

describe("reassembly", () => {
  it("builds nested objects and arrays of objects by JSON path, appends string pieces, sets numbers, booleans and nulls", async () => {
    const turn = await googleGenaiAdapter.readStream(
      stream(
        chunk([
          { text: "Cooking." },
          { ...start("cook"), thoughtSignature: "sig-1" },
        ]),
        chunk([frag([str("$.recipe.name", "Las", true)])]),
        chunk([
          frag([str("$.recipe.name", "agna", true)]),
          frag([str("$.recipe.name", "")]),
        ]),
        chunk([
          frag([
            str("$.recipe.ingredients[0].name", "Noodles"),
            { jsonPath: "$.recipe.ingredients[0].grams", numberValue: 250 },
          ]),
        ]),
        chunk([{ functionCall: { willContinue: true } }]),
        chunk([
          frag([
            {
              jsonPath: "$.recipe.ingredients[1]['name']",
              stringValue: "Ricotta",
            },
            {
              jsonPath: '$.recipe.ingredients[1]["grams"]',
              nullValue: "NULL_VALUE",
            },
          ]),
        ]),
        chunk([
          frag([
            { jsonPath: "$.vegan", boolValue: false },
            { jsonPath: "$.steps[0]", stringValue: "Boil" },
            { jsonPath: "$.steps[1]", stringValue: "Bake" },
          ]),
        ]),
        chunk([END]),
        STOP,
      ),
    );
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        [
          undefined,
          "cook",
          {
            recipe: {
              name: "Lasagna",
              ingredients: [
                { name: "Noodles", grams: 250 },
                { name: "Ricotta", grams: null },
              ],
            },
            vegan: false,
            steps: ["Boil", "Bake"],
          },
        ],
      ],
    });
  });

  it("ends a call at an empty functionCall, at a part that stops continuing, or at the final chunk; keeps every call in order among whole ones", async () => {
    const turn = await googleGenaiAdapter.readStream(
      stream(
        chunk([{ functionCall: { name: "whole", args: { a: 1 } } }]),
        chunk([start("first", { id: "fc-1" })]),
        chunk([frag([str("$.q", "x")])]),
        chunk([END]),
        chunk([
          { functionCall: { name: "empty", args: {} } },
          { functionCall: { name: "bare" } },
        ]),
        chunk([start("second")]),
        // The last fragment's part no longer continues: the call ends there, without a terminator.
        chunk([frag([{ jsonPath: "$.n", numberValue: 2 }], false)]),
        chunk([{ functionCall: { name: "after", args: { b: true } } }]),
        chunk([start("third"), frag([str("$.s", "open", true)])]),
        // The final chunk ends the open call.
        chunk([frag([str("$.s", "ed")])], "STOP"),
      ),
    );
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        [undefined, "whole", { a: 1 }],
        ["fc-1", "first", { q: "x" }],
        [undefined, "empty", {}],
        [undefined, "bare", {}],
        [undefined, "second", { n: 2 }],
        [undefined, "after", { b: true }],
        [undefined, "third", { s: "opened" }],
      ],
    });
  });

  it("reads a whole response made of streamed parts the same way (history replayed as sent)", () => {
    const turn = googleGenaiAdapter.read(
      chunk(
        [
          start("t"),
          frag([str("$.a", "b")]),
          END,
          { functionCall: { name: "u" } },
        ],
        "STOP",
      ) as never,
    );
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        [undefined, "t", { a: "b" }],
        [undefined, "u", {}],
      ],
    });
  });

  it("keeps __proto__ and constructor as own data of a plain object, which the validator then sees", async () => {
    const turn = await googleGenaiAdapter.readStream(
      stream(
        chunk([
          start("t"),
          frag([
            { jsonPath: "$.__proto__.polluted", boolValue: true },
            { jsonPath: "$['constructor']['prototype']", numberValue: 1 },
          ]),
          END,
        ]),
        STOP,
      ),
    );
    const args = turn.calls[0]!.arguments as Record<string, unknown>;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.keys(args)).toEqual(["__proto__", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(args, "__proto__")?.value).toEqual({
      polluted: true,
    });
    expect(Object.getPrototypeOf(args["__proto__"])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(JSON.stringify(args)).toBe(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":1}}',
    );
    // Through the dispatcher: list_exercises takes no such field, and the validator names it.
    const { dispatcher, runs } = counting();
    const { results } = await dispatcher.googleGenai.respondToStream(
      stream(
        chunk([
          start("list_exercises"),
          frag([{ jsonPath: "$.__proto__.x", numberValue: 1 }]),
          END,
        ]),
        STOP,
      ),
    );
    expect(results[0]!.status).toBe("invalid-arguments");
    expect(results[0]!.errors?.map((e) => e.params)).toContainEqual({
      additionalProperty: "__proto__",
    });
    expect(runs()).toBe(0);
  });

  it("a handler whose schema takes any member gets __proto__ and constructor as own data of a plain object", async () => {
    const seen: unknown[] = [];
    const table = {
      names: ["open"],
      effects: { open: "read" as const },
      validateCall: (_t: string, _n: string, args: unknown) => ({
        ok: true as const,
        value: args,
      }),
      validateOutput: (_n: string, value: unknown) => ({
        ok: true as const,
        value,
      }),
      outputText: () => "{}",
    };
    const core = createDispatchCore(table, {
      open: (args: unknown) => (seen.push(args), {}),
    });
    const { results } = await bindAdapter(
      googleGenaiAdapter,
      core.run,
    ).respondToStream(
      stream(
        chunk([
          start("open"),
          frag([
            { jsonPath: "$.__proto__.isAdmin", boolValue: true },
            { jsonPath: "$.constructor", stringValue: "x" },
          ]),
          END,
        ]),
        STOP,
      ),
    );
    expect(results.map((r) => r.status)).toEqual(["ok"]);
    const args = seen[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(args)).toEqual([
      "__proto__",
      "constructor",
    ]);
    expect((args as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(args["constructor"]).toBe("x");
  });

  it("googleGenaiModelContent gives the history one whole functionCall part per streamed call, with the thought signature of its first part", () => {
    const chunks = [
      chunk([
        { text: "Sure." },
        { ...start("t", { id: "fc-7" }), thoughtSignature: "sig-A" },
      ]),
      chunk([frag([str("$.a", "x", true)]), frag([str("$.a", "y")])]),
      chunk([
        END,
        { functionCall: { name: "u" }, thoughtSignature: "sig-B" },
        start("v"),
      ]),
      chunk(
        [
          { functionCall: { willContinue: true }, thoughtSignature: "sig-C" },
          frag([{ jsonPath: "$.n", numberValue: 1 }], false),
        ],
        "STOP",
      ),
    ];
    expect(googleGenaiModelContent(chunks)).toEqual({
      role: "model",
      parts: [
        { text: "Sure." },
        {
          functionCall: { id: "fc-7", name: "t", args: { a: "xy" } },
          thoughtSignature: "sig-A",
        },
        { functionCall: { name: "u" }, thoughtSignature: "sig-B" },
        // Its start part had none: the first signature among its parts stays with it.
        {
          functionCall: { name: "v", args: { n: 1 } },
          thoughtSignature: "sig-C",
        },
      ],
    });
    // A call that cannot be put together keeps its parts as they were sent.
    const bad = [
      chunk(
        [start("t"), frag([{ jsonPath: "$.a[1]", numberValue: 1 }]), END],
        "STOP",
      ),
    ];
    expect(googleGenaiModelContent(bad).parts).toEqual(
      bad[0]!.candidates[0]!.content.parts,
    );
  });
});

describe("JSON paths", () => {
  it("reads the RFC 9535 forms of one member or index", () => {
    expect(parseJsonPath("$")).toEqual([]);
    expect(parseJsonPath("$.a.b")).toEqual(["a", "b"]);
    expect(parseJsonPath("$.items[3].name")).toEqual(["items", 3, "name"]);
    expect(parseJsonPath("$['a b'][\"c'd\"][ 0 ]")).toEqual(["a b", "c'd", 0]);
    expect(parseJsonPath("$['\\u00e9\\n\\'\\\\']")).toEqual(["é\n'\\"]);
    expect(parseJsonPath("$.é_1.😀")).toEqual(["é_1", "😀"]);
  });

  it("refuses what is not a path to one value", () => {
    for (const bad of [
      "a.b",
      "",
      "$.",
      "$..a",
      "$.*",
      "$[*]",
      "$.a[0:2]",
      "$['a','b']",
      "$[?@.a]",
      "$.a[-1]",
      "$.a[01]",
      "$['a",
      "$['a\\q']",
      "$.1a",
      "$[a]",
      "$.a]",
      "$.a b",
      "$['\u0001']",
      "$.\ud800",
    ]) {
      expect(parseJsonPath(bad), bad).toHaveProperty("problem");
    }
  });
});

/** A generated dispatcher whose every handler counts its runs (and returns a valid output where it can). */
function counting() {
  let count = 0;
  const run = (output: unknown) => () => {
    count += 1;
    return output;
  };
  const handlers = {
    write_measurement: run({ saved: ["weight_kg"] }),
    list_exercises: run({ exercises: [] }),
    log_meal: run({
      entry_id: "00000000-0000-4000-8000-000000000000",
      total_kcal: null,
    }),
    get_workout_history: run({ workouts: [], next_page_token: null }),
    log_workout_set: run({}),
    delete_measurement: run({}),
    get_weather: run({}),
    get_customer: run({}),
  } as unknown as Handlers;
  return {
    dispatcher: createDispatcher(handlers, { confirm: () => true }),
    runs: () => count,
  };
}

describe("hostile fragments: a refused call, never a throw, never a guess", () => {
  const w = (...parts: object[]) => [
    chunk([start("write_measurement"), ...parts, END]),
    STOP,
  ];
  const date = str("$.date", "2024-04-11");
  const cases: {
    name: string;
    chunks: unknown[];
    status?: string;
    says: string;
  }[] = [
    {
      name: "a path that is not a JSON path",
      chunks: w(frag([{ jsonPath: "date", stringValue: "x" }])),
      says: "is not a JSON path",
    },
    {
      name: "a path to more than one value (wildcard)",
      chunks: w(frag([{ jsonPath: "$.data.*", numberValue: 1 }])),
      says: "wildcard",
    },
    {
      name: "a descendant path",
      chunks: w(frag([{ jsonPath: "$..weight_kg", numberValue: 1 }])),
      says: "descendants",
    },
    {
      name: "a jsonPath that is not a string",
      chunks: w(frag([{ jsonPath: 7, numberValue: 1 }])),
      says: "no jsonPath",
    },
    {
      name: "an object indexed as an array",
      chunks: w(
        frag([
          date,
          { jsonPath: "$.data.weight_kg", numberValue: 75 },
          { jsonPath: "$.data[0]", numberValue: 1 },
        ]),
      ),
      says: "which is an object, as an array",
    },
    {
      name: "an array named as an object",
      chunks: w(
        frag([
          { jsonPath: "$.data[0]", numberValue: 1 },
          { jsonPath: "$.data.weight_kg", numberValue: 75 },
        ]),
      ),
      says: "which is an array",
    },
    {
      name: "an array index beyond the next one",
      chunks: w(
        frag([
          { jsonPath: "$.data[0]", numberValue: 1 },
          { jsonPath: "$.data[2]", numberValue: 1 },
        ]),
      ),
      says: "skips to index 2",
    },
    {
      name: "a first array index that is not 0",
      chunks: w(frag([{ jsonPath: "$.data[1]", numberValue: 1 }])),
      says: "skips to index 1",
    },
    {
      name: "an announcement that skips an index",
      chunks: w(frag([{ jsonPath: "$.data[3].x", willContinue: true }])),
      says: "skips to index 3",
    },
    {
      name: "a negative index",
      chunks: w(frag([{ jsonPath: "$.data[-1]", numberValue: 1 }])),
      says: "negative index",
    },
    {
      name: "a path deeper than the bound",
      chunks: w(
        frag([
          {
            jsonPath: "$" + ".a".repeat(PARTIAL_ARGS_LIMITS.depth + 1),
            numberValue: 1,
          },
        ]),
      ),
      says: `deeper than ${PARTIAL_ARGS_LIMITS.depth}`,
    },
    {
      name: "arguments larger than the bound",
      chunks: w(
        ...Array.from({ length: 11 }, () =>
          frag([str("$.date", "x".repeat(100_000), true)]),
        ),
      ),
      says: `beyond ${PARTIAL_ARGS_LIMITS.size} characters`,
    },
    {
      name: "a number set twice",
      chunks: w(
        frag([
          date,
          { jsonPath: "$.data.weight_kg", numberValue: 75 },
          { jsonPath: "$.data.weight_kg", numberValue: 80 },
        ]),
      ),
      says: "already set",
    },
    {
      name: "a boolean over a string",
      chunks: w(frag([date, { jsonPath: "$.date", boolValue: true }])),
      says: "already set",
    },
    {
      name: "text appended to a number",
      chunks: w(
        frag([
          { jsonPath: "$.data.weight_kg", numberValue: 75 },
          str("$.data.weight_kg", "5"),
        ]),
      ),
      says: "not a string",
    },
    {
      name: "a value set where an object was built",
      chunks: w(
        frag([
          { jsonPath: "$.data.weight_kg", numberValue: 75 },
          { jsonPath: "$.data", nullValue: "NULL_VALUE" },
        ]),
      ),
      says: "already set",
    },
    {
      name: "a path through a value",
      chunks: w(frag([date, { jsonPath: "$.date.day", numberValue: 1 }])),
      says: "not an object or array",
    },
    {
      name: "a fragment with two values",
      chunks: w(
        frag([{ jsonPath: "$.date", stringValue: "x", numberValue: 1 }]),
      ),
      says: "more than one value",
    },
    {
      name: "a fragment without a value that announces nothing",
      chunks: w(frag([{ jsonPath: "$.date" }])),
      says: "has no value",
    },
    {
      name: "a value of the wrong type",
      chunks: w(frag([{ jsonPath: "$.data.weight_kg", numberValue: "75" }])),
      says: "numberValue that is not one",
    },
    {
      name: "a value for the whole arguments",
      chunks: w(frag([{ jsonPath: "$", stringValue: "{}" }])),
      says: "whole arguments",
    },
    {
      name: "partialArgs that are not a list",
      chunks: w({
        functionCall: {
          partialArgs: { jsonPath: "$.date" },
          willContinue: true,
        },
      }),
      says: "not a list",
    },
    {
      name: "whole and streamed arguments in one part",
      chunks: [
        chunk([
          {
            functionCall: {
              name: "write_measurement",
              args: {},
              partialArgs: [date],
              willContinue: true,
            },
          },
          END,
        ]),
        STOP,
      ],
      says: "whole arguments and streamed ones",
    },
    {
      name: "a call cut off by the next call",
      chunks: [
        chunk([
          start("write_measurement"),
          frag([str("$.date", "2024", true)]),
          { functionCall: { name: "write_measurement", args: {} } },
        ]),
        STOP,
      ],
      says: "another call began",
    },
    {
      name: "fragments for a call that never had a name",
      chunks: [
        chunk([
          frag(
            [date, { jsonPath: "$.data.weight_kg", numberValue: 75 }],
            false,
          ),
        ]),
        STOP,
      ],
      status: "unknown-tool",
      says: "There is no tool named",
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { dispatcher, runs } = counting();
      const { results, reply } = await dispatcher.googleGenai.respondToStream(
        stream(...c.chunks),
      );
      expect(results[0]!.status).toBe(c.status ?? "invalid-arguments");
      expect(results[0]!.isError).toBe(true);
      expect(results[0]!.text).toContain(c.says);
      expect(results[0]!.text).toMatch(/not run|nothing was run/);
      expect(runs()).toBe(0);
      // One answer per call, as Gemini wants.
      expect(reply.parts.length).toBe(results.length);
    });
  }

  it("dispatcher.run refuses any call that carries an argumentsProblem, whatever its value, without a throw", async () => {
    const { dispatcher, runs } = counting();
    for (const problem of [
      'the path "$.a[9]" skips to index 9',
      42,
      { toString: null },
      "",
    ]) {
      const result = await dispatcher.run({
        target: "google-genai",
        name: "list_exercises",
        arguments: {},
        argumentsProblem: problem as string,
      });
      expect(result.status).toBe("invalid-arguments");
      expect(result.errors).toEqual([
        { instancePath: "", keyword: "stream", message: expect.any(String) },
      ]);
      expect(result.text).toContain("could not be put together");
    }
    expect(runs()).toBe(0);
  });

  it("a refused streamed call leaves the turn's other calls to run", async () => {
    const { dispatcher, runs } = counting();
    const { results } = await dispatcher.googleGenai.respondToStream(
      stream(
        chunk([
          start("write_measurement"),
          frag([{ jsonPath: "$.data[5]", numberValue: 1 }]),
          END,
          { functionCall: { name: "list_exercises" } },
        ]),
        STOP,
      ),
    );
    expect(results.map((r) => r.status)).toEqual(["invalid-arguments", "ok"]);
    expect(runs()).toBe(1);
  });
});

describe("nothing runs early", () => {
  const VALID = [
    start("write_measurement"),
    frag([str("$.date", "2024-04", true)]),
    frag([str("$.date", "-11")]),
    frag([{ jsonPath: "$.data.weight_kg", numberValue: 75.5 }]),
    END,
  ];

  it("a complete call runs only after the final chunk, never while its stream is read", async () => {
    const { dispatcher, runs } = counting();
    const seen: number[] = [];
    async function* watched(): AsyncGenerator<never> {
      for (const c of [...VALID.map((p) => chunk([p])), STOP]) {
        seen.push(runs());
        yield c as never;
      }
      seen.push(runs());
    }
    const { results } = await dispatcher.googleGenai.respondToStream(watched());
    expect(seen.every((n) => n === 0)).toBe(true);
    expect(results.map((r) => r.status)).toEqual(["ok"]);
    expect(runs()).toBe(1);
  });

  for (const [name, events] of [
    [
      "a stream cut in the middle of a string's pieces",
      [
        chunk([
          start("write_measurement"),
          frag([str("$.date", "2024-04", true)]),
        ]),
      ],
    ],
    [
      "a stream cut after a call's last fragment, before the final chunk",
      [chunk(VALID)],
    ],
    [
      "a stream cut by MAX_TOKENS in the middle of the fragments",
      [chunk(VALID.slice(0, 2)), chunk([{ text: "" }], "MAX_TOKENS")],
    ],
    ["a stream that fails in the middle of the fragments", "fail"],
  ] as const) {
    it(`${name} runs nothing, answering every call with an error`, async () => {
      const { dispatcher, runs } = counting();
      async function* failing(): AsyncGenerator<never> {
        yield chunk(VALID.slice(0, 3)) as never;
        throw new Error("socket hang up");
      }
      const { results, reply } = await dispatcher.googleGenai.respondToStream(
        events === "fail" ? failing() : stream(...events),
      );
      expect(results.map((r) => r.status)).toEqual(["incomplete"]);
      expect(reply.parts).toEqual([
        {
          functionResponse: {
            name: "write_measurement",
            response: { error: expect.stringContaining("not run") },
          },
        },
      ]);
      expect(runs()).toBe(0);
    });
  }
});

// ---- property: any fragmentation of any arguments gives the calls the whole turn gives ----

const KEYS = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "a",
      "b_1",
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "hasOwnProperty",
      "0",
      "10",
      "a b",
      "x.y",
      "[0]",
      "'",
      '"',
      "\\",
      "$",
      "é",
      "😀",
      "\n",
      "\u2028",
      "",
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }) },
);
/** A plain object with own data members only (fast-check's dictionaries may lack a prototype). */
const plain = (entries: readonly (readonly [string, unknown])[]) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
};
const entries = <T>(value: fc.Arbitrary<T>, minLength: number) =>
  fc.uniqueArray(fc.tuple(KEYS, value), {
    minLength,
    maxLength: 4,
    selector: (e) => e[0],
  });
// Empty objects and arrays have no fragment in the wire format (a PartialArg carries a string, number, boolean or null), so values below the root are never empty.
const { value: VALUE } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string({
      unit: fc.oneof(
        fc.constantFrom("\n", "\u0000", '"', "\\", "\u2028"),
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
      ),
      maxLength: 10,
    }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { minLength: 1, maxLength: 4 }),
    entries(tie("value"), 1).map(plain),
  ),
}));
const ARGS = entries(VALUE, 0).map(plain);
const CALL: fc.Arbitrary<TurnCall> = fc
  .record({
    name: fc.constantFrom("write_measurement", "list_exercises", "log_meal"),
    mode: fc.constantFrom(
      "streamed",
      "streamed",
      "streamed",
      "whole",
      "no-args",
    ),
    args: ARGS,
    signature: fc.option(fc.constantFrom("c2ln", "c2lnbmF0dXJl"), {
      nil: undefined,
    }),
  })
  .map(({ signature, ...c }) => ({
    ...c,
    ...(c.mode === "no-args" ? { args: {} } : {}),
    ...(signature !== undefined ? { thoughtSignature: signature } : {}),
  }));

/** Every object in a value has Object.prototype (what a handler gets from JSON.parse too). */
function plainThroughout(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(plainThroughout);
  if (typeof value === "object" && value !== null)
    return (
      Object.getPrototypeOf(value) === Object.prototype &&
      Object.values(value).every(plainThroughout)
    );
  return true;
}

describe("property: streamed arguments equal the same turn sent whole", () => {
  it("same calls, ids, names and arguments (byte for byte as JSON), in the same order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(CALL, { maxLength: 4 }),
        fc.gen(),
        async (calls, g) => {
          const chunks = streamedTurn(calls, (min, max) =>
            g(fc.integer, { min, max }),
          );
          const streamed = await googleGenaiAdapter.readStream(
            stream(...chunks),
          );
          const whole = googleGenaiAdapter.read(wholeTurn(calls) as never);
          expect(streamed.complete).toBe(true);
          expect(streamed.calls.length).toBe(calls.length);
          expect(JSON.stringify(streamed.calls)).toBe(
            JSON.stringify(whole.calls),
          );
          expect(
            streamed.calls.every(
              (c) =>
                c.argumentsProblem === undefined &&
                plainThroughout(c.arguments),
            ),
          ).toBe(true);
          // The history the app appends holds the same whole calls, each with its own signature.
          const callParts = (parts: readonly object[]) =>
            JSON.stringify(parts.filter((p) => "functionCall" in p));
          expect(callParts(googleGenaiModelContent(chunks).parts)).toBe(
            callParts(wholeTurn(calls).candidates[0]!.content.parts),
          );
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("a stream cut anywhere before its final chunk runs nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(CALL, { minLength: 1, maxLength: 3 }),
        fc.gen(),
        fc.nat(),
        async (calls, g, at) => {
          const chunks = streamedTurn(calls, (min, max) =>
            g(fc.integer, { min, max }),
          );
          const finalAt = chunks.findIndex(
            (c: Chunk) => c.candidates[0]!.finishReason !== undefined,
          );
          const cut = chunks.slice(0, at % (finalAt + 1));
          const { dispatcher, runs } = counting();
          const { results, reply } =
            await dispatcher.googleGenai.respondToStream(stream(...cut));
          expect(runs()).toBe(0);
          expect(results.every((r) => r.status === "incomplete")).toBe(true);
          expect(reply.parts.length).toBe(results.length);
        },
      ),
      { seed: SEED, numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
