/**
 * Google Interactions API (`client.interactions` of `@google/genai`): reads the `function_call`
 * steps of an interaction, or rebuilds them from stream events (`step.start` with the call,
 * `step.delta` `arguments_delta` fragments keyed by the step `index`, `step.stop`), and answers
 * with one `function_result` step per call (`call_id`, `name`, `is_error`, `result`), to send as
 * the `input` of the next interaction with `previous_interaction_id`
 * (https://ai.google.dev/gemini-api/docs/interactions). An interaction's calls are complete when
 * its `status` is `requires_action` or `completed`; a stream is complete when it reaches
 * `interaction.completed` or a status update to one of those.
 *
 * Copied into generated output (runtime/adapters/google-interactions.ts); no package imports.
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
  streamTurn,
  stringField,
  successValue,
  turn,
} from "./reading.js";

/** The fields of an interaction this adapter reads (`Interactions.Interaction` fits). */
export interface InteractionLike {
  readonly status?: string | undefined;
  readonly steps?:
    readonly { readonly type?: string | undefined }[] | undefined;
}

/** The fields of a stream event this adapter reads (`Interactions.InteractionSSEEvent` fits). */
export interface InteractionEventLike {
  readonly event_type?: string | undefined;
}

/** One result step (`Interactions.FunctionResultStep`). */
export interface InteractionFunctionResultStep {
  type: "function_result";
  call_id: string;
  name: string;
  is_error: boolean;
  result: string | { [key: string]: unknown };
}

/** Statuses after which the interaction's function calls are whole and wait for results. */
const FINISHED = new Set(["requires_action", "completed"]);

function completeness(status: unknown): { complete: boolean; reason?: string } {
  if (typeof status === "string" && FINISHED.has(status))
    return { complete: true };
  return {
    complete: false,
    reason: typeof status === "string" ? status : "no status",
  };
}

function read(response: InteractionLike): ProviderTurn {
  const body = requireRecord(response, "an interaction");
  const calls: ToolCall[] = [];
  for (const step of arrayField(body, "steps")) {
    if (!isRecord(step) || step["type"] !== "function_call") continue;
    const id = stringField(step, "id");
    calls.push({
      target: "google-interactions",
      ...(id !== undefined && id !== "" ? { id } : {}),
      name: stringField(step, "name") ?? "",
      arguments:
        "arguments" in step && step["arguments"] !== undefined
          ? step["arguments"]
          : {},
    });
  }
  const { complete, reason } = completeness(body["status"]);
  return turn(complete, calls, reason);
}

async function readStream(
  events: AsyncIterable<InteractionEventLike>,
): Promise<ProviderTurn> {
  requireStream(events, "interaction stream events");
  const pending = new PendingCalls<number>();
  let terminal: { complete: boolean; reason?: string } | undefined;
  const end = await drain(events, (event) => {
    switch (event["event_type"]) {
      case "step.start": {
        const step = event["step"];
        const index = event["index"];
        if (
          !isRecord(step) ||
          step["type"] !== "function_call" ||
          typeof index !== "number"
        )
          return false;
        const call = pending.at(index, index);
        call.id ??= nonEmpty(step["id"]);
        call.name ??= nonEmpty(step["name"]);
        call.initial = step["arguments"] ?? {};
        return false;
      }
      case "step.delta": {
        const index = event["index"];
        const delta = event["delta"];
        if (
          typeof index !== "number" ||
          !pending.has(index) ||
          field(delta, "type") !== "arguments_delta"
        )
          return false;
        const fragment = field(delta, "arguments");
        if (typeof fragment === "string")
          pending.at(index, index).fragments.push(fragment);
        return false;
      }
      case "interaction.completed":
        terminal = completeness(
          field(event["interaction"], "status") ?? "completed",
        );
        return true;
      case "interaction.status_update": {
        const status = event["status"];
        if (status === "in_progress" || status === "queued") return false;
        terminal = completeness(status);
        return true;
      }
      case "error":
        terminal = { complete: false, reason: errorEventReason(event) };
        return true;
      default:
        return false;
    }
  });
  return streamTurn(
    pending.calls("google-interactions", parsedArguments),
    end,
    terminal,
    "the stream ended before interaction.completed",
  );
}

function reply(
  turnRead: ProviderTurn,
  results: readonly CallResult[],
): InteractionFunctionResultStep[] {
  return answered(turnRead, results).map(({ call, result }) => {
    const value = result.isError ? result.text : successValue(result);
    return {
      type: "function_result",
      call_id: call.id ?? "",
      name: call.name,
      is_error: result.isError,
      result: isRecord(value)
        ? { ...value }
        : typeof value === "string"
          ? value
          : (JSON.stringify(value) ?? ""),
    };
  });
}

export const googleInteractionsAdapter: ProviderAdapter<
  InteractionLike,
  InteractionEventLike,
  InteractionFunctionResultStep[]
> = {
  target: "google-interactions",
  read,
  readStream,
  reply,
};
