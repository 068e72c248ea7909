/**
 * OpenAI Agents SDK (`@openai/agents` 0.20): the options of one `tool({ … })` per catalog tool,
 * for an `Agent`'s `tools`. The declaration is the strict one toolcat announces to OpenAI (from
 * `strictStandardSchemas`); each call goes to the dispatcher with its raw arguments and the
 * SDK's call id, so the dispatcher's call validator checks it (the same check the strict Standard
 * Schema's validate is), a refused call never reaches the handler and a repeated call id is
 * answered from the store. Why not let the SDK refuse: it withholds a failed validation's details
 * from `errorFunction` by default (tool data is not logged), so the model would not learn which
 * field was wrong; the dispatcher's refusal names every field, and `errorFunction` hands its text
 * to the model instead of the SDK's "An error occurred while running the tool". Structural types,
 * checked against the SDK's in the tests.
 */
import { handlerFailedText } from "../call-texts.js";
import type { AbortSignalType } from "../dispatch.js";
import type { JsonSchemaOptions } from "../standard-schema.js";
import {
  outputOrThrow,
  setOwn,
  ToolcatCallError,
  type RunsCalls,
} from "./common.js";

/** The call the SDK is running (the fields read of its `FunctionCallItem`). */
export interface AgentsSdkCallDetails {
  readonly toolCall?: { readonly callId: string; readonly arguments: string };
  readonly signal?: AbortSignalType | undefined;
}

/**
 * What the SDK validates with: the declaration's JSON Schema, and a validate that takes any
 * parsed arguments through to `execute` (the dispatcher checks them, see the module comment).
 */
export interface AgentsSdkParameters {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "toolcat";
    readonly validate: (value: unknown) => { readonly value: unknown };
    readonly jsonSchema: {
      readonly input: (options: JsonSchemaOptions) => Record<string, unknown>;
      readonly output: (options: JsonSchemaOptions) => Record<string, unknown>;
    };
  };
}

interface CommonOptions {
  readonly name: string;
  readonly description: string;
  readonly execute: (
    input: unknown,
    context?: unknown,
    details?: AgentsSdkCallDetails,
  ) => Promise<unknown>;
  readonly errorFunction: (
    context: unknown,
    error: unknown,
    details?: AgentsSdkCallDetails,
  ) => string;
}

/** A strictly declared tool (the SDK requires `strict` for Standard Schema parameters). */
export interface AgentsSdkStrictToolOptions extends CommonOptions {
  readonly parameters: AgentsSdkParameters;
  readonly strict: true;
}

/** A tool toolcat could not declare strictly: its JSON Schema as it is, `strict: false`. */
export interface AgentsSdkLooseToolOptions extends CommonOptions {
  readonly parameters: {
    type: "object";
    properties: Record<string, never>;
    required: never[];
    additionalProperties: true;
  };
  readonly strict: false;
}

/** The schema fields read (a `ToolStandardSchema` of `strictStandardSchemas`). */
export interface AgentsSdkSchema {
  readonly name: string;
  readonly description: string;
  readonly strict: boolean;
  readonly "~standard": {
    readonly jsonSchema: AgentsSdkParameters["~standard"]["jsonSchema"];
  };
}

/** The options of one tool: strict or not as its declaration is (a literal in strictStandardSchemas). */
export type AgentsSdkToolOptions<S extends AgentsSdkSchema> = S extends {
  readonly strict: true;
}
  ? AgentsSdkStrictToolOptions
  : S extends { readonly strict: false }
    ? AgentsSdkLooseToolOptions
    : AgentsSdkStrictToolOptions | AgentsSdkLooseToolOptions;

/**
 * `tool()` options per tool of `schemas` (pass `strictStandardSchemas`, whole or a subset):
 * `tools: Object.values(openaiAgentsSdkTools(dispatcher, strictStandardSchemas)).map((o) => tool(o))`.
 */
export function openaiAgentsSdkTools<
  const Schemas extends { readonly [K in keyof Schemas]: AgentsSdkSchema },
>(
  dispatcher: RunsCalls,
  schemas: Schemas,
): { [K in keyof Schemas]: AgentsSdkToolOptions<Schemas[K]> } {
  const out: {
    [name: string]: AgentsSdkStrictToolOptions | AgentsSdkLooseToolOptions;
  } = {};
  for (const name of Object.keys(schemas)) {
    const schema = (schemas as { readonly [name: string]: AgentsSdkSchema })[
      name
    ]!;
    const jsonSchema = schema["~standard"].jsonSchema;
    const common: CommonOptions = {
      name,
      description: schema.description,
      execute: async (input, _context, details) => {
        const call = details?.toolCall;
        const result = await dispatcher.run(
          {
            target: "openai-responses",
            ...(call !== undefined ? { id: call.callId } : {}),
            name,
            // The raw text as the model sent it: the dispatcher parses and checks it itself.
            arguments: call !== undefined ? call.arguments : input,
          },
          details?.signal === undefined
            ? undefined
            : { signal: details.signal },
        );
        return outputOrThrow(result);
      },
      errorFunction: (_context, error) =>
        error instanceof ToolcatCallError
          ? error.result.text
          : handlerFailedText(name),
    };
    setOwn(
      out,
      name,
      schema.strict
        ? {
            ...common,
            strict: true,
            parameters: {
              "~standard": {
                version: 1,
                vendor: "toolcat",
                validate: (value: unknown) => ({ value }),
                jsonSchema,
              },
            },
          }
        : {
            ...common,
            strict: false,
            parameters: jsonSchema.input({
              target: "draft-2020-12",
            }) as AgentsSdkLooseToolOptions["parameters"],
          },
    );
  }
  // Each entry was built from its schema's own `strict` flag: the type the caller reads.
  return out as unknown as {
    [K in keyof Schemas]: AgentsSdkToolOptions<Schemas[K]>;
  };
}
