/**
 * OpenAI Agents API (`openai` 7, `client.beta.agents.sessions.stream(id, { toolHandlers })`): the
 * `toolHandlers` for a session, backed by the dispatcher. The SDK calls a handler with the
 * arguments only, but it runs it right after yielding the call's `agent.session.turn.item.added`
 * event and before reading the next one; `observe(stream)` passes the events on and keeps the
 * call of the last such event, so the handler knows the session, turn and call id — the
 * dispatcher's idempotency key, which the SDK's own dispatcher lacks (a call delivered again in a
 * later stream is answered from the store, not run twice). Iterate the stream through `observe`;
 * without it calls still go through the dispatcher, but without an id. A refused call returns the
 * dispatcher's text as the tool's output (the SDK turns any throw into "Tool handler failed.").
 * Structural types, checked against the SDK's in tests.
 */
import { setOwn, type RunsCalls } from "./common.js";

/** The part of a stream event read: a function call item (`AgentSessionTurnItemAddedEvent`). */
interface CallEventLike {
  readonly type?: unknown;
  readonly item?: {
    readonly type?: unknown;
    readonly turn_id?: unknown;
    readonly call_id?: unknown;
    readonly name?: unknown;
    readonly arguments?: unknown;
  } | null;
}

/** A handler as `toolHandlers` takes it (the SDK's `AgentToolHandler`). */
export type AgentsApiToolHandler = (
  arguments_: Record<string, unknown>,
) => Promise<string>;

export interface AgentsApiWiring<Names extends string> {
  /** Pass as `toolHandlers` to `sessions.stream` (one per tool of the schemas given). */
  readonly toolHandlers: { readonly [K in Names]: AgentsApiToolHandler };
  /** The stream's events, passed on as they come, while the wiring notes each function call. */
  observe<Event>(events: AsyncIterable<Event>): AsyncGenerator<Event>;
}

interface PendingCall {
  readonly turnId?: string;
  readonly callId?: string;
  readonly name: string;
  readonly arguments: unknown;
}

/** `toolHandlers` and `observe` for one session (`sessionId`), for the tools of `schemas` (e.g. `standardSchemas`). */
export function agentsApiToolHandlers<const Schemas extends object>(
  dispatcher: RunsCalls,
  schemas: Schemas,
  sessionId: string,
): AgentsApiWiring<Extract<keyof Schemas, string>> {
  let pending: PendingCall | undefined;
  const handlers: { [name: string]: AgentsApiToolHandler } = {};
  for (const name of Object.keys(schemas)) {
    setOwn(handlers, name, async (arguments_) => {
      // The call the SDK is running is the one whose event it yielded last (see the module comment).
      const call =
        pending !== undefined && pending.name === name ? pending : undefined;
      pending = undefined;
      const result = await dispatcher.run({
        target: "openai-agents",
        ...(call?.callId !== undefined ? { id: call.callId } : {}),
        ...(call?.turnId !== undefined
          ? { scope: { sessionId, turnId: call.turnId } }
          : { scope: { sessionId } }),
        name,
        arguments: call !== undefined ? call.arguments : arguments_,
      });
      return result.text;
    });
  }
  return {
    toolHandlers: handlers as {
      readonly [K in Extract<keyof Schemas, string>]: AgentsApiToolHandler;
    },
    async *observe<Event>(events: AsyncIterable<Event>) {
      for await (const event of events) {
        const e = event as CallEventLike;
        const item =
          e?.type === "agent.session.turn.item.added" ? e.item : undefined;
        if (
          item &&
          item.type === "function_call" &&
          typeof item.name === "string"
        ) {
          pending = {
            ...(typeof item.turn_id === "string"
              ? { turnId: item.turn_id }
              : {}),
            ...(typeof item.call_id === "string"
              ? { callId: item.call_id }
              : {}),
            name: item.name,
            arguments: item.arguments,
          };
        }
        yield event;
      }
    },
  };
}
