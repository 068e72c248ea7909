/**
 * MCP `tools/list`: the full 2020-12 schema, `outputSchema` from the catalog's `output`, and
 * annotations from `effect`, `idempotent` and `open_world` (the MCP specification, Tools). MCP 2025-11-25 (the
 * SDK's protocol) needs an object `outputSchema`; a non-object output is left undeclared.
 */
import { isJsonObject, type JsonObject } from "../../schema/json.js";
import { CANONICAL } from "../lowering/dialects.js";
import type { LoweredTool, ProviderModule } from "../provider.js";
import { schemaObject } from "./common.js";

const EFFECT_HINTS: Readonly<Record<string, JsonObject>> = {
  read: { readOnlyHint: true },
  write: { readOnlyHint: false, destructiveHint: false },
  destructive: { readOnlyHint: false, destructiveHint: true },
};

function annotations(t: LoweredTool): JsonObject | undefined {
  const hints: JsonObject = {
    ...(t.tool.effect !== undefined ? EFFECT_HINTS[t.tool.effect] : {}),
    ...(t.tool.idempotent !== undefined
      ? { idempotentHint: t.tool.idempotent }
      : {}),
    ...(t.tool.openWorld !== undefined
      ? { openWorldHint: t.tool.openWorld }
      : {}),
  };
  return Object.keys(hints).length > 0 ? hints : undefined;
}

function declaredOutput(t: LoweredTool): JsonObject | undefined {
  const schema = t.output?.schema;
  return isJsonObject(schema) && schema.type === "object" ? schema : undefined;
}

export const mcp: ProviderModule = {
  id: "mcp",
  adapter: {
    file: "runtime/adapters/mcp.ts",
    export: "mcpAdapter",
    bind: "bindMcpAdapter",
    uses: ["runtime/adapters/reading.ts"],
  },
  title: "MCP (tools/list)",
  usage: "return as `tools` from a `tools/list` handler",
  dialects: { plain: CANONICAL },
  output: CANONICAL,
  declare: (t) => {
    const output = declaredOutput(t);
    const hints = annotations(t);
    return {
      name: t.tool.name,
      ...(t.tool.title !== undefined ? { title: t.tool.title } : {}),
      description: t.tool.description,
      inputSchema: schemaObject(t.input.schema),
      ...(output ? { outputSchema: output } : {}),
      ...(hints ? { annotations: hints } : {}),
    };
  },
  check: (t, report) => {
    if (t.output && !declaredOutput(t)) {
      report({
        severity: "info",
        pointer: t.tool.output!.pointer,
        message: `output of ${JSON.stringify(t.tool.name)} is not \`type: object\`, which MCP 2025-11-25 requires of structuredContent; no outputSchema is declared (the result is still validated)`,
      });
    }
  },
  typeDeclarations: `/** A tool as \`tools/list\` returns it (structurally the MCP SDK's \`Tool\`). */
export interface McpTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: { type: "object"; [key: string]: unknown };
  outputSchema?: { type: "object"; [key: string]: unknown };
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}`,
  elementType: "McpTool",
  declarationType: "McpTool",
};
