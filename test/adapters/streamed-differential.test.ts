/**
 * The google-genai stream reader against an independent reassembly of the same bytes: the AI
 * SDK's Google provider (`@ai-sdk/google`, whose stream parser rebuilds Vertex's `partialArgs`
 * with its own JSON accumulator). The replay server plays each stream twice, once to
 * `@google/genai` (`vertexai: true`, the chunks toolcat's adapter reads) and once to the AI SDK
 * model's `doStream`; the calls — names, arguments, the thought signature that goes with each —
 * must be equal, for every `streamed-*` recording and for random arguments fragmented at random
 * (paths in the `$.name` / `[index]` form both readers take). A cut stream: toolcat runs nothing,
 * whatever the AI SDK shows. Where they differ on purpose: a call whose last part still said
 * `willContinue` when the final chunk (`finishReason: STOP`) came is ended by that chunk in
 * toolcat (the provider says the turn is complete); the AI SDK drops it.
 */
import { createGoogle } from "@ai-sdk/google";
import { GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  googleGenaiAdapter,
  googleGenaiModelContent,
} from "../../templates/runtime/adapters/google-genai.js";
import { sse, streamedTurn, type TurnCall } from "./support/gemini-streamed.js";
import { recording } from "./support/providers.js";
import { startReplay, type Replay } from "./support/replay-server.js";

const RUNS = Number(process.env.TOOLCAT_PROPERTY_RUNS ?? 30);
const SEED = Number(process.env.FC_SEED ?? 2424);

type Call = readonly [
  name: string,
  args: unknown,
  signature: string | undefined,
];

let replay: Replay | undefined;
afterEach(async () => replay?.close());

/** What each reader makes of the same SSE bytes. */
async function bothRead(bytes: string) {
  replay = await startReplay([
    { path: /:streamGenerateContent$/, body: bytes, sse: true },
    { path: /:streamGenerateContent$/, body: bytes, sse: true },
  ]);
  // toolcat: the adapter over @google/genai's chunks (Vertex AI express mode).
  const ai = new GoogleGenAI({
    vertexai: true,
    apiKey: "test",
    httpOptions: { baseUrl: replay.url },
  });
  const chunks: GenerateContentResponse[] = [];
  async function* kept() {
    for await (const chunk of await ai.models.generateContentStream({
      model: "gemini-test",
      contents: "x",
    })) {
      chunks.push(chunk);
      yield chunk;
    }
  }
  const turn = await googleGenaiAdapter.readStream(kept());
  const signatures = googleGenaiModelContent(chunks)
    .parts.filter((p) => p.functionCall !== undefined)
    .map((p) => p.thoughtSignature);
  const toolcat: Call[] = turn.calls.map((c, i) => [
    c.name,
    c.arguments,
    signatures[i],
  ]);
  // The AI SDK: its Google provider's own stream parser and accumulator.
  const model = createGoogle({
    baseURL: `${replay.url}/v1beta`,
    apiKey: "test",
  })("gemini-test");
  const { stream } = await model.doStream({
    prompt: [{ role: "user", content: [{ type: "text", text: "x" }] }],
  });
  const aiSdk: Call[] = [];
  let finish: string | undefined;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.type === "tool-call")
      aiSdk.push([
        value.toolName,
        JSON.parse(value.input),
        value.providerMetadata?.["google"]?.["thoughtSignature"] as
          string | undefined,
      ]);
    if (value.type === "finish") finish = value.finishReason.raw;
  }
  replay.finish();
  return { turn, toolcat, aiSdk, finish };
}

describe("streamed-* recordings: toolcat and the AI SDK's Google provider read the same calls", () => {
  for (const name of [
    "streamed-weight-invalid",
    "streamed-weight-valid",
    "streamed-parallel",
    "streamed-meal",
  ]) {
    it(name, async () => {
      const { turn, toolcat, aiSdk, finish } = await bothRead(
        recording("google-genai", name, true),
      );
      expect(finish).toBe("STOP");
      expect(turn.complete).toBe(true);
      expect(toolcat.length).toBeGreaterThan(0);
      expect(toolcat).toEqual(aiSdk);
    });
  }

  for (const name of ["streamed-truncated", "streamed-dropped"]) {
    it(`${name}: the turn is incomplete, so nothing of it would run`, async () => {
      const { turn, toolcat, finish } = await bothRead(
        recording("google-genai", name, true),
      );
      expect(finish).not.toBe("STOP");
      expect(turn.complete).toBe(false);
      expect(turn.calls.every((c) => c.complete === false)).toBe(true);
      expect(toolcat.map(([n]) => n)).toEqual(["write_measurement"]);
    });
  }
});

describe("where the readers differ on purpose", () => {
  it("a call still open when the final chunk arrives: toolcat ends it there, the AI SDK drops it", async () => {
    const part = (functionCall: object, extra: object = {}) => ({
      candidates: [
        {
          content: { role: "model", parts: [{ functionCall, ...extra }] },
          index: 0,
        },
      ],
    });
    const bytes = sse([
      part(
        { name: "write_measurement", willContinue: true },
        { thoughtSignature: "c2ln" },
      ),
      part({
        partialArgs: [{ jsonPath: "$.date", stringValue: "2024-04-11" }],
        willContinue: true,
      }),
      {
        candidates: [
          {
            content: { role: "model", parts: [{ text: "" }] },
            finishReason: "STOP",
            index: 0,
          },
        ],
      },
    ] as never);
    const { turn, toolcat, aiSdk } = await bothRead(bytes);
    expect(turn.complete).toBe(true);
    expect(toolcat).toEqual([
      ["write_measurement", { date: "2024-04-11" }, "c2ln"],
    ]);
    expect(aiSdk).toEqual([]);
  });
});

// No `__proto__` here: the AI SDK's response schema drops a whole call whose args hold one (streamed-arguments.test.ts covers it against the whole turn).
const KEY = fc.oneof(
  fc.constantFrom("a", "b", "constructor", "toString", "_x", "Zé"),
  fc
    .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,5}$/)
    .filter((k) => k !== "__proto__"),
);
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
  fc.uniqueArray(fc.tuple(KEY, value), {
    minLength,
    maxLength: 3,
    selector: (e) => e[0],
  });
const { value: VALUE } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ unit: "grapheme", maxLength: 8 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { minLength: 1, maxLength: 3 }),
    entries(tie("value"), 1).map(plain),
  ),
}));
const CALL: fc.Arbitrary<TurnCall> = fc
  .record({
    name: fc.constantFrom("write_measurement", "log_meal"),
    mode: fc.constantFrom("streamed", "streamed", "whole", "no-args"),
    args: entries(VALUE, 0).map(plain),
    signature: fc.option(fc.constant("c2ln"), { nil: undefined }),
  })
  .map(({ signature, ...c }) => ({
    ...c,
    ...(c.mode === "no-args" ? { args: {} } : {}),
    ...(signature !== undefined ? { thoughtSignature: signature } : {}),
  }));

describe("property: random arguments, fragmented at random, read alike by both", () => {
  it("same calls, arguments and signatures", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(CALL, { minLength: 1, maxLength: 3 }),
        fc.gen(),
        async (calls, g) => {
          const bytes = sse(
            streamedTurn(calls, (min, max) => g(fc.integer, { min, max }), {
              dotOnly: true,
              closeEveryCall: true,
            }),
          );
          const { toolcat, aiSdk } = await bothRead(bytes);
          await replay?.close();
          replay = undefined;
          expect(toolcat).toEqual(aiSdk);
          expect(toolcat.length).toBe(calls.length);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
