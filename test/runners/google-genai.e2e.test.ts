/**
 * `@google/genai` automatic function calling with toolcat's CallableTool end to end against the
 * replay server (recorded generateContent turns): the SDK hands each functionCall to `callTool`,
 * the dispatcher refuses the 75,5 call (no handler runs) and the model reads
 * `{ error: <toolcat's text> }`; the corrected call runs once. Gemini sends no call ids in these
 * recordings, so there is no repeated-id case (a call with an id is deduplicated by the dispatcher).
 */
import { GoogleGenAI, type CallableTool } from "@google/genai";
import { afterEach, describe, expect, it } from "vitest";
import { googleGenaiTools } from "../../generated/providers/google-genai.js";
import { googleCallableTool } from "../../generated/runtime/runners/google-genai.js";
import { openApp, turns, WEIGHT_REFUSAL, withReplay } from "./support.js";

let app: ReturnType<typeof openApp> | undefined;
afterEach(() => app?.close());

/** The functionResponse parts of a request's last user content: name → response. */
function functionResponses(
  body: unknown,
): { name: string; response: Record<string, unknown> }[] {
  const contents =
    (
      body as {
        contents?: {
          role?: string;
          parts?: {
            functionResponse?: {
              name: string;
              response: Record<string, unknown>;
            };
          }[];
        }[];
      }
    ).contents ?? [];
  const last = contents[contents.length - 1];
  return (last?.parts ?? []).flatMap((p) =>
    p.functionResponse ? [p.functionResponse] : [],
  );
}

describe("@google/genai CallableTool (automatic function calling)", () => {
  it("refuses 75,5 with toolcat's text, runs 75.5 once", async () => {
    app = openApp();
    const callable: CallableTool = googleCallableTool(
      app.dispatcher,
      googleGenaiTools[0]!,
    );
    const sent: ReturnType<typeof functionResponses>[] = [];
    const keep = (body: unknown) => void sent.push(functionResponses(body));
    const response = await withReplay(
      turns(
        "google-genai",
        ["weight-invalid", "weight-valid", "done"],
        false,
        /:generateContent$/,
        [undefined, keep, keep],
      ),
      async (r) => {
        const ai = new GoogleGenAI({
          apiKey: "test",
          httpOptions: { baseUrl: r.url },
        });
        return await ai.models.generateContent({
          model: "gemini-test",
          contents: "I weigh 75,5 kg today (2024-04-11).",
          config: { tools: [callable] },
        });
      },
    );
    expect(response.text).toBeTruthy();
    expect(sent[0]).toEqual([
      { name: "write_measurement", response: { error: WEIGHT_REFUSAL } },
    ]);
    expect(sent[1]).toEqual([
      {
        name: "write_measurement",
        response: { output: { saved: ["weight_kg"] } },
      },
    ]);
    expect(app.runs.write_measurement).toBe(1);
    expect(app.rows()).toEqual([
      { date: "2024-04-11", field: "weight_kg", value: 75.5 },
    ]);
  });

  it("streaming (generateContentStream): the same, through the SDK's automatic calling", async () => {
    app = openApp();
    const callable: CallableTool = googleCallableTool(
      app.dispatcher,
      googleGenaiTools[0]!,
    );
    const sent: ReturnType<typeof functionResponses>[] = [];
    const keep = (body: unknown) => void sent.push(functionResponses(body));
    const texts = await withReplay(
      turns(
        "google-genai",
        ["weight-invalid", "weight-valid", "done"],
        true,
        /:streamGenerateContent$/,
        [undefined, keep, keep],
      ),
      async (r) => {
        const ai = new GoogleGenAI({
          apiKey: "test",
          httpOptions: { baseUrl: r.url },
        });
        const out: string[] = [];
        for await (const chunk of await ai.models.generateContentStream({
          model: "gemini-test",
          contents: "I weigh 75,5 kg today (2024-04-11).",
          config: { tools: [callable] },
        }))
          out.push(chunk.text ?? "");
        return out;
      },
    );
    expect(texts.join("")).toBeTruthy();
    expect(sent[0]).toEqual([
      { name: "write_measurement", response: { error: WEIGHT_REFUSAL } },
    ]);
    expect(sent[1]).toEqual([
      {
        name: "write_measurement",
        response: { output: { saved: ["weight_kg"] } },
      },
    ]);
    expect(app.runs.write_measurement).toBe(1);
  });

  it("answers a repeated call id from the store", async () => {
    app = openApp();
    const callable = googleCallableTool(app.dispatcher, googleGenaiTools[0]!);
    const call = {
      id: "fc-1",
      name: "write_measurement",
      args: { date: "2024-04-11", data: { weight_kg: 75.5 } },
    };
    const first = await callable.callTool([call]);
    const again = await callable.callTool([call]);
    expect(again).toEqual(first);
    expect(first[0]!.functionResponse).toMatchObject({
      id: "fc-1",
      response: { output: { saved: ["weight_kg"] } },
    });
    expect(app.runs.write_measurement).toBe(1);
  });
});
