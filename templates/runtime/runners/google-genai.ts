/**
 * Google `@google/genai`: a `CallableTool` (`tool()` + `callTool(calls)`) for automatic function
 * calling in `ai.models.generateContent` / `ai.chats`, over the generated `googleGenaiTools`
 * declarations. Each function call goes to the dispatcher as the model sent it (id when Gemini
 * gives one: then a repeated id is answered from the store), and comes back as a
 * `functionResponse` part: `{ output }` when it ran, `{ error: <the dispatcher's text> }` when it
 * was refused. Structural types, checked against the SDK's in tests.
 */
import type { RunsCalls } from "./common.js";

/** One function call as Gemini sends it (the SDK's `FunctionCall`). */
export interface GeminiFunctionCall {
  id?: string | undefined;
  name?: string | undefined;
  args?: { [key: string]: unknown } | undefined;
}

/** One answer (a `Part` holding a `functionResponse`). */
export interface GeminiResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: { [key: string]: unknown };
  };
}

/** The SDK's `CallableTool`. */
export interface GeminiCallableTool<Tool> {
  tool(): Promise<Tool>;
  callTool(calls: GeminiFunctionCall[]): Promise<GeminiResponsePart[]>;
}

/** A `CallableTool` serving `tool` (one element of `googleGenaiTools`) through the dispatcher. */
export function googleCallableTool<Tool>(
  dispatcher: RunsCalls,
  tool: Tool,
): GeminiCallableTool<Tool> {
  return {
    tool: async () => tool,
    async callTool(calls) {
      const parts: GeminiResponsePart[] = [];
      // One after the other, in the model's order (a later call may depend on an earlier one).
      for (const call of Array.isArray(calls) ? calls : []) {
        const name = typeof call?.name === "string" ? call.name : "";
        const id =
          typeof call?.id === "string" && call.id !== "" ? call.id : undefined;
        const result = await dispatcher.run({
          target: "google-genai",
          ...(id !== undefined ? { id } : {}),
          name,
          arguments: call?.args === undefined ? {} : call.args,
        });
        const functionResponse: GeminiResponsePart["functionResponse"] = {
          name,
          response: result.isError
            ? { error: result.text }
            : { output: result.output === undefined ? null : result.output },
        };
        if (id !== undefined) functionResponse.id = id;
        parts.push({ functionResponse });
      }
      return parts;
    },
  };
}
