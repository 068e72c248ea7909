/**
 * Anthropic's own `betaStandardSchemaTool` (@anthropic-ai/sdk/helpers/beta/standard-schema) with a
 * toolcat schema: it declares the catalog's schema (draft 2020-12, as the MCP declaration holds
 * it), its `parse` is toolcat's validate (an invalid input throws with toolcat's messages, so the
 * runner answers `is_error` without calling `run`), and `run` receives the catalog's type.
 */
import { betaStandardSchemaTool } from "@anthropic-ai/sdk/helpers/beta/standard-schema";
import { describe, expect, it } from "vitest";
import { mcpTools } from "../../generated/providers/mcp.js";
import { standardSchemas } from "../../generated/standard-schema.js";
import type { ToolInput } from "../../generated/types.js";

describe("Anthropic betaStandardSchemaTool with toolcat's schema", () => {
  it("declares the catalog's schema and parses with toolcat's validator", async () => {
    const runs: ToolInput["write_measurement"][] = [];
    const weight = standardSchemas.write_measurement;
    const tool = betaStandardSchemaTool({
      name: weight.name,
      description: weight.description,
      inputSchema: weight,
      run: (args) => {
        runs.push(args);
        return "ok";
      },
    });
    expect(
      "input_schema" in tool ? tool.input_schema : undefined,
    ).toMatchObject({
      type: "object",
      properties: mcpTools[0]!.inputSchema["properties"],
      required: ["date", "data"],
    });
    expect(() =>
      tool.parse({ date: "2024-04-11", data: { weight_kg: "75,5" } }),
    ).toThrow(/type — expected a number; received "75,5"/);
    const parsed = tool.parse({
      date: "2024-04-11",
      data: { weight_kg: 75.5 },
    });
    expect(await tool.run(parsed)).toBe("ok");
    expect(runs).toEqual([{ date: "2024-04-11", data: { weight_kg: 75.5 } }]);
  });
});
