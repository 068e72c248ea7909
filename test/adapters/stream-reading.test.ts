/**
 * What the adapters read from responses and streams that real providers and servers send, taken
 * as normal: OpenAI-compatible quirks (indexes from 1, no `index`, `id: ""` / `name: ""` on
 * continuation deltas, every call at index 0, arguments only in the last delta), a Responses call
 * marked `in_progress` in a completed response, Gemini calls without `id` or `args`, text and
 * server-side tools mixed with client calls, Interactions argument deltas.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anthropicAdapter } from "../../templates/runtime/adapters/anthropic.js";
import { googleGenaiAdapter } from "../../templates/runtime/adapters/google-genai.js";
import { googleInteractionsAdapter } from "../../templates/runtime/adapters/google-interactions.js";
import { openaiAgentsAdapter } from "../../templates/runtime/adapters/openai-agents.js";
import { openaiChatAdapter } from "../../templates/runtime/adapters/openai-chat.js";
import { openaiCompatibleAdapter } from "../../templates/runtime/adapters/openai-compatible.js";
import { openaiResponsesAdapter } from "../../templates/runtime/adapters/openai-responses.js";
import type { ProviderTurn } from "../../templates/runtime/tool-call.js";

async function* stream(...events: unknown[]): AsyncGenerator<never> {
  for (const e of events) yield e as never;
}
const delta = (tool_calls: unknown[], finish_reason: string | null = null) => ({
  choices: [{ index: 0, delta: { tool_calls }, finish_reason }],
});
const finish = (reason: string) => ({
  choices: [{ index: 0, delta: {}, finish_reason: reason }],
});
const brief = (t: ProviderTurn) => ({
  complete: t.complete,
  calls: t.calls.map((c) => [c.id, c.name, c.arguments]),
});

describe("OpenAI Chat and compatible servers", () => {
  it("rebuilds parallel calls from one-character deltas, by index, keeping the order", async () => {
    const args = ['{"a":1}', '{"b":"x y"}'];
    const events: unknown[] = [
      delta([
        {
          index: 0,
          id: "c0",
          type: "function",
          function: { name: "t0", arguments: "" },
        },
      ]),
      delta([
        {
          index: 1,
          id: "c1",
          type: "function",
          function: { name: "t1", arguments: "" },
        },
      ]),
    ];
    // Interleaved, one character at a time.
    for (let i = 0; i < Math.max(...args.map((a) => a.length)); i++) {
      for (const index of [1, 0])
        if (i < args[index]!.length)
          events.push(
            delta([{ index, function: { arguments: args[index]![i] } }]),
          );
    }
    events.push(finish("tool_calls"));
    expect(
      brief(await openaiChatAdapter.readStream(stream(...events))),
    ).toEqual({
      complete: true,
      calls: [
        ["c0", "t0", args[0]],
        ["c1", "t1", args[1]],
      ],
    });
  });

  it("takes indexes from 1, repeated empty ids and names, and arguments only in the final delta", async () => {
    const turn = await openaiCompatibleAdapter.readStream(
      stream(
        delta([
          {
            index: 1,
            id: "a",
            type: "function",
            function: { name: "first", arguments: "" },
          },
        ]),
        delta([
          {
            index: 1,
            id: "",
            type: "function",
            function: { name: "", arguments: '{"x":' },
          },
        ]),
        delta([{ index: 1, id: "", function: { name: "", arguments: "1}" } }]),
        delta([
          { index: 2, id: "b", type: "function", function: { name: "second" } },
        ]),
        delta([{ index: 2, function: { arguments: '{"y":2}' } }], "tool_calls"),
      ),
    );
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        ["a", "first", '{"x":1}'],
        ["b", "second", '{"y":2}'],
      ],
    });
    expect(turn.calls.every((c) => c.target === "openai-compatible")).toBe(
      true,
    );
  });

  it("tells calls apart by id when a server leaves out index or puts every call at 0", async () => {
    const noIndex = await openaiCompatibleAdapter.readStream(
      stream(
        delta([{ id: "a", function: { name: "first", arguments: '{"x"' } }]),
        delta([{ function: { arguments: ":1}" } }]),
        delta([{ id: "b", function: { name: "second", arguments: "{}" } }]),
        finish("stop"),
      ),
    );
    expect(brief(noIndex).calls).toEqual([
      ["a", "first", '{"x":1}'],
      ["b", "second", "{}"],
    ]);
    const allAtZero = await openaiCompatibleAdapter.readStream(
      stream(
        delta([
          { index: 0, id: "a", function: { name: "first", arguments: "{}" } },
        ]),
        delta([
          { index: 0, id: "b", function: { name: "second", arguments: "{}" } },
        ]),
        finish("eos"),
      ),
    );
    expect(brief(allAtZero)).toEqual({
      complete: true,
      calls: [
        ["a", "first", "{}"],
        ["b", "second", "{}"],
      ],
    });
  });

  it("reads text mixed with calls, and a custom tool call as a call (so its id is answered)", () => {
    const turn = openaiChatAdapter.read({
      choices: [
        {
          index: 0,
          finish_reason: "tool_calls",
          message: {
            tool_calls: [
              {
                id: "c1",
                type: "custom",
                custom: { name: "grammar_tool", input: "raw" },
              },
              {
                id: "c2",
                type: "function",
                function: { name: "t", arguments: "{}" },
              },
            ],
          },
        },
      ],
    });
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        ["c1", "grammar_tool", "raw"],
        ["c2", "t", "{}"],
      ],
    });
  });
});

describe("OpenAI Responses", () => {
  it("keys argument deltas by item id, lets the .done arguments win, reads an in_progress item of a completed response", async () => {
    const turn = await openaiResponsesAdapter.readStream(
      stream(
        {
          type: "response.output_item.added",
          output_index: 0,
          item: { type: "reasoning", id: "rs" },
        },
        {
          type: "response.output_item.added",
          output_index: 1,
          item: {
            type: "function_call",
            id: "fc_1",
            call_id: "call_1",
            name: "t1",
            arguments: "",
          },
        },
        {
          type: "response.output_item.added",
          output_index: 2,
          item: { type: "web_search_call", id: "ws" },
        },
        {
          type: "response.output_item.added",
          output_index: 3,
          item: {
            type: "function_call",
            id: "fc_2",
            call_id: "call_2",
            name: "t2",
            arguments: "",
          },
        },
        {
          type: "response.function_call_arguments.delta",
          item_id: "fc_2",
          output_index: 3,
          delta: '{"b"',
        },
        {
          type: "response.function_call_arguments.delta",
          item_id: "fc_1",
          output_index: 1,
          delta: '{"a"',
        },
        {
          type: "response.function_call_arguments.delta",
          output_index: 1,
          delta: ":1}",
        },
        {
          type: "response.function_call_arguments.done",
          item_id: "fc_2",
          output_index: 3,
          arguments: '{"b":2}',
        },
        {
          type: "response.completed",
          response: { status: "completed", output: [] },
        },
      ),
    );
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        ["call_1", "t1", '{"a":1}'],
        ["call_2", "t2", '{"b":2}'],
      ],
    });
    const whole = openaiResponsesAdapter.read({
      status: "completed",
      output: [
        {
          type: "function_call",
          call_id: "c",
          name: "t",
          arguments: "{}",
          status: "in_progress",
        } as never,
      ],
    });
    expect(brief(whole)).toEqual({ complete: true, calls: [["c", "t", "{}"]] });
  });
});

/**
 * A call's arguments cut into fragments (each at least one character), and an interleaving of
 * every call's fragments that keeps each call's own order: the shape of any streamed turn.
 */
const streamedCalls = fc
  .array(
    fc.record({
      args: fc.oneof(fc.json(), fc.string({ minLength: 1, maxLength: 30 })),
      cuts: fc.array(fc.nat(), { maxLength: 6 }),
      done: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((calls) => {
    const fragments = calls.map((c) => {
      const points = [
        ...new Set(
          c.cuts
            .map((n) => (c.args.length > 1 ? 1 + (n % (c.args.length - 1)) : 0))
            .filter((n) => n > 0),
        ),
      ].sort((a, b) => a - b);
      return [0, ...points].map((start, i, all) =>
        c.args.slice(start, all[i + 1] ?? c.args.length),
      );
    });
    const slots = fragments.flatMap((f, index) => f.map(() => index));
    return fc
      .shuffledSubarray(slots, {
        minLength: slots.length,
        maxLength: slots.length,
      })
      .map((order) => ({ calls, fragments, order }));
  });

describe("streamed calls, any interleaving (property)", () => {
  it("Chat: each call is reassembled by its index, in index order, whatever the order of the fragments", async () => {
    await fc.assert(
      fc.asyncProperty(streamedCalls, async ({ calls, fragments, order }) => {
        const events: unknown[] = [];
        const next = fragments.map(() => 0);
        for (const index of order) {
          const first = next[index] === 0;
          const piece = fragments[index]![next[index]!++]!;
          // The first delta of a call carries its id and name; later ones only arguments (odd
          // indexes repeat an empty id and name, as some compatible servers do).
          const call = first
            ? {
                index,
                id: `c${index}`,
                type: "function",
                function: { name: `t${index}`, arguments: piece },
              }
            : index % 2 === 1
              ? { index, id: "", function: { name: "", arguments: piece } }
              : { index, function: { arguments: piece } };
          events.push(delta([call]));
        }
        events.push(finish("tool_calls"));
        const turn = await openaiChatAdapter.readStream(stream(...events));
        // The independent answer: the calls as they were before the stream cut them up.
        expect(brief(turn)).toEqual({
          complete: true,
          calls: calls.map((c, i) => [`c${i}`, `t${i}`, c.args]),
        });
      }),
      { numRuns: 200, seed: Number(process.env.FC_SEED ?? 4242) },
    );
  });

  it("Responses: argument deltas are keyed by item; a .done event's arguments win over the deltas", async () => {
    await fc.assert(
      fc.asyncProperty(streamedCalls, async ({ calls, fragments, order }) => {
        const events: unknown[] = calls.map((_, i) => ({
          type: "response.output_item.added",
          output_index: i,
          item: {
            type: "function_call",
            id: `fc_${i}`,
            call_id: `call_${i}`,
            name: `t${i}`,
            arguments: "",
          },
        }));
        const next = fragments.map(() => 0);
        for (const index of order)
          events.push({
            type: "response.function_call_arguments.delta",
            item_id: `fc_${index}`,
            output_index: index,
            delta: fragments[index]![next[index]!++],
          });
        calls.forEach((c, i) => {
          if (c.done !== undefined)
            events.push({
              type: "response.function_call_arguments.done",
              item_id: `fc_${i}`,
              output_index: i,
              arguments: c.done,
            });
        });
        events.push({
          type: "response.completed",
          response: { status: "completed", output: [] },
        });
        const turn = await openaiResponsesAdapter.readStream(stream(...events));
        expect(brief(turn)).toEqual({
          complete: true,
          calls: calls.map((c, i) => [`call_${i}`, `t${i}`, c.done ?? c.args]),
        });
      }),
      { numRuns: 200, seed: Number(process.env.FC_SEED ?? 4243) },
    );
  });
});

describe("Anthropic", () => {
  it("reassembles input_json_delta per content-block index; a block without deltas keeps its start input", async () => {
    const turn = await anthropicAdapter.readStream(
      stream(
        { type: "message_start", message: { stop_reason: null, content: [] } },
        {
          type: "content_block_start",
          index: 0,
          content_block: { type: "text", text: "" },
        },
        {
          type: "content_block_delta",
          index: 0,
          delta: { type: "text_delta", text: "hi" },
        },
        {
          type: "content_block_start",
          index: 1,
          content_block: { type: "tool_use", id: "tu1", name: "t1", input: {} },
        },
        {
          type: "content_block_start",
          index: 2,
          content_block: { type: "tool_use", id: "tu2", name: "t2", input: {} },
        },
        ...'{"a":[1,2]}'.split("").map((c) => ({
          type: "content_block_delta",
          index: 2,
          delta: { type: "input_json_delta", partial_json: c },
        })),
        {
          type: "content_block_delta",
          index: 1,
          delta: { type: "input_json_delta", partial_json: "" },
        },
        { type: "message_delta", delta: { stop_reason: "tool_use" } },
        { type: "message_stop" },
      ),
    );
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        ["tu1", "t1", {}],
        ["tu2", "t2", { a: [1, 2] }],
      ],
    });
  });
});

describe("Google", () => {
  it("GenAI: a call without id is read without one, a call without args as {}, across chunks", async () => {
    const part = (functionCall: unknown) => ({
      candidates: [
        {
          content: { role: "model", parts: [{ text: "x" }, { functionCall }] },
        },
      ],
    });
    const turn = await googleGenaiAdapter.readStream(
      stream(
        part({ name: "a", args: { q: 1 } }),
        part({ id: "g2", name: "b" }),
        { candidates: [{ content: { parts: [] }, finishReason: "STOP" }] },
      ),
    );
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        [undefined, "a", { q: 1 }],
        ["g2", "b", {}],
      ],
    });
    expect("id" in turn.calls[0]!).toBe(false);
  });

  it("GenAI: the reply answers by name and position, with id only where the call had one, response always an object", () => {
    const turn = googleGenaiAdapter.read({
      candidates: [
        {
          finishReason: "STOP",
          content: {
            parts: [
              { functionCall: { name: "a" } },
              { functionCall: { id: "g2", name: "b", args: {} } },
            ],
          },
        },
      ],
    });
    const base = { target: "google-genai" as const, replayed: false };
    const reply = googleGenaiAdapter.reply(turn, [
      {
        ...base,
        status: "ok",
        tool: "a",
        isError: false,
        text: "[1]",
        output: [1],
      },
      {
        ...base,
        status: "invalid-arguments",
        tool: "b",
        id: "g2",
        isError: true,
        text: "bad",
      },
    ]);
    expect(reply).toEqual({
      role: "user",
      parts: [
        { functionResponse: { name: "a", response: { output: [1] } } },
        {
          functionResponse: { id: "g2", name: "b", response: { error: "bad" } },
        },
      ],
    });
  });

  it("Interactions: arguments_delta fragments per step index; the status update ends the turn", async () => {
    const turn = await googleInteractionsAdapter.readStream(
      stream(
        {
          event_type: "interaction.created",
          interaction: { id: "i1", status: "in_progress" },
        },
        { event_type: "step.start", index: 0, step: { type: "thought" } },
        {
          event_type: "step.start",
          index: 1,
          step: { type: "function_call", id: "f1", name: "t", arguments: {} },
        },
        {
          event_type: "step.delta",
          index: 1,
          delta: { type: "arguments_delta", arguments: '{"a"' },
        },
        {
          event_type: "step.delta",
          index: 1,
          delta: { type: "arguments_delta", arguments: ":true}" },
        },
        {
          event_type: "step.start",
          index: 2,
          step: {
            type: "function_call",
            id: "f2",
            name: "u",
            arguments: { whole: 1 },
          },
        },
        {
          event_type: "interaction.status_update",
          interaction_id: "i1",
          status: "requires_action",
        },
      ),
    );
    expect(brief(turn)).toEqual({
      complete: true,
      calls: [
        ["f1", "t", { a: true }],
        ["f2", "u", { whole: 1 }],
      ],
    });
  });
});

describe("OpenAI Agents API", () => {
  it("reads function calls with their session and turn; stops at requires_action on a stream that stays open", async () => {
    let pulledAfter = 0;
    async function* open(): AsyncGenerator<never> {
      yield { type: "agent.session.turn.created" } as never;
      yield {
        type: "agent.session.requires_action",
        session: {
          id: "s1",
          status: "requires_action",
          required_actions: [
            {
              type: "function_call",
              turn_id: "tu",
              call_id: "c1",
              name: "t",
              arguments: { a: 1 },
            },
          ],
        },
      } as never;
      for (;;) {
        pulledAfter += 1;
        yield { type: "agent.session.heartbeat" } as never;
      }
    }
    const turn = await openaiAgentsAdapter.readStream(open());
    expect(turn).toEqual({
      complete: true,
      calls: [
        {
          target: "openai-agents",
          id: "c1",
          name: "t",
          arguments: { a: 1 },
          scope: { sessionId: "s1", turnId: "tu" },
        },
      ],
    });
    expect(pulledAfter).toBe(0);
  });
});
