/** Gemini Interactions API (`client.interactions`): `{type: "function", name, description, parameters}` (Gemini's function calling guide). */
import { GOOGLE } from "../lowering/dialects.js";
import type { ProviderModule } from "../provider.js";
import { schemaObject } from "./common.js";

export const googleInteractions: ProviderModule = {
  id: "google-interactions",
  adapter: {
    file: "runtime/adapters/google-interactions.ts",
    export: "googleInteractionsAdapter",
    uses: ["runtime/adapters/reading.ts"],
  },
  title: "Gemini Interactions API",
  usage: "pass as `tools` to `client.interactions.create`",
  dialects: { plain: GOOGLE },
  declare: (t) => ({
    type: "function",
    name: t.tool.name,
    description: t.tool.description,
    parameters: schemaObject(t.input.schema),
  }),
  typeDeclarations: `/** A function tool as the Interactions API takes it (structurally the SDK's \`Interactions.Function\`). */
export interface GoogleInteractionsTool {
  type: "function";
  name: string;
  description: string;
  parameters: { [key: string]: unknown };
}`,
  elementType: "GoogleInteractionsTool",
  declarationType: "GoogleInteractionsTool",
};
