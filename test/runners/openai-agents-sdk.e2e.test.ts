/**
 * The OpenAI Agents SDK (`@openai/agents` Agent + run(), Responses model) running toolcat's
 * tools end to end against the replay server (recorded Responses turns, strict declarations):
 * the 75,5 call is refused by the dispatcher (the handler never runs) and the model reads
 * toolcat's refusal text, not the SDK's generic one; the corrected call runs once; the same call
 * id in a later run is answered from the store.
 */
import {
  Agent,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  tool,
} from "@openai/agents";
import OpenAI from "openai";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openaiResponsesTools } from "../../generated/providers/openai-responses.js";
import { openaiAgentsSdkTools } from "../../generated/runtime/runners/openai-agents-sdk.js";
import { strictStandardSchemas } from "../../generated/standard-schema.js";
import {
  openApp,
  responsesOutputs,
  turns,
  WEIGHT_REFUSAL,
  withReplay,
} from "./support.js";

beforeAll(() => setTracingDisabled(true));
let app: ReturnType<typeof openApp> | undefined;
afterEach(() => app?.close());

const RESPONSES = /^\/v1\/responses$/;

async function converse(
  url: string,
  stream: boolean,
  dispatcher: ReturnType<typeof openApp>["dispatcher"],
) {
  const client = new OpenAI({
    apiKey: "test",
    baseURL: `${url}/v1`,
    maxRetries: 0,
  });
  const options = openaiAgentsSdkTools(dispatcher, strictStandardSchemas);
  const agent = new Agent({
    name: "coach",
    instructions: "Record the user's measurements.",
    model: new OpenAIResponsesModel(client, "gpt-test"),
    tools: [tool(options.write_measurement), tool(options.list_exercises)],
  });
  if (!stream)
    return await run(agent, "I weigh 75,5 kg today (2024-04-11).", {
      maxTurns: 5,
    });
  const result = await run(agent, "I weigh 75,5 kg today (2024-04-11).", {
    maxTurns: 5,
    stream: true,
  });
  for await (const _event of result) void _event;
  await result.completed;
  return result;
}

for (const stream of [false, true]) {
  describe(`@openai/agents run() ${stream ? "streaming" : "non-streaming"}`, () => {
    it("refuses 75,5 with toolcat's text, runs 75.5 once, replays a repeated call id", async () => {
      app = openApp();
      const sent: Map<string, string>[] = [];
      const keep = (body: unknown) => void sent.push(responsesOutputs(body));
      let declared: unknown;
      const first = (body: unknown) =>
        void (declared = (body as { tools: { name?: string }[] }).tools.find(
          (t) => t.name === "write_measurement",
        ));
      const result = await withReplay(
        turns(
          "openai-responses",
          ["weight-invalid", "weight-valid", "done"],
          stream,
          RESPONSES,
          [first, keep, keep],
        ),
        (r) => converse(r.url, stream, app!.dispatcher),
      );
      // The model was told toolcat's strict declaration, as strict.
      const expected = openaiResponsesTools.find(
        (t) => t.type === "function" && t.name === "write_measurement",
      );
      expect(declared).toMatchObject({
        type: "function",
        name: "write_measurement",
        strict: true,
        parameters:
          expected && "parameters" in expected ? expected.parameters : {},
      });
      expect(result.finalOutput).toBeTruthy();
      expect(sent[0]!.get("call_w1")).toBe(WEIGHT_REFUSAL);
      expect(JSON.parse(sent[1]!.get("call_w2")!)).toEqual({
        saved: ["weight_kg"],
      });
      expect(app.runs.write_measurement).toBe(1);
      expect(app.rows()).toEqual([
        { date: "2024-04-11", field: "weight_kg", value: 75.5 },
      ]);

      const again: Map<string, string>[] = [];
      await withReplay(
        turns("openai-responses", ["weight-valid", "done"], stream, RESPONSES, [
          undefined,
          (b) => void again.push(responsesOutputs(b)),
        ]),
        (r) => converse(r.url, stream, app!.dispatcher),
      );
      expect(JSON.parse(again[0]!.get("call_w2")!)).toEqual({
        saved: ["weight_kg"],
      });
      expect(app.runs.write_measurement).toBe(1);
    });
  });
}
