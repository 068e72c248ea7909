/**
 * openai-node's `client.chat.completions.runTools` running toolcat's runnable tools end to end
 * against the replay server (recorded Chat turns, strict declarations): `parse` (the generated
 * call validator) refuses the 75,5 call, so `function` and the handler never run, and the tool
 * message is the dispatcher's text; the corrected call (nulls for omitted fields) runs once.
 * runTools passes no call id, so there is no repeated-id case here.
 */
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import { validateOpenaiChatCall } from "../../generated/providers/openai-chat.calls.js";
import { openaiChatTools } from "../../generated/providers/openai-chat.js";
import { openaiRunnableTools } from "../../generated/runtime/runners/openai-run-tools.js";
import {
  chatToolMessages,
  openApp,
  turns,
  WEIGHT_REFUSAL,
  withReplay,
} from "./support.js";

let app: ReturnType<typeof openApp> | undefined;
afterEach(() => app?.close());

const CHAT = /^\/v1\/chat\/completions$/;

for (const stream of [false, true]) {
  describe(`openai runTools ${stream ? "streaming" : "non-streaming"}`, () => {
    it("refuses 75,5 in parse with toolcat's text, runs 75.5 once", async () => {
      app = openApp();
      const tools = openaiRunnableTools(
        app.dispatcher,
        openaiChatTools,
        validateOpenaiChatCall,
      );
      const sent: Map<string, string>[] = [];
      const keep = (body: unknown) => void sent.push(chatToolMessages(body));
      const content = await withReplay(
        turns(
          "openai-chat",
          ["weight-invalid", "weight-valid", "done"],
          stream,
          CHAT,
          [undefined, keep, keep],
        ),
        async (r) => {
          const client = new OpenAI({
            apiKey: "test",
            baseURL: `${r.url}/v1`,
            maxRetries: 0,
          });
          const messages = [
            {
              role: "user" as const,
              content: "I weigh 75,5 kg today (2024-04-11).",
            },
          ];
          const runner = stream
            ? client.chat.completions.runTools({
                model: "gpt-test",
                messages,
                tools,
                stream: true,
              })
            : client.chat.completions.runTools({
                model: "gpt-test",
                messages,
                tools,
              });
          return await runner.finalContent();
        },
      );
      expect(content).toBeTruthy();
      expect(sent[0]!.get("call_w1")).toBe(WEIGHT_REFUSAL);
      expect(JSON.parse(sent[1]!.get("call_w2")!)).toEqual({
        saved: ["weight_kg"],
      });
      expect(app.runs.write_measurement).toBe(1);
      expect(app.rows()).toEqual([
        { date: "2024-04-11", field: "weight_kg", value: 75.5 },
      ]);
    });
  });
}
