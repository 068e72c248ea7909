/**
 * Gemini on Vertex AI with streamed function-call arguments, end to end as an app runs it:
 * `@google/genai` with `vertexai: true` (express mode, an API key) and its `baseUrl` at the local
 * replay server (127.0.0.1), which plays the `streamed-*` recordings and checks every request:
 * the generated `googleGenaiToolConfig` asks for streamed arguments, the history carries each
 * streamed call whole with its thought signature (`googleGenaiModelContent`), and the results
 * answer the calls in order. The example app's scenario: `"75,5"` refused naming
 * `data.weight_kg`, then 75.5 stored once in SQLite; a cut or truncated stream runs nothing.
 */
import {
  GoogleGenAI,
  type Content,
  type GenerateContentResponse,
} from "@google/genai";
import { afterEach, describe, expect, it } from "vitest";
import { createDispatcher, type Handlers } from "../../generated/dispatcher.js";
import {
  googleGenaiTools,
  googleGenaiToolConfig,
} from "../../generated/providers/google-genai.js";
import { googleGenaiModelContent } from "../../generated/runtime/adapters/google-genai.js";
import type { CallResult } from "../../generated/runtime/tool-call.js";
import { appHandlers, openMeasurements } from "./support/app.js";
import { createAppDispatcher } from "./support/dispatch.js";
import { recording } from "./support/providers.js";
import {
  startReplay,
  type Exchange,
  type Replay,
} from "./support/replay-server.js";

type Body = { contents: Content[]; toolConfig?: unknown; tools?: unknown };
const SIGNATURE = "c2lnbmF0dXJl";

let replay: Replay | undefined;
afterEach(async () => replay?.close());

/** One exchange per turn: the recorded stream, and a check of the request that asked for it. */
function turn(name: string, check?: (body: Body) => void): Exchange {
  return {
    path: /^\/v1beta1\/publishers\/google\/models\/gemini-test:streamGenerateContent$/,
    body: recording("google-genai", name, true),
    sse: true,
    check: (body) => {
      const request = body as Body;
      expect(request.toolConfig).toEqual({
        functionCallingConfig: { streamFunctionCallArguments: true },
      });
      check?.(request);
    },
  };
}

/** The app's loop: stream a turn, answer it, append the model's turn (rebuilt whole) and the reply, repeat. */
async function converse(
  url: string,
  dispatcher: ReturnType<typeof createAppDispatcher>,
  rounds: number,
): Promise<CallResult[][]> {
  const ai = new GoogleGenAI({
    vertexai: true,
    apiKey: "test",
    httpOptions: { baseUrl: url },
  });
  const contents: Content[] = [
    { role: "user", parts: [{ text: "I weigh 75,5 kg today (2024-04-11)." }] },
  ];
  const config = {
    tools: googleGenaiTools,
    toolConfig: googleGenaiToolConfig,
    automaticFunctionCalling: { disable: true },
  };
  const turns: CallResult[][] = [];
  for (let round = 0; round < rounds; round++) {
    const chunks: GenerateContentResponse[] = [];
    async function* kept(events: AsyncIterable<GenerateContentResponse>) {
      for await (const chunk of events) {
        chunks.push(chunk);
        yield chunk;
      }
    }
    const { reply, results } = await dispatcher.googleGenai.respondToStream(
      kept(
        await ai.models.generateContentStream({
          model: "gemini-test",
          contents,
          config,
        }),
      ),
    );
    turns.push([...results]);
    if (results.length === 0) break;
    contents.push(googleGenaiModelContent(chunks), reply);
  }
  return turns;
}

/** The model turn and the results the client sent back in a request (the last two contents). */
function lastTurn(body: Body): {
  calls: unknown[];
  results: { id?: string; name: string; error?: string; output?: unknown }[];
} {
  const model = body.contents[body.contents.length - 2]!;
  const answer = body.contents[body.contents.length - 1]!;
  expect(model.role).toBe("model");
  expect(answer.role).toBe("user");
  return {
    calls: (model.parts ?? []).filter((p) => p.functionCall !== undefined),
    results: (answer.parts ?? []).map((p) => ({
      ...(p.functionResponse?.id !== undefined
        ? { id: p.functionResponse.id }
        : {}),
      name: p.functionResponse!.name!,
      ...(p.functionResponse!.response as object),
    })),
  };
}

describe("google-genai on Vertex AI, streamed arguments, through @google/genai", () => {
  it("refuses 75,5 naming data.weight_kg, then stores 75.5 once; the history holds each call whole with its signature", async () => {
    const measurements = openMeasurements(":memory:");
    const { handlers, runs } = appHandlers(measurements);
    replay = await startReplay([
      turn("streamed-weight-invalid"),
      turn("streamed-weight-valid", (body) => {
        const { calls, results } = lastTurn(body);
        expect(calls).toEqual([
          {
            functionCall: {
              name: "write_measurement",
              args: { date: "2024-04-11", data: { weight_kg: "75,5" } },
            },
            thoughtSignature: SIGNATURE,
          },
        ]);
        expect(results).toEqual([
          {
            name: "write_measurement",
            error: expect.stringMatching(
              /data\.weight_kg[\s\S]*number|number[\s\S]*data\.weight_kg/,
            ),
          },
        ]);
      }),
      turn("done", (body) => {
        const { calls, results } = lastTurn(body);
        expect(calls).toEqual([
          {
            functionCall: {
              name: "write_measurement",
              args: { date: "2024-04-11", data: { weight_kg: 75.5 } },
            },
            thoughtSignature: SIGNATURE,
          },
        ]);
        expect(results).toEqual([
          { name: "write_measurement", output: { saved: ["weight_kg"] } },
        ]);
      }),
    ]);
    const turns = await converse(replay.url, createAppDispatcher(handlers), 5);
    replay.finish();
    expect(turns.map((t) => t.map((r) => r.status))).toEqual([
      ["invalid-arguments"],
      ["ok"],
      [],
    ]);
    expect(turns[0]![0]!.errors?.map((e) => e.instancePath)).toContain(
      "/data/weight_kg",
    );
    expect(runs.write_measurement).toBe(1);
    expect(measurements.rows()).toEqual([
      { date: "2024-04-11", field: "weight_kg", value: 75.5 },
    ]);
    measurements.close();
  });

  it("answers a streamed call that ends without a terminator and a whole call without args, both, in order", async () => {
    const measurements = openMeasurements(":memory:");
    const { handlers, runs } = appHandlers(measurements);
    replay = await startReplay([
      turn("streamed-parallel"),
      turn("done", (body) => {
        const { calls, results } = lastTurn(body);
        expect(calls).toEqual([
          {
            functionCall: {
              name: "write_measurement",
              args: { date: "2024-04-12", data: { waist_cm: 82 } },
            },
            thoughtSignature: SIGNATURE,
          },
          { functionCall: { name: "list_exercises" } },
        ]);
        expect(results.map((r) => [r.name, "output" in r])).toEqual([
          ["write_measurement", true],
          ["list_exercises", true],
        ]);
      }),
    ]);
    const turns = await converse(replay.url, createAppDispatcher(handlers), 2);
    replay.finish();
    expect(turns[0]!.map((r) => [r.tool, r.status])).toEqual([
      ["write_measurement", "ok"],
      ["list_exercises", "ok"],
    ]);
    expect(runs).toEqual({ write_measurement: 1, list_exercises: 1 });
    measurements.close();
  });

  it("hands the handler objects in an array, a null and escaped text exactly as generateContent would send them", async () => {
    const whole = JSON.parse(recording("google-genai", "streamed-meal", false))
      .candidates[0].content.parts[0].functionCall.args;
    const received: unknown[] = [];
    const never = () => {
      throw new Error("not in this scenario");
    };
    const handlers = {
      write_measurement: never,
      list_exercises: never,
      get_workout_history: never,
      log_workout_set: never,
      delete_measurement: never,
      get_weather: never,
      get_customer: never,
      log_meal: (args: unknown) => {
        received.push(args);
        return {
          entry_id: "6f1c1f5e-8a1d-4b8e-9a49-3f1d2a9c7b10",
          total_kcal: 130,
        };
      },
    } as unknown as Handlers;
    replay = await startReplay([turn("streamed-meal"), turn("done")]);
    const turns = await converse(
      replay.url,
      createDispatcher(handlers, { confirm: () => true }) as never,
      2,
    );
    replay.finish();
    expect(turns[0]!.map((r) => r.status)).toEqual(["ok"]);
    expect(received).toEqual([whole]);
    expect(JSON.stringify(received[0])).toBe(JSON.stringify(whole));
  });

  for (const [name, cut] of [
    ["streamed-truncated", "MAX_TOKENS in the middle of the date's pieces"],
    [
      "streamed-dropped",
      "a connection dropped in the middle of the date's pieces",
    ],
  ] as const) {
    it(`runs nothing from a stream cut by ${cut}, and answers its call with an error`, async () => {
      const measurements = openMeasurements(":memory:");
      const { handlers, runs } = appHandlers(measurements);
      replay = await startReplay([
        turn(name),
        turn("done", (body) => {
          const { results } = lastTurn(body);
          expect(results).toEqual([
            {
              name: "write_measurement",
              error: expect.stringContaining("not run"),
            },
          ]);
        }),
      ]);
      const turns = await converse(
        replay.url,
        createAppDispatcher(handlers),
        2,
      );
      replay.finish();
      expect(turns[0]!.map((r) => r.status)).toEqual(["incomplete"]);
      expect(runs).toEqual({ write_measurement: 0, list_exercises: 0 });
      measurements.close();
    });
  }
});
