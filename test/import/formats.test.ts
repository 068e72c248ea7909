/** `toolcat import`, the pure conversion: each input format, the conversions, names, merging, positions. */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";

const json = (v: unknown) => JSON.stringify(v, null, 2);
function run(files: Record<string, string>, options = {}) {
  const r = importTools(
    Object.entries(files).map(([path, text]) => ({ path, text })),
    options,
  );
  const catalog =
    r.catalog === undefined
      ? undefined
      : (parse(r.catalog) as {
          targets: Record<string, unknown>;
          tools: Record<string, Record<string, unknown>>;
        });
  return { ...r, doc: catalog };
}
const weather = {
  type: "object",
  properties: { city: { type: "string", description: "City." } },
  required: ["city"],
};

describe("toolcat import", () => {
  it("reads each provider shape and writes a catalog generate's loader accepts", () => {
    const r = run({
      "mcp.json": json({
        tools: [
          {
            name: "m",
            description: "M.",
            inputSchema: weather,
            outputSchema: {
              type: "object",
              properties: { t: { type: "number" } },
            },
            annotations: {
              readOnlyHint: false,
              destructiveHint: false,
              idempotentHint: true,
              openWorldHint: false,
            },
          },
        ],
        nextCursor: "x",
      }),
      "chat.json": json([
        {
          type: "function",
          function: { name: "c", description: "C.", parameters: weather },
        },
      ]),
      "responses.json": json([
        {
          type: "function",
          name: "r",
          parameters: weather,
          strict: false,
          defer_loading: true,
        },
      ]),
      "anthropic.json": json([
        { name: "a", description: "A.", input_schema: weather },
      ]),
      "google.json": json({
        functionDeclarations: [
          {
            name: "g",
            parameters: {
              type: "OBJECT",
              properties: {
                n: { type: "INTEGER", nullable: true },
                k: { type: "STRING" },
              },
              propertyOrdering: ["k", "n"],
            },
          },
        ],
      }),
    });
    expect(r.ok).toBe(true);
    expect(r.doc!.tools.m).toMatchObject({
      effect: "write",
      idempotent: true,
      open_world: false,
      output: { type: "object" },
    });
    expect(r.doc!.tools.r).toMatchObject({ defer_loading: true });
    expect(r.doc!.tools.g!.input).toEqual({
      type: "object",
      properties: { k: { type: "string" }, n: { type: ["integer", "null"] } },
    });
    expect(Object.keys(r.doc!.targets)).toEqual([
      "anthropic",
      "google-genai",
      "mcp",
      "openai-chat",
      "openai-responses",
    ]);
    expect(r.doc!.targets["openai-responses"]).toEqual({ strict: false });
    expect(
      r.catalog!.startsWith(
        "# yaml-language-server: $schema=node_modules/toolcat/catalog.schema.json\n",
      ),
    ).toBe(true);
    // The page cursor is reported, with its position in mcp.json.
    expect(
      r.report.find((d) => d.message.includes("nextCursor")),
    ).toMatchObject({
      file: "mcp.json",
      line: 34,
      col: 3,
      rule: "import-not-carried",
    });
    const loaded = loadCatalog("catalog.yaml", r.catalog!, {
      compileCheck: true,
    });
    expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual(
      [],
    );
  });

  it("reads a tools/list JSON-RPC response, reporting its framing as info", () => {
    const r = run({
      "list.json": json({
        jsonrpc: "2.0",
        id: 1,
        result: { tools: [{ name: "t", inputSchema: weather }] },
      }),
    });
    expect(Object.keys(r.doc!.tools)).toEqual(["t"]);
    expect(
      r.report
        .filter((d) => d.rule === "import-not-carried")
        .map((d) => `${d.severity} ${d.message}`),
    ).toEqual([
      'info "jsonrpc" not carried: JSON-RPC framing',
      'info "id" not carried: JSON-RPC framing',
    ]);
  });

  it("maps MCP annotations with MCP's defaults (destructive unless told otherwise)", () => {
    const tool = (annotations: unknown) =>
      json([{ name: "t", inputSchema: weather, annotations }]);
    expect(
      run({ "a.json": tool({ readOnlyHint: true }) }).doc!.tools.t!.effect,
    ).toBe("read");
    expect(
      run({ "a.json": tool({ readOnlyHint: false }) }).doc!.tools.t!.effect,
    ).toBe("destructive");
    expect(
      run({ "a.json": tool({ destructiveHint: true }) }).doc!.tools.t!.effect,
    ).toBe("destructive");
    expect(run({ "a.json": tool({ title: "T" }) }).doc!.tools.t).toMatchObject({
      title: "T",
    });
    // Neither hint (MCP's defaults: readOnlyHint false, destructiveHint true): destructive, said so.
    expect(run({ "a.json": tool({ title: "T" }) }).doc!.tools.t!.effect).toBe(
      "destructive",
    );
  });

  it("an MCP tool without annotations imports as destructive (MCP's defaults), with a warning at the tool", () => {
    const r = run({
      "a.json": json([
        {
          name: "delete_note",
          description: "Deletes a note.",
          inputSchema: weather,
        },
      ]),
    });
    expect(r.doc!.tools.delete_note!.effect).toBe("destructive");
    const said = r.report.filter((d) =>
      d.message.includes("MCP's defaults make the tool destructive"),
    );
    expect(said).toMatchObject([
      {
        file: "a.json",
        line: 2,
        col: 3,
        severity: "warning",
        rule: "import-converted",
      },
    ]);
    // Other formats carry no effect hints at all: nothing is assumed for them.
    expect(
      run({
        "b.json": json([
          { name: "a", description: "A.", input_schema: weather },
        ]),
      }).doc!.tools.a!.effect,
    ).toBeUndefined();
  });

  it("a declarations file toolcat wrote keeps a tool without effect as it was (its catalog said none)", () => {
    const r = run({
      "mcp.json": json({
        "//": "Code generated by toolcat from catalog/tools.yaml. DO NOT EDIT.",
        tools: [{ name: "t", description: "T.", inputSchema: weather }],
      }),
    });
    expect(r.doc!.tools.t!.effect).toBeUndefined();
  });

  it("keeps every keyword the catalog holds as it was: default, examples, title, deprecated, constraints", () => {
    const input = {
      type: "object",
      properties: {
        units: {
          type: "string",
          enum: ["metric", "imperial"],
          default: "metric",
          examples: ["metric"],
          title: "Units",
          deprecated: true,
        },
        days: { type: "integer", minimum: 1, maximum: 16, default: 3 },
        tags: {
          type: "array",
          items: { type: "string", default: "" },
          default: [],
        },
      },
    };
    for (const shape of [
      { name: "t", input_schema: input },
      { name: "t", inputSchema: input, annotations: { readOnlyHint: true } },
    ]) {
      const r = run({ "a.json": json([shape]) });
      expect(r.doc!.tools.t!.input).toEqual(input);
    }
  });

  it("converts draft-07 definitions and tuples", () => {
    const input = {
      type: "object",
      definitions: { P: { type: "string" } },
      properties: {
        p: { $ref: "#/definitions/P" },
        pair: {
          type: "array",
          items: [{ type: "string" }, { type: "number" }],
          additionalItems: false,
        },
      },
    };
    const r = run({ "a.json": json([{ name: "t", input_schema: input }]) });
    expect(r.doc!.tools.t!.input).toEqual({
      type: "object",
      $defs: { P: { type: "string" } },
      properties: {
        p: { $ref: "#/$defs/P" },
        pair: {
          type: "array",
          prefixItems: [{ type: "string" }, { type: "number" }],
          items: false,
        },
      },
    });
    expect(
      r.report
        .filter((d) => d.rule === "import-converted")
        .map((d) => `${d.line}:${d.col}`),
    ).toEqual(["6:22", "17:20"]);
  });

  it("reads a foreign OpenAI strict declaration's null-for-omitted fields as optional", () => {
    const parameters = {
      type: "object",
      properties: {
        city: { type: "string" },
        unit: {
          anyOf: [{ type: "string", enum: ["c", "f"] }, { type: "null" }],
        },
        days: { type: ["integer", "null"] },
      },
      required: ["city", "unit", "days"],
      additionalProperties: false,
    };
    const r = run({
      "a.json": json([
        { type: "function", function: { name: "w", strict: true, parameters } },
      ]),
    });
    expect(r.doc!.tools.w!.input).toEqual({
      type: "object",
      properties: {
        city: { type: "string" },
        unit: { type: "string", enum: ["c", "f"] },
        days: { type: "integer" },
      },
      required: ["city"],
      additionalProperties: false,
    });
    // Without strict, the same schema means what it says.
    const loose = run({
      "a.json": json([
        { type: "function", function: { name: "w", parameters } },
      ]),
    });
    expect(loose.doc!.tools.w!.input).toEqual(parameters);
  });

  it("maps names that are not portable, and reports each mapping", () => {
    const r = run({
      "a.json": json([
        { name: "math.sum", input_schema: weather },
        { name: "math_sum", input_schema: { type: "object" } },
        { name: "9lives", input_schema: weather },
      ]),
    });
    expect(Object.keys(r.doc!.tools)).toEqual([
      "math_sum",
      "math_sum_2",
      "_9lives",
    ]);
    expect(
      r.report
        .filter((d) => d.rule === "import-name-mapped")
        .map((d) => d.message),
    ).toEqual([
      expect.stringContaining('"math.sum" imported as "math_sum"'),
      expect.stringContaining('"math_sum" imported as "math_sum_2"'),
      expect.stringContaining('"9lives" imported as "_9lives"'),
    ]);
  });

  it("merges identical definitions, refuses different ones unless asked to rename", () => {
    const a = json([{ name: "t", input_schema: weather }]);
    const b = json([{ name: "t", input_schema: { type: "object" } }]);
    expect(Object.keys(run({ "a.json": a, "b.json": a }).doc!.tools)).toEqual([
      "t",
    ]);
    const conflict = run({ "a.json": a, "b.json": b });
    expect(conflict.ok).toBe(false);
    expect(conflict.catalog).toBeUndefined();
    expect(conflict.report.find((d) => d.severity === "error")).toMatchObject({
      file: "b.json",
      line: 2,
      col: 3,
      rule: "import-conflict",
    });
    expect(
      Object.keys(
        run({ "a.json": a, "b.json": b }, { renameConflicts: true }).doc!.tools,
      ),
    ).toEqual(["t", "t_2"]);
  });

  it("takes out what generate would reject, reporting where it was", () => {
    const input = {
      type: "object",
      properties: {
        u: { type: "string", format: "uri-reference" },
        x: { type: "string", "x-internal": true },
      },
    };
    const r = run({
      "a.jsonl": `${JSON.stringify({ name: "t", input_schema: input, origin: "somewhere" })}\n`,
    });
    expect(r.doc!.tools.t!.input).toEqual({
      type: "object",
      properties: { u: { type: "string" }, x: { type: "string" } },
    });
    const notCarried = r.report
      .filter((d) => d.rule === "import-not-carried")
      .map((d) => `${d.line}:${d.col} ${d.message.slice(0, 30)}`);
    expect(notCarried).toEqual([
      '1:148 "origin" not carried: the cata',
      '1:89 "format": "uri-reference" not ',
      '1:127 "x-internal": true not carried',
    ]);
  });

  it("reads JSONL by content as well as by name, each line in any format", () => {
    const lines = [
      JSON.stringify([{ name: "a", input_schema: weather }]),
      JSON.stringify({ tools: [{ name: "b", inputSchema: weather }] }),
    ].join("\n");
    expect(Object.keys(run({ "tools.txt": lines }).doc!.tools)).toEqual([
      "a",
      "b",
    ]);
    expect(
      Object.keys(run({ "tools.jsonl": lines + "\n\n" }).doc!.tools),
    ).toEqual(["a", "b"]);
  });

  it("rejects what is in no known format, and bad JSON, with positions", () => {
    const unknown = run({ "a.json": json({ hello: 1 }) });
    expect(unknown.ok).toBe(false);
    expect(unknown.report[0]).toMatchObject({
      rule: "import-format",
      severity: "error",
      line: 1,
      col: 1,
    });
    const bad = run({
      "a.json": '[{"name": "t", "input_schema": {"type": "object",}}]',
    });
    expect(bad.report[0]).toMatchObject({
      rule: "import-syntax",
      line: 1,
      col: 50,
    });
    const badLine = run({
      "a.jsonl": `${JSON.stringify({ name: "t", input_schema: weather })}\n{oops\n`,
    });
    expect(badLine.report.find((d) => d.severity === "error")).toMatchObject({
      rule: "import-syntax",
      line: 2,
      col: 2,
    });
  });

  it("writes the same bytes every time", () => {
    const files = {
      "a.json": json([
        {
          name: "t",
          description: 'Says: "hi" # not a comment',
          input_schema: {
            type: "object",
            properties: { "a b": { enum: ["yes", "null", "1.0", ""] } },
          },
        },
      ]),
    };
    const first = run(files).catalog!;
    expect(run(files).catalog).toBe(first);
    expect(
      (
        parse(first) as {
          tools: { t: { description: string; input: unknown } };
        }
      ).tools.t,
    ).toEqual({
      description: 'Says: "hi" # not a comment',
      input: {
        type: "object",
        properties: { "a b": { enum: ["yes", "null", "1.0", ""] } },
      },
    });
  });
});
