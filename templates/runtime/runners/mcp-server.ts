/**
 * MCP servers and clients. For `@modelcontextprotocol/server` 2.x: `registerMcpTools` registers
 * every tool with `registerTool`, its Standard Schema as `inputSchema` (the SDK checks each call
 * with toolcat's validator and answers an invalid one with `isError`), its output's as
 * `outputSchema`, annotations and title from the generated `mcpTools`, and a callback that runs
 * the call through the dispatcher (checks, confirmation, output check). For a client (either
 * SDK line), `toolcatJsonSchemaValidator` answers `jsonSchemaValidator.getValidator(schema)` with
 * the generated output validator of the tool whose `outputSchema` that is, so `callTool` checks
 * `structuredContent` exactly as the catalog says. MCP has no call id: nothing to deduplicate.
 * Structural types, checked against the SDKs' in tests.
 */
import type { AbortSignalType } from "../dispatch.js";
import type { JsonSchemaOptions } from "../standard-schema.js";
import type { CallResult } from "../tool-call.js";
import { checkArguments, type RunsCalls, type WiredSchema } from "./common.js";

/** The result of one `tools/call` (`CallToolResult`). */
export interface McpToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: { [key: string]: unknown };
  isError: boolean;
}

/** A declaration of the generated `mcpTools`. */
export interface McpDeclaration {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly outputSchema?: object;
  readonly annotations?: { readonly [hint: string]: boolean | undefined };
}

/** The part of a v2 `McpServer` used: `registerTool(name, config, callback)`. */
export interface McpServerLike<Schema> {
  registerTool(
    name: string,
    config: {
      title?: string;
      description?: string;
      inputSchema?: Schema;
      outputSchema?: Schema;
      annotations?: { [hint: string]: boolean | undefined };
    },
    callback: (
      args: unknown,
      context: { mcpReq?: { signal?: AbortSignalType } },
    ) => Promise<McpToolResult>,
  ): unknown;
}

/** The `tools/call` result of a dispatcher's answer. */
export function mcpToolResult(
  result: CallResult<unknown>,
  declaresOutput: boolean,
): McpToolResult {
  const output = result.output;
  const structured =
    !result.isError &&
    declaresOutput &&
    typeof output === "object" &&
    output !== null &&
    !Array.isArray(output)
      ? { structuredContent: { ...(output as { [key: string]: unknown }) } }
      : {};
  return {
    content: [{ type: "text", text: result.text }],
    ...structured,
    isError: result.isError,
  };
}

/**
 * Registers each declaration of `declarations` (pass `mcpTools`) on a v2 `McpServer`, with the
 * Standard Schemas of `schemas` (`standardSchemas`) and `outputSchemas` (`standardOutputSchemas`).
 */
export function registerMcpTools<
  Schema extends WiredSchema<unknown>,
  const Schemas extends { readonly [K in keyof Schemas]: Schema },
  const Outputs extends { readonly [K in keyof Outputs]: Schema },
>(
  server: McpServerLike<Schema>,
  dispatcher: RunsCalls,
  declarations: readonly McpDeclaration[],
  schemas: Schemas,
  outputSchemas: Outputs,
): void {
  const inputs = schemas as { readonly [name: string]: Schema };
  const outputs = outputSchemas as { readonly [name: string]: Schema };
  const own = (table: object, key: string) =>
    Object.prototype.hasOwnProperty.call(table, key);
  for (const declaration of declarations) {
    const name = declaration.name;
    if (!own(inputs, name))
      throw new TypeError(
        `toolcat: no schema for the tool ${JSON.stringify(name)}`,
      );
    const output =
      declaration.outputSchema !== undefined && own(outputs, name)
        ? outputs[name]
        : undefined;
    server.registerTool(
      name,
      {
        ...(declaration.title !== undefined
          ? { title: declaration.title }
          : {}),
        description: declaration.description,
        inputSchema: inputs[name]!,
        ...(output !== undefined ? { outputSchema: output } : {}),
        ...(declaration.annotations !== undefined
          ? { annotations: { ...declaration.annotations } }
          : {}),
      },
      async (args, context) =>
        mcpToolResult(
          await dispatcher.run(
            { target: "mcp", name, arguments: args },
            context?.mcpReq?.signal === undefined
              ? undefined
              : { signal: context.mcpReq.signal },
          ),
          output !== undefined,
        ),
    );
  }
}

/** What `getValidator` returns (the SDKs' `JsonSchemaValidator`). */
export type McpSchemaCheck = (
  input: unknown,
) =>
  | { valid: true; data: unknown; errorMessage: undefined }
  | { valid: false; data: undefined; errorMessage: string };

/** The SDKs' `jsonSchemaValidator` option. */
export interface McpJsonSchemaValidator {
  getValidator<T>(
    schema: unknown,
  ): (
    input: unknown,
  ) =>
    | { valid: true; data: T; errorMessage: undefined }
    | { valid: false; data: undefined; errorMessage: string };
}

/** The schema fields read: the check and the JSON Schema (a `ToolStandardSchema`). */
export interface ValidatedSchema extends WiredSchema<unknown> {
  readonly "~standard": {
    readonly jsonSchema: {
      readonly input: (options: JsonSchemaOptions) => Record<string, unknown>;
    };
  };
}

/** JSON text with object keys sorted, so two equal schemas compare equal however keys are ordered. */
function canonicalText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
    const sorted: { [key: string]: unknown } = {};
    for (const k of Object.keys(v).sort()) {
      Object.defineProperty(sorted, k, {
        value: (v as { [key: string]: unknown })[k],
        enumerable: true,
      });
    }
    return sorted;
  });
}

/**
 * A client's `jsonSchemaValidator`: a schema that is one of `outputSchemas`' (pass
 * `standardOutputSchemas`) is checked by that tool's generated output validator, with toolcat's
 * message; any other schema goes to `fallback` (the SDK's own validator), or is refused.
 */
export function toolcatJsonSchemaValidator(
  outputSchemas: { readonly [K in string]?: ValidatedSchema } | object,
  fallback?: McpJsonSchemaValidator,
): McpJsonSchemaValidator {
  const byText = new Map<string, ValidatedSchema>();
  for (const schema of Object.values(outputSchemas) as ValidatedSchema[]) {
    const text = canonicalText(
      schema["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
    );
    if (!byText.has(text)) byText.set(text, schema);
  }
  return {
    getValidator<T>(schema: unknown) {
      let text: string | undefined;
      try {
        text = canonicalText(schema);
      } catch {
        text = undefined;
      }
      const known = text === undefined ? undefined : byText.get(text);
      if (known === undefined) {
        if (fallback !== undefined) return fallback.getValidator<T>(schema);
        return () => ({
          valid: false as const,
          data: undefined,
          errorMessage:
            "toolcat: this outputSchema is not one of the catalog's, and no fallback validator was given",
        });
      }
      return (input: unknown) => {
        const checked = checkArguments(known, input);
        return checked.ok
          ? {
              valid: true as const,
              data: checked.value as T,
              errorMessage: undefined,
            }
          : {
              valid: false as const,
              data: undefined,
              errorMessage: checked.text,
            };
      };
    },
  };
}
