/**
 * The OpenAI Agents API's `sessions.stream(id, { toolHandlers })` with toolcat's handlers end to
 * end against the replay server. The SDK retrieves the idle session, opens its event stream,
 * posts the user's message, and runs a handler after each `turn.item.added` function call,
 * posting its `tool_result`. The stream played here is built from the SDK's event types (the
 * recordings in test/data hold `requires_action` sessions, which this helper does not read): the
 * model sends 75,5 (w1), then 75.5 (w2), in one turn. w1 is refused by the dispatcher (no handler
 * runs) and its result is toolcat's text, not "Tool handler failed."; w2 runs once; the same call
 * delivered again in a later stream of the session is answered from the store.
 */
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { agentsApiToolHandlers } from "../../generated/runtime/runners/openai-agents-api.js";
import { standardSchemas } from "../../generated/standard-schema.js";
import type { Exchange } from "../adapters/support/replay-server.js";
import { openApp, WEIGHT_REFUSAL, withReplay } from "./support.js";

let app: ReturnType<typeof openApp> | undefined;
afterEach(() => app?.close());

const SESSION = {
  id: "sess_1",
  object: "agent.session",
  status: "idle",
  created_at: 1712800000,
  last_active_at: 1712800000,
  error: null,
  metadata: {},
  usage: null,
  agent: { id: "agent_1" },
  environment: { type: "none" },
  required_actions: [],
};
const turn = (status: string) => ({
  id: "turn_1",
  object: "agent.session.turn",
  session_id: "sess_1",
  status,
  subagent_id: null,
  created_at: 1712800000,
});
const call = (id: string, args: unknown, n: number) => ({
  event_id: `ev_${n}`,
  type: "agent.session.turn.item.added",
  session_id: "sess_1",
  turn_id: "turn_1",
  output_index: n,
  item: {
    type: "function_call",
    id: `fc_${id}`,
    turn_id: "turn_1",
    call_id: `call_${id}`,
    name: "write_measurement",
    arguments: args,
  },
});

/** The SSE bytes of one turn: created, the given calls, completed, idle. */
function sse(calls: readonly object[]): string {
  const events = [
    {
      event_id: "ev_created",
      type: "agent.session.turn.created",
      session_id: "sess_1",
      turn_id: "turn_1",
      turn: turn("in_progress"),
    },
    ...calls,
    {
      event_id: "ev_completed",
      type: "agent.session.turn.completed",
      session_id: "sess_1",
      turn_id: "turn_1",
      turn: turn("completed"),
    },
    { event_id: "ev_idle", type: "agent.session.idle", session: SESSION },
  ];
  return events
    .map(
      (e) =>
        `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`,
    )
    .join("");
}

/** What the SDK posts: the input message, then one tool_result per call (checked by `results`). */
function script(
  calls: readonly object[],
  results: ((event: Record<string, unknown>) => void)[],
): Exchange[] {
  const events = /^\/v1\/agents\/sessions\/sess_1\/events$/;
  return [
    {
      method: "GET",
      path: /^\/v1\/agents\/sessions\/sess_1$/,
      body: JSON.stringify(SESSION),
    },
    { method: "GET", path: events, body: sse(calls), sse: true },
    {
      path: events,
      status: 202,
      body: "",
      check: (b) =>
        expect((b as { events: { type: string }[] }).events[0]!.type).toBe(
          "agent.session.input.message",
        ),
    },
    ...results.map((check): Exchange => ({
      path: events,
      status: 202,
      body: "",
      check: (b) =>
        check((b as { events: Record<string, unknown>[] }).events[0]!),
    })),
  ];
}

async function converse(
  url: string,
  wiring: ReturnType<typeof agentsApiToolHandlers<typeof standardSchemas>>,
) {
  const client = new OpenAI({
    apiKey: "test",
    baseURL: `${url}/v1`,
    maxRetries: 0,
  });
  const stream = client.beta.agents.sessions.stream("sess_1", {
    input: "I weigh 75,5 kg today (2024-04-11).",
    toolHandlers: wiring.toolHandlers,
  });
  const seen: string[] = [];
  for await (const event of wiring.observe(stream)) seen.push(event.type);
  return seen;
}

describe("Agents API sessions.stream with toolcat's toolHandlers", () => {
  it("refuses 75,5 with toolcat's text, runs 75.5 once, answers the same call id again from the store", async () => {
    app = openApp();
    const wiring = agentsApiToolHandlers(
      app.dispatcher,
      standardSchemas,
      "sess_1",
    );
    const results: Record<string, unknown>[] = [];
    const keep = (e: Record<string, unknown>) => void results.push(e);
    const calls = [
      call("w1", { date: "2024-04-11", data: { weight_kg: "75,5" } }, 1),
      call("w2", { date: "2024-04-11", data: { weight_kg: 75.5 } }, 2),
    ];
    const seen = await withReplay(script(calls, [keep, keep]), (r) =>
      converse(r.url, wiring),
    );
    expect(seen).toContain("agent.session.idle");
    expect(results[0]).toMatchObject({
      type: "agent.session.input.tool_result",
      turn_id: "turn_1",
      call_id: "call_w1",
      success: true,
      output: WEIGHT_REFUSAL,
    });
    expect(results[1]).toMatchObject({ call_id: "call_w2", success: true });
    expect(JSON.parse(results[1]!["output"] as string)).toEqual({
      saved: ["weight_kg"],
    });
    expect(app.runs.write_measurement).toBe(1);
    expect(app.rows()).toEqual([
      { date: "2024-04-11", field: "weight_kg", value: 75.5 },
    ]);

    const again: Record<string, unknown>[] = [];
    await withReplay(
      script(
        [call("w2", { date: "2024-04-11", data: { weight_kg: 75.5 } }, 2)],
        [(e) => void again.push(e)],
      ),
      (r) => converse(r.url, wiring),
    );
    expect(JSON.parse(again[0]!["output"] as string)).toEqual({
      saved: ["weight_kg"],
    });
    expect(app.runs.write_measurement).toBe(1);
  });
});
