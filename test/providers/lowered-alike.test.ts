/**
 * Two dialects that lower a schema alike declare one object (provider.ts alikeLowered), so the
 * printers, which keep what they learn of a schema by identity, print it once; the declarations
 * are the same JSON either way. Not where the JSON text cannot tell the schemas apart (a `-0` is
 * written `0`), nor where the lowerings differ.
 */
import { describe, expect, it } from "vitest";
import { buildIR } from "../../generator/core/ir/build-ir.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { lowerCatalog } from "../../generator/core/providers/emitter.js";

const catalog = (tools: Record<string, unknown>) =>
  JSON.stringify({
    toolcat: 1,
    targets: { anthropic: {}, "google-genai": {}, mcp: {} },
    tools,
  });

function lowered(text: string) {
  const ir = buildIR(loadCatalog("c.yaml", text).catalog!, "c.yaml");
  const byTarget = new Map(
    lowerCatalog(ir).map((l) => [
      l.target.id,
      l.tools.map((t) => t.input.schema),
    ]),
  );
  return {
    anthropic: byTarget.get("anthropic")!,
    genai: byTarget.get("google-genai")!,
    mcp: byTarget.get("mcp")!,
  };
}

describe("schemas lowered alike by two dialects", () => {
  it("are one object where their JSON is the same, two where it is not", () => {
    const { anthropic, genai, mcp } = lowered(
      catalog({
        plain: {
          description: "d",
          input: {
            type: "object",
            properties: { q: { type: "string", description: "q" } },
            required: ["q"],
          },
        },
        // Gemini's dialect lowers this one differently (minLength moved into the description).
        other: {
          description: "d",
          input: {
            type: "object",
            properties: { q: { type: "string", minLength: 1 } },
          },
        },
      }),
    );
    expect(anthropic[0]).toBe(mcp[0]);
    expect(genai[0]).toBe(anthropic[0]);
    expect(JSON.stringify(genai[1])).not.toBe(JSON.stringify(anthropic[1]));
    expect(genai[1]).not.toBe(anthropic[1]);
    expect(anthropic[1]).toBe(mcp[1]);
  });

  it("are not merged where the JSON text hides a -0", () => {
    const { anthropic, genai } = lowered(
      catalog({
        zero: {
          description: "d",
          input: {
            type: "object",
            properties: { n: { type: "number", minimum: -0 } },
          },
        },
      }),
    );
    expect(JSON.stringify(genai[0])).toBe(JSON.stringify(anthropic[0]));
    expect(genai[0]).not.toBe(anthropic[0]);
  });
});
