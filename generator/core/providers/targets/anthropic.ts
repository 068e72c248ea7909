/** Anthropic Messages: `input_schema`, `strict: true` when asked (Anthropic's tool use guide). */
import { ANTHROPIC_STRICT, CANONICAL } from "../lowering/dialects.js";
import type { ProviderModule } from "../provider.js";
import { schemaObject } from "./common.js";

export const anthropic: ProviderModule = {
  id: "anthropic",
  adapter: {
    file: "runtime/adapters/anthropic.ts",
    export: "anthropicAdapter",
    uses: ["runtime/adapters/reading.ts"],
  },
  title: "Anthropic Messages",
  usage: "pass as `tools` to `client.messages.create`",
  dialects: { plain: CANONICAL, strict: ANTHROPIC_STRICT },
  declare: (t) => ({
    name: t.tool.name,
    description: t.tool.description,
    ...(t.strict ? { strict: true } : {}),
    input_schema: schemaObject(t.input.schema),
  }),
  typeDeclarations: `/** A client tool as the Messages API takes it (structurally the SDK's \`Tool\`). */
export interface AnthropicTool {
  name: string;
  description: string;
  strict?: boolean;
  input_schema: { type: "object"; [key: string]: unknown };
}`,
  elementType: "AnthropicTool",
  declarationType: "AnthropicTool",
};
