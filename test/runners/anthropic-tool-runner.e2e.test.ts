/**
 * Anthropic's `client.beta.messages.toolRunner` running toolcat's runnable tools end to end
 * against the replay server (recorded Messages turns): `parse` (the generated check) refuses the
 * 75,5 input, so `run` and the handler never see it, and the model reads the dispatcher's text
 * with `is_error`; the corrected call runs once; the same `tool_use` id in a later conversation is
 * answered from the store.
 */
import Anthropic from "@anthropic-ai/sdk";
import { ToolError } from "@anthropic-ai/sdk/lib/tools/ToolError";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicTools } from "../../generated/providers/anthropic.js";
import { anthropicRunnableTools } from "../../generated/runtime/runners/anthropic-tool-runner.js";
import { standardSchemas } from "../../generated/standard-schema.js";
import {
  anthropicResults,
  openApp,
  turns,
  WEIGHT_REFUSAL,
  withReplay,
} from "./support.js";

let app: ReturnType<typeof openApp> | undefined;
afterEach(() => app?.close());

const MESSAGES = /^\/v1\/messages$/;

async function converse(
  url: string,
  stream: boolean,
  tools: ReturnType<typeof anthropicRunnableTools>,
) {
  const client = new Anthropic({ apiKey: "test", baseURL: url, maxRetries: 0 });
  const params = {
    model: "claude-test",
    max_tokens: 1024,
    thread: false as const,
    messages: [
      { role: "user" as const, content: "I weigh 75,5 kg today (2024-04-11)." },
    ],
    tools,
  };
  if (!stream) return await client.beta.messages.toolRunner(params);
  const runner = client.beta.messages.toolRunner({ ...params, stream: true });
  for await (const messageStream of runner) await messageStream.finalMessage();
  return await runner;
}

for (const [label, ToolErrorClass] of [
  ["with ToolError", ToolError],
  ["with plain errors", undefined],
] as const) {
  for (const stream of [false, true]) {
    describe(`Anthropic toolRunner ${stream ? "streaming" : "non-streaming"}, ${label}`, () => {
      it("refuses 75,5 in parse with toolcat's text, runs 75.5 once, replays a repeated tool_use id", async () => {
        app = openApp();
        const tools = anthropicRunnableTools(
          app.dispatcher,
          anthropicTools,
          standardSchemas,
          ToolErrorClass ? { ToolError: ToolErrorClass } : {},
        );
        const sent: Map<string, { text: string; isError: boolean }>[] = [];
        const keep = (body: unknown) => void sent.push(anthropicResults(body));
        const final = await withReplay(
          turns(
            "anthropic",
            ["weight-invalid", "weight-valid", "done"],
            stream,
            MESSAGES,
            [undefined, keep, keep],
          ),
          (r) => converse(r.url, stream, tools),
        );
        expect(final.stop_reason).toBe("end_turn");
        expect(sent[0]!.get("toolu_w1")).toEqual({
          text: ToolErrorClass ? WEIGHT_REFUSAL : `Error: ${WEIGHT_REFUSAL}`,
          isError: true,
        });
        expect(sent[1]!.get("toolu_w2")).toMatchObject({ isError: false });
        expect(JSON.parse(sent[1]!.get("toolu_w2")!.text)).toEqual({
          saved: ["weight_kg"],
        });
        expect(app.runs.write_measurement).toBe(1);
        expect(app.rows()).toEqual([
          { date: "2024-04-11", field: "weight_kg", value: 75.5 },
        ]);

        const again: Map<string, { text: string; isError: boolean }>[] = [];
        await withReplay(
          turns("anthropic", ["weight-valid", "done"], stream, MESSAGES, [
            undefined,
            (b) => void again.push(anthropicResults(b)),
          ]),
          (r) => converse(r.url, stream, tools),
        );
        expect(JSON.parse(again[0]!.get("toolu_w2")!.text)).toEqual({
          saved: ["weight_kg"],
        });
        expect(app.runs.write_measurement).toBe(1);
      });
    });
  }
}
