/**
 * MCP end to end in memory (no network): a v2 `McpServer` (`@modelcontextprotocol/server`) with
 * every tool registered by `registerMcpTools` (toolcat's Standard Schemas as input and output
 * schemas, the dispatcher behind each callback), called by the v1 SDK's `Client`. The 75,5 call is
 * refused by the SDK with toolcat's message (`isError`) and reaches no handler; the corrected
 * call runs once and returns `structuredContent`. The client's `jsonSchemaValidator` answered by
 * the generated output validators refuses a server's `structuredContent` that breaks the
 * catalog's `output`, with toolcat's text.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { McpServer } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { mcpTools } from "../../generated/providers/mcp.js";
import {
  registerMcpTools,
  toolcatJsonSchemaValidator,
} from "../../generated/runtime/runners/mcp-server.js";
import {
  standardOutputSchemas,
  standardSchemas,
} from "../../generated/standard-schema.js";
import { openApp, WEIGHT_LINE } from "./support.js";

let app: ReturnType<typeof openApp> | undefined;
afterEach(() => app?.close());

async function connect(
  server: { connect(t: InMemoryTransport): Promise<void> },
  validator = toolcatJsonSchemaValidator(standardOutputSchemas),
) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client(
    { name: "test", version: "1.0.0" },
    { jsonSchemaValidator: validator },
  );
  await client.connect(clientSide);
  return client;
}

describe("MCP v2 registerTool with toolcat's Standard Schemas", () => {
  it("lists the catalog's declarations, refuses 75,5 with toolcat's message, runs 75.5 once", async () => {
    app = openApp();
    const server = new McpServer({ name: "coach", version: "1.0.0" });
    registerMcpTools(
      server,
      app.dispatcher,
      mcpTools,
      standardSchemas,
      standardOutputSchemas,
    );
    const client = await connect(server);
    const listed = await client.listTools();
    const weight = listed.tools.find((t) => t.name === "write_measurement")!;
    const declared = mcpTools.find((t) => t.name === "write_measurement")!;
    expect(weight.inputSchema).toMatchObject({
      type: "object",
      properties: declared.inputSchema["properties"],
      required: ["date", "data"],
    });
    expect(weight.outputSchema).toMatchObject({
      type: "object",
      required: ["saved"],
    });
    expect(weight.annotations).toMatchObject(declared.annotations!);

    const refused = await client.callTool({
      name: "write_measurement",
      arguments: { date: "2024-04-11", data: { weight_kg: "75,5" } },
    });
    expect(refused.isError).toBe(true);
    const text = (refused.content as { text: string }[])[0]!.text;
    // The SDK prints each issue as `path: message`: toolcat's own line, the field once.
    expect(text).toBe(
      `Input validation error: Invalid arguments for tool write_measurement: ${WEIGHT_LINE}`,
    );
    expect(app.runs.write_measurement).toBe(0);

    const stored = await client.callTool({
      name: "write_measurement",
      arguments: { date: "2024-04-11", data: { weight_kg: 75.5 } },
    });
    expect(stored.isError).toBe(false);
    expect(stored.structuredContent).toEqual({ saved: ["weight_kg"] });
    expect(app.runs.write_measurement).toBe(1);
    expect(app.rows()).toEqual([
      { date: "2024-04-11", field: "weight_kg", value: 75.5 },
    ]);
    await client.close();
  });
});

describe("the MCP client's jsonSchemaValidator answered by the generated output validators", () => {
  /** A low-level v1 server that declares the catalog's tools but answers with `structured`. */
  function rawServer(structured: Record<string, unknown>) {
    const server = new Server(
      { name: "raw", version: "1.0.0" },
      { capabilities: { tools: {} } },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: mcpTools,
    }));
    server.setRequestHandler(CallToolRequestSchema, () => ({
      content: [{ type: "text", text: JSON.stringify(structured) }],
      structuredContent: structured,
    }));
    return server;
  }

  it("accepts what the catalog's output accepts and refuses the rest with toolcat's message", async () => {
    const good = await connect(rawServer({ saved: ["weight_kg"] }));
    await good.listTools();
    expect(
      (await good.callTool({ name: "write_measurement", arguments: {} }))
        .structuredContent,
    ).toEqual({ saved: ["weight_kg"] });
    await good.close();

    const bad = await connect(rawServer({ saved: ["weight_kg", "weight_kg"] }));
    await bad.listTools();
    await expect(
      bad.callTool({ name: "write_measurement", arguments: {} }),
    ).rejects.toThrow(/saved: uniqueItems — expected unique items/);
    await bad.close();
  });

  it("hands a schema that is not the catalog's to the fallback, and refuses it without one", () => {
    const other = {
      type: "object",
      properties: { n: { type: "number" } },
      required: ["n"],
    };
    const withFallback = toolcatJsonSchemaValidator(
      standardOutputSchemas,
      new AjvJsonSchemaValidator(),
    );
    expect(withFallback.getValidator(other)({ n: 1 })).toMatchObject({
      valid: true,
    });
    expect(withFallback.getValidator(other)({ n: "1" })).toMatchObject({
      valid: false,
    });
    const alone = toolcatJsonSchemaValidator(standardOutputSchemas);
    expect(alone.getValidator(other)({ n: 1 })).toMatchObject({
      valid: false,
      errorMessage: expect.stringContaining("not one of the catalog's"),
    });
    // The catalog's schema with its keys in another order is still recognised.
    const reordered = JSON.parse(
      JSON.stringify(mcpTools[0]!.outputSchema, (_k, v: unknown) =>
        v && typeof v === "object" && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).reverse())
          : v,
      ),
    );
    expect(alone.getValidator(reordered)({ saved: [] })).toMatchObject({
      valid: true,
      data: { saved: [] },
    });
  });
});
