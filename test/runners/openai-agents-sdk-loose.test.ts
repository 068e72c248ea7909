/**
 * A tool toolcat cannot declare strictly (test/fixtures/providers-fallback: a free-form map) through
 * `@openai/agents`: the SDK refuses Standard Schema parameters without strict mode, so the wiring
 * hands it the plain declaration with `strict: false`. The real `tool()` accepts it, announces the
 * declaration as it is, and its invoke hands the raw arguments and call id to the dispatcher.
 */
import { RunContext, tool } from "@openai/agents";
import { describe, expect, it } from "vitest";
import { strictStandardSchemas } from "../fixtures/providers-fallback/expected/standard-schema.js";
import { openaiResponsesTools } from "../fixtures/providers-fallback/expected/providers/openai-responses.js";
import { openaiAgentsSdkTools } from "../../generated/runtime/runners/openai-agents-sdk.js";
import type { ToolCall } from "../../generated/runtime/tool-call.js";

describe("@openai/agents with a tool declared non-strict", () => {
  it("is a strict: false tool with the declaration's schema, run through the dispatcher", async () => {
    const calls: ToolCall[] = [];
    const dispatcher = {
      run: async (call: ToolCall) => {
        calls.push(call);
        return {
          status: "ok" as const,
          target: call.target,
          tool: call.name,
          isError: false,
          text: '{"ok":true}',
          output: { ok: true },
          replayed: false,
        };
      },
    };
    const options = openaiAgentsSdkTools(dispatcher, strictStandardSchemas);
    expect(strictStandardSchemas.set_labels.strict).toBe(false);
    const loose = tool(options.set_labels);
    const declared = openaiResponsesTools.find(
      (t) => t.type === "function" && t.name === "set_labels",
    )!;
    expect(loose.strict).toBe(false);
    expect(loose.parameters).toEqual(
      "parameters" in declared ? declared.parameters : undefined,
    );
    const strict = tool(options.search_archive);
    expect(strict.strict).toBe(true);

    const raw = '{"labels":{"a":"b"}}';
    const output = await loose.invoke(new RunContext(), raw, {
      toolCall: {
        type: "function_call",
        callId: "call_1",
        name: "set_labels",
        arguments: raw,
      },
    });
    expect(output).toEqual({ ok: true });
    expect(calls).toEqual([
      {
        target: "openai-responses",
        id: "call_1",
        name: "set_labels",
        arguments: raw,
      },
    ]);
  });
});
