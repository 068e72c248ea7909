/**
 * Type-level tests of the adapters' structural SDK types (checked by `npm run typecheck`, part of
 * `npm test`): what each official SDK returns is accepted by the adapter as it is, and what the
 * adapter writes back is accepted by the SDK's own request types. A field renamed or retyped on
 * either side makes a line below fail to compile.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { Content, GenerateContentConfig, GenerateContentResponse, Interactions, ToolConfig } from "@google/genai";
import type { CallToolRequest, CallToolResult, ListToolsResult } from "@modelcontextprotocol/sdk/types.js";
import type OpenAI from "openai";
import type { ChatCompletionStream } from "openai/lib/ChatCompletionStream";
import type { ResponseStream } from "openai/lib/responses/ResponseStream";
import type { MessageStream } from "@anthropic-ai/sdk/lib/MessageStream";
import type { Stream as OpenAIStream } from "openai/streaming";
import { createDispatcher } from "../../generated/dispatcher.js";
import { googleGenaiTools, googleGenaiToolConfig } from "../../generated/providers/google-genai.js";
import { googleGenaiModelContent } from "../../generated/runtime/adapters/google-genai.js";
import { exampleHandlers } from "../dispatcher/example-app.js";

const dispatcher = createDispatcher(exampleHandlers(), { confirm: () => true });
type Bound<K extends keyof typeof dispatcher> = (typeof dispatcher)[K];
type In<K extends keyof typeof dispatcher> = Bound<K> extends { respond(r: infer R): unknown } ? R : never;
type Events<K extends keyof typeof dispatcher> = Bound<K> extends { respondToStream(e: AsyncIterable<infer E>): unknown } ? AsyncIterable<E> : never;
type Out<K extends keyof typeof dispatcher> = Bound<K> extends { respond(r: never): Promise<{ reply: infer P }> } ? P : never;
function accepts<T>(_value: T): void {}
declare function sdk<T>(): T;

// OpenAI Chat Completions: the completion, the raw chunk stream and the ChatCompletionStream helper in; tool messages out.
accepts<In<"openaiChat">>(sdk<OpenAI.Chat.Completions.ChatCompletion>());
accepts<Events<"openaiChat">>(sdk<OpenAIStream<OpenAI.Chat.Completions.ChatCompletionChunk>>());
accepts<Events<"openaiChat">>(sdk<ChatCompletionStream>());
accepts<OpenAI.Chat.Completions.ChatCompletionMessageParam[]>(sdk<Out<"openaiChat">>());
accepts<In<"openaiCompatible">>(sdk<OpenAI.Chat.Completions.ChatCompletion>());
accepts<OpenAI.Chat.Completions.ChatCompletionToolMessageParam[]>(sdk<Out<"openaiCompatible">>());

// OpenAI Responses: the response and its stream (raw and the ResponseStream helper) in; function_call_output items out.
accepts<In<"openaiResponses">>(sdk<OpenAI.Responses.Response>());
accepts<Events<"openaiResponses">>(sdk<OpenAIStream<OpenAI.Responses.ResponseStreamEvent>>());
accepts<Events<"openaiResponses">>(sdk<ResponseStream>());
accepts<OpenAI.Responses.ResponseInputItem[]>(sdk<Out<"openaiResponses">>());

// OpenAI Agents API: a session or its requires_action event, session event streams in; tool_result events out.
accepts<In<"openaiAgents">>(sdk<OpenAI.Beta.Agents.AgentSession>());
accepts<In<"openaiAgents">>(sdk<OpenAI.Beta.Agents.AgentSessionRequiresActionEvent>());
accepts<Events<"openaiAgents">>(sdk<OpenAIStream<OpenAI.Beta.Agents.AgentSessionEvent>>());
accepts<OpenAI.Beta.Agents.AgentSessionInputParam[]>(sdk<Out<"openaiAgents">>());

// Anthropic Messages: the message, raw events and the MessageStream helper in; one user message out.
accepts<In<"anthropic">>(sdk<Anthropic.Messages.Message>());
accepts<Events<"anthropic">>(sdk<AsyncIterable<Anthropic.Messages.RawMessageStreamEvent>>());
accepts<Events<"anthropic">>(sdk<MessageStream>());
accepts<Anthropic.Messages.MessageParam>(sdk<Out<"anthropic">>());

// Google GenAI: the response and the generateContentStream chunks in; a user Content out.
accepts<In<"googleGenai">>(sdk<GenerateContentResponse>());
accepts<Events<"googleGenai">>(sdk<AsyncGenerator<GenerateContentResponse>>());
accepts<Content>(sdk<Out<"googleGenai">>());
// Streamed arguments (Vertex AI): the generated toolConfig is the SDK's, and the model turn rebuilt from the chunks is a Content.
accepts<ToolConfig>(googleGenaiToolConfig);
accepts<GenerateContentConfig>({ tools: googleGenaiTools, toolConfig: googleGenaiToolConfig, automaticFunctionCalling: { disable: true } });
accepts<Content>(googleGenaiModelContent(sdk<GenerateContentResponse[]>()));

// Google Interactions: the interaction and its SSE events in; function_result steps (the next `input`) out.
accepts<In<"googleInteractions">>(sdk<Interactions.Interaction>());
accepts<Events<"googleInteractions">>(sdk<AsyncIterable<Interactions.InteractionSSEEvent>>());
accepts<Interactions.Step[]>(sdk<Out<"googleInteractions">>());

// MCP: tools/call params in; CallToolResult out; tools/list as the SDK types it.
accepts<Parameters<typeof dispatcher.mcp.callTool>[0]>(sdk<CallToolRequest["params"]>());
accepts<CallToolResult>(sdk<Awaited<ReturnType<typeof dispatcher.mcp.callTool>>>());
accepts<ListToolsResult>(dispatcher.mcp.listTools());
