/**
 * MCP servers: one `tools/call` request is one call (its `params.name` and `params.arguments`;
 * arguments left out are `{}`), answered with a `CallToolResult`: a text copy of the result,
 * `isError` for every refusal (input validation errors are tool execution errors, not protocol
 * errors — https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling),
 * and `structuredContent` when the tool declares an `outputSchema` and its handler succeeded.
 * `createMcpEndpoint` gives an MCP server's two tool handlers (`tools/list`, `tools/call`); the
 * JSON-RPC request id is not a call id (it restarts with every connection), so MCP calls are
 * never deduplicated.
 *
 * Copied into generated output (runtime/adapters/mcp.ts); no package imports.
 */
import type { CallResult, ProviderAdapter, ProviderTurn, ToolCall } from "../tool-call.js";
import { answered, drain, isRecord, requireRecord, requireStream, stringField, turn } from "./reading.js";

/** The fields of `tools/call` params this adapter reads (`CallToolRequest["params"]` fits). */
export interface McpCallToolParamsLike {
  readonly name?: string | undefined;
  readonly arguments?: { readonly [key: string]: unknown } | undefined;
}

/** A tool as `tools/list` returns it (the generated `McpTool` fits). */
export interface McpToolLike {
  readonly name: string;
  readonly outputSchema?: object | undefined;
}

/** The result of one `tools/call` (`CallToolResult`). */
export interface McpCallToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: { [key: string]: unknown };
  isError: boolean;
}

function callOf(params: unknown): ToolCall {
  const body = requireRecord(params, "tools/call params");
  return { target: "mcp", name: stringField(body, "name") ?? "", arguments: "arguments" in body && body["arguments"] !== undefined ? body["arguments"] : {} };
}

/** The adapter, knowing which tools declare an output (they get `structuredContent`). */
export function mcpAdapter(tools: readonly McpToolLike[]): ProviderAdapter<McpCallToolParamsLike, McpCallToolParamsLike, McpCallToolResult> {
  const withOutput = new Set(tools.filter((t) => t.outputSchema !== undefined).map((t) => t.name));
  const resultOf = (call: ToolCall, result: CallResult): McpCallToolResult => {
    const structured = !result.isError && withOutput.has(call.name) && isRecord(result.output) ? { structuredContent: { ...result.output } } : {};
    return { content: [{ type: "text", text: result.text }], ...structured, isError: result.isError };
  };
  return {
    target: "mcp",
    read: (params) => turn(true, [callOf(params)]),
    // MCP sends each call as one request: a "stream" of params is read up to its first request.
    readStream: async (events) => {
      requireStream(events, "tools/call params");
      let first: ToolCall | undefined;
      await drain(events, (params) => {
        first = callOf(params);
        return true;
      });
      return first === undefined ? turn(false, [], "no tools/call request") : turn(true, [first]);
    },
    reply: (turnRead: ProviderTurn, results: readonly CallResult[]) => {
      const pair = answered(turnRead, results)[0];
      return pair === undefined ? { content: [{ type: "text", text: "No tool was called." }], isError: true } : resultOf(pair.call, pair.result);
    },
  };
}

/** An MCP server's tool handlers: `listTools` for `tools/list`, `callTool` for `tools/call`. */
export interface McpEndpoint<Tool> {
  listTools(): { tools: Tool[] };
  callTool(params: McpCallToolParamsLike): Promise<McpCallToolResult>;
}

/** The handlers of `tools` (the generated `mcpTools`), running each call through `run` (the dispatcher's). */
export function createMcpEndpoint<Tool extends McpToolLike>(tools: readonly Tool[], run: (call: ToolCall) => Promise<CallResult>): McpEndpoint<Tool> {
  const adapter = mcpAdapter(tools);
  return {
    listTools: () => ({ tools: tools.map((tool) => ({ ...tool })) }),
    callTool: async (params) => {
      const read = adapter.read(params);
      const results: CallResult[] = [];
      for (const call of read.calls) results.push(await run(call));
      return adapter.reply(read, results);
    },
  };
}
