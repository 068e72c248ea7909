/**
 * OpenAI Responses: flat function tools with `strict` always explicit (an omitted `strict` lets the
 * server normalise the schema on its own) and `defer_loading` for tool search (OpenAI's function calling and tool search guides).
 */
import { CANONICAL, OPENAI_STRICT } from "../lowering/dialects.js";
import type { ProviderModule } from "../provider.js";
import { deferLoading, schemaObject, withToolSearch } from "./common.js";

export const openaiResponses: ProviderModule = {
  id: "openai-responses",
  adapter: {
    file: "runtime/adapters/openai-responses.ts",
    export: "openaiResponsesAdapter",
    uses: ["runtime/adapters/reading.ts"],
  },
  title: "OpenAI Responses",
  usage: "pass as `tools` to `client.responses.create`",
  dialects: { plain: CANONICAL, strict: OPENAI_STRICT },
  declare: (t) => ({
    type: "function",
    name: t.tool.name,
    description: t.tool.description,
    strict: t.strict,
    ...deferLoading(t),
    parameters: schemaObject(t.input.schema),
  }),
  collect: withToolSearch,
  typeDeclarations: `/** A function tool as the Responses API takes it (structurally the SDK's \`FunctionTool\`). */
export interface OpenaiResponsesFunctionTool {
  type: "function";
  name: string;
  description: string;
  strict: boolean;
  defer_loading?: boolean;
  parameters: { [key: string]: unknown };
}

/** Tool search, present when some tool defers loading its schema. */
export interface OpenaiResponsesToolSearch {
  type: "tool_search";
}

export type OpenaiResponsesTool = OpenaiResponsesFunctionTool | OpenaiResponsesToolSearch;`,
  elementType: "OpenaiResponsesTool",
  declarationType: "OpenaiResponsesFunctionTool",
};
