/**
 * OpenAI Agents API (`client.beta.agents.sessions`): the calls are the `function_call` entries of
 * a session's `required_actions`, read from the session (`sessions.retrieve`, `sessions.create`)
 * or from its `agent.session.requires_action` event, and are answered with one
 * `agent.session.input.tool_result` event per call (`turn_id`, `call_id`, `success`, and `output`
 * or `error`), to post with `sessions.events.create(session.id, { events: reply })`. A session's
 * calls are complete only while its `status` is `requires_action`; other required actions
 * (approvals, environment reconnection) are the app's to answer and are not read as calls.
 * A session event stream stays open: reading stops at the first `requires_action`, `idle`,
 * `failed` or `budget_reached` event.
 *
 * Copied into generated output (runtime/adapters/openai-agents.ts); no package imports.
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
  isRecord,
  requireRecord,
  requireStream,
  stringField,
  turn,
} from "./reading.js";

/** The fields of a session this adapter reads (`AgentSession` fits). */
export interface AgentSessionLike {
  readonly id?: string | null | undefined;
  readonly status?: string | null | undefined;
  readonly required_actions?:
    readonly { readonly type?: string | null | undefined }[] | null | undefined;
}

/** A session, or one of its stream events (`AgentSessionEvent` fits). */
export type AgentSessionOrEventLike = AgentSessionLike | AgentSessionEventLike;

/** The fields of a session event this adapter reads (`AgentSessionEvent` fits). */
export interface AgentSessionEventLike {
  readonly type?: string | null | undefined;
}

/** One result event (`AgentSessionInputParam.SessionInputParamAgentSessionInputToolResult`). */
export type AgentToolResultEvent =
  | {
      type: "agent.session.input.tool_result";
      turn_id: string;
      call_id: string;
      success: true;
      output: string;
    }
  | {
      type: "agent.session.input.tool_result";
      turn_id: string;
      call_id: string;
      success: false;
      error: string;
    };

/** Session events after which the session waits (or is done): the end of a turn's stream. */
const SESSION_STOPS = new Set([
  "agent.session.requires_action",
  "agent.session.idle",
  "agent.session.failed",
  "agent.session.budget_reached",
]);

function readSession(session: {
  readonly [key: string]: unknown;
}): ProviderTurn {
  const sessionId = stringField(session, "id");
  const calls: ToolCall[] = [];
  for (const action of arrayField(session, "required_actions")) {
    if (!isRecord(action) || action["type"] !== "function_call") continue;
    const callId = stringField(action, "call_id");
    const turnId = stringField(action, "turn_id");
    calls.push({
      target: "openai-agents",
      ...(callId !== undefined ? { id: callId } : {}),
      name: stringField(action, "name") ?? "",
      arguments: action["arguments"],
      scope: {
        ...(sessionId !== undefined ? { sessionId } : {}),
        ...(turnId !== undefined ? { turnId } : {}),
      },
    });
  }
  const status = stringField(session, "status");
  // Calls wait for results only while the session requires action; a session without calls is
  // complete when it is idle (its turn is over) and incomplete when it failed or stopped.
  if (status === "requires_action" || (calls.length === 0 && status === "idle"))
    return turn(true, calls);
  return turn(false, calls, status ?? "no status");
}

function read(response: AgentSessionOrEventLike): ProviderTurn {
  const body = requireRecord(response, "an agent session or session event");
  if (body["type"] === "agent.session.requires_action")
    return readSession(requireRecord(body["session"], "the event's session"));
  if (typeof body["type"] === "string" && body["object"] !== "agent.session")
    return turn(
      false,
      [],
      `the event ${String(body["type"]).slice(0, 80)} requires no action`,
    );
  return readSession(body);
}

async function readStream(
  events: AsyncIterable<AgentSessionEventLike>,
): Promise<ProviderTurn> {
  requireStream(events, "agent session events");
  let last: ProviderTurn | undefined;
  const end = await drain(
    events,
    (event) => {
      const type = event["type"];
      const session = event["session"];
      if (
        type === "error" ||
        (type === "agent.session.failed" && !isRecord(session))
      )
        last = turn(false, [], errorEventReason(event));
      else if (typeof type === "string" && SESSION_STOPS.has(type))
        last = isRecord(session)
          ? readSession(session)
          : turn(
              type === "agent.session.idle",
              [],
              `the ${type} event has no session`,
            );
      return last !== undefined;
    },
    true,
  );
  return (
    last ??
    turn(
      false,
      [],
      end.reason ?? "the stream ended before the session required action",
    )
  );
}

function reply(
  turnRead: ProviderTurn,
  results: readonly CallResult[],
): AgentToolResultEvent[] {
  // A session that no longer waits (failed, budget reached, a cut stream) takes no results.
  if (!turnRead.complete) return [];
  return answered(turnRead, results).map(
    ({ call, result }): AgentToolResultEvent => {
      // Literal objects, not a spread of shared fields: the spread cost 30× the rest of the reply.
      const type = "agent.session.input.tool_result";
      const turn_id = call.scope?.turnId ?? "";
      const call_id = call.id ?? "";
      return result.isError
        ? { type, turn_id, call_id, success: false, error: result.text }
        : { type, turn_id, call_id, success: true, output: result.text };
    },
  );
}

export const openaiAgentsAdapter: ProviderAdapter<
  AgentSessionOrEventLike,
  AgentSessionEventLike,
  AgentToolResultEvent[]
> = {
  target: "openai-agents",
  read,
  readStream,
  reply,
};

/** The session a turn's calls belong to, for `sessions.events.create(sessionIdOf(turn), …)`. */
export function sessionIdOf(turnRead: ProviderTurn): string | undefined {
  return turnRead.calls.find((call) => call.scope?.sessionId !== undefined)
    ?.scope?.sessionId;
}
