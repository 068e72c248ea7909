/**
 * The stream readers against the SDKs' own accumulators: every recorded stream (3-character
 * argument deltas, text mixed with calls, parallel calls, a turn cut by the provider, a stream
 * cut before its final event) is played by the replay server to the official client; the SDK's
 * helper (`ChatCompletionStream.finalChatCompletion()`, the Responses stream's `finalResponse()`,
 * Anthropic's `MessageStream.finalMessage()`) consumes the same stream the adapter reads, and the
 * calls must be equal. Where the SDK has no accumulator (Gemini chunks carry whole calls; the
 * Interactions and Agents streams), the calls read from the stream must equal those read from
 * the non-streaming recording of the same turn as the SDK parses it — and, for the compatible,
 * Interactions and Agents readers, both must equal the calls the recordings were written from
 * (test/data/recordings/scenarios.json): an answer no reader produced.
 */
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { anthropicAdapter } from "../../templates/runtime/adapters/anthropic.js";
import { googleGenaiAdapter } from "../../templates/runtime/adapters/google-genai.js";
import { googleInteractionsAdapter } from "../../templates/runtime/adapters/google-interactions.js";
import { openaiAgentsAdapter } from "../../templates/runtime/adapters/openai-agents.js";
import { openaiChatAdapter } from "../../templates/runtime/adapters/openai-chat.js";
import { openaiCompatibleAdapter } from "../../templates/runtime/adapters/openai-compatible.js";
import { openaiResponsesAdapter } from "../../templates/runtime/adapters/openai-responses.js";
import type { ProviderTurn } from "../../templates/runtime/tool-call.js";
import { recording } from "./support/providers.js";
import {
  startReplay,
  type Exchange,
  type Replay,
} from "./support/replay-server.js";

const TURNS = [
  "weight-invalid",
  "weight-valid",
  "parallel",
  "truncated",
  "done",
] as const;
const CUT = [...TURNS, "dropped"] as const;
type Call = readonly [id: string | undefined, name: string, args: unknown];
const calls = (t: ProviderTurn): Call[] =>
  t.calls.map((c) => [c.id, c.name, c.arguments]);

/** The calls each recorded turn was written from (make-recordings.mjs reads the same file). */
interface Scenario {
  readonly cut?: boolean;
  readonly calls: readonly {
    readonly id: string;
    readonly name: string;
    readonly args: unknown;
  }[];
}
const { $comment: _comment, ...scenarios } = JSON.parse(
  readFileSync(
    join(import.meta.dirname, "..", "data", "recordings", "scenarios.json"),
    "utf8",
  ),
) as Record<string, Scenario>;

/**
 * The calls a scenario's turn must be read as, in a target's spelling of ids and arguments (text
 * for OpenAI-compatible servers, objects for the Interactions and Agents APIs). Of a cut turn
 * only ids and names are compared: its arguments are text that stops mid-string.
 */
function expectedCalls(
  name: string,
  id: (id: string) => string,
  args: "text" | "object",
): Call[] {
  const scenario = name === "dropped" ? scenarios.parallel! : scenarios[name]!;
  return scenario.calls.map((c) => [
    id(c.id),
    c.name,
    args === "text"
      ? typeof c.args === "string"
        ? c.args
        : JSON.stringify(c.args)
      : c.args,
  ]);
}
const withoutArgs = (cs: readonly Call[]) => cs.map(([id, name]) => [id, name]);

/** Passes the SDK helper's events on, keeping its last snapshot (it is gone once a cut stream rejects). */
async function* watched<E, S>(
  events: AsyncIterable<E>,
  snapshot: () => S,
  keep: (s: S) => void,
): AsyncGenerator<E> {
  for await (const event of events) {
    keep(snapshot());
    yield event;
  }
}

/** One replay server per test, answering each request with the next recording. */
let replay: Replay;
async function serve(...exchanges: Exchange[]): Promise<string> {
  replay = await startReplay(exchanges);
  return replay.url;
}
afterAll(async () => replay?.close());

describe("openai-chat: ChatCompletionStream", () => {
  for (const name of CUT) {
    it(name, async () => {
      const url = await serve({
        path: /chat\/completions$/,
        body: recording("openai-chat", name, true),
        sse: true,
      });
      const client = new OpenAI({
        apiKey: "test",
        baseURL: `${url}/v1`,
        maxRetries: 0,
      });
      const sdk = client.chat.completions.stream({
        model: "gpt-test",
        messages: [{ role: "user", content: "x" }],
      });
      let last = sdk.currentChatCompletionSnapshot;
      const turn = await openaiChatAdapter.readStream(
        watched(
          sdk,
          () => sdk.currentChatCompletionSnapshot,
          (s) => (last = s),
        ),
      );
      const final = await sdk.finalChatCompletion().catch(() => undefined);
      const snapshot = final?.choices[0]?.message ?? last?.choices[0]?.message;
      expect(calls(turn)).toEqual(
        (snapshot?.tool_calls ?? []).map((c) =>
          c.type === "function"
            ? [c.id, c.function.name, c.function.arguments]
            : [c.id, c.custom.name, c.custom.input],
        ),
      );
      // Complete exactly when the SDK saw a finish_reason other than length.
      expect(turn.complete).toBe(
        final !== undefined && final.choices[0]?.finish_reason !== "length",
      );
      await replay.close();
    });
  }
});

describe("openai-compatible: the SDK's accumulator cannot read tool indexes from 1", () => {
  for (const name of ["weight-invalid", "parallel"] as const) {
    it(name, async () => {
      const url = await serve(
        {
          path: /chat\/completions$/,
          body: recording("openai-compatible", name, true),
          sse: true,
        },
        {
          path: /chat\/completions$/,
          body: recording("openai-compatible", name, false),
        },
      );
      const client = new OpenAI({
        apiKey: "test",
        baseURL: `${url}/v1`,
        maxRetries: 0,
      });
      const sdk = client.chat.completions.stream({
        model: "local",
        messages: [{ role: "user", content: "x" }],
      });
      const turn = await openaiCompatibleAdapter.readStream(sdk);
      await expect(sdk.finalChatCompletion()).rejects.toThrow();
      // What toolcat read from the stream is what the same server sends whole.
      const whole = await client.chat.completions.create({
        model: "local",
        messages: [{ role: "user", content: "x" }],
      });
      expect(calls(turn)).toEqual(calls(openaiCompatibleAdapter.read(whole)));
      expect(calls(turn)).toEqual(
        expectedCalls(name, (id) => `call-${id}`, "text"),
      );
      await replay.close();
    });
  }
});

describe("openai-responses: ResponseStream.finalResponse()", () => {
  for (const name of CUT) {
    it(name, async () => {
      const url = await serve({
        path: /responses$/,
        body: recording("openai-responses", name, true),
        sse: true,
      });
      const client = new OpenAI({
        apiKey: "test",
        baseURL: `${url}/v1`,
        maxRetries: 0,
      });
      const sdk = client.responses.stream({ model: "gpt-test", input: "x" });
      const turn = await openaiResponsesAdapter.readStream(sdk);
      // Without response.completed the SDK still resolves, with the status of response.created.
      const final = await sdk.finalResponse().catch(() => undefined);
      expect(final).toBeDefined();
      const sdkCalls = final!.output.flatMap((item) =>
        item.type === "function_call"
          ? [[item.call_id, item.name, item.arguments]]
          : [],
      );
      expect(calls(turn)).toEqual(sdkCalls);
      expect(turn.complete).toBe(final!.status === "completed");
      await replay.close();
    });
  }
});

describe("anthropic: MessageStream.finalMessage()", () => {
  for (const name of CUT) {
    it(name, async () => {
      const url = await serve({
        path: /messages$/,
        body: recording("anthropic", name, true),
        sse: true,
      });
      const client = new Anthropic({
        apiKey: "test",
        baseURL: url,
        maxRetries: 0,
      });
      const sdk = client.messages.stream({
        model: "claude-test",
        max_tokens: 100,
        messages: [{ role: "user", content: "x" }],
      });
      let last = sdk.currentMessage;
      const turn = await anthropicAdapter.readStream(
        watched(
          sdk,
          () => sdk.currentMessage,
          (m) => (last = m),
        ),
      );
      const final = await sdk.finalMessage().catch(() => undefined);
      const message = final ?? last;
      const sdkCalls = (message?.content ?? []).flatMap((b) =>
        b.type === "tool_use" ? [[b.id, b.name, b.input]] : [],
      );
      if (turn.complete) {
        expect(calls(turn)).toEqual(sdkCalls);
      } else {
        // Cut arguments: the SDK shows a best-effort partial parse, toolcat passes the text on to be refused. Same calls, same order.
        expect(calls(turn).map(([id, n]) => [id, n])).toEqual(
          sdkCalls.map(([id, n]) => [id, n]),
        );
      }
      expect(turn.complete).toBe(
        final !== undefined && final.stop_reason !== "max_tokens",
      );
      await replay.close();
    });
  }
});

describe("google-genai: each chunk's functionCalls, as the SDK parses them", () => {
  for (const name of CUT) {
    it(name, async () => {
      const url = await serve({
        path: /streamGenerateContent$/,
        body: recording("google-genai", name, true),
        sse: true,
      });
      const ai = new GoogleGenAI({
        apiKey: "test",
        httpOptions: { baseUrl: url },
      });
      const sdkCalls: Call[] = [];
      let finishReason: string | undefined;
      async function* seen() {
        for await (const chunk of await ai.models.generateContentStream({
          model: "gemini-test",
          contents: "x",
        })) {
          for (const c of chunk.functionCalls ?? [])
            sdkCalls.push([c.id, c.name ?? "", c.args ?? {}]);
          finishReason = chunk.candidates?.[0]?.finishReason ?? finishReason;
          yield chunk;
        }
      }
      const turn = await googleGenaiAdapter.readStream(seen());
      expect(calls(turn)).toEqual(sdkCalls);
      expect(turn.complete).toBe(finishReason === "STOP");
      await replay.close();
    });
  }
});

describe("google-interactions: the stream equals the whole interaction", () => {
  for (const name of TURNS) {
    it(name, async () => {
      const url = await serve(
        {
          path: /interactions$/,
          body: recording("google-interactions", name, true),
          sse: true,
        },
        {
          path: /interactions$/,
          body: recording("google-interactions", name, false),
        },
      );
      const ai = new GoogleGenAI({
        apiKey: "test",
        httpOptions: { baseUrl: url },
      });
      const turn = await googleInteractionsAdapter.readStream(
        await ai.interactions.create({
          model: "gemini-test",
          input: "x",
          stream: true,
        }),
      );
      const whole = googleInteractionsAdapter.read(
        await ai.interactions.create({ model: "gemini-test", input: "x" }),
      );
      // A cut turn's streamed arguments are text that ends mid-string; the whole interaction holds an object.
      if (!whole.complete)
        expect({
          ...turn,
          calls: turn.calls.map(({ arguments: _, ...c }) => c),
        }).toEqual({
          ...whole,
          calls: whole.calls.map(({ arguments: _, ...c }) => c),
        });
      else expect(turn).toEqual(whole);
      const expected = expectedCalls(name, (id) => `fc-${id}`, "object");
      if (scenarios[name]!.cut)
        expect(withoutArgs(calls(turn))).toEqual(withoutArgs(expected));
      else expect(calls(turn)).toEqual(expected);
      expect(turn.complete).toBe(!scenarios[name]!.cut);
      await replay.close();
    });
  }
});

describe("openai-agents: the session event stream equals the session", () => {
  for (const name of TURNS) {
    it(name, async () => {
      const url = await serve(
        {
          method: "GET",
          path: /events$/,
          body: recording("openai-agents", name, true),
          sse: true,
        },
        {
          method: "GET",
          path: /sess_1$/,
          body: recording("openai-agents", name, false),
        },
      );
      const client = new OpenAI({
        apiKey: "test",
        baseURL: `${url}/v1`,
        maxRetries: 0,
      });
      const turn = await openaiAgentsAdapter.readStream(
        await client.beta.agents.sessions.events.stream("sess_1"),
      );
      const whole = openaiAgentsAdapter.read(
        await client.beta.agents.sessions.retrieve("sess_1"),
      );
      expect(turn).toEqual(whole);
      const expected = expectedCalls(name, (id) => `call_${id}`, "object");
      if (scenarios[name]!.cut)
        expect(withoutArgs(calls(turn))).toEqual(withoutArgs(expected));
      else expect(calls(turn)).toEqual(expected);
      expect(turn.complete).toBe(!scenarios[name]!.cut);
      await replay.close();
    });
  }
});
