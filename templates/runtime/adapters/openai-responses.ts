/**
 * OpenAI Responses API: reads the `function_call` items of `response.output`, or rebuilds them
 * from stream events (`response.output_item.added`, `response.function_call_arguments.delta`
 * keyed by `item_id`, the `.done` events whose whole arguments win), and answers with one
 * `function_call_output` input item per call, by `call_id`
 * (https://platform.openai.com/docs/api-reference/responses-streaming). Completeness comes from
 * the response's `status` (`incomplete` with `incomplete_details.reason`), or, for a stream, from
 * its terminal `response.completed` event; an item marked `in_progress` inside a completed
 * response is read as finished. Reasoning, messages and server-side tool calls are skipped.
 *
 * Copied into generated output (runtime/adapters/openai-responses.ts); no package imports.
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
  joinedText,
  nonEmpty,
  PendingCalls,
  requireRecord,
  requireStream,
  streamTurn,
  stringField,
  turn,
} from "./reading.js";

/** The fields of a response this adapter reads (`Response` fits). */
export interface ResponseLike {
  readonly status?: string | null | undefined;
  readonly incomplete_details?:
    { readonly reason?: string | null | undefined } | null | undefined;
  readonly output?: readonly ResponseOutputItemLike[] | null | undefined;
}

/** The fields of an output item this adapter reads (`ResponseOutputItem` fits). */
export interface ResponseOutputItemLike {
  readonly type?: string | null | undefined;
  readonly id?: string | null | undefined;
  readonly call_id?: string | null | undefined;
  readonly name?: string | null | undefined;
  readonly arguments?: unknown;
}

/** The fields of a stream event this adapter reads (`ResponseStreamEvent` fits). */
export interface ResponseStreamEventLike {
  readonly type?: string | null | undefined;
}

/** One result input item (`ResponseInputItem.FunctionCallOutput`). */
export interface FunctionCallOutputItem {
  type: "function_call_output";
  call_id: string;
  output: string;
}

function statusOf(response: unknown): { complete: boolean; reason?: string } {
  const status = stringField(response, "status");
  if (status === "completed") return { complete: true };
  if (status === "incomplete")
    return {
      complete: false,
      reason:
        stringField(field(response, "incomplete_details"), "reason") ??
        "incomplete",
    };
  return {
    complete: false,
    reason: status === undefined ? "no status" : status,
  };
}

function callOf(item: unknown): ToolCall | undefined {
  if (!isRecord(item) || item["type"] !== "function_call") return undefined;
  const id = stringField(item, "call_id");
  return {
    target: "openai-responses",
    ...(id !== undefined ? { id } : {}),
    name: stringField(item, "name") ?? "",
    arguments: item["arguments"],
  };
}

function read(response: ResponseLike): ProviderTurn {
  const body = requireRecord(response, "a response");
  const calls = arrayField(body, "output").flatMap(
    (item) => callOf(item) ?? [],
  );
  const { complete, reason } = statusOf(body);
  return turn(complete, calls, reason);
}

async function readStream(
  events: AsyncIterable<ResponseStreamEventLike>,
): Promise<ProviderTurn> {
  requireStream(events, "response stream events");
  const pending = new PendingCalls<string>();
  let terminal: { complete: boolean; reason?: string } | undefined;
  /** Item ids by output index, for delta events that name only the index. */
  const keyOfIndex = new Map<number, string>();
  const keyOf = (event: {
    readonly [key: string]: unknown;
  }): string | undefined => {
    const id = nonEmpty(event["item_id"]);
    if (id !== undefined) return id;
    const index = event["output_index"];
    return typeof index === "number" ? keyOfIndex.get(index) : undefined;
  };
  const end = await drain(events, (event) => {
    switch (event["type"]) {
      case "response.output_item.added":
      case "response.output_item.done": {
        const item = event["item"];
        if (!isRecord(item) || item["type"] !== "function_call") return false;
        const index =
          typeof event["output_index"] === "number"
            ? event["output_index"]
            : pending.size;
        const key = nonEmpty(item["id"]) ?? `output ${index}`;
        keyOfIndex.set(index, key);
        const call = pending.at(key, index);
        call.id ??= nonEmpty(item["call_id"]);
        call.name ??= nonEmpty(item["name"]);
        const args = item["arguments"];
        if (
          event["type"] === "response.output_item.done" &&
          typeof args === "string"
        )
          call.final = { value: args };
        else if (typeof args === "string" && args !== "") call.initial = args;
        return false;
      }
      case "response.function_call_arguments.delta": {
        const key = keyOf(event);
        const delta = event["delta"];
        if (key !== undefined && pending.has(key) && typeof delta === "string")
          pending.at(key, 0).fragments.push(delta);
        return false;
      }
      case "response.function_call_arguments.done": {
        const key = keyOf(event);
        const args = event["arguments"];
        if (key !== undefined && pending.has(key) && typeof args === "string")
          pending.at(key, 0).final = { value: args };
        return false;
      }
      case "response.completed":
      case "response.incomplete":
      case "response.failed":
        terminal = statusOf(event["response"]);
        return true;
      case "error":
        terminal = { complete: false, reason: errorEventReason(event) };
        return true;
      default:
        return false;
    }
  });
  return streamTurn(
    pending.calls("openai-responses", joinedText),
    end,
    terminal,
    "the stream ended before response.completed",
  );
}

function reply(
  turnRead: ProviderTurn,
  results: readonly CallResult[],
): FunctionCallOutputItem[] {
  return answered(turnRead, results).map(({ call, result }) => ({
    type: "function_call_output",
    call_id: call.id ?? "",
    output: result.text,
  }));
}

export const openaiResponsesAdapter: ProviderAdapter<
  ResponseLike,
  ResponseStreamEventLike,
  FunctionCallOutputItem[]
> = {
  target: "openai-responses",
  read,
  readStream,
  reply,
};
