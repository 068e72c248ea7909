/**
 * Vercel AI SDK (`ai` 7): one `tool()` definition per catalog tool for `generateText` /
 * `streamText`. The AI SDK checks each call with the tool's Standard Schema (toolcat's
 * validator: an invalid call never reaches `execute`, and the model reads toolcat's messages in
 * the SDK's "Invalid input for tool …" result); `execute` runs the call through the dispatcher
 * with the SDK's `toolCallId`, so checks, confirmation and idempotency apply and a repeated call
 * id is answered from the store. A refused call is thrown as ToolcatCallError, which the SDK
 * turns into a `tool-error` whose text is the dispatcher's. No import of `ai`: the shapes are
 * structural (checked against `ai`'s own types in the tests).
 */
import type { AbortSignalType } from "../dispatch.js";
import { outputOrThrow, setOwn, type RunsCalls } from "./common.js";

/** What `execute` is handed besides the input (the fields read of the SDK's `ToolExecutionOptions`). */
export interface AiSdkExecuteOptions {
  readonly toolCallId: string;
  readonly abortSignal?: AbortSignalType | undefined;
}

/** A Standard Schema as the AI SDK takes it (a `ToolStandardSchema`). */
export interface AiSdkSchema<Output> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: readonly { readonly message: string }[] };
  };
  readonly description: string;
  readonly strict?: boolean;
}

/** One tool as `tool({ description, inputSchema, execute })` defines it. */
export interface AiSdkTool<Input, Schema> {
  readonly description: string;
  readonly inputSchema: Schema;
  /** Set for a strict declaration (strictStandardSchemas), so the provider is told it is strict. */
  readonly strict?: true;
  readonly execute: (
    input: Input,
    options: AiSdkExecuteOptions,
  ) => Promise<unknown>;
}

type OutputOf<S> = S extends AiSdkSchema<infer O> ? O : never;

/**
 * The tools for `generateText({ tools })` / `streamText({ tools })`, one per schema: pass
 * `standardSchemas` (any provider) or `strictStandardSchemas` (OpenAI models declared strict),
 * whole or a subset.
 */
export function aiSdkTools<
  const Schemas extends { readonly [K in keyof Schemas]: AiSdkSchema<unknown> },
>(
  dispatcher: RunsCalls,
  schemas: Schemas,
): { [K in keyof Schemas]: AiSdkTool<OutputOf<Schemas[K]>, Schemas[K]> } {
  const tools: { [name: string]: AiSdkTool<unknown, unknown> } = {};
  for (const name of Object.keys(schemas)) {
    const schema = (
      schemas as { readonly [name: string]: AiSdkSchema<unknown> }
    )[name]!;
    setOwn(tools, name, {
      description: schema.description,
      inputSchema: schema,
      ...(schema.strict === true ? { strict: true as const } : {}),
      execute: async (input, options) =>
        outputOrThrow(
          await dispatcher.run(
            {
              target: "ai-sdk",
              id: options.toolCallId,
              name,
              arguments: input,
            },
            options.abortSignal === undefined
              ? undefined
              : { signal: options.abortSignal },
          ),
        ),
    });
  }
  return tools as {
    [K in keyof Schemas]: AiSdkTool<OutputOf<Schemas[K]>, Schemas[K]>;
  };
}
