/**
 * generated/output-text.ts (generator/core/emit/output-text.ts) writes the text of an `ok`
 * result. Its promise: JSON.stringify's bytes for every value the output validator accepts. Checked
 * here against JSON.stringify itself, on the example catalog and on random output schemas over the
 * whole supported subset (hostile property names and enum values, `$ref` recursion), with the
 * values' keys in random orders, properties left undefined, `toJSON` methods and values
 * JSON.stringify refuses.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  dataArbitrary,
  instanceFor,
  resourceArbitrary,
} from "../differential/arbitraries.js";
import { generateFrom, repoRoot, writeFiles } from "../helpers/pipeline.js";
import * as exampleValidators from "../../generated/validators.js";
import * as exampleText from "../../generated/output-text.js";
import { parse } from "yaml";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type OutputText = (name: string, value: unknown) => string | undefined;
type ValidateOutput = (name: string, value: unknown) => { ok: boolean };

const seed = Number(process.env.FC_SEED ?? 20261201);

/** The output written to `dir`, and its output-text and validators modules loaded from there. */
async function loaded(
  dir: string,
  files: ReadonlyMap<string, string>,
): Promise<{ outputText: OutputText; validateOutput: ValidateOutput }> {
  writeFiles(dir, files);
  const { outputText } = (await import(
    pathToFileURL(join(dir, "output-text.ts")).href
  )) as { outputText: OutputText };
  const { validateOutput } = (await import(
    pathToFileURL(join(dir, "validators.ts")).href
  )) as { validateOutput: ValidateOutput };
  return { outputText, validateOutput };
}

/** The same value with every object's keys in an order `order` picks (own `__proto__` keys stay own data). */
function reordered(
  value: unknown,
  order: (keys: string[]) => string[],
): unknown {
  if (Array.isArray(value)) return value.map((v) => reordered(v, order));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const k of order(Object.keys(value)))
    Object.defineProperty(out, k, {
      value: reordered((value as Record<string, unknown>)[k], order),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** A deterministic shuffle from a number (so a failure replays with its seed). */
function shuffler(n: number): (keys: string[]) => string[] {
  return (keys) => {
    const out = [...keys];
    let x = n + 1;
    for (let i = out.length - 1; i > 0; i--) {
      x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
      const j = x % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
}

/**
 * Asserts outputText = JSON.stringify for the accepted values among `values` (and a reordering
 * of each); returns how many were accepted.
 */
function assertSameText(
  outputText: OutputText,
  validateOutput: ValidateOutput,
  tool: string,
  values: readonly unknown[],
  where: string,
): number {
  let accepted = 0;
  for (const [i, v] of values.entries()) {
    for (const candidate of [
      v,
      reordered(v, shuffler(i)),
      reordered(v, (keys) => [...keys].reverse()),
    ]) {
      if (!validateOutput(tool, candidate).ok) continue;
      accepted++;
      expect(
        outputText(tool, candidate),
        `${where}: ${tool} ${JSON.stringify(candidate)}`,
      ).toBe(JSON.stringify(candidate));
    }
  }
  return accepted;
}

describe("output text: the example catalog", () => {
  const catalog = parse(
    readFileSync(join(repoRoot, "catalog/tools.yaml"), "utf8"),
  ) as { tools: Record<string, { output?: unknown }> };
  const tools = Object.entries(catalog.tools).filter(
    ([, t]) => t.output !== undefined,
  );

  it("writes JSON.stringify's text for every accepted output, in any key order", () => {
    expect(tools.length).toBeGreaterThan(4);
    let total = 0;
    let withValues = 0;
    for (const [tool, entry] of tools) {
      // Values built to satisfy the schema, and mutations of them (some fail: those are skipped).
      const values = [
        ...fc.sample(instanceFor(entry.output as never), {
          seed,
          numRuns: 300,
        }),
        ...fc.sample(dataArbitrary(entry.output as never), {
          seed,
          numRuns: 300,
        }),
      ];
      const accepted = assertSameText(
        exampleText.outputText,
        exampleValidators.validateOutput as ValidateOutput,
        tool,
        values,
        "example",
      );
      if (accepted > 0) withValues++;
      total += accepted;
    }
    // Enough of the samples were outputs for the comparison to mean something (get_customer's
    // uuid and email are rarely hit by chance: the tests below write its values by hand).
    expect(withValues).toBeGreaterThanOrEqual(tools.length - 1);
    expect(total).toBeGreaterThan(300);
  });

  it("writes a value whose class has a toJSON method as JSON.stringify does (the key it is written under passed to it)", () => {
    class Saved {
      saved = ["weight_kg"];
      toJSON() {
        return { replaced: true };
      }
    }
    class Exercise {
      id = "ex-1";
      name = "Squat";
      muscle_group = "legs";
      toJSON(key: string) {
        return `exercise at ${key}`;
      }
    }
    const values: [string, unknown][] = [
      ["write_measurement", new Saved()],
      ["list_exercises", { exercises: [new Exercise(), new Exercise()] }],
      [
        "list_exercises",
        {
          exercises: Object.assign([new Exercise()], {
            toJSON: (key: string) => `list at ${key}`,
          }),
        },
      ],
    ];
    for (const [tool, v] of values) {
      expect(
        (exampleValidators.validateOutput as ValidateOutput)(tool, v).ok,
        tool,
      ).toBe(true);
      expect(exampleText.outputText(tool, v)).toBe(JSON.stringify(v));
    }
  });

  it("writes any value of a name it has no function for as JSON.stringify does", () => {
    for (const v of [undefined, null, "text", 1.5, [1, "a"], { a: 1 }]) {
      expect(exampleText.outputText("no such tool", v)).toBe(JSON.stringify(v));
      expect(exampleText.outputText("__proto__", v)).toBe(JSON.stringify(v));
      expect(exampleText.outputText("hasOwnProperty", v)).toBe(
        JSON.stringify(v),
      );
    }
  });

  it("writes strings that need escapes, long strings, numbers JSON has no form for, and keys JSON.stringify quotes", () => {
    const strings = [
      'a "quoted" word',
      "back\\slash",
      "tab\there",
      "line\u2028sep",
      "\ud800 lone",
      "😀 pair",
      "x".repeat(65),
      "",
    ];
    for (const s of strings) {
      const v = {
        customer_id: "2eb8aa08-aa98-11ea-b4aa-73b441d16380",
        email: "a@b.co",
        name: s === "" ? "-" : s,
        goal: "health",
        birth_date: null,
        homepage: null,
      };
      expect(exampleValidators.validateOutput("get_customer", v).ok, s).toBe(
        true,
      );
      expect(exampleText.outputText("get_customer", v)).toBe(JSON.stringify(v));
    }
    for (const n of [
      0,
      -0,
      1e21,
      1e-7,
      0.1 + 0.2,
      Number.MAX_SAFE_INTEGER,
      12.5,
    ]) {
      const v = { temperature: n, conditions: "dry", wind_speed: Math.abs(n) };
      expect(
        exampleValidators.validateOutput("get_weather", v).ok,
        String(n),
      ).toBe(true);
      expect(exampleText.outputText("get_weather", v)).toBe(JSON.stringify(v));
    }
  });
});

describe("output text: values JSON.stringify treats specially, under schemas that let them through", () => {
  const root = mkdtempSync(join(tmpdir(), "toolcat-output-text-any-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes what JSON.stringify writes, and throws where it throws", async () => {
    const output = {
      type: "object",
      properties: {
        any: {},
        list: { type: "array" },
        when: { type: "object" },
        "2": { type: "integer" },
        b: { type: "string" },
        // Enum and const strings that need escapes, beside plain ones (quoted as they are) and null.
        mood: {
          enum: [
            'say "hi"',
            "back\\slash",
            "line\u2028sep",
            "\ud83d\ude00",
            "plain",
            null,
          ],
        },
        kind: { type: "string", enum: ["plain", "also_plain"] },
        fixed: { const: 'a "const"' },
        flag: { type: ["boolean", "null"] },
        'key "with" quotes\u2028': { type: "number" },
      },
    };
    const source = JSON.stringify({
      toolcat: 1,
      targets: { mcp: {} },
      tools: {
        open_tool: {
          description: "A tool.",
          input: {
            type: "object",
            properties: {},
            additionalProperties: false,
          },
          output,
        },
      },
    });
    const result = await generateFrom(source, {
      catalogPath: "open.json",
      format: false,
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual(
      [],
    );
    const { outputText, validateOutput } = await loaded(root, result.files);
    const keyed = {
      toJSON: (key: string) => `written under ${JSON.stringify(key)}`,
    };
    class Instance {
      b = "text";
      toJSON() {
        return "an instance";
      }
    }
    const written: unknown[] = [
      { any: keyed, list: [keyed, 1], b: "x" },
      { when: new Date(0), b: "date" },
      { when: keyed },
      { toJSON: () => ({ replaced: true }), b: "own toJSON" },
      new Instance(),
      {
        any: undefined,
        list: [undefined, () => 1, Symbol("s")],
        b: "undefined, a function, a symbol",
      },
      { any: () => 1, b: "a function" },
      // A declared property left undefined: the validator reads it as absent, JSON.stringify leaves it out.
      {
        b: undefined,
        "2": undefined,
        list: undefined,
        when: undefined,
        any: 1,
      },
      { b: "integer keys first", "2": 7, "10": 1, z: null },
      { any: { nested: [1, { deep: "x" }], toJSON: undefined } },
      { list: [], any: [], when: {} },
      ...[
        'say "hi"',
        "back\\slash",
        "line\u2028sep",
        "\ud83d\ude00",
        "plain",
        null,
      ].map((mood) => ({
        mood,
        kind: "also_plain",
        fixed: 'a "const"',
        flag: null,
      })),
      { flag: true, kind: "plain", 'key "with" quotes\u2028': 1.5 },
      {},
    ];
    for (const v of written) {
      expect(validateOutput("open_tool", v).ok, String(v)).toBe(true);
      expect(outputText("open_tool", v)).toBe(JSON.stringify(v));
    }
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    for (const v of [
      { any: 10n },
      { list: [1n] },
      { any: cycle },
      { when: cycle },
    ]) {
      expect(validateOutput("open_tool", v).ok).toBe(true);
      expect(() => JSON.stringify(v)).toThrow(TypeError);
      expect(() => outputText("open_tool", v)).toThrow(TypeError);
    }
  });
});

describe("output text: definitions used many times over", () => {
  const root = mkdtempSync(join(tmpdir(), "toolcat-output-text-dag-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("stays small when a definition is used six times in one used six times, six levels deep (6^5 copies written out before)", async () => {
    const $defs: Record<string, unknown> = {};
    for (let i = 0; i < 6; i++)
      $defs[`D${i}`] =
        i === 5
          ? { type: "string" }
          : {
              type: "object",
              properties: Object.fromEntries(
                [0, 1, 2, 3, 4, 5].map((j) => [
                  `k${j}`,
                  { $ref: `#/$defs/D${i + 1}` },
                ]),
              ),
              additionalProperties: false,
            };
    const output = {
      type: "object",
      properties: { root: { $ref: "#/$defs/D0" } },
      additionalProperties: false,
      $defs,
    };
    const source = JSON.stringify({
      toolcat: 1,
      targets: { mcp: {} },
      tools: {
        deep_tool: {
          description: "A tool.",
          input: {
            type: "object",
            properties: {},
            additionalProperties: false,
          },
          output,
        },
      },
    });
    const result = await generateFrom(source, {
      catalogPath: "deep.json",
      format: false,
    });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual(
      [],
    );
    const text = result.files.get("output-text.ts")!;
    expect(text.split("\n").length).toBeLessThan(2_000);
    const { outputText, validateOutput } = await loaded(root, result.files);
    const nested = (level: number): unknown =>
      level === 5 ? "leaf" : { k5: nested(level + 1), k0: nested(level + 1) };
    const value = { root: nested(0) };
    expect(validateOutput("deep_tool", value).ok).toBe(true);
    expect(outputText("deep_tool", value)).toBe(JSON.stringify(value));
  });
});

describe("output text: random output schemas", () => {
  const root = mkdtempSync(join(tmpdir(), "toolcat-output-text-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is JSON.stringify's text for every value the output validator accepts", async () => {
    // One schema per catalog: lint turns some random schemas down, and that must not take others with it.
    const schemas = fc.sample(resourceArbitrary, { seed, numRuns: 60 });
    let generated = 0;
    let compared = 0;
    for (const [i, schema] of schemas.entries()) {
      // The random schema as a property of an object output (an output's root is an object), or as the root when it is an object itself.
      const output =
        i % 3 === 2 && typeof schema === "object" && schema.type === "object"
          ? schema
          : asObjectOutput(schema);
      const source = JSON.stringify({
        toolcat: 1,
        targets: { mcp: {} },
        tools: {
          random_tool: {
            description: "A tool.",
            input: {
              type: "object",
              properties: {},
              additionalProperties: false,
            },
            output,
          },
        },
      });
      const result = await generateFrom(source, {
        catalogPath: `random-${i}.json`,
        format: false,
      });
      if (result.diagnostics.some((d) => d.severity === "error")) {
        if (process.env.FUZZ_DEBUG)
          console.log(
            `sample ${i} not generated:`,
            result.diagnostics
              .filter((d) => d.severity === "error")
              .map((d) => `${d.rule} ${d.message}`),
          );
        continue;
      }
      generated++;
      const dir = join(root, `s${i}`);
      const { outputText, validateOutput } = await loaded(dir, result.files);
      writeFileSync(join(dir, "catalog.json"), source);
      const values = [
        ...fc.sample(instanceFor(output as never), {
          seed: seed + i,
          numRuns: 40,
        }),
        ...fc.sample(dataArbitrary(output as never), {
          seed: seed + i,
          numRuns: 40,
        }),
      ];
      compared += assertSameText(
        outputText,
        validateOutput,
        "random_tool",
        values,
        `${dir}/catalog.json`,
      );
    }
    expect(generated).toBeGreaterThan(30);
    expect(compared).toBeGreaterThan(1000);
  });
});

/**
 * A random schema as the one property of an object output (an output's root is an object): the
 * schema becomes the `$defs` entry `Root` (beside its own `$defs`), so its references to `#` and
 * to its definitions still resolve, and an array of it is a second property.
 */
function asObjectOutput(schema: unknown): Record<string, unknown> {
  if (typeof schema !== "object" || schema === null)
    return {
      type: "object",
      properties: { value: schema as Json },
      required: ["value"],
    };
  const { $defs, ...rest } = schema as Record<string, unknown>;
  const rooted = (v: unknown): unknown =>
    JSON.parse(
      JSON.stringify(v).replace(/"\$ref":"#"/g, '"$ref":"#/$defs/Root"'),
    );
  const defs: Record<string, unknown> = { Root: rooted(rest) };
  for (const [name, body] of Object.entries(
    ($defs ?? {}) as Record<string, unknown>,
  ))
    Object.defineProperty(defs, name, {
      value: rooted(body),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return {
    type: "object",
    properties: {
      value: { $ref: "#/$defs/Root" },
      extra: { type: "array", items: { $ref: "#/$defs/Root" } },
    },
    required: ["value"],
    $defs: defs,
  };
}
