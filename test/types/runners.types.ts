/**
 * Type-level tests of the runner wiring against the real SDK types (checked by `npm run
 * typecheck`): each runner infers the catalog's input type from toolcat's schemas, so an
 * `execute` written for another shape is a compile error. The `@ts-expect-error` lines are the
 * controls (each compiles only if the types are loose, failing the check).
 */
import type { CallableTool } from "@google/genai";
import { tool as agentsTool } from "@openai/agents";
import { McpServer } from "@modelcontextprotocol/server";
import { tool as aiTool, type ToolSet } from "ai";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import type { RunnableToolFunctionWithParse } from "openai/lib/RunnableFunction";
import { createDispatcher } from "../../generated/dispatcher.js";
import { anthropicTools } from "../../generated/providers/anthropic.js";
import { validateOpenaiChatCall } from "../../generated/providers/openai-chat.calls.js";
import { openaiChatTools } from "../../generated/providers/openai-chat.js";
import { googleGenaiTools } from "../../generated/providers/google-genai.js";
import { mcpTools } from "../../generated/providers/mcp.js";
import { aiSdkTools } from "../../generated/runtime/runners/ai-sdk.js";
import { anthropicRunnableTools } from "../../generated/runtime/runners/anthropic-tool-runner.js";
import { googleCallableTool } from "../../generated/runtime/runners/google-genai.js";
import { registerMcpTools } from "../../generated/runtime/runners/mcp-server.js";
import { openaiAgentsSdkTools } from "../../generated/runtime/runners/openai-agents-sdk.js";
import { openaiRunnableTools, type CheckedArguments } from "../../generated/runtime/runners/openai-run-tools.js";
import { standardOutputSchemas, standardSchemas, strictStandardSchemas } from "../../generated/standard-schema.js";
import type { ToolInput } from "../../generated/types.js";
import type { AgentToolHandler } from "openai/lib/agents/agent-session-stream";
import type OpenAI from "openai";
import { agentsApiToolHandlers } from "../../generated/runtime/runners/openai-agents-api.js";
import { exampleHandlers } from "../dispatcher/example-app.js";

const dispatcher = createDispatcher(exampleHandlers(), { confirm: () => true });

// AI SDK: tool() with a toolcat schema types execute's input as the catalog's.
aiTool({
  description: standardSchemas.write_measurement.description,
  inputSchema: standardSchemas.write_measurement,
  execute: async (input) => {
    const date: string = input.date;
    const weight: number | undefined = input.data.weight_kg;
    return { date, weight };
  },
});
aiTool({
  inputSchema: strictStandardSchemas.log_meal,
  execute: async (input: ToolInput["log_meal"]) => input.items.length,
});
// @ts-expect-error an execute written for log_meal's input does not fit write_measurement's schema
aiTool({ inputSchema: standardSchemas.write_measurement, execute: async (input: ToolInput["log_meal"]) => input.items.length });
const aiTools: ToolSet = aiSdkTools(dispatcher, standardSchemas);
void aiTools;
const wiredWeight: (input: ToolInput["write_measurement"], options: { toolCallId: string }) => Promise<unknown> = aiSdkTools(dispatcher, standardSchemas).write_measurement.execute;
void wiredWeight;
// @ts-expect-error the wired execute takes write_measurement's input, not log_meal's
const wiredWrong: (input: ToolInput["log_meal"], options: { toolCallId: string }) => Promise<unknown> = aiSdkTools(dispatcher, standardSchemas).write_measurement.execute;
void wiredWrong;

// @openai/agents: tool() with the strict schema infers the catalog's input.
agentsTool({
  name: "write_measurement",
  description: strictStandardSchemas.write_measurement.description,
  parameters: strictStandardSchemas.write_measurement,
  execute: async (input) => {
    const date: string = input.date;
    return date;
  },
});
// @ts-expect-error an execute written for log_meal's input does not fit
agentsTool({ name: "write_measurement", description: "", parameters: strictStandardSchemas.write_measurement, execute: async (input: ToolInput["log_meal"]) => input.items.length });
agentsTool(openaiAgentsSdkTools(dispatcher, strictStandardSchemas).get_weather);

// MCP v2: registerTool's callback gets the catalog's input.
const server = new McpServer({ name: "types", version: "1.0.0" });
server.registerTool("write_measurement", { inputSchema: standardSchemas.write_measurement }, async (args) => {
  const date: string = args.date;
  return { content: [{ type: "text", text: date }] };
});
// @ts-expect-error a callback written for log_meal's input does not fit
server.registerTool("write_measurement", { inputSchema: standardSchemas.write_measurement }, async (args: ToolInput["log_meal"]) => ({ content: [{ type: "text", text: args.meal }] }));
registerMcpTools(server, dispatcher, mcpTools, standardSchemas, standardOutputSchemas);

// Anthropic, openai runTools, Google: the wiring's tools are the SDKs' own types.
const runnable: BetaRunnableTool<unknown>[] = anthropicRunnableTools(dispatcher, anthropicTools, standardSchemas);
void runnable;
const runTools: RunnableToolFunctionWithParse<CheckedArguments<unknown>>[] = openaiRunnableTools(dispatcher, openaiChatTools, validateOpenaiChatCall);
void runTools;
const callable: CallableTool = googleCallableTool(dispatcher, googleGenaiTools[0]!);
void callable;

// Agents API: the handlers are the SDK's `toolHandlers`, `observe` keeps the stream's event type.
const agentsWiring = agentsApiToolHandlers(dispatcher, standardSchemas, "sess_1");
const handlers: Record<string, AgentToolHandler> = agentsWiring.toolHandlers;
void handlers;
declare const sessionEvents: AsyncIterable<OpenAI.Beta.Agents.AgentSessionEvent>;
const observed: AsyncIterable<OpenAI.Beta.Agents.AgentSessionEvent> = agentsWiring.observe(sessionEvents);
void observed;
