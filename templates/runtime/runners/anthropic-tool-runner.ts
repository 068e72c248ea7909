/**
 * Anthropic (`@anthropic-ai/sdk` 1.x): runnable tools for `client.beta.messages.toolRunner`,
 * one per declaration of the generated `anthropicTools`. `parse` is the generated check (an
 * invalid input throws the dispatcher's refusal text, and the runner answers `is_error` without
 * calling `run`); `run` hands the `tool_use` block's id and input to the dispatcher, so checks,
 * confirmation and idempotency apply (a repeated `tool_use` id is answered from the store). The
 * runner prefixes a thrown message with "Error: "; pass the SDK's `ToolError` class to have the
 * model read the dispatcher's text exactly. Structural types, checked against the SDK's in tests.
 */
import type { AbortSignalType } from "../dispatch.js";
import { checkArguments, type RunsCalls, type WiredSchema } from "./common.js";

/** The tool call the runner is serving (the fields read of the SDK's `BetaToolRunContext`). */
export interface AnthropicRunContext {
  readonly toolUse: { readonly id: string; readonly input: unknown };
  readonly signal?: AbortSignalType | null | undefined;
}

/** A declaration of the generated `anthropicTools`. */
export interface AnthropicDeclaration {
  readonly name: string;
  readonly description: string;
  readonly strict?: boolean;
  readonly input_schema: { type: "object"; [key: string]: unknown };
}

/** A runnable tool (the SDK's `BetaRunnableTool`). */
export interface AnthropicRunnableTool<Input> {
  readonly type: "custom";
  readonly name: string;
  readonly description: string;
  readonly strict?: boolean;
  readonly input_schema: { type: "object"; [key: string]: unknown };
  readonly parse: (content: unknown) => Input;
  readonly run: (args: Input, context?: AnthropicRunContext) => Promise<string>;
}

/** The SDK's `ToolError` (its content is what the model reads, without the "Error: " prefix). */
export type ToolErrorClass = new (content: string) => Error;

/**
 * Runnable tools for `toolRunner({ tools })`, one per declaration (pass `anthropicTools`, or a
 * subset), checked with `schemas` (pass `standardSchemas`: Anthropic sends the catalog's shape).
 */
export function anthropicRunnableTools<
  const Schemas extends { readonly [K in keyof Schemas]: WiredSchema<unknown> },
>(
  dispatcher: RunsCalls,
  declarations: readonly AnthropicDeclaration[],
  schemas: Schemas,
  options: { readonly ToolError?: ToolErrorClass } = {},
): AnthropicRunnableTool<unknown>[] {
  const fail = (text: string): Error =>
    options.ToolError !== undefined
      ? new options.ToolError(text)
      : new Error(text);
  const table = schemas as { readonly [name: string]: WiredSchema<unknown> };
  return declarations.map((declaration) => {
    const name = declaration.name;
    const schema = Object.prototype.hasOwnProperty.call(table, name)
      ? table[name]
      : undefined;
    if (schema === undefined)
      throw new TypeError(
        `toolcat: no schema for the tool ${JSON.stringify(name)}`,
      );
    return {
      type: "custom",
      name,
      description: declaration.description,
      ...(declaration.strict !== undefined
        ? { strict: declaration.strict }
        : {}),
      input_schema: declaration.input_schema,
      parse: (content: unknown) => {
        const checked = checkArguments(schema, content);
        if (!checked.ok) throw fail(checked.text);
        return checked.value;
      },
      run: async (args: unknown, context?: AnthropicRunContext) => {
        const result = await dispatcher.run(
          {
            target: "anthropic",
            ...(context !== undefined ? { id: context.toolUse.id } : {}),
            name,
            // The input as the model sent it: the dispatcher checks it again, itself.
            arguments: context !== undefined ? context.toolUse.input : args,
          },
          context?.signal == null ? undefined : { signal: context.signal },
        );
        if (result.isError) throw fail(result.text);
        return result.text;
      },
    };
  });
}
