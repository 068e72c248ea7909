/** OpenAI Chat Completions: `{type: "function", function: {...}}`, `strict` always explicit (OpenAI's function calling guide). */
import { CANONICAL, OPENAI_STRICT } from "../lowering/dialects.js";
import type { ProviderModule } from "../provider.js";
import { schemaObject } from "./common.js";

export const openaiChat: ProviderModule = {
  id: "openai-chat",
  adapter: {
    file: "runtime/adapters/openai-chat.ts",
    export: "openaiChatAdapter",
    uses: ["runtime/adapters/reading.ts"],
  },
  title: "OpenAI Chat Completions",
  usage: "pass as `tools` to `client.chat.completions.create`",
  dialects: { plain: CANONICAL, strict: OPENAI_STRICT },
  declare: (t) => ({
    type: "function",
    function: {
      name: t.tool.name,
      description: t.tool.description,
      strict: t.strict,
      parameters: schemaObject(t.input.schema),
    },
  }),
  typeDeclarations: `/** A function tool as Chat Completions takes it (structurally the SDK's \`ChatCompletionFunctionTool\`). */
export interface OpenaiChatTool {
  type: "function";
  function: { name: string; description: string; strict: boolean; parameters: { [key: string]: unknown } };
}`,
  elementType: "OpenaiChatTool",
  declarationType: "OpenaiChatTool",
};
