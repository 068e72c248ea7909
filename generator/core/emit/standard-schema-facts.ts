/**
 * What the Standard Schema emitter (standard-schema.ts) needs to know of each tool's declarations,
 * made without lowering the tool where that can be known otherwise:
 *   - whether MCP declares the tool's schemas and description as they are: MCP lowers into the
 *     identity dialect and declares `inputSchema`, `description` and (an object) `outputSchema`
 *     unchanged (targets/mcp.ts), so that is a question about the catalog's schemas alone;
 *   - how the strict source (openai-responses or openai-chat) declares it: strict or not, with an
 *     argument plan or not. Only its lowering says that; a worker thread that lowers every target
 *     anyway (generator/node/parallel-emit.ts) sends these two facts per tool (StrictFacts), and
 *     without them the tool is lowered here.
 * test/standard-schema/tool-facts.test.ts checks both against the declarations themselves.
 */
import type { ToolIR } from "../ir/catalog-ir.js";
import type { LoweredTool } from "../providers/provider.js";
import { isJsonObject } from "../schema/json.js";

/** How one target declares one tool, as far as the Standard Schemas care. */
export interface StrictFacts {
  /** Declared strict (LoweredTool.strict). */
  readonly strict: boolean;
  /** With a normalisation plan (LoweredTool.plan present: the target has call validators). */
  readonly planned: boolean;
}

/** Whether MCP's declaration of a tool holds its schemas as the catalog has them. */
export interface McpFacts {
  readonly inputFromMcp: boolean;
  readonly outputFromMcp: boolean;
}

/**
 * What MCP's declaration of `tool` holds as it is, or undefined where only the declaration can
 * say (an input schema that is not an object, which declaring rejects). MCP declares the
 * catalog's input schema and description unchanged, and the output schema when it is an object
 * schema with `type: object` (MCP 2025-11-25 requires one).
 */
export function mcpFacts(tool: ToolIR): McpFacts | undefined {
  if (!isJsonObject(tool.input.schema)) return undefined;
  const output = tool.output?.schema;
  return {
    inputFromMcp: true,
    outputFromMcp: isJsonObject(output) && output["type"] === "object",
  };
}

/** A lowered tool's StrictFacts. */
export function strictFacts(lowered: LoweredTool): StrictFacts {
  return { strict: lowered.strict, planned: lowered.plan !== undefined };
}

/**
 * One target's StrictFacts for every tool, one character each (a digit: 1 for strict, plus 2
 * for planned), to cross to another thread as a short string.
 */
export function encodeStrictFacts(tools: readonly LoweredTool[]): string {
  let text = "";
  for (let i = 0; i < tools.length; i++) {
    const t = tools[i]!;
    text += String((t.strict ? 1 : 0) + (t.plan !== undefined ? 2 : 0));
  }
  return text;
}

const DECODED: readonly StrictFacts[] = [
  { strict: false, planned: false },
  { strict: true, planned: false },
  { strict: false, planned: true },
  { strict: true, planned: true },
];

/** encodeStrictFacts's text read back; undefined when it is not one for `count` tools. */
export function decodeStrictFacts(
  text: string,
  count: number,
): readonly StrictFacts[] | undefined {
  if (text.length !== count) return undefined;
  const out: StrictFacts[] = [];
  for (let i = 0; i < count; i++) {
    const facts = DECODED[text.charCodeAt(i) - 48];
    if (facts === undefined) return undefined;
    out.push(facts);
  }
  return out;
}
