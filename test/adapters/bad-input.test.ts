/**
 * Responses malformed in the ways providers really fail, through the generated dispatcher: each
 * gives a clear result in the provider's format, no handler runs for it, and `respond` /
 * `respondToStream` never throw. Only a value that is not a response at all is an error for the app.
 */
import { describe, expect, it } from "vitest";
import { appHandlers, openMeasurements } from "./support/app.js";
import { createAppDispatcher, type Dispatcher } from "./support/dispatch.js";
import type { Responded } from "../../templates/runtime/tool-call.js";

async function* stream(...events: unknown[]): AsyncGenerator<never> {
  for (const e of events) yield e as never;
}
async function* failing(
  message: string,
  ...events: unknown[]
): AsyncGenerator<never> {
  for (const e of events) yield e as never;
  throw new Error(message);
}
const VALID =
  '{"date":"2024-04-11","data":{"weight_kg":75.5,"body_fat_pct":null,"waist_cm":null}}';
const chat = (
  calls: { id: string; name?: string; arguments: string }[],
  finish_reason = "tool_calls",
) => ({
  choices: [
    {
      index: 0,
      finish_reason,
      message: {
        role: "assistant",
        tool_calls: calls.map((c) => ({
          id: c.id,
          type: "function",
          function: {
            name: c.name ?? "write_measurement",
            arguments: c.arguments,
          },
        })),
      },
    },
  ],
});
const chunk = (tool_calls: unknown[], finish_reason: string | null = null) => ({
  choices: [{ index: 0, delta: { tool_calls }, finish_reason }],
});
const gemini = (finishReason: string, parts: unknown[]) => ({
  candidates: [{ finishReason, content: { role: "model", parts } }],
});
/** A Gemini stream chunk that is not the last one (no finishReason). */
const geminiChunk = (parts: unknown[]) => ({
  candidates: [{ content: { role: "model", parts } }],
});
const anthropic = (input: unknown) => ({
  stop_reason: "tool_use",
  content: [{ type: "tool_use", id: "tu1", name: "write_measurement", input }],
});

interface Case {
  readonly name: string;
  readonly send: (d: Dispatcher) => Promise<Responded<unknown>>;
  readonly statuses: readonly string[];
  readonly reply?: unknown;
  /** The handler that must have run (a duplicated id: once). */
  readonly runs?: number;
}

const cases: Case[] = [
  {
    name: "Chat: arguments cut mid-string",
    send: (d) =>
      d.openaiChat.respond(
        chat([
          { id: "c1", arguments: '{"date":"2024-04-11","data":{"wei' },
        ]) as never,
      ),
    statuses: ["invalid-arguments"],
  },
  {
    name: "Chat: finish_reason length",
    send: (d) =>
      d.openaiChat.respond(
        chat([{ id: "c1", arguments: VALID }], "length") as never,
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Chat: finish_reason content_filter",
    send: (d) =>
      d.openaiChat.respond(
        chat([{ id: "c1", arguments: VALID }], "content_filter") as never,
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Chat: a stream whose final chunk says content_filter",
    send: (d) =>
      d.openaiChat.respondToStream(
        stream(
          chunk([
            {
              index: 0,
              id: "c1",
              function: { name: "write_measurement", arguments: VALID },
            },
          ]),
          chunk([], "content_filter"),
        ),
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Compatible: finish_reason content_filter",
    send: (d) =>
      d.openaiCompatible.respond(
        chat([{ id: "c1", arguments: VALID }], "content_filter") as never,
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Chat: a stream that stops without its final chunk",
    send: (d) =>
      d.openaiChat.respondToStream(
        stream(
          chunk([
            {
              index: 0,
              id: "c1",
              function: { name: "write_measurement", arguments: VALID },
            },
          ]),
        ),
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Chat: a dropped connection (the stream throws)",
    send: (d) =>
      d.openaiChat.respondToStream(
        failing(
          "socket hang up",
          chunk([
            {
              index: 0,
              id: "c1",
              function: { name: "write_measurement", arguments: VALID },
            },
          ]),
        ),
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Compatible: a stream that ends with an error event (Groq tool_use_failed)",
    send: (d) =>
      d.openaiCompatible.respondToStream(
        stream(
          chunk([
            {
              index: 0,
              id: "c1",
              function: {
                name: "write_measurement",
                arguments: '{"date":"2024-04-11","data":{"weight_kg":75.5}}',
              },
            },
          ]),
          {
            error: {
              message: "Failed to call a function",
              code: "tool_use_failed",
              failed_generation: "<function=write_measurement>",
            },
          },
        ),
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Chat: a duplicated call id in one response runs once",
    send: (d) =>
      d.openaiChat.respond(
        chat([
          { id: "dup", arguments: VALID },
          { id: "dup", arguments: VALID },
        ]) as never,
      ),
    statuses: ["ok", "ok"],
    runs: 1,
  },
  {
    name: "Chat: an unknown tool",
    send: (d) =>
      d.openaiChat.respond(
        chat([{ id: "c1", name: "drop_tables", arguments: "{}" }]) as never,
      ),
    statuses: ["unknown-tool"],
  },
  {
    name: "Chat: arguments that are an array",
    send: (d) =>
      d.openaiChat.respond(chat([{ id: "c1", arguments: "[1,2]" }]) as never),
    statuses: ["invalid-arguments"],
  },
  {
    name: "Chat: arguments that are null",
    send: (d) =>
      d.openaiChat.respond(chat([{ id: "c1", arguments: "null" }]) as never),
    statuses: ["invalid-arguments"],
  },
  {
    name: "Chat: a call whose fields have the wrong types",
    send: (d) =>
      d.openaiChat.respond({
        choices: [
          {
            index: 0,
            finish_reason: "tool_calls",
            message: {
              tool_calls: [
                {
                  id: 7,
                  type: "function",
                  function: { name: ["x"], arguments: { a: 1 } },
                },
                null,
                "x",
              ],
            },
          },
        ],
      } as never),
    statuses: ["unknown-tool"],
  },
  {
    name: "Responses: response.failed",
    send: (d) =>
      d.openaiResponses.respondToStream(
        stream(
          {
            type: "response.output_item.added",
            output_index: 0,
            item: {
              type: "function_call",
              id: "fc",
              call_id: "c1",
              name: "write_measurement",
              arguments: VALID,
            },
          },
          {
            type: "response.failed",
            response: { status: "failed", error: { message: "server error" } },
          },
        ),
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Anthropic: input that is a string",
    send: (d) =>
      d.anthropic.respond(
        anthropic('{"date":"2024-04-11","data":{"weight_kg":75.5}}') as never,
      ),
    statuses: ["invalid-arguments"],
  },
  {
    name: "Anthropic: input that is an array",
    send: (d) => d.anthropic.respond(anthropic([]) as never),
    statuses: ["invalid-arguments"],
  },
  {
    name: "Anthropic: input that is null",
    send: (d) => d.anthropic.respond(anthropic(null) as never),
    statuses: ["invalid-arguments"],
  },
  {
    name: "Anthropic: an error event mid-stream (overloaded)",
    send: (d) =>
      d.anthropic.respondToStream(
        stream(
          { type: "message_start", message: {} },
          {
            type: "content_block_start",
            index: 0,
            content_block: {
              type: "tool_use",
              id: "tu1",
              name: "write_measurement",
              input: {},
            },
          },
          {
            type: "error",
            error: { type: "overloaded_error", message: "Overloaded" },
          },
        ),
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Gemini: finishReason UNEXPECTED_TOOL_CALL",
    send: (d) =>
      d.googleGenai.respond(
        gemini("UNEXPECTED_TOOL_CALL", [
          {
            functionCall: {
              name: "write_measurement",
              args: { date: "2024-04-11", data: { weight_kg: 75.5 } },
            },
          },
        ]) as never,
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Gemini: finishReason MALFORMED_FUNCTION_CALL",
    send: (d) =>
      d.googleGenai.respond(gemini("MALFORMED_FUNCTION_CALL", []) as never),
    statuses: [],
  },
  {
    name: "Gemini: args that are null",
    send: (d) =>
      d.googleGenai.respond(
        gemini("STOP", [
          { functionCall: { name: "write_measurement", args: null } },
        ]) as never,
      ),
    statuses: ["invalid-arguments"],
  },
  {
    name: "Gemini (Vertex, streamed arguments): fragments that skip an array index",
    send: (d) =>
      d.googleGenai.respondToStream(
        stream(
          geminiChunk([
            { functionCall: { name: "write_measurement", willContinue: true } },
            {
              functionCall: {
                partialArgs: [
                  { jsonPath: "$.date", stringValue: "2024-04-11" },
                  { jsonPath: "$.data[3]", numberValue: 75.5 },
                ],
                willContinue: true,
              },
            },
            { functionCall: {} },
          ]),
          gemini("STOP", []),
        ),
      ),
    statuses: ["invalid-arguments"],
  },
  {
    name: "Gemini (Vertex, streamed arguments): a stream cut in the middle of a call's fragments",
    send: (d) =>
      d.googleGenai.respondToStream(
        stream(
          geminiChunk([
            { functionCall: { name: "write_measurement", willContinue: true } },
            {
              functionCall: {
                partialArgs: [
                  {
                    jsonPath: "$.date",
                    stringValue: "2024-",
                    willContinue: true,
                  },
                ],
                willContinue: true,
              },
            },
          ]),
        ),
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Interactions: an error event",
    send: (d) =>
      d.googleInteractions.respondToStream(
        stream(
          {
            event_type: "step.start",
            index: 0,
            step: {
              type: "function_call",
              id: "f1",
              name: "write_measurement",
              arguments: {},
            },
          },
          { event_type: "error", error: { message: "internal" } },
        ),
      ),
    statuses: ["incomplete"],
  },
  {
    name: "Agents API: a required action that is not a function call",
    send: (d) =>
      d.openaiAgents.respond({
        id: "s1",
        object: "agent.session",
        status: "requires_action",
        required_actions: [
          { type: "mcp_approval_request", request: {} },
          { type: "environment_connection", environment_id: "e1" },
        ],
      } as never),
    statuses: [],
    reply: [],
  },
  {
    name: "Agents API: a session that failed keeps its calls from running and takes no results",
    send: (d) =>
      d.openaiAgents.respond({
        id: "s1",
        status: "failed",
        required_actions: [
          {
            type: "function_call",
            turn_id: "t",
            call_id: "c",
            name: "write_measurement",
            arguments: {},
          },
        ],
      } as never),
    statuses: ["incomplete"],
    reply: [],
  },
  {
    name: "A stream of events that are not objects",
    send: (d) =>
      d.anthropic.respondToStream(
        stream(null, 1, "x", [], { type: "message_stop" }),
      ),
    statuses: [],
  },
  {
    name: "MCP: arguments that are an array",
    send: async (d) => ({
      reply: await d.mcp.callTool({
        name: "write_measurement",
        arguments: [1] as never,
      }),
      results: [],
    }),
    statuses: [],
    reply: {
      content: [{ type: "text", text: expect.stringContaining("not run") }],
      isError: true,
    },
  },
];

describe("bad input", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const measurements = openMeasurements(":memory:");
      const { handlers, runs } = appHandlers(measurements);
      const responded = await c.send(createAppDispatcher(handlers));
      measurements.close();
      expect(responded.results.map((r) => r.status)).toEqual(c.statuses);
      expect(
        responded.results.every(
          (r) => r.status === "ok" || (r.isError && r.text.length > 0),
        ),
      ).toBe(true);
      expect(runs.write_measurement).toBe(c.runs ?? 0);
      if (c.reply !== undefined) expect(responded.reply).toEqual(c.reply);
    });
  }

  it("answers every call of a refused turn in the provider's format, with its id and error flag", async () => {
    const d = createAppDispatcher(
      appHandlers(openMeasurements(":memory:")).handlers,
    );
    const chatReply = await d.openaiChat.respond(
      chat(
        [
          { id: "c1", arguments: VALID },
          { id: "c2", name: "nope", arguments: "{}" },
        ],
        "length",
      ) as never,
    );
    expect(chatReply.reply).toEqual([
      {
        role: "tool",
        tool_call_id: "c1",
        content: expect.stringContaining("not run"),
      },
      {
        role: "tool",
        tool_call_id: "c2",
        content: expect.stringContaining("not run"),
      },
    ]);
    const anthropicReply = await d.anthropic.respond({
      stop_reason: "max_tokens",
      content: [
        { type: "text", text: "x" },
        { type: "tool_use", id: "tu1", name: "write_measurement", input: {} },
      ],
    } as never);
    expect(anthropicReply.reply).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "tu1",
          content: expect.stringContaining("not run"),
          is_error: true,
        },
      ],
    });
  });

  it("throws a TypeError only for what is not a response at all", async () => {
    const d = createAppDispatcher(
      appHandlers(openMeasurements(":memory:")).handlers,
    );
    for (const bound of [
      d.openaiChat,
      d.openaiResponses,
      d.openaiAgents,
      d.openaiCompatible,
      d.anthropic,
      d.googleGenai,
      d.googleInteractions,
      d.mcp,
    ]) {
      await expect(bound.respond(null as never)).rejects.toThrow(TypeError);
      await expect(bound.respond("text" as never)).rejects.toThrow(TypeError);
      await expect(bound.respondToStream(42 as never)).rejects.toThrow(
        TypeError,
      );
    }
  });
});
