/**
 * OpenAI-compatible servers (vLLM, Ollama, …): the Chat Completions shape, with `strict` sent only
 * when it is true, because several servers reject the field or ignore it (the servers' OpenAI-compatibility documentation).
 */
import { CANONICAL, OPENAI_STRICT } from "../lowering/dialects.js";
import type { ProviderModule } from "../provider.js";
import { schemaObject } from "./common.js";

export const openaiCompatible: ProviderModule = {
  id: "openai-compatible",
  adapter: {
    file: "runtime/adapters/openai-compatible.ts",
    export: "openaiCompatibleAdapter",
    uses: ["runtime/adapters/reading.ts", "runtime/adapters/openai-chat.ts"],
  },
  title: "OpenAI-compatible Chat Completions servers",
  usage: "pass as `tools` to a Chat Completions-compatible endpoint",
  dialects: { plain: CANONICAL, strict: OPENAI_STRICT },
  declare: (t) => ({
    type: "function",
    function: {
      name: t.tool.name,
      description: t.tool.description,
      ...(t.strict ? { strict: true } : {}),
      parameters: schemaObject(t.input.schema),
    },
  }),
  typeDeclarations: `/** A function tool in the Chat Completions shape (structurally the SDK's \`ChatCompletionFunctionTool\`). */
export interface OpenaiCompatibleTool {
  type: "function";
  function: { name: string; description: string; strict?: boolean; parameters: { [key: string]: unknown } };
}`,
  elementType: "OpenaiCompatibleTool",
  declarationType: "OpenaiCompatibleTool",
};
