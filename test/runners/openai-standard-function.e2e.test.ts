/**
 * openai-node's `standardFunction` (openai/helpers/standard-schema) with toolcat's strict flavour,
 * run by `runTools` against the replay server (recorded Chat turns): the model is told the strict
 * declaration toolcat generated (every field required, nullable where optional), `validate` (the
 * call validator) refuses 75,5 before the callback runs with toolcat's message in the tool message,
 * and the callback receives the catalog's shape (the nulls meaning "not given" removed).
 */
import OpenAI from "openai";
import { standardFunction } from "openai/helpers/standard-schema";
import { describe, expect, it } from "vitest";
import { openaiChatTools } from "../../generated/providers/openai-chat.js";
import { strictStandardSchemas } from "../../generated/standard-schema.js";
import type { ToolInput } from "../../generated/types.js";
import { chatToolMessages, turns, WEIGHT_LINE, withReplay } from "./support.js";

describe("openai standardFunction with strictStandardSchemas", () => {
  it("declares the strict declaration, refuses 75,5 with toolcat's message, hands the catalog's shape to the callback", async () => {
    const received: ToolInput["write_measurement"][] = [];
    const weight = strictStandardSchemas.write_measurement;
    const tool = standardFunction({
      name: weight.name,
      description: weight.description,
      parameters: weight,
      function: async (args) => {
        received.push(args);
        return { saved: Object.keys(args.data) };
      },
    });
    const declared: unknown[] = [];
    const sent: Map<string, string>[] = [];
    const keep = (body: unknown) => {
      declared.push((body as { tools: unknown[] }).tools[0]);
      sent.push(chatToolMessages(body));
    };
    await withReplay(
      turns(
        "openai-chat",
        ["weight-invalid", "weight-valid", "done"],
        false,
        /^\/v1\/chat\/completions$/,
        [keep, keep, keep],
      ),
      async (r) => {
        const client = new OpenAI({
          apiKey: "test",
          baseURL: `${r.url}/v1`,
          maxRetries: 0,
        });
        return await client.chat.completions
          .runTools({
            model: "gpt-test",
            messages: [
              { role: "user", content: "I weigh 75,5 kg today (2024-04-11)." },
            ],
            tools: [tool],
          })
          .finalContent();
      },
    );
    const expected = openaiChatTools.find(
      (t) => t.function.name === "write_measurement",
    )!;
    expect(declared[0]).toMatchObject({
      type: "function",
      function: {
        name: "write_measurement",
        strict: true,
        parameters: expected.function.parameters,
      },
    });
    expect(sent[1]!.get("call_w1")).toContain(WEIGHT_LINE);
    expect(received).toEqual([
      { date: "2024-04-11", data: { weight_kg: 75.5 } },
    ]);
    expect(JSON.parse(sent[2]!.get("call_w2")!)).toEqual({
      saved: ["weight_kg"],
    });
  });
});
