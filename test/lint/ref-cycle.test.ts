/**
 * The `$ref`-cycle check of `unresolved-ref` (generator/core/lint/rules/ref-cycle.ts) on long
 * chains and shared definitions: it finds cycles once per resolution context, so a chain as long
 * as the catalog is neither walked again from every `$ref` nor recursed into.
 */
import { describe, expect, it } from "vitest";
import { generateFrom } from "../helpers/pipeline.js";

const CYCLE = /leads back to itself/;

async function cycleFindings(doc: unknown): Promise<string[]> {
  const result = await generateFrom(JSON.stringify(doc), {
    catalogPath: "chain.json",
    format: false,
  });
  return result.diagnostics
    .filter((d) => d.rule === "unresolved-ref" && CYCLE.test(d.message))
    .map((d) => d.pointer ?? "");
}

/** `n` catalog definitions, each only a `$ref` to the next; the last is `last`. */
function chain(n: number, last: unknown): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n - 1; i++)
    $defs[`D${i}`] = { $ref: `#/$defs/D${i + 1}` };
  $defs[`D${n - 1}`] = last;
  return {
    toolcat: 1,
    targets: { mcp: {} },
    $defs,
    tools: {
      t: {
        description: "A tool.",
        input: {
          type: "object",
          properties: { a: { $ref: "#/$defs/D0", description: "A." } },
          additionalProperties: false,
        },
      },
    },
  };
}

describe("in-place $ref cycles", () => {
  it("a chain of 3,000 definitions that ends in a value has none", async () => {
    expect(await cycleFindings(chain(3000, { type: "string" }))).toEqual([]);
  });

  it("a chain of 3,000 definitions that closes on its first, in place, is reported at every $ref on it and nowhere else", async () => {
    const found = await cycleFindings(
      chain(3000, { anyOf: [{ $ref: "#/$defs/D0" }, { type: "string" }] }),
    );
    expect(found.length).toBe(3000);
    expect(new Set(found).size).toBe(3000);
    expect(found).toContain("/$defs/D0/$ref");
    expect(found).toContain("/$defs/D2999/anyOf/0/$ref");
    // The tool's own $ref reaches the cycle but is not on it.
    expect(found.some((p) => p.startsWith("/tools/"))).toBe(false);
  });

  it("a chain that closes through a property is recursion, not a cycle", async () => {
    expect(
      await cycleFindings(
        chain(500, {
          type: "object",
          properties: { next: { $ref: "#/$defs/D0" } },
          additionalProperties: false,
        }),
      ),
    ).toEqual([]);
  });

  it("a definition shared by two in-place branches, ten levels deep, is no cycle; one that refers to itself in place is", async () => {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 10; i++)
      $defs[`D${i}`] =
        i === 9
          ? { type: "string" }
          : {
              anyOf: [
                { $ref: `#/$defs/D${i + 1}` },
                { allOf: [{ $ref: `#/$defs/D${i + 1}` }] },
              ],
            };
    const doc = {
      toolcat: 1,
      targets: { mcp: {} },
      $defs,
      tools: {
        t: {
          description: "A tool.",
          input: {
            type: "object",
            properties: { a: { $ref: "#/$defs/D0", description: "A." } },
            additionalProperties: false,
          },
        },
      },
    };
    expect(await cycleFindings(doc)).toEqual([]);
    $defs.D9 = { allOf: [{ $ref: "#/$defs/D9" }] };
    expect(await cycleFindings(doc)).toEqual(["/$defs/D9/allOf/0/$ref"]);
  });

  it("a tool's own $defs are resolved in the tool first", async () => {
    // The catalog's A is a plain string; the tool's own A refers back in place.
    const doc = {
      toolcat: 1,
      targets: { mcp: {} },
      $defs: { A: { type: "string" } },
      tools: {
        t: {
          description: "A tool.",
          input: {
            type: "object",
            properties: { a: { $ref: "#/$defs/A", description: "A." } },
            additionalProperties: false,
            $defs: { A: { oneOf: [{ $ref: "#/$defs/A" }] } },
          },
        },
      },
    };
    expect(await cycleFindings(doc)).toEqual([
      "/tools/t/input/$defs/A/oneOf/0/$ref",
    ]);
  });
});
