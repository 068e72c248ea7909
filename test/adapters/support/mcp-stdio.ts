/**
 * The example MCP server as its own process over stdio (spawned by test/adapters/mcp.test.ts
 * after transpiling). Each handler run is appended, synchronously and before the handler
 * returns, to the file named by TOOLCAT_RUNS_FILE as a line `ran <tool>`: by the time the client
 * holds a call's answer its run is in the file, so the test counts runs exactly (stderr lines
 * arrive on their own pipe, in chunks, possibly after the answer).
 */
import { appendFileSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createExampleMcpServer } from "./mcp-server.js";

const runsFile = process.env.TOOLCAT_RUNS_FILE;
if (runsFile === undefined) throw new Error("TOOLCAT_RUNS_FILE is not set");
const { server } = createExampleMcpServer((tool) =>
  appendFileSync(runsFile, `ran ${tool}\n`),
);
await server.connect(new StdioServerTransport());
