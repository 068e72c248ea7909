/**
 * The example MCP server as its own process over stdio (spawned by test/adapters/mcp.test.ts
 * after transpiling). Each handler run is reported on stderr as `ran <tool>`, so the test can
 * count them from outside.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createExampleMcpServer } from "./mcp-server.js";

const { server } = createExampleMcpServer((tool) => process.stderr.write(`ran ${tool}\n`));
await server.connect(new StdioServerTransport());
