/**
 * Anthropic Messages: reads the `tool_use` blocks of a message's `content`, or rebuilds them from
 * stream events (`content_block_start`, `input_json_delta` fragments keyed by the block `index`,
 * `content_block_stop`; `message_delta` carries `stop_reason`, `message_stop` ends the stream),
 * and answers with one user message whose content is every `tool_result` block, in call order,
 * with `is_error` — all results of a turn in one message, before any text
 * (https://docs.anthropic.com/en/docs/build-with-claude/tool-use). Text, thinking and server
 * tool blocks are skipped. `input` is passed on as sent: a string there is refused by the core.
 *
 * Copied into generated output (runtime/adapters/anthropic.ts); no package imports.
 */
import type {
  CallResult,
  ProviderAdapter,
  ProviderTurn,
  ToolCall,
} from "../tool-call.js";
import {
  answered,
  arrayField,
  drain,
  errorEventReason,
  field,
  isRecord,
  nonEmpty,
  parsedArguments,
  PendingCalls,
  requireRecord,
  requireStream,
  stringField,
  turn,
} from "./reading.js";

/** The fields of a message this adapter reads (`Message` fits). */
export interface AnthropicMessageLike {
  readonly stop_reason?: string | null | undefined;
  readonly content?:
    readonly { readonly type?: string | null | undefined }[] | null | undefined;
}

/** The fields of a stream event this adapter reads (`RawMessageStreamEvent` fits). */
export interface AnthropicStreamEventLike {
  readonly type?: string | null | undefined;
}

/** One `tool_result` block (`ToolResultBlockParam`). */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

/** The user message that answers a turn (`MessageParam`). */
export interface AnthropicToolResultMessage {
  role: "user";
  content: AnthropicToolResultBlock[];
}

/** Stop reasons after which the turn's `tool_use` blocks are whole. */
const FINISHED = new Set(["tool_use", "end_turn", "stop_sequence"]);

function completeness(stopReason: unknown): {
  complete: boolean;
  reason?: string;
} {
  if (typeof stopReason === "string" && FINISHED.has(stopReason))
    return { complete: true };
  return {
    complete: false,
    reason: typeof stopReason === "string" ? stopReason : "no stop_reason",
  };
}

function read(response: AnthropicMessageLike): ProviderTurn {
  const body = requireRecord(response, "a message");
  if (body["type"] === "error") return turn(false, [], errorEventReason(body));
  const calls: ToolCall[] = [];
  for (const block of arrayField(body, "content")) {
    if (!isRecord(block) || block["type"] !== "tool_use") continue;
    const id = stringField(block, "id");
    calls.push({
      target: "anthropic",
      ...(id !== undefined ? { id } : {}),
      name: stringField(block, "name") ?? "",
      arguments: block["input"],
    });
  }
  const { complete, reason } = completeness(body["stop_reason"]);
  return turn(complete, calls, reason);
}

async function readStream(
  events: AsyncIterable<AnthropicStreamEventLike>,
): Promise<ProviderTurn> {
  requireStream(events, "message stream events");
  const pending = new PendingCalls<number>();
  let stopReason: unknown;
  let errorReason: string | undefined;
  const end = await drain(events, (event) => {
    switch (event["type"]) {
      case "message_start":
        stopReason = field(event["message"], "stop_reason") ?? stopReason;
        return false;
      case "content_block_start": {
        const block = event["content_block"];
        const index = event["index"];
        if (
          !isRecord(block) ||
          block["type"] !== "tool_use" ||
          typeof index !== "number"
        )
          return false;
        const call = pending.at(index, index);
        call.id ??= nonEmpty(block["id"]);
        call.name ??= nonEmpty(block["name"]);
        call.initial = block["input"];
        return false;
      }
      case "content_block_delta": {
        const index = event["index"];
        const delta = event["delta"];
        if (
          typeof index !== "number" ||
          !pending.has(index) ||
          field(delta, "type") !== "input_json_delta"
        )
          return false;
        const fragment = field(delta, "partial_json");
        if (typeof fragment === "string")
          pending.at(index, index).fragments.push(fragment);
        return false;
      }
      case "message_delta": {
        const reason = field(event["delta"], "stop_reason");
        if (reason !== undefined && reason !== null) stopReason = reason;
        return false;
      }
      case "message_stop":
        return true;
      case "error":
        errorReason = errorEventReason(event);
        return true;
      default:
        return false;
    }
  });
  const calls = pending.calls("anthropic", parsedArguments);
  if (errorReason !== undefined) return turn(false, calls, errorReason);
  if (!end.finished)
    return turn(
      false,
      calls,
      end.reason ?? "the stream ended before message_stop",
    );
  const { complete, reason } = completeness(stopReason);
  return turn(complete, calls, reason);
}

function reply(
  turnRead: ProviderTurn,
  results: readonly CallResult[],
): AnthropicToolResultMessage {
  return {
    role: "user",
    content: answered(turnRead, results).map(({ call, result }) => ({
      type: "tool_result",
      tool_use_id: call.id ?? "",
      content: result.text,
      is_error: result.isError,
    })),
  };
}

export const anthropicAdapter: ProviderAdapter<
  AnthropicMessageLike,
  AnthropicStreamEventLike,
  AnthropicToolResultMessage
> = {
  target: "anthropic",
  read,
  readStream,
  reply,
};
