/**
 * One driver per HTTP provider: how the app talks to it through the official SDK client (the
 * loop: request with the generated declarations, `respond`/`respondToStream`, append the reply,
 * repeat), which recorded responses the replay server plays for a conversation, and where the
 * results the client sent back are in the next request, so the server can check them.
 */
import Anthropic from "@anthropic-ai/sdk";
import {
  GoogleGenAI,
  type Content,
  type GenerateContentResponse,
  type Interactions,
} from "@google/genai";
import OpenAI from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { anthropicTools } from "../../../generated/providers/anthropic.js";
import { googleGenaiTools } from "../../../generated/providers/google-genai.js";
import { googleInteractionsTools } from "../../../generated/providers/google-interactions.js";
import { openaiAgentsTools } from "../../../generated/providers/openai-agents.js";
import { openaiChatTools } from "../../../generated/providers/openai-chat.js";
import { openaiCompatibleTools } from "../../../generated/providers/openai-compatible.js";
import { openaiResponsesTools } from "../../../generated/providers/openai-responses.js";
import type {
  CallResult,
  Responded,
  TargetName,
} from "../../../templates/runtime/tool-call.js";
import type { Exchange } from "./replay-server.js";

const RECORDINGS = join(import.meta.dirname, "..", "..", "data", "recordings");
export const recording = (
  target: string,
  name: string,
  stream: boolean,
): string =>
  readFileSync(
    join(RECORDINGS, target, `${name}.${stream ? "sse" : "json"}`),
    "utf8",
  );

/** One result as the client sent it back; `isError` where the provider has an error flag. */
export interface SentResult {
  readonly id?: string | undefined;
  readonly isError?: boolean | undefined;
  readonly text: string;
}

/** `dispatcher.<target>` as the loops use it. */
export interface Entry {
  respond(response: never): Promise<Responded<unknown>>;
  respondToStream(events: never): Promise<Responded<unknown>>;
}

export interface Driver {
  readonly target: TargetName;
  /** The id the recordings give the scenario call `w1`, `p2`, … (undefined: the provider sent none). */
  id(call: string): string | undefined;
  /** What the replay server plays for a conversation of `turns`; `after[i]` checks the results sent after turn i. */
  script(
    turns: readonly string[],
    stream: boolean,
    after: readonly ((sent: SentResult[]) => void)[],
  ): Exchange[];
  /**
   * Whether the app appends a truncated turn and its reply and goes on. Not for the Agents API
   * (a session that stopped waiting takes no results), nor for a Chat stream with strict tools
   * (the SDK's `finalChatCompletion()` rejects the cut arguments, so there is no assistant
   * message to append: the app drops the turn).
   */
  continuesAfterTruncated(stream: boolean): boolean;
  /** The app's loop for at most `rounds` turns: each turn's results. */
  converse(
    url: string,
    entry: Entry,
    stream: boolean,
    rounds: number,
  ): Promise<CallResult[][]>;
}

const USER = "I weigh 75,5 kg today (2024-04-11).";

/** Passes a stream on while keeping its events (the app needs them for its history). */
async function* tee<T>(events: AsyncIterable<T>, into: T[]): AsyncGenerator<T> {
  for await (const event of events) {
    into.push(event);
    yield event;
  }
}

/** For providers whose next model request carries the results: request i checks the results of turn i-1. */
function modelScript(
  target: string,
  path: RegExp,
  streamPath: RegExp,
  sent: (body: unknown) => SentResult[],
) {
  return (
    turns: readonly string[],
    stream: boolean,
    after: readonly ((s: SentResult[]) => void)[],
  ): Exchange[] =>
    turns.map((name, i) => {
      const check = i > 0 ? after[i - 1] : undefined;
      return {
        path: stream ? streamPath : path,
        body: recording(target, name, stream),
        sse: stream,
        ...(check ? { check: (body: unknown) => check(sent(body)) } : {}),
      };
    });
}

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string =>
  typeof v === "string" ? v : JSON.stringify(v);

/** The trailing run of `items` that `pick` accepts (the results after the last assistant item). */
function trailing(
  items: unknown[],
  pick: (item: Record<string, unknown>) => boolean,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = items.length - 1; i >= 0 && pick(asRecord(items[i])); i--)
    out.unshift(asRecord(items[i]));
  return out;
}

/** Rebuilds the assistant message of a Chat stream for the history (only the compatible loop needs it: the SDK's helper fails on tool indexes from 1). */
function assistantOfChunks(
  chunks: readonly ChatCompletionChunk[],
): ChatCompletionMessageParam {
  const calls = new Map<number, { id: string; name: string; args: string }>();
  for (const chunk of chunks) {
    for (const d of chunk.choices[0]?.delta.tool_calls ?? []) {
      const call = calls.get(d.index) ?? { id: "", name: "", args: "" };
      call.id ||= d.id ?? "";
      call.name ||= d.function?.name ?? "";
      call.args += d.function?.arguments ?? "";
      calls.set(d.index, call);
    }
  }
  return {
    role: "assistant",
    content: null,
    tool_calls: [...calls.values()].map((c) => ({
      id: c.id,
      type: "function",
      function: { name: c.name, arguments: c.args },
    })),
  };
}

function chatDriver(target: "openai-chat" | "openai-compatible"): Driver {
  const compatible = target === "openai-compatible";
  const tools = compatible ? openaiCompatibleTools : openaiChatTools;
  return {
    target,
    id: (call) => (compatible ? `call-${call}` : `call_${call}`),
    continuesAfterTruncated: (stream) => compatible || !stream,
    script: modelScript(
      target,
      /^\/v1\/chat\/completions$/,
      /^\/v1\/chat\/completions$/,
      (body) =>
        trailing(
          asArray(asRecord(body)["messages"]),
          (m) => m["role"] === "tool",
        ).map((m) => ({
          id: m["tool_call_id"] as string,
          text: text(m["content"]),
        })),
    ),
    async converse(url, entry, stream, rounds) {
      const client = new OpenAI({
        apiKey: "test",
        baseURL: `${url}/v1`,
        maxRetries: 0,
      });
      const messages: ChatCompletionMessageParam[] = [
        { role: "user", content: USER },
      ];
      const turns: CallResult[][] = [];
      for (let round = 0; round < rounds; round++) {
        let responded: Responded<unknown>;
        let assistant: ChatCompletionMessageParam | undefined;
        if (!stream) {
          const completion = await client.chat.completions.create({
            model: "gpt-test",
            messages,
            tools,
          });
          responded = await entry.respond(completion as never);
          assistant = completion.choices[0]?.message;
        } else if (!compatible) {
          const events = client.chat.completions.stream({
            model: "gpt-test",
            messages,
            tools,
          });
          responded = await entry.respondToStream(events as never);
          assistant = (
            await events.finalChatCompletion().catch(() => undefined)
          )?.choices[0]?.message;
        } else {
          const chunks: ChatCompletionChunk[] = [];
          responded = await entry.respondToStream(
            tee(
              await client.chat.completions.create({
                model: "local-model",
                messages,
                tools,
                stream: true,
              }),
              chunks,
            ) as never,
          );
          assistant = assistantOfChunks(chunks);
        }
        turns.push([...responded.results]);
        if (responded.results.length === 0 || assistant === undefined) break;
        messages.push(
          assistant,
          ...(responded.reply as ChatCompletionMessageParam[]),
        );
      }
      return turns;
    },
  };
}

const responsesDriver: Driver = {
  target: "openai-responses",
  continuesAfterTruncated: () => true,
  id: (call) => `call_${call}`,
  script: modelScript(
    "openai-responses",
    /^\/v1\/responses$/,
    /^\/v1\/responses$/,
    (body) =>
      trailing(
        asArray(asRecord(body)["input"]),
        (m) => m["type"] === "function_call_output",
      ).map((m) => ({ id: m["call_id"] as string, text: text(m["output"]) })),
  ),
  async converse(url, entry, stream, rounds) {
    const client = new OpenAI({
      apiKey: "test",
      baseURL: `${url}/v1`,
      maxRetries: 0,
    });
    const input: ResponseInputItem[] = [{ role: "user", content: USER }];
    const turns: CallResult[][] = [];
    for (let round = 0; round < rounds; round++) {
      let responded: Responded<unknown>;
      let output: ResponseInputItem[] | undefined;
      if (stream) {
        const events = client.responses.stream({
          model: "gpt-test",
          input,
          tools: openaiResponsesTools,
        });
        responded = await entry.respondToStream(events as never);
        output = (await events.finalResponse().catch(() => undefined))
          ?.output as ResponseInputItem[] | undefined;
      } else {
        const response = await client.responses.create({
          model: "gpt-test",
          input,
          tools: openaiResponsesTools,
        });
        responded = await entry.respond(response as never);
        output = response.output as ResponseInputItem[];
      }
      turns.push([...responded.results]);
      if (responded.results.length === 0 || output === undefined) break;
      input.push(...output, ...(responded.reply as ResponseInputItem[]));
    }
    return turns;
  },
};

const IN_PROGRESS_SESSION = JSON.stringify({
  id: "sess_1",
  object: "agent.session",
  status: "in_progress",
  required_actions: [],
  created_at: 1712800000,
  last_active_at: 1712800000,
  error: null,
  metadata: {},
  usage: null,
  agent: { id: "agent_1" },
  environment: { type: "none" },
});

const agentsDriver: Driver = {
  target: "openai-agents",
  // The turn of each recorded call is `turn_<scenario>`; results are checked by turn and call id.
  continuesAfterTruncated: () => false,
  id: (call) => `call_${call}`,
  script(turns, stream, after) {
    const out: Exchange[] = [
      {
        path: /^\/v1\/agents\/sessions$/,
        body: stream
          ? IN_PROGRESS_SESSION
          : recording("openai-agents", turns[0]!, false),
      },
    ];
    turns.forEach((name, i) => {
      if (i > 0) {
        const check = after[i - 1];
        out.push({
          path: /^\/v1\/agents\/sessions\/sess_1\/events$/,
          body: "",
          status: 202,
          ...(check
            ? {
                check: (body: unknown) =>
                  check(
                    asArray(asRecord(body)["events"]).map((e) => {
                      const ev = asRecord(e);
                      if (
                        ev["type"] !== "agent.session.input.tool_result" ||
                        ev["turn_id"] !== `turn_${turns[i - 1]}`
                      )
                        throw new Error(
                          `not a tool_result of turn_${turns[i - 1]}: ${JSON.stringify(ev)}`,
                        );
                      return {
                        id: ev["call_id"] as string,
                        isError: ev["success"] === false,
                        text: text(
                          ev["success"] === false ? ev["error"] : ev["output"],
                        ),
                      };
                    }),
                  ),
              }
            : {}),
        });
        if (!stream)
          out.push({
            method: "GET",
            path: /^\/v1\/agents\/sessions\/sess_1$/,
            body: recording("openai-agents", name, false),
          });
      }
      if (stream)
        out.push({
          method: "GET",
          path: /^\/v1\/agents\/sessions\/sess_1\/events$/,
          body: recording("openai-agents", name, true),
          sse: true,
        });
    });
    return out;
  },
  async converse(url, entry, stream, rounds) {
    const client = new OpenAI({
      apiKey: "test",
      baseURL: `${url}/v1`,
      maxRetries: 0,
    });
    const session = await client.beta.agents.sessions.create({
      environment: { type: "none" },
      agent: { model: "gpt-test", tools: openaiAgentsTools },
      input: USER,
    });
    const turns: CallResult[][] = [];
    let current = session;
    for (let round = 0; round < rounds; round++) {
      const responded = stream
        ? await entry.respondToStream(
            (await client.beta.agents.sessions.events.stream(
              session.id,
            )) as never,
          )
        : await entry.respond(current as never);
      turns.push([...responded.results]);
      const events =
        responded.reply as OpenAI.Beta.Agents.AgentSessionInputParam[];
      if (
        responded.results.length === 0 ||
        events.length === 0 ||
        round === rounds - 1
      )
        break;
      await client.beta.agents.sessions.events.create(session.id, { events });
      if (!stream)
        current = await client.beta.agents.sessions.retrieve(session.id);
    }
    return turns;
  },
};

const anthropicDriver: Driver = {
  target: "anthropic",
  continuesAfterTruncated: () => true,
  id: (call) => `toolu_${call}`,
  script: modelScript(
    "anthropic",
    /^\/v1\/messages$/,
    /^\/v1\/messages$/,
    (body) => {
      const messages = asArray(asRecord(body)["messages"]);
      const last = asRecord(messages[messages.length - 1]);
      if (last["role"] !== "user")
        throw new Error("the results are not in a user message");
      return asArray(last["content"]).map((b) => {
        const block = asRecord(b);
        if (block["type"] !== "tool_result")
          throw new Error(
            `a ${String(block["type"])} block in the results message`,
          );
        return {
          id: block["tool_use_id"] as string,
          isError: block["is_error"] === true,
          text: text(block["content"]),
        };
      });
    },
  ),
  async converse(url, entry, stream, rounds) {
    const client = new Anthropic({
      apiKey: "test",
      baseURL: url,
      maxRetries: 0,
    });
    const messages: MessageParam[] = [{ role: "user", content: USER }];
    const turns: CallResult[][] = [];
    for (let round = 0; round < rounds; round++) {
      let responded: Responded<unknown>;
      let content: MessageParam["content"] | undefined;
      if (stream) {
        const events = client.messages.stream({
          model: "claude-test",
          max_tokens: 1024,
          messages,
          tools: anthropicTools,
        });
        responded = await entry.respondToStream(events as never);
        content = (await events.finalMessage().catch(() => undefined))?.content;
      } else {
        const message = await client.messages.create({
          model: "claude-test",
          max_tokens: 1024,
          messages,
          tools: anthropicTools,
        });
        responded = await entry.respond(message as never);
        content = message.content;
      }
      turns.push([...responded.results]);
      if (responded.results.length === 0 || content === undefined) break;
      messages.push(
        { role: "assistant", content },
        responded.reply as MessageParam,
      );
    }
    return turns;
  },
};

function geminiSent(body: unknown): SentResult[] {
  const contents = asArray(asRecord(body)["contents"]);
  const last = asRecord(contents[contents.length - 1]);
  if (last["role"] !== "user")
    throw new Error("the function responses are not in a user content");
  return asArray(last["parts"]).map((p) => {
    const response = asRecord(
      asRecord(asRecord(p)["functionResponse"])["response"],
    );
    const id = asRecord(asRecord(p)["functionResponse"])["id"];
    return {
      id: typeof id === "string" ? id : undefined,
      isError: "error" in response,
      text: text("error" in response ? response["error"] : response["output"]),
    };
  });
}

const genaiDriver: Driver = {
  target: "google-genai",
  // Gemini sent no ids in these recordings, except the first call of the parallel turn.
  continuesAfterTruncated: () => true,
  id: (call) => (call === "p1" ? "gc_p1" : undefined),
  script: modelScript(
    "google-genai",
    /:generateContent$/,
    /:streamGenerateContent$/,
    geminiSent,
  ),
  async converse(url, entry, stream, rounds) {
    const ai = new GoogleGenAI({
      apiKey: "test",
      httpOptions: { baseUrl: url },
    });
    const contents: Content[] = [{ role: "user", parts: [{ text: USER }] }];
    const turns: CallResult[][] = [];
    const config = { tools: googleGenaiTools };
    for (let round = 0; round < rounds; round++) {
      let responded: Responded<unknown>;
      let model: Content;
      if (stream) {
        const chunks: GenerateContentResponse[] = [];
        responded = await entry.respondToStream(
          tee(
            await ai.models.generateContentStream({
              model: "gemini-test",
              contents,
              config,
            }),
            chunks,
          ) as never,
        );
        model = {
          role: "model",
          parts: chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []),
        };
      } else {
        const response = await ai.models.generateContent({
          model: "gemini-test",
          contents,
          config,
        });
        responded = await entry.respond(response as never);
        model = response.candidates?.[0]?.content ?? {
          role: "model",
          parts: [],
        };
      }
      turns.push([...responded.results]);
      if (responded.results.length === 0) break;
      contents.push(model, responded.reply as Content);
    }
    return turns;
  },
};

const interactionsDriver: Driver = {
  target: "google-interactions",
  continuesAfterTruncated: () => true,
  id: (call) => `fc-${call}`,
  script: modelScript(
    "google-interactions",
    /^\/v1(beta)?\/interactions$/,
    /^\/v1(beta)?\/interactions$/,
    (body) => {
      const request = asRecord(body);
      if (typeof request["previous_interaction_id"] !== "string")
        throw new Error("no previous_interaction_id");
      return asArray(request["input"]).map((s) => {
        const step = asRecord(s);
        if (step["type"] !== "function_result")
          throw new Error(`a ${String(step["type"])} step in the results`);
        return {
          id: step["call_id"] as string,
          isError: step["is_error"] === true,
          text: text(step["result"]),
        };
      });
    },
  ),
  async converse(url, entry, stream, rounds) {
    const ai = new GoogleGenAI({
      apiKey: "test",
      httpOptions: { baseUrl: url },
    });
    const turns: CallResult[][] = [];
    let input: Interactions.Step[] | string = USER;
    let previous: string | undefined;
    for (let round = 0; round < rounds; round++) {
      const params = {
        model: "gemini-test",
        input,
        tools: googleInteractionsTools,
        ...(previous !== undefined
          ? { previous_interaction_id: previous }
          : {}),
      };
      let responded: Responded<unknown>;
      if (stream) {
        const events: Interactions.InteractionSSEEvent[] = [];
        responded = await entry.respondToStream(
          tee(
            await ai.interactions.create({ ...params, stream: true }),
            events,
          ) as never,
        );
        const created = events.find(
          (e) => e.event_type === "interaction.created",
        );
        previous =
          created?.event_type === "interaction.created"
            ? created.interaction.id
            : undefined;
      } else {
        const interaction = await ai.interactions.create(params);
        responded = await entry.respond(interaction as never);
        previous = interaction.id;
      }
      turns.push([...responded.results]);
      if (responded.results.length === 0) break;
      input = responded.reply as Interactions.Step[];
    }
    return turns;
  },
};

export const drivers: readonly Driver[] = [
  chatDriver("openai-chat"),
  responsesDriver,
  agentsDriver,
  chatDriver("openai-compatible"),
  anthropicDriver,
  genaiDriver,
  interactionsDriver,
];
