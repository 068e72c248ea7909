/**
 * generated/standard-schema.ts against its contract: Standard Schema 1.1 + Standard JSON Schema
 * per tool (version 1, vendor "toolcat", synchronous validate), `validate` giving exactly the
 * generated validator's verdict and one issue per error (the dispatcher's wording, the instance
 * path as segments), JSON Schemas that are the declarations' own, fresh per call, converted to
 * draft-07 so that Ajv draft-07 accepts exactly what Ajv 2020-12 accepts on the original, and the
 * strict flavour equal to the OpenAI strict declaration and its call validator.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import AjvModule from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { mcpTools } from "../../generated/providers/mcp.js";
import { validateOpenaiResponsesCall } from "../../generated/providers/openai-responses.calls.js";
import { openaiResponsesTools } from "../../generated/providers/openai-responses.js";
import {
  describedLine,
  errorLine,
  renderValidationErrors,
} from "../../generated/runtime/validation-errors.js";
import { toDraft07 } from "../../generated/runtime/standard-schema.js";
import {
  standardOutputSchemas,
  standardSchemas,
  strictStandardSchemas,
} from "../../generated/standard-schema.js";
import type { ToolName } from "../../generated/types.js";
import { outputValidators, validators } from "../../generated/validators.js";
import {
  anyJson,
  dataArbitrary,
  resourceArbitrary,
} from "../differential/arbitraries.js";
import { catalogWith, generateFrom, writeFiles } from "../helpers/pipeline.js";
import { tmpRoot } from "../validators/harness.js";

const Ajv07 = AjvModule as unknown as typeof AjvModule.default;
const addFormats =
  addFormatsModule as unknown as typeof addFormatsModule.default;
const TOOLS = Object.keys(validators) as ToolName[];

type Issue = {
  readonly message: string;
  readonly path?: readonly PropertyKey[] | undefined;
};
type Result = {
  readonly value?: unknown;
  readonly issues?: readonly Issue[] | undefined;
};

/** The path an issue must carry, computed here from the error alone (JSON Pointer, numbers for array indexes). */
function expectedPath(
  error: {
    instancePath: string;
    keyword: string;
    params: Record<string, unknown>;
  },
  value: unknown,
): PropertyKey[] {
  const tokens =
    error.instancePath === ""
      ? []
      : error.instancePath
          .slice(1)
          .split("/")
          .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = value;
  const out: PropertyKey[] = tokens.map((t) => {
    const index = Array.isArray(node);
    node =
      typeof node === "object" && node !== null
        ? (node as Record<string, unknown>)[t]
        : undefined;
    return index ? Number(t) : t;
  });
  if (error.keyword === "required" || error.keyword === "dependentRequired")
    out.push(String(error.params["missingProperty"]));
  if (error.keyword === "additionalProperties")
    out.push(String(error.params["additionalProperty"]));
  return out;
}

/** Values near each tool's shape: the recorded 75,5 call, its fix, and random mutations of both. */
const nearWriteMeasurement = fc.record({
  date: fc.oneof(
    fc.constant("2024-04-11"),
    fc.constant("2024-02-30"),
    fc.string(),
  ),
  data: fc.oneof(
    fc.dictionary(
      fc.constantFrom("weight_kg", "body_fat_pct", "waist_cm", "other"),
      fc.oneof(fc.double(), fc.constant("75,5"), fc.constant(null)),
    ),
    anyJson,
  ),
});

describe("Standard Schema protocol", () => {
  it("every tool has a version-1 toolcat schema with a synchronous validate and both JSON Schema converters", () => {
    for (const flavour of [
      standardSchemas,
      strictStandardSchemas,
      standardOutputSchemas,
    ] as const) {
      for (const [name, schema] of Object.entries(flavour)) {
        const s = schema["~standard"];
        expect(s.version).toBe(1);
        expect(s.vendor).toBe("toolcat");
        expect(schema.name).toBe(name);
        expect(typeof schema.description).toBe("string");
        const result = s.validate({});
        expect(result).not.toBeInstanceOf(Promise);
        expect(typeof s.jsonSchema.input).toBe("function");
        expect(typeof s.jsonSchema.output).toBe("function");
      }
    }
    expect(Object.keys(standardSchemas)).toEqual(TOOLS);
    expect(Object.keys(strictStandardSchemas)).toEqual(TOOLS);
    expect(Object.keys(standardOutputSchemas)).toEqual(
      Object.keys(outputValidators),
    );
  });

  it("validate gives exactly the generated validator's verdict, value and errors (property)", () => {
    const values = fc.oneof(
      anyJson,
      nearWriteMeasurement,
      fc.constantFrom<unknown>(undefined, null, [], {}, "{}", 1),
    );
    fc.assert(
      fc.property(fc.constantFrom(...TOOLS), values, (name, value) => {
        const verdict = validators[name](value);
        const got = standardSchemas[name]["~standard"].validate(
          value,
        ) as Result;
        if (verdict.ok) {
          expect(got.issues).toBeUndefined();
          expect(got.value).toBe(verdict.value);
          return;
        }
        expect(got.issues).toHaveLength(verdict.errors.length);
        const rendered = renderValidationErrors(
          name,
          verdict.errors,
          value,
        ).split("\n");
        got.issues!.forEach((issue, i) => {
          // Each message is the dispatcher's line for that error after its field (the path says where).
          expect(
            rendered.some(
              (line) =>
                line.startsWith("- ") && line.endsWith(`: ${issue.message}`),
            ),
            issue.message,
          ).toBe(true);
          expect(describedLine(verdict.errors[i]!, value)).toMatch(
            new RegExp(
              `: ${issue.message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`,
            ),
          );
          expect(issue.path).toEqual(
            expectedPath(verdict.errors[i]! as never, value),
          );
        });
      }),
      { numRuns: 2000, seed: 22 },
    );
  });

  it("the worded-once lines are describeError's lines, first time and from the cache (property)", () => {
    const values = fc.oneof(
      anyJson,
      nearWriteMeasurement,
      fc.constantFrom<unknown>(undefined, null, [], {}, "{}", 1),
    );
    let lines = 0;
    fc.assert(
      fc.property(fc.constantFrom(...TOOLS), values, (name, value) => {
        const verdict = validators[name](value);
        if (verdict.ok) return;
        for (const error of verdict.errors) {
          const slow = describedLine(error, value);
          expect(errorLine(error, value)).toBe(slow);
          expect(errorLine(error, value)).toBe(slow);
          lines++;
        }
      }),
      { numRuns: 2000, seed: 23 },
    );
    expect(lines).toBeGreaterThan(1000);
    // Two errors sharing one params object (as no table does) are each worded as themselves.
    const params = { limit: 3, comparison: "<=" };
    const max = {
      instancePath: "/n",
      schemaPath: "#/properties/n/maximum",
      keyword: "maximum",
      params,
      message: "must be <= 3",
    };
    const items = {
      instancePath: "/n",
      schemaPath: "#/properties/n/maxItems",
      keyword: "maxItems",
      params,
      message: "must NOT have more than 3 items",
    };
    expect(errorLine(max, { n: 4 })).toBe(describedLine(max, { n: 4 }));
    expect(errorLine(items, { n: [1, 2, 3, 4] })).toBe(
      describedLine(items, { n: [1, 2, 3, 4] }),
    );
    expect(errorLine(items, { n: [1, 2, 3, 4] })).toMatch(
      /maxItems — expected at most 3 items/,
    );
  });

  it("the 75,5 call is refused with the field named and a number expected", () => {
    const got = standardSchemas.write_measurement["~standard"].validate({
      date: "2024-04-11",
      data: { weight_kg: "75,5" },
    }) as Result;
    expect(got.issues).toEqual([
      {
        message: 'type — expected a number; received "75,5"',
        path: ["data", "weight_kg"],
      },
    ]);
  });

  it("array indexes in paths are numbers, object keys that look like numbers stay strings", () => {
    const got = standardSchemas.log_meal["~standard"].validate({
      day: "2024-04-11",
      meal: "Cena",
      items: [
        { food: "rice", grams: 100 },
        { food: "", grams: 1 },
      ],
    }) as Result;
    expect(got.issues?.map((i) => i.path)).toContainEqual(["items", 1, "food"]);
    const missing = standardSchemas.write_measurement["~standard"].validate({
      data: { "0": 1 },
    }) as Result;
    expect(missing.issues?.map((i) => i.path)).toContainEqual(["date"]);
    expect(missing.issues?.map((i) => i.path)).toContainEqual(["data", "0"]);
  });

  it("output schemas validate results with the output validators", () => {
    expect(
      (
        standardOutputSchemas.write_measurement["~standard"].validate({
          saved: ["weight_kg"],
        }) as Result
      ).value,
    ).toEqual({ saved: ["weight_kg"] });
    expect(
      (
        standardOutputSchemas.write_measurement["~standard"].validate({
          saved: ["weight_kg", "weight_kg"],
        }) as Result
      ).issues?.[0]?.path,
    ).toEqual(["saved"]);
  });
});

describe("JSON Schema", () => {
  it("draft 2020-12 is the MCP declaration's schema, a fresh object on every call", () => {
    for (const tool of mcpTools) {
      const s = standardSchemas[tool.name as ToolName]["~standard"].jsonSchema;
      const first = s.input({ target: "draft-2020-12" });
      expect(first).toEqual(tool.inputSchema);
      expect(first).not.toBe(tool.inputSchema);
      (first["properties"] as Record<string, unknown>)["injected"] = {
        type: "string",
      };
      first["additionalProperties"] = true;
      expect(s.input({ target: "draft-2020-12" })).toEqual(tool.inputSchema);
      expect(s.output({ target: "draft-2020-12" })).toEqual(tool.inputSchema);
      expect(s.input({ target: "draft-07" })).not.toBe(
        s.input({ target: "draft-07" }),
      );
      if (tool.outputSchema)
        expect(
          standardOutputSchemas[
            tool.name as keyof typeof standardOutputSchemas
          ]["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
        ).toEqual(tool.outputSchema);
    }
  });

  it("draft-07: definitions, tuple items, dependencies and references rewritten", () => {
    const schema = {
      type: "object",
      properties: {
        pair: {
          prefixItems: [{ $ref: "#/$defs/A" }, { type: "string" }],
          items: false,
        },
        open: { prefixItems: [{ type: "number" }] },
        list: { type: "array", items: { $ref: "#/$defs/B/prefixItems/1" } },
        refWithSibling: { $ref: "#/$defs/A", minimum: 3, description: "kept" },
        annotated: { $ref: "#/$defs/A", description: "only an annotation" },
        some: {
          type: "array",
          contains: { const: 1 },
          minContains: 2,
          maxContains: 3,
          description: "Ones.",
        },
        none: { contains: { const: 1 }, minContains: 0 },
        deep: { $ref: "#/properties/pair/items" },
        tail: { $ref: "#/properties/pair/prefixItems/0" },
      },
      dependentRequired: { a: ["b"] },
      $defs: {
        A: { type: "integer" },
        B: {
          prefixItems: [{ type: "null" }, { type: "boolean" }],
          items: { type: "string" },
        },
      },
    };
    const frozen = JSON.stringify(schema);
    expect(toDraft07(schema)).toEqual({
      type: "object",
      properties: {
        pair: {
          items: [{ $ref: "#/definitions/A" }, { type: "string" }],
          additionalItems: false,
        },
        open: { items: [{ type: "number" }] },
        list: { type: "array", items: { $ref: "#/definitions/B/items/1" } },
        refWithSibling: {
          minimum: 3,
          description: "kept",
          allOf: [{ $ref: "#/definitions/A" }],
        },
        annotated: {
          $ref: "#/definitions/A",
          description: "only an annotation",
        },
        some: {
          type: "array",
          contains: { const: 1 },
          description:
            "Ones. Items matching `contains`: at least 2 and at most 3.",
        },
        none: { description: "Items matching `contains`: at least 0." },
        deep: { $ref: "#/properties/pair/additionalItems" },
        tail: { $ref: "#/properties/pair/items/0" },
      },
      dependencies: { a: ["b"] },
      definitions: {
        A: { type: "integer" },
        B: {
          items: [{ type: "null" }, { type: "boolean" }],
          additionalItems: { type: "string" },
        },
      },
    });
    expect(JSON.stringify(schema)).toBe(frozen);
  });

  it("draft-07 conversion: Ajv draft-07 on the converted schema answers as Ajv 2020-12 on the original (property)", () => {
    const ajv2020 = new Ajv2020({
      strict: false,
      allErrors: true,
      unicodeRegExp: true,
    });
    const ajv07 = new Ajv07({
      strict: false,
      allErrors: true,
      unicodeRegExp: true,
    });
    addFormats(ajv2020);
    addFormats(ajv07);
    let compared = 0;
    fc.assert(
      fc.property(
        resourceArbitrary
          .filter((s) => !/"m(in|ax)Contains"/.test(JSON.stringify(s)))
          .chain((s) =>
            fc.tuple(
              fc.constant(s),
              fc.array(dataArbitrary(s as never), {
                minLength: 5,
                maxLength: 5,
              }),
            ),
          ),
        ([schema, data]) => {
          let original;
          try {
            original = ajv2020.compile(schema as object);
          } catch {
            return; // not a schema Ajv compiles (both sides would refuse it)
          }
          const converted =
            typeof schema === "boolean"
              ? schema
              : toDraft07(schema as Record<string, unknown>);
          expect(JSON.stringify(converted)).not.toMatch(
            /"\$defs"|"prefixItems"|"dependentRequired"/,
          );
          let draft07;
          try {
            draft07 = ajv07.compile(converted as object);
          } catch (error) {
            // Ajv's own quirk (fast-deep-equal calling a `valueOf` or `toString` member of an enum value) only.
            expect(String(error)).toMatch(/valueOf|toString/);
            return;
          }
          for (const d of data) {
            let expected: boolean;
            try {
              expected = original(d) as boolean;
            } catch {
              continue;
            }
            compared++;
            expect(
              draft07(d),
              `${JSON.stringify(converted)} on ${JSON.stringify(d)}`,
            ).toBe(expected);
          }
        },
      ),
      { numRuns: 150, seed: 7 },
    );
    expect(compared).toBeGreaterThan(300);
  });

  it("every tool's draft-07 schema compiles under Ajv draft-07 and accepts what the validator accepts", () => {
    const ajv07 = new Ajv07({ strict: false, allErrors: true });
    addFormats(ajv07);
    for (const name of TOOLS) {
      const check = ajv07.compile(
        standardSchemas[name]["~standard"].jsonSchema.input({
          target: "draft-07",
        }),
      );
      fc.assert(
        fc.property(fc.oneof(anyJson, nearWriteMeasurement), (value) => {
          expect(check(value)).toBe(validators[name](value).ok);
        }),
        { numRuns: 300, seed: 3 },
      );
    }
  });

  it("any other target is a clear TypeError naming the tool and the supported targets", () => {
    const s = standardSchemas.get_weather["~standard"].jsonSchema;
    for (const target of [
      "openapi-3.0",
      "draft-04",
      "Draft-07",
      "",
      "x".repeat(10_000),
    ]) {
      expect(() => s.input({ target })).toThrow(TypeError);
      expect(() => s.output({ target })).toThrow(
        /"get_weather" is available as "draft-2020-12" or "draft-07", not "/,
      );
    }
    for (const options of [undefined, null, {}, { target: 7 }, "draft-07"]) {
      expect(() => s.input(options as never)).toThrow(
        /toolcat: the JSON Schema of "get_weather" is available as/,
      );
    }
    expect(() => s.input({ target: "x".repeat(10_000) })).toThrow(/x{60}…"/);
  });
});

describe("strict flavour", () => {
  const declared = new Map(
    openaiResponsesTools.flatMap((t) =>
      t.type === "function" ? [[t.name, t] as const] : [],
    ),
  );

  it("jsonSchema.input is the strict declaration, output the catalog's schema, strict as declared", () => {
    for (const name of TOOLS) {
      const s = strictStandardSchemas[name];
      const d = declared.get(name)!;
      expect(
        s["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
      ).toEqual(d.parameters);
      expect(
        s["~standard"].jsonSchema.output({ target: "draft-2020-12" }),
      ).toEqual(mcpTools.find((t) => t.name === name)!.inputSchema);
      expect(s.strict).toBe(d.strict);
      expect(s.description).toBe(d.description);
    }
  });

  it("validate is the call validator: nulls meaning omitted are removed, a missing field is refused", () => {
    const s = strictStandardSchemas.write_measurement["~standard"];
    const ok = s.validate({
      date: "2024-04-11",
      data: { weight_kg: 75.5, body_fat_pct: null, waist_cm: null },
    }) as Result;
    expect(ok.issues).toBeUndefined();
    expect(ok.value).toEqual({ date: "2024-04-11", data: { weight_kg: 75.5 } });
    const missing = s.validate({
      date: "2024-04-11",
      data: { weight_kg: 75.5 },
    }) as Result;
    expect(missing.issues?.map((i) => i.path)).toEqual([
      ["data", "body_fat_pct"],
      ["data", "waist_cm"],
    ]);
    const invalid = s.validate({
      date: "2024-04-11",
      data: { weight_kg: "75,5", body_fat_pct: null, waist_cm: null },
    }) as Result;
    expect(invalid.issues?.[0]?.path).toEqual(["data", "weight_kg"]);
  });

  it("gives the call validator's verdict on any value (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TOOLS),
        fc.oneof(anyJson, nearWriteMeasurement),
        (name, value) => {
          const verdict = validateOpenaiResponsesCall(name, value);
          const got = strictStandardSchemas[name]["~standard"].validate(
            value,
          ) as Result;
          expect(got.issues === undefined).toBe(verdict.ok);
          if (verdict.ok) expect(got.value).toEqual(verdict.value);
          else expect(got.issues).toHaveLength(verdict.errors.length);
        },
      ),
      { numRuns: 1000, seed: 5 },
    );
  });
});

describe("bad input to validate", () => {
  const s = standardSchemas.write_measurement["~standard"];
  const cyclic: Record<string, unknown> = { date: "2024-04-11" };
  cyclic["data"] = cyclic;
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const hostile = [
    () => 1,
    Object.assign(() => 1, { date: "2024-04-11", data: { weight_kg: 1 } }),
    cyclic,
    revoked,
    new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("trap");
        },
        get: () => {
          throw new Error("trap");
        },
        getOwnPropertyDescriptor: () => {
          throw new Error("trap");
        },
      },
    ),
    { date: "x".repeat(5_000_000), data: { weight_kg: "y".repeat(5_000_000) } },
    Symbol("s"),
    10n,
    Object.create(null),
    {
      date: "2024-04-11",
      data: {
        get weight_kg() {
          throw new Error("getter");
        },
      },
    },
  ];

  it("never throws and never accepts: an issue list for every one, with short messages", () => {
    for (const value of hostile) {
      const got = s.validate(value) as Result;
      expect(got.issues?.length, String(typeof value)).toBeGreaterThan(0);
      for (const issue of got.issues!)
        expect(issue.message.length).toBeLessThan(400);
    }
  });

  it("a value that throws when read is reported as uncheckable", () => {
    const got = s.validate(revoked) as Result;
    expect(got.issues).toEqual([
      {
        message:
          'The arguments of "write_measurement" could not be checked (a value that throws when read); nothing was run.',
      },
    ]);
  });
});

describe("a catalog without an mcp target", () => {
  it("writes the schemas it cannot import as data, once, and they work the same", async () => {
    const catalog = catalogWith(
      {
        type: "object",
        properties: {
          when: { $ref: "#/$defs/Day" },
          pair: {
            type: "array",
            prefixItems: [{ type: "string" }],
            items: false,
          },
        },
        required: ["when"],
        additionalProperties: false,
      },
      {
        targets: { anthropic: {} },
        defs: { Day: { type: "string", format: "date" } },
        output: { type: "object", properties: { ok: { type: "boolean" } } },
        name: "plan_day",
        description: "Plan one day.",
      },
    );
    const result = await generateFrom(catalog, { catalogPath: "catalog.yaml" });
    expect(result.ok).toBe(true);
    const text = result.files.get("standard-schema.ts")!;
    expect(text).not.toContain("providers/");
    expect(text).toContain("const planDaySchemas = {");
    expect(text.match(/"Plan one day\."/g)).toHaveLength(1);
    const dir = path.join(tmpRoot, "standard-schema-no-mcp");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFiles(dir, result.files);
    const mod = (await import(
      pathToFileURL(path.join(dir, "standard-schema.ts")).href
    )) as {
      standardSchemas: Record<string, typeof standardSchemas.get_weather>;
      standardOutputSchemas: Record<string, typeof standardSchemas.get_weather>;
    };
    const s = mod.standardSchemas["plan_day"]!;
    expect(s.description).toBe("Plan one day.");
    expect(s["~standard"].validate({ when: "2024-02-30" })).toMatchObject({
      issues: [{ path: ["when"] }],
    });
    expect(s["~standard"].jsonSchema.input({ target: "draft-07" })).toEqual({
      type: "object",
      properties: {
        when: { $ref: "#/definitions/Day" },
        pair: {
          type: "array",
          items: [{ type: "string" }],
          additionalItems: false,
        },
      },
      required: ["when"],
      additionalProperties: false,
      definitions: { Day: { type: "string", format: "date" } },
    });
    expect(
      mod.standardOutputSchemas["plan_day"]!["~standard"].validate({ ok: 1 }),
    ).toMatchObject({ issues: [{ path: ["ok"] }] });
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("the strict flavour's source", () => {
  const input = {
    type: "object",
    properties: { q: { type: "string", description: "Query." } },
    additionalProperties: false,
  };
  const source = async (targets: unknown) =>
    (
      await generateFrom(catalogWith(input, { targets }), {
        catalogPath: "catalog.yaml",
        format: false,
      })
    ).files.get("standard-schema.ts")!;
  it("is the Responses declaration, or Chat's when Responses is declared non-strict", async () => {
    expect(
      await source({
        "openai-chat": { strict: "auto" },
        "openai-responses": { strict: "auto" },
      }),
    ).toContain('from "./providers/openai-responses.js"');
    const chat = await source({
      "openai-chat": { strict: "auto" },
      "openai-responses": { strict: false },
    });
    expect(chat).toContain('from "./providers/openai-chat.js"');
    expect(chat).toContain("validateOpenaiChatCall");
    expect(await source({ anthropic: {} })).not.toContain(
      "strictStandardSchemas",
    );
  });
});
