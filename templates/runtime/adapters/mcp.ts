/**
 * MCP servers: one `tools/call` request is one call (its `params.name` and `params.arguments`;
 * arguments left out are `{}`), answered with a `CallToolResult`: a text copy of the result,
 * `isError` for every refusal (input validation errors are tool execution errors, not protocol
 * errors — https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling),
 * and `structuredContent` when the tool declares an `outputSchema` and its handler succeeded.
 * `bindMcpAdapter` gives `dispatcher.mcp`: an MCP server's two tool handlers (`listTools` for
 * `tools/list`, `callTool` for `tools/call`) besides `respond`. The JSON-RPC request id is not a
 * call id (it restarts with every connection), so MCP calls are never deduplicated.
 *
 * Copied into generated output (runtime/adapters/mcp.ts); no package imports.
 */
import {
  answerTurn,
  bindAdapter,
  type BoundAdapter,
  type RunCall,
} from "../respond.js";
import type {
  CallResult,
  ProviderAdapter,
  ProviderTurn,
  ToolCall,
} from "../tool-call.js";
import {
  answered,
  drain,
  isRecord,
  requireRecord,
  requireStream,
  stringField,
  turn,
} from "./reading.js";

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
  return {
    target: "mcp",
    name: stringField(body, "name") ?? "",
    arguments:
      "arguments" in body && body["arguments"] !== undefined
        ? body["arguments"]
        : {},
  };
}

/** The `CallToolResult` of a turn's one call; `structuredContent` only for tools that `declaresOutput`. */
function replyWith(declaresOutput: (tool: string) => boolean) {
  return (
    turnRead: ProviderTurn,
    results: readonly CallResult[],
  ): McpCallToolResult => {
    const pair = answered(turnRead, results)[0];
    if (pair === undefined)
      return {
        content: [{ type: "text", text: "No tool was called." }],
        isError: true,
      };
    const { call, result } = pair;
    const structured =
      !result.isError && declaresOutput(call.name) && isRecord(result.output)
        ? { structuredContent: { ...result.output } }
        : {};
    return {
      content: [{ type: "text", text: result.text }],
      ...structured,
      isError: result.isError,
    };
  };
}

/**
 * The MCP adapter. Without the tool list it cannot tell which tools declare an output, so its own
 * `reply` gives `structuredContent` for every successful object result; `bindMcpAdapter` narrows
 * that to the tools whose declaration has an `outputSchema`.
 */
export const mcpAdapter: ProviderAdapter<
  McpCallToolParamsLike,
  McpCallToolParamsLike,
  McpCallToolResult
> = {
  target: "mcp",
  read: (params) => turn(true, [callOf(params)]),
  // MCP sends each call as one request: a "stream" of params is read up to its first request.
  readStream: async (events) => {
    requireStream(events, "tools/call params");
    let first: ToolCall | undefined;
    await drain(
      events,
      (params) => {
        first = callOf(params);
        return true;
      },
      true,
    );
    return first === undefined
      ? turn(false, [], "no tools/call request")
      : turn(true, [first]);
  },
  reply: replyWith(() => true),
};

/** `dispatcher.mcp`: `respond` plus an MCP server's tool handlers. */
export interface McpBound<Tool> extends BoundAdapter<
  McpCallToolParamsLike,
  McpCallToolParamsLike,
  McpCallToolResult
> {
  /** The result of `tools/list`: exactly the generated declarations. */
  listTools(): { tools: Tool[] };
  /** The result of `tools/call`: the call checked and run through the dispatcher; never throws for any params. */
  callTool(params: McpCallToolParamsLike): Promise<McpCallToolResult>;
}

/** Binds the MCP adapter to `run` with the generated declarations (`mcpTools`). */
export function bindMcpAdapter<Tools extends readonly McpToolLike[]>(
  adapter: typeof mcpAdapter,
  run: RunCall,
  tools: Tools,
): McpBound<Tools[number]> {
  const withOutput = new Set(
    tools.filter((t) => t.outputSchema !== undefined).map((t) => t.name),
  );
  const declared = { reply: replyWith((tool) => withOutput.has(tool)) };
  const bound = bindAdapter({ ...adapter, ...declared }, run);
  return {
    ...bound,
    listTools: () => ({ tools: tools.map((tool) => ({ ...tool })) }),
    callTool: async (params) => {
      const read = isRecord(params)
        ? adapter.read(params)
        : turn(true, [{ target: "mcp", name: "", arguments: params }]);
      return (await answerTurn(declared, run, read)).reply;
    },
  };
}
