/**
 * The example app's MCP server, as an app builds it from generated code: the SDK's low-level
 * `Server` (it serves raw JSON Schemas; `McpServer.registerTool` takes zod only) answering
 * `tools/list` with `dispatcher.mcp.listTools()` and `tools/call` with `dispatcher.mcp.callTool`.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { appHandlers, openMeasurements } from "./app.js";
import { createAppDispatcher } from "./dispatch.js";

/** The server, and the app's handler run counts (measurements in an in-memory SQLite database). */
export function createExampleMcpServer(onRun?: (tool: string) => void) {
  const app = appHandlers(openMeasurements(":memory:"), onRun);
  const dispatcher = createAppDispatcher(app.handlers);
  const server = new Server(
    { name: "toolcat-example", version: "1.0.0" },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () =>
    dispatcher.mcp.listTools(),
  );
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    dispatcher.mcp.callTool(request.params),
  );
  return { server, runs: app.runs };
}
