/** OpenAI Agents API (`client.beta.agents`): function tools without a `strict` field (the openai SDK's `client.beta.agents` types). */
import { CANONICAL } from "../lowering/dialects.js";
import type { ProviderModule } from "../provider.js";
import { deferLoading, schemaObject, withToolSearch } from "./common.js";

export const openaiAgents: ProviderModule = {
  id: "openai-agents",
  adapter: {
    file: "runtime/adapters/openai-agents.ts",
    export: "openaiAgentsAdapter",
    uses: ["runtime/adapters/reading.ts"],
  },
  title: "OpenAI Agents API",
  usage: "pass as `tools` to `client.beta.agents.create`",
  dialects: { plain: CANONICAL },
  declare: (t) => ({
    type: "function",
    name: t.tool.name,
    description: t.tool.description,
    ...deferLoading(t),
    parameters: schemaObject(t.input.schema),
  }),
  collect: withToolSearch,
  typeDeclarations: `/** A function tool as the Agents API takes it (structurally the SDK's \`AgentToolParam\` function variant). */
export interface OpenaiAgentsFunctionTool {
  type: "function";
  name: string;
  description: string;
  defer_loading?: boolean;
  parameters: { [key: string]: unknown };
}

/** Tool search, present when some tool defers loading its schema. */
export interface OpenaiAgentsToolSearch {
  type: "tool_search";
}

export type OpenaiAgentsTool = OpenaiAgentsFunctionTool | OpenaiAgentsToolSearch;`,
  elementType: "OpenaiAgentsTool",
  declarationType: "OpenaiAgentsFunctionTool",
};
