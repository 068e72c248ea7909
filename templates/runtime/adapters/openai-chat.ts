/**
 * OpenAI Chat Completions: reads `choices[0].message.tool_calls` of a completion, or rebuilds
 * them from `ChatCompletionChunk` deltas (keyed by `index`), and answers with one
 * `{ role: "tool", tool_call_id, content }` message per call, in order — the API refuses the
 * next request unless every `tool_call_id` of the assistant message is answered
 * (https://platform.openai.com/docs/guides/function-calling). The same wire format serves
 * OpenAI-compatible servers (adapters/openai-compatible.ts), whose deviations are read here as
 * normal: tool indexes from 1, no `index`, `id: ""` / `name: ""` repeated on continuation
 * deltas, several calls at one index told apart by their id, arguments only in the last delta,
 * their own words for a normal `finish_reason`.
 *
 * Copied into generated output (runtime/adapters/openai-chat.ts); no package imports: the SDK's
 * types are taken structurally (a test checks `openai`'s own types are assignable).
 */
import type {
  CallResult,
  ProviderAdapter,
  ProviderTurn,
  TargetName,
  ToolCall,
} from "../tool-call.js";
import {
  answered,
  arrayField,
  drain,
  errorEventReason,
  field,
  isRecord,
  joinedText,
  nonEmpty,
  PendingCalls,
  requireRecord,
  requireStream,
  stringField,
  turn,
} from "./reading.js";

/** The fields of a tool call this adapter reads (`ChatCompletionMessageToolCall` fits). */
export interface ChatToolCallLike {
  readonly id?: string | null | undefined;
  readonly type?: string | null | undefined;
  readonly function?:
    | {
        readonly name?: string | null | undefined;
        readonly arguments?: string | null | undefined;
      }
    | null
    | undefined;
  readonly custom?:
    | {
        readonly name?: string | null | undefined;
        readonly input?: string | null | undefined;
      }
    | null
    | undefined;
}

/** The fields of a completion this adapter reads (`ChatCompletion` fits). */
export interface ChatCompletionLike {
  readonly choices?:
    | readonly {
        readonly index?: number | null | undefined;
        readonly finish_reason?: string | null | undefined;
        readonly message?:
          | {
              readonly tool_calls?:
                readonly ChatToolCallLike[] | null | undefined;
            }
          | null
          | undefined;
      }[]
    | null
    | undefined;
}

/** The fields of a stream chunk this adapter reads (`ChatCompletionChunk` fits). */
export interface ChatCompletionChunkLike {
  readonly choices?:
    | readonly {
        readonly index?: number | null | undefined;
        readonly finish_reason?: string | null | undefined;
        readonly delta?:
          | {
              readonly tool_calls?:
                | readonly {
                    readonly index?: number | null | undefined;
                    readonly id?: string | null | undefined;
                    readonly type?: string | null | undefined;
                    readonly function?:
                      | {
                          readonly name?: string | null | undefined;
                          readonly arguments?: string | null | undefined;
                        }
                      | null
                      | undefined;
                  }[]
                | null
                | undefined;
            }
          | null
          | undefined;
      }[]
    | null
    | undefined;
}

/** One tool message (`ChatCompletionToolMessageParam`). */
export interface ChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** `finish_reason`s that mean the output was cut off; every other value (compatible servers say `eos`, `tool_call`, …) ends a turn normally. */
const CUT_OFF = new Set(["length", "content_filter"]);

function completeness(finishReason: unknown): {
  complete: boolean;
  reason?: string;
} {
  if (typeof finishReason !== "string" || finishReason === "")
    return { complete: false, reason: "no finish_reason" };
  return CUT_OFF.has(finishReason)
    ? { complete: false, reason: finishReason }
    : { complete: true };
}

/** The first choice (index 0, or the first listed when a server leaves out `index`). */
function firstChoice(value: unknown): unknown {
  const choices = arrayField(value, "choices");
  return choices.find((c) => field(c, "index") === 0) ?? choices[0];
}

function readCompletion(
  target: TargetName,
  response: ChatCompletionLike,
): ProviderTurn {
  const body = requireRecord(response, "a chat completion");
  if (body["error"] !== undefined)
    return turn(false, [], errorEventReason(body));
  const choice = firstChoice(body);
  if (choice === undefined)
    return turn(false, [], "the completion has no choice");
  const calls: ToolCall[] = [];
  for (const raw of arrayField(field(choice, "message"), "tool_calls")) {
    if (!isRecord(raw)) continue;
    const custom = raw["type"] === "custom";
    const part = field(raw, custom ? "custom" : "function");
    const id = stringField(raw, "id");
    calls.push({
      target,
      ...(id !== undefined ? { id } : {}),
      name: stringField(part, "name") ?? "",
      arguments: custom ? field(part, "input") : field(part, "arguments"),
    });
  }
  const { complete, reason } = completeness(field(choice, "finish_reason"));
  return turn(complete, calls, reason);
}

async function readChunks(
  target: TargetName,
  events: AsyncIterable<ChatCompletionChunkLike>,
): Promise<ProviderTurn> {
  requireStream(events, "chat completion chunks");
  const pending = new PendingCalls<string>();
  let finishReason: unknown;
  let errorReason: string | undefined;
  let lastKey: string | undefined;
  let arrival = 0;
  const end = await drain(events, (chunk) => {
    if (chunk["error"] !== undefined) {
      errorReason = errorEventReason(chunk);
      return true;
    }
    const choice = firstChoice(chunk);
    for (const delta of arrayField(field(choice, "delta"), "tool_calls")) {
      if (!isRecord(delta)) continue;
      const index = delta["index"];
      const id = nonEmpty(delta["id"]);
      let key =
        typeof index === "number"
          ? `index ${index}`
          : id !== undefined
            ? `id ${id}`
            : (lastKey ?? "index 0");
      // A different id at an index already in use is a new call (servers that put every call at 0).
      if (
        id !== undefined &&
        pending.has(key) &&
        pending.at(key, 0).id !== undefined &&
        pending.at(key, 0).id !== id
      ) {
        pending.release(key);
      }
      lastKey = key;
      const call = pending.at(key, typeof index === "number" ? index : arrival);
      arrival += 1;
      call.id ??= id;
      const fn = field(delta, "function");
      call.name ??= nonEmpty(field(fn, "name"));
      const fragment = field(fn, "arguments");
      if (typeof fragment === "string" && fragment !== "")
        call.fragments.push(fragment);
    }
    const reason = field(choice, "finish_reason");
    if (reason !== undefined && reason !== null) finishReason = reason;
    return false;
  });
  const calls = pending.calls(target, joinedText);
  if (errorReason !== undefined) return turn(false, calls, errorReason);
  if (finishReason === undefined)
    return turn(
      false,
      calls,
      end.reason ?? "the stream ended without a finish_reason",
    );
  const { complete, reason } = completeness(finishReason);
  return turn(complete, calls, reason);
}

function toolMessages(
  turnRead: ProviderTurn,
  results: readonly CallResult[],
): ChatToolMessage[] {
  return answered(turnRead, results).map(({ call, result }) => ({
    role: "tool",
    tool_call_id: call.id ?? "",
    content: result.text,
  }));
}

/** The Chat Completions adapter for `target` (`openai-chat`, or `openai-compatible` for servers speaking the same format). */
export function chatCompletionsAdapter(
  target: TargetName,
): ProviderAdapter<
  ChatCompletionLike,
  ChatCompletionChunkLike,
  ChatToolMessage[]
> {
  return {
    target,
    read: (response) => readCompletion(target, response),
    readStream: (events) => readChunks(target, events),
    reply: toolMessages,
  };
}

export const openaiChatAdapter: ProviderAdapter<
  ChatCompletionLike,
  ChatCompletionChunkLike,
  ChatToolMessage[]
> = chatCompletionsAdapter("openai-chat");
