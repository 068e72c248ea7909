/**
 * The AI SDK (`ai` 7 with @ai-sdk/openai) running toolcat's tools end to end against the replay
 * server (recorded OpenAI Chat turns, strict declarations): the 75,5 call is refused by the
 * Standard Schema before `execute` (the handler never runs) and the model reads toolcat's
 * message; the corrected call runs once; the same call id in a later conversation is answered
 * from the dispatcher's store without running the handler again.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, stepCountIs, streamText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { aiSdkTools } from "../../generated/runtime/runners/ai-sdk.js";
import { strictStandardSchemas } from "../../generated/standard-schema.js";
import { chatToolMessages, openApp, turns, withReplay } from "./support.js";

let app: ReturnType<typeof openApp> | undefined;
afterEach(() => app?.close());

const CHAT = /^\/v1\/chat\/completions$/;

async function converse(
  url: string,
  stream: boolean,
  tools: ReturnType<typeof aiSdkTools<typeof strictStandardSchemas>>,
) {
  const model = createOpenAI({ apiKey: "test", baseURL: `${url}/v1` }).chat(
    "gpt-test",
  );
  const options = {
    model,
    tools,
    prompt: "I weigh 75,5 kg today (2024-04-11).",
    stopWhen: stepCountIs(5),
    maxRetries: 0,
  };
  if (!stream) return (await generateText(options)).steps;
  const result = streamText(options);
  await result.consumeStream();
  return await result.steps;
}

for (const stream of [false, true]) {
  describe(`AI SDK ${stream ? "streamText" : "generateText"}`, () => {
    it("refuses 75,5 before execute with toolcat's message, runs 75.5 once, replays a repeated call id", async () => {
      app = openApp();
      const tools = aiSdkTools(app.dispatcher, strictStandardSchemas);
      const sent: Map<string, string>[] = [];
      const declared: unknown[] = [];
      const keep = (body: unknown) => {
        sent.push(chatToolMessages(body));
        declared.push(
          (
            (body as { tools: { function: { name: string } }[] }).tools ?? []
          ).find((t) => t.function.name === "write_measurement"),
        );
      };
      const steps = await withReplay(
        turns(
          "openai-chat",
          ["weight-invalid", "weight-valid", "done"],
          stream,
          CHAT,
          [undefined, keep, keep],
        ),
        (r) => converse(r.url, stream, tools),
      );
      expect(steps).toHaveLength(3);
      // The model was told the strict declaration, as strict.
      expect(declared[0]).toMatchObject({
        type: "function",
        function: {
          name: "write_measurement",
          strict: true,
          parameters: { required: ["date", "data"] },
        },
      });
      // @ai-sdk/openai sends a tool error as {"error": …}; the AI SDK's text carries toolcat's issues as JSON.
      const refused = (
        JSON.parse(sent[0]!.get("call_w1")!) as { error: string }
      ).error;
      expect(refused).toMatch(
        /^AI_InvalidToolInputError: Invalid input for tool write_measurement:/,
      );
      expect(refused).toContain(
        JSON.stringify({
          message: 'type — expected a number; received "75,5"',
          path: ["data", "weight_kg"],
        }),
      );
      expect(refused).not.toMatch(/An error occurred|Tool handler failed/);
      expect(
        steps[0]!.content.find((p) => p.type === "tool-error"),
      ).toMatchObject({ toolCallId: "call_w1" });
      expect(JSON.parse(sent[1]!.get("call_w2")!)).toEqual({
        saved: ["weight_kg"],
      });
      expect(app.runs.write_measurement).toBe(1);
      expect(app.rows()).toEqual([
        { date: "2024-04-11", field: "weight_kg", value: 75.5 },
      ]);

      // The same call id again (a retried step, a resumed conversation): answered from the store.
      const again: Map<string, string>[] = [];
      await withReplay(
        turns("openai-chat", ["weight-valid", "done"], stream, CHAT, [
          undefined,
          (b) => void again.push(chatToolMessages(b)),
        ]),
        (r) => converse(r.url, stream, tools),
      );
      expect(JSON.parse(again[0]!.get("call_w2")!)).toEqual({
        saved: ["weight_kg"],
      });
      expect(app.runs.write_measurement).toBe(1);
    });
  });
}
