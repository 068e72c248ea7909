/**
 * A real MCP server built from the generated declarations and `dispatcher.mcp`, driven by the
 * SDK's own client over its in-memory transport and over stdio as a separate process:
 * `tools/list` returns exactly the generated tools; an invalid `tools/call` is a tool execution
 * error (`isError`) naming the failing fields; a valid one runs once and its `structuredContent`
 * passes the client's own output-schema check.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpTools } from "../../generated/providers/mcp.js";
import { transpileFile } from "../helpers/generated-js.js";
import { createExampleMcpServer } from "./support/mcp-server.js";

const ROOT = join(import.meta.dirname, "..", "..");
const INVALID = {
  name: "write_measurement",
  arguments: { date: "2024-04-11", data: { weight_kg: "75,5" } },
};
const VALID = {
  name: "write_measurement",
  arguments: { date: "2024-04-11", data: { weight_kg: 75.5 } },
};

interface Session {
  readonly client: Client;
  runs(): number;
  close(): Promise<void>;
}

const SCRATCH = join(ROOT, "test", ".tmp", "mcp-stdio");
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

/** Transpiles the server and the local modules it imports (followed from its imports) into test/.tmp, for node to run. */
function transpiledServer(): string {
  const out = SCRATCH;
  const entry = join(ROOT, "test", "adapters", "support", "mcp-stdio.ts");
  const pending = [entry];
  const done = new Set<string>();
  while (pending.length > 0) {
    const source = pending.pop()!;
    if (done.has(source)) continue;
    done.add(source);
    const text = readFileSync(source, "utf8");
    for (const [, path] of text.matchAll(/from "(\.{1,2}\/[^"]+)\.js"/g))
      pending.push(join(dirname(source), `${path}.ts`));
    transpileFile(
      text,
      join(out, relative(ROOT, source)).replace(/\.ts$/, ".js"),
    );
  }
  return join(out, relative(ROOT, entry)).replace(/\.ts$/, ".js");
}

async function inMemory(): Promise<Session> {
  const { server, runs } = createExampleMcpServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    client,
    runs: () => runs.write_measurement,
    close: () => client.close(),
  };
}

async function overStdio(): Promise<Session> {
  // The server appends each run to this file before it answers (support/mcp-stdio.ts).
  const runsFile = join(
    mkdtempSync(join(tmpdir(), "toolcat-mcp-runs-")),
    "runs.log",
  );
  writeFileSync(runsFile, "");
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [transpiledServer()],
    cwd: ROOT,
    stderr: "pipe",
    env: {
      ...(process.env as Record<string, string>),
      TOOLCAT_RUNS_FILE: runsFile,
    },
  });
  let errors = "";
  transport.stderr?.on(
    "data",
    (chunk: Buffer) => (errors += chunk.toString("utf8")),
  );
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    runs: () => {
      expect(errors).toBe("");
      return readFileSync(runsFile, "utf8")
        .split("\n")
        .filter((l) => l === "ran write_measurement").length;
    },
    close: () => client.close(),
  };
}

for (const [name, connect] of [
  ["in-memory transport", inMemory],
  ["stdio, a separate process", overStdio],
] as const) {
  describe(`MCP server over ${name}`, () => {
    let session: Session;
    beforeAll(async () => {
      session = await connect();
    });
    afterAll(async () => session.close());

    it("lists exactly the generated tools", async () => {
      const { tools } = await session.client.listTools();
      expect(tools).toEqual(mcpTools);
    });

    it("answers an invalid call with isError naming the failing field, and runs nothing", async () => {
      await session.client.listTools();
      const result = await session.client.callTool(INVALID);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const text = (result.content as { type: string; text: string }[])
        .map((c) => c.text)
        .join("\n");
      expect(text).toContain("data.weight_kg");
      expect(text).toContain("number");
      expect(session.runs()).toBe(0);
    });

    it("runs a valid call once; its structuredContent passes the client's output-schema check", async () => {
      await session.client.listTools(); // the client checks structuredContent against the outputSchema it listed
      const result = await session.client.callTool(VALID);
      expect(result.isError).toBe(false);
      expect(result.structuredContent).toEqual({ saved: ["weight_kg"] });
      expect(
        JSON.parse((result.content as { text: string }[])[0]!.text),
      ).toEqual({ saved: ["weight_kg"] });
      // Counted when the answer is here (the stdio server wrote its run down before answering).
      expect(session.runs()).toBe(1);
    });

    it("answers an unknown tool and arguments that are no object as tool errors", async () => {
      const unknown = await session.client.callTool({
        name: "drop_tables",
        arguments: {},
      });
      expect(unknown.isError).toBe(true);
      const noArgs = await session.client.callTool({
        name: "write_measurement",
      });
      expect(noArgs.isError).toBe(true);
      expect(session.runs()).toBe(1);
    });
  });
}

describe("dispatcher.mcp's CallToolResult", () => {
  it("has structuredContent only for a tool that declares an outputSchema, and always a text copy", async () => {
    const { bindMcpAdapter, mcpAdapter } =
      await import("../../templates/runtime/adapters/mcp.js");
    const run = async (call: { name: string }) => ({
      status: "ok" as const,
      target: "mcp" as const,
      tool: call.name,
      isError: false,
      text: '{"n":1}',
      output: { n: 1 },
      replayed: false,
    });
    const mcp = bindMcpAdapter(mcpAdapter, run, [
      { name: "declared", outputSchema: { type: "object" } },
      { name: "plain" },
    ]);
    expect(await mcp.callTool({ name: "declared", arguments: {} })).toEqual({
      content: [{ type: "text", text: '{"n":1}' }],
      structuredContent: { n: 1 },
      isError: false,
    });
    expect(await mcp.callTool({ name: "plain", arguments: {} })).toEqual({
      content: [{ type: "text", text: '{"n":1}' }],
      isError: false,
    });
  });
});
