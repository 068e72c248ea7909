/**
 * Gemini through `@google/genai`: one `Tool` holding every `functionDeclarations` entry, with
 * standard JSON Schema in `parametersJsonSchema`/`responseJsonSchema` — never the proto-backed
 * `parameters`, which rejects unions, type lists and most keywords (Gemini's function calling guide).
 */
import { GOOGLE } from "../lowering/dialects.js";
import type { ProviderModule } from "../provider.js";
import { schemaObject } from "./common.js";

export const googleGenai: ProviderModule = {
  id: "google-genai",
  adapter: {
    file: "runtime/adapters/google-genai.ts",
    export: "googleGenaiAdapter",
    uses: ["runtime/adapters/reading.ts", "runtime/adapters/partial-args.ts"],
  },
  title: "Gemini (@google/genai)",
  usage: "pass as `config.tools` to `ai.models.generateContent`",
  dialects: { plain: GOOGLE },
  output: GOOGLE,
  declare: (t) => ({
    name: t.tool.name,
    description: t.tool.description,
    parametersJsonSchema: schemaObject(t.input.schema),
    ...(t.output ? { responseJsonSchema: t.output.schema } : {}),
  }),
  collect: (declarations) =>
    declarations.length === 0
      ? []
      : [{ functionDeclarations: [...declarations] }],
  typeDeclarations: `/** A function declaration with JSON Schema parameters (structurally the SDK's \`FunctionDeclaration\`). */
export interface GoogleGenaiFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: { [key: string]: unknown };
  responseJsonSchema?: unknown;
}

/** A tool holding function declarations (structurally the SDK's \`Tool\`). */
export interface GoogleGenaiTool {
  functionDeclarations: GoogleGenaiFunctionDeclaration[];
}`,
  requestSettings: (target) =>
    target.options.streamArguments === true
      ? [
          {
            export: "googleGenaiToolConfig",
            key: "toolConfig",
            type: "GoogleGenaiToolConfig",
            typeDeclaration: `/** The request's tool configuration (structurally the SDK's \`ToolConfig\`). */
export interface GoogleGenaiToolConfig {
  functionCallingConfig: { streamFunctionCallArguments: boolean };
}`,
            doc: [
              "Pass as `config.toolConfig` (target option `stream_arguments: true`): Gemini on Vertex AI then streams each call's arguments in `partialArgs` fragments, which `dispatcher.googleGenai.respondToStream` puts back together.",
              "Vertex AI only (`new GoogleGenAI({ vertexai: true, ... })`): the SDK refuses it for the Gemini Developer API. With `generateContentStream`, also pass `automaticFunctionCalling: { disable: true }` when `config.tools` holds callable tools.",
            ],
            value: {
              functionCallingConfig: { streamFunctionCallArguments: true },
            },
          },
        ]
      : [],
  elementType: "GoogleGenaiTool",
  declarationType: "GoogleGenaiFunctionDeclaration",
};
