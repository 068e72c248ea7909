/**
 * Provider rules as lint: size limits (`provider-limit`) and what a strict dialect cannot declare
 * (`strict-subset`) are errors for a `strict: true` target, at the position of the node that
 * crosses the line; with `strict: auto` the tool is declared non-strict instead, with an info
 * finding at generation.
 */
import { describe, expect, it } from "vitest";
import { lint } from "../../generator/index.js";
import type { Diagnostic } from "../../generator/core/diagnostics.js";
import { generateFrom } from "../helpers/pipeline.js";

type Obj = Record<string, unknown>;

/** A catalog as indented JSON (valid YAML), one line per key so positions are predictable. */
function catalog(targets: Obj, tools: Record<string, Obj>, defs?: Obj): string {
  const doc: Obj = { toolcat: 1, targets };
  if (defs) doc.$defs = defs;
  doc.tools = Object.fromEntries(
    Object.entries(tools).map(([name, input]) => [
      name,
      { description: `Tool ${name}.`, input },
    ]),
  );
  return JSON.stringify(doc, null, 2) + "\n";
}

const str = (description = "A value.") => ({ type: "string", description });
const object = (
  properties: Obj,
  required: string[] = Object.keys(properties),
  description?: string,
): Obj => ({
  type: "object",
  ...(description ? { description } : {}),
  properties,
  required,
  additionalProperties: false,
});

async function findings(source: string, rule: string): Promise<Diagnostic[]> {
  const result = await lint({ source, catalog: "catalog.yaml" });
  return result.diagnostics.filter((d) => d.rule === rule);
}

/** The 1-based line of the first line of `source` containing `needle` (after `from` lines). */
function lineOf(source: string, needle: string, from = 0): number {
  const lines = source.split("\n");
  for (let i = from; i < lines.length; i++)
    if (lines[i]!.includes(needle)) return i + 1;
  throw new Error(`not found: ${needle}`);
}

describe("provider-limit (strict: true)", () => {
  it("OpenAI: more than 5000 properties, at the 5001st", async () => {
    const props = Object.fromEntries(
      Array.from({ length: 5001 }, (_, i) => [`p${i}`, str()]),
    );
    const source = catalog(
      { "openai-chat": { strict: true } },
      { big: object(props) },
    );
    const [f, ...rest] = await findings(source, "provider-limit");
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      severity: "error",
      target: "openai-chat",
      pointer: "/tools/big/input/properties/p5000",
    });
    expect(f!.message).toContain("5001 object properties");
    expect(f!.line).toBe(lineOf(source, '"p5000"'));
  });

  it("OpenAI: more than 10 levels of objects, at the first node too deep", async () => {
    let node: Obj = object({ leaf: str() }, ["leaf"], "Level 11.");
    for (let level = 10; level >= 2; level--)
      node = object(
        { [`l${level + 1}`]: node },
        [`l${level + 1}`],
        `Level ${level}.`,
      );
    const source = catalog(
      { "openai-responses": { strict: true } },
      { deep: object({ l2: node }) },
    );
    const [f] = await findings(source, "provider-limit");
    expect(f).toMatchObject({ severity: "error", target: "openai-responses" });
    expect(f!.pointer).toBe(
      "/tools/deep/input/properties/l2/properties/l3/properties/l4/properties/l5/properties/l6/properties/l7/properties/l8/properties/l9/properties/l10/properties/l11",
    );
    expect(f!.message).toContain("11 levels");
    // Ten levels are fine.
    const ok = catalog(
      { "openai-responses": { strict: true } },
      { deep: object({ l2: (node.properties as Obj).l3 }) },
    );
    expect(await findings(ok, "provider-limit")).toEqual([]);
  });

  it("OpenAI: more than 1000 enum values, at the enum that crosses the limit", async () => {
    const values = (n: number, p: string) =>
      Array.from({ length: n }, (_, i) => `${p}${i}`);
    const source = catalog(
      { "openai-chat": { strict: true } },
      {
        e: object({
          a: { type: "string", enum: values(600, "a"), description: "A." },
          b: { type: "string", enum: values(401, "b"), description: "B." },
        }),
      },
    );
    const [f] = await findings(source, "provider-limit");
    expect(f).toMatchObject({
      severity: "error",
      pointer: "/tools/e/input/properties/b/enum",
    });
    expect(f!.message).toContain("1001 enum values");
  });

  it("OpenAI: more than 120,000 characters of names and values, and a large string enum over 15,000", async () => {
    const long = Object.fromEntries(
      Array.from({ length: 61 }, (_, i) => [
        `${String(i).padStart(2, "0")}${"n".repeat(1998)}`,
        str(),
      ]),
    );
    const source = catalog(
      { "openai-chat": { strict: true } },
      { names: object(long) },
    );
    const [f] = await findings(source, "provider-limit");
    expect(f!.message).toMatch(/12\d,\d{3}|12\d{4} characters/);
    const bigEnum = catalog(
      { "openai-chat": { strict: true } },
      {
        e: object({
          a: {
            type: "string",
            enum: Array.from({ length: 251 }, (_, i) => `${i}`.padEnd(60, "x")),
            description: "A.",
          },
        }),
      },
    );
    const [g] = await findings(bigEnum, "provider-limit");
    expect(g).toMatchObject({ pointer: "/tools/e/input/properties/a/enum" });
    expect(g!.message).toContain("251 values");
  });

  it("Anthropic: more than 20 strict tools, at the target's strict option", async () => {
    const tools = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`t${i}`, object({ a: str() })]),
    );
    const source = catalog({ anthropic: { strict: true } }, tools);
    const fs = await findings(source, "provider-limit");
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({
      severity: "error",
      target: "anthropic",
      pointer: "/targets/anthropic/strict",
    });
    expect(fs[0]!.message).toContain("21 tools");
  });

  it("Anthropic: more than 24 optional parameters over all strict tools, at the 25th", async () => {
    const optional = (n: number, p: string) =>
      object(
        Object.fromEntries(
          Array.from({ length: n }, (_, i) => [`${p}${i}`, str()]),
        ),
        [],
      );
    const source = catalog(
      { anthropic: { strict: true } },
      { one: optional(20, "a"), two: optional(5, "b") },
    );
    const [f] = await findings(source, "provider-limit");
    expect(f).toMatchObject({
      severity: "error",
      pointer: "/tools/two/input/properties/b4",
    });
    expect(f!.message).toContain("25 optional parameters");
    expect(f!.line).toBe(lineOf(source, '"b4"'));
  });

  it("Anthropic: more than 16 union parameters, at the 17th", async () => {
    const union = {
      anyOf: [{ type: "string" }, { type: "integer" }],
      description: "A union.",
    };
    const source = catalog(
      { anthropic: { strict: true } },
      {
        u: object(
          Object.fromEntries(
            Array.from({ length: 17 }, (_, i) => [`u${i}`, union]),
          ),
        ),
      },
    );
    const [f] = await findings(source, "provider-limit");
    expect(f).toMatchObject({
      severity: "error",
      pointer: "/tools/u/input/properties/u16",
    });
  });

  it("is silent for strict: auto and for targets without strict mode", async () => {
    const props = Object.fromEntries(
      Array.from({ length: 5001 }, (_, i) => [`p${i}`, str()]),
    );
    const source = catalog(
      { "openai-chat": { strict: "auto" }, mcp: {}, "google-genai": {} },
      { big: object(props) },
    );
    expect(await findings(source, "provider-limit")).toEqual([]);
  });
});

describe("strict-subset (strict: true)", () => {
  it("reports a tuple open at the end, at the tuple", async () => {
    const source = catalog(
      { "openai-chat": { strict: true } },
      {
        t: object({
          point: {
            type: "array",
            description: "A point.",
            prefixItems: [{ type: "number", description: "X." }],
            items: { type: "number", description: "More." },
          },
          open: {
            type: "array",
            description: "Open.",
            prefixItems: [{ type: "number", description: "X." }],
            items: true,
          },
        }),
      },
    );
    const fs = await findings(source, "strict-subset");
    expect(fs.map((f) => f.pointer)).toEqual([
      "/tools/t/input/properties/open",
    ]);
    expect(fs[0]).toMatchObject({ severity: "error", target: "openai-chat" });
  });

  it("reports alternatives whose nulls cannot be told apart, at the alternative", async () => {
    const alt = (type: string) =>
      object(
        { value: { type, description: "V." }, note: str() },
        ["value"],
        "An alternative.",
      );
    const source = catalog(
      { "openai-chat": { strict: true } },
      {
        t: object({
          choice: {
            description: "A choice.",
            anyOf: [alt("string"), alt("number")],
          },
        }),
      },
    );
    const fs = await findings(source, "strict-subset");
    expect(fs.length).toBeGreaterThan(0);
    expect(fs[0]!.pointer).toBe("/tools/t/input/properties/choice/anyOf/0");
    expect(fs[0]!.message).toContain("same properties");
  });

  it("reports recursion for Anthropic strict, at the reference that closes the cycle", async () => {
    const tree = object(
      {
        label: str(),
        children: {
          type: "array",
          description: "Children.",
          items: { $ref: "#/$defs/Tree" },
        },
      },
      ["label", "children"],
      "A tree.",
    );
    const source = catalog(
      { anthropic: { strict: true }, "openai-chat": { strict: true } },
      { t: object({ tree: { $ref: "#/$defs/Tree" } }) },
      { Tree: tree },
    );
    const fs = await findings(source, "strict-subset");
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({
      target: "anthropic",
      pointer: "/$defs/Tree/properties/children/items",
    });
    expect(fs[0]!.line).toBe(
      lineOf(source, '"items"', lineOf(source, '"children"')),
    );
  });

  it("leaves open objects and optional-and-nullable fields to their own rules", async () => {
    const source = catalog(
      { "openai-chat": { strict: true } },
      {
        t: {
          type: "object",
          properties: {
            m: {
              type: "object",
              description: "A map.",
              additionalProperties: { type: "string" },
            },
          },
          required: ["m"],
          additionalProperties: false,
        },
      },
    );
    expect(await findings(source, "strict-subset")).toEqual([]);
    expect(
      (await findings(source, "no-additional-properties")).some(
        (f) => f.severity === "error",
      ),
    ).toBe(true);
  });
});

describe("strict: auto falls back with a reason", () => {
  it("declares an oversized or inexpressible tool non-strict, with an info finding at its position", async () => {
    const props = Object.fromEntries(
      Array.from({ length: 5001 }, (_, i) => [`p${i}`, str()]),
    );
    const source = catalog(
      {
        "openai-chat": { strict: "auto" },
        "openai-compatible": { strict: "auto" },
      },
      {
        big: object(props),
        open: object({
          point: {
            type: "array",
            description: "Open.",
            prefixItems: [{ type: "number", description: "X." }],
          },
        }),
        fine: object({ a: str() }),
      },
    );
    const result = await generateFrom(source, {
      catalogPath: "catalog.yaml",
      format: false,
    });
    expect(result.ok).toBe(true);
    const infos = result.diagnostics.filter(
      (d) =>
        d.severity === "info" &&
        (d.rule === "provider-limit" || d.rule === "strict-subset"),
    );
    expect(infos.map((d) => [d.rule, d.target, d.pointer])).toEqual([
      ["provider-limit", "openai-chat", "/tools/big/input/properties/p5000"],
      [
        "provider-limit",
        "openai-compatible",
        "/tools/big/input/properties/p5000",
      ],
      ["strict-subset", "openai-chat", "/tools/open/input/properties/point"],
      [
        "strict-subset",
        "openai-compatible",
        "/tools/open/input/properties/point",
      ],
    ]);
    const chat = JSON.parse(
      result.files.get("providers/openai-chat.json")!,
    ) as { tools: { function: { name: string; strict: boolean } }[] };
    expect(chat.tools.map((t) => [t.function.name, t.function.strict])).toEqual(
      [
        ["big", false],
        ["open", false],
        ["fine", true],
      ],
    );
    const compatible = JSON.parse(
      result.files.get("providers/openai-compatible.json")!,
    ) as { tools: { function: { name: string; strict?: boolean } }[] };
    expect(compatible.tools.map((t) => t.function.strict)).toEqual([
      undefined,
      undefined,
      true,
    ]);
  });
});
