/**
 * Fuzzes the whole output, not one emitter: random catalogs whose property names, descriptions,
 * enum and const values and patterns are hostile strings (quotes, comment ends, template
 * syntax, line separators, `__proto__`, and payloads that assign a global if they ever run as
 * code), generated for all eight targets. Then:
 * - no error diagnostic, and every file of the output type-checks in one `tsc` run under
 *   `strict` plus the strictest options a consumer may set (`noUnusedLocals`, …);
 * - every module loads, and the payload global is still unset afterwards (nothing was injected);
 * - `validate` and each `validate<Target>Call` answer random JSON values without throwing, and
 *   their failures render as tool-result text;
 * - each provider's `.json` file is JSON equal to the declarations its `.ts` module exports;
 * - values the validators accept type-check as the generated input and output types, and an
 *   accepted output's text (output-text.ts) is JSON.stringify's;
 * - with `--js`, the `.d.ts` files type-check strictly and the `.js` validators answer as the `.ts` ones;
 * - OpenAI strict call validators (declared schema → normalise → catalog schema) agree with Ajv
 *   (test/providers/support/call-agreement.ts).
 * Replay a failure with FC_SEED=<seed>; FUZZ_RUNS sets the number of catalogs.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  anyJson,
  dataArbitrary,
  resourceArbitrary,
} from "../differential/arbitraries.js";
import { TYPESCRIPT_OBJECT_MEMBERS } from "../../generator/core/codegen/identifiers.js";
import type { CatalogIR } from "../../generator/core/ir/catalog-ir.js";
import { generateFrom, repoRoot } from "../helpers/pipeline.js";
import { strictestCompilerOptions } from "../helpers/strictest.js";
import { assertCallValidatorsAgree } from "../providers/support/call-agreement.js";
import {
  hostileText,
  inputArbitrary,
  PAYLOAD_GLOBAL,
} from "../helpers/schema-arbitrary.js";

const seed = Number(process.env.FC_SEED ?? 20261130);
const runs = Number(process.env.FUZZ_RUNS ?? 24);

const TARGETS = {
  "openai-chat": { strict: "auto" },
  "openai-responses": { strict: "auto" },
  "openai-agents": {},
  anthropic: {},
  "google-genai": {},
  "google-interactions": {},
  mcp: {},
  "openai-compatible": { strict: false },
};

/** The same targets with OpenAI strict mode demanded, not chosen per tool: lint rejects what cannot be strict. */
const STRICT_TARGETS = {
  ...TARGETS,
  "openai-chat": { strict: true },
  "openai-responses": { strict: true },
  "openai-compatible": { strict: true },
};

/** Valid regular expressions (with the `u` flag) that spell what would break a string or comment. */
const HOSTILE_PATTERNS = [
  '^"$',
  "^'|`$",
  "\\*/",
  "/\\*",
  "^\\$\\{x\\}$",
  "</script>",
  "\\u2028",
  "\\\\",
  "^(?:__proto__|constructor)$",
  `"\\); ${PAYLOAD_GLOBAL} = 1; \\("`,
];

/** Gives some string leaves a hostile pattern (deterministically, by position). */
function withPatterns(schema: unknown, counter = { n: 0 }): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withPatterns(s, counter));
  if (typeof schema !== "object" || schema === null) return schema;
  // Data (enum/const values) is left as it is; everything else may hold subschemas. Built with
  // fromEntries so that a property named `__proto__` stays an own property.
  const out = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === "enum" || k === "const" ? v : withPatterns(v, counter),
    ]),
  ) as Record<string, unknown>;
  const isStringSchema =
    Object.hasOwn(out, "type") &&
    out.type === "string" &&
    !Object.hasOwn(out, "format");
  if (isStringSchema && counter.n++ % 2 === 0)
    out.pattern = HOSTILE_PATTERNS[counter.n % HOSTILE_PATTERNS.length];
  return out;
}

/** Tool names lint accepts, with the ones that collide with JavaScript or the generated names. */
const toolName = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,12}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "constructor",
      "__proto__",
      "toString",
      "hasOwnProperty",
      "class",
      "ToolName",
      "ToolInput",
      "validate",
      "validators",
      "Deferred",
      "get-weather",
      "get_weather",
      "GetWeather",
    ),
  },
);
const catalogArbitrary = fc.record({
  tools: fc.uniqueArray(
    fc.record({
      name: toolName,
      description: hostileText,
      input: inputArbitrary(3),
      output: fc.option(inputArbitrary(2), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 3, selector: (t) => t.name.toLowerCase() },
  ),
  description: hostileText,
});

interface Sample {
  /** The catalog document. */
  readonly catalog: { readonly tools: Record<string, unknown> } & Record<
    string,
    unknown
  >;
  /** Whether lint may reject it (random schemas can break a target's rules); hostile strings alone may not. */
  readonly mayFailLint: boolean;
}

interface Loaded {
  readonly tools: readonly string[];
  readonly dir: string;
  readonly files: readonly string[];
  readonly ir: CatalogIR;
}

/**
 * Generates every sample into `root` with the module of accepted values beside each output (see
 * the file comment); the type-check is the one tsc run over every test's files (typeCheck).
 */
async function generateWholeOutputs(
  samples: readonly Sample[],
  root: string,
): Promise<Loaded[]> {
  const outputs: Loaded[] = [];
  let acceptedValues = 0;
  for (const [i, sample] of samples.entries()) {
    const source = JSON.stringify(sample.catalog);
    // Never a crash: the pipeline answers every catalog with output or diagnostics.
    const result = await generateFrom(source, {
      catalogPath: `fuzz-${i}.yaml`,
      format: i % 4 === 0,
    }).catch((e: unknown) => {
      throw new Error(
        `generate threw on sample ${i} (FC_SEED=${seed}): ${source}`,
        { cause: e },
      );
    });
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    if (sample.mayFailLint && errors.length > 0) {
      // FUZZ_DEBUG=1 shows why lint turned samples down (to keep the arbitraries useful).
      if (process.env.FUZZ_DEBUG)
        console.log(
          `sample ${i} not generated:`,
          [
            ...new Set(
              errors.map((e) =>
                process.env.FUZZ_DEBUG === "2"
                  ? `${e.rule} ${e.message}`
                  : e.rule,
              ),
            ),
          ].join(", "),
        );
      continue;
    }
    expect(errors, `sample ${i} (FC_SEED=${seed}): ${source}`).toEqual([]);
    const dir = join(root, `s${i}`);
    // The catalog beside its output, so a failure names files that reproduce it.
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "catalog.json"), source);
    for (const [path, text] of result.files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    outputs.push({
      tools: Object.keys(sample.catalog.tools),
      dir,
      files: [...result.files.keys()],
      ir: result.ir!,
    });
    const values = await acceptedValuesModule(dir, sample, i);
    acceptedValues += values
      .split("\n")
      .filter((l) => l.startsWith("export const")).length;
    writeFileSync(join(dir, "accepted-values.ts"), values);
  }
  // Enough accepted values were typed for the inhabitation check to say something.
  if (outputs.length > 0)
    expect(acceptedValues).toBeGreaterThan(outputs.length);
  return outputs;
}

/**
 * One tsc run for every generated file of the three tests (a run costs a compiler start and a
 * check of the standard library before the first file): `include` lists each test's files.
 * `skipLibCheck` (on in the strictest options, for a consumer's node_modules) would skip every
 * `.d.ts` file, the --js declarations among them: here only the standard library is skipped.
 */
function typeCheck(root: string, include: readonly string[]): void {
  writeFileSync(join(root, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(
    join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        ...strictestCompilerOptions(),
        skipLibCheck: false,
        skipDefaultLibCheck: true,
      },
      include,
    }),
  );
  try {
    execFileSync(
      process.execPath,
      [join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", root],
      { encoding: "utf8" },
    );
  } catch (e) {
    throw new Error(
      `generated output does not type-check (FC_SEED=${seed}, files and catalogs in ${root}):\n${(e as { stdout?: string }).stdout ?? e}`,
    );
  }
}

/**
 * Loads the type-checked outputs and exercises them (see the file comment). Returns how many
 * samples were generated.
 */
async function exerciseWholeOutputs(
  outputs: readonly Loaded[],
): Promise<{ generated: number; agreedCalls: number; rejectedCalls: number }> {
  if (outputs.length === 0)
    return { generated: 0, agreedCalls: 0, rejectedCalls: 0 };
  const values = fc.sample(anyJson, { seed, numRuns: 30 });
  let calls = 0;
  let rendered = 0;
  for (const out of outputs) {
    const { renderValidationErrors } = (await import(
      pathToFileURL(join(out.dir, "runtime/validation-errors.ts")).href
    )) as {
      renderValidationErrors: (
        tool: string,
        errors: readonly unknown[],
        args: unknown,
      ) => string;
    };
    for (const file of out.files.filter((f) => f.endsWith(".ts"))) {
      const mod = (await import(
        pathToFileURL(join(out.dir, file)).href
      )) as Record<string, unknown>;
      expect(
        (globalThis as Record<string, unknown>)[
          PAYLOAD_GLOBAL.replace("globalThis.", "")
        ],
        `${out.dir}/${file} ran catalog text`,
      ).toBeUndefined();
      const checkers = Object.entries(mod).filter(
        ([name, f]) =>
          typeof f === "function" &&
          (name === "validate" ||
            name === "validateOutput" ||
            /^validate\w+Call$/.test(name)),
      );
      for (const [name, f] of checkers) {
        for (const tool of [...out.tools, "__proto__", "no such tool"]) {
          for (const v of values) {
            const r = (
              f as (
                tool: string,
                v: unknown,
              ) => { ok: boolean; errors?: unknown[] }
            )(tool, v);
            expect(
              typeof r.ok,
              `${out.dir}/${file} ${name}(${JSON.stringify(tool)}, …)`,
            ).toBe("boolean");
            calls++;
            if (!r.ok && rendered++ % 7 === 0)
              expect(renderValidationErrors(tool, r.errors!, v)).toMatch(
                /^The tool .* was not run/,
              );
          }
        }
      }
      if (file.startsWith("providers/") && !file.endsWith(".calls.ts")) {
        // The .ts module's exported declarations are the .json file's `tools`, value for value.
        const json = JSON.parse(
          readFileSync(join(out.dir, file.replace(/\.ts$/, ".json")), "utf8"),
        ) as { tools: unknown };
        const exported = Object.values(mod).filter((v) => Array.isArray(v));
        expect(exported.length, file).toBe(1);
        expect(exported[0], `${out.dir}/${file} vs its .json`).toEqual(
          json.tools,
        );
      }
    }
  }
  expect(calls).toBeGreaterThan(outputs.length * 30);
  let agreedCalls = 0;
  let rejectedCalls = 0;
  for (const out of outputs) {
    const agreed = await assertCallValidatorsAgree(out.ir, out.dir, {
      seed,
      numRuns: 60,
    });
    agreedCalls += agreed.checked;
    rejectedCalls += agreed.rejected;
  }
  return { generated: outputs.length, agreedCalls, rejectedCalls };
}

/**
 * A module that assigns values the generated validators accept to the generated types, so the
 * type-check proves them inhabitants: `ok: true` narrows to the type, which must not be narrower
 * than the schema. Values come from the data arbitrary of each tool's input and output schema.
 */
async function acceptedValuesModule(
  dir: string,
  sample: Sample,
  index: number,
): Promise<string> {
  const validators = (await import(
    pathToFileURL(join(dir, "validators.ts")).href
  )) as Record<string, (tool: string, value: unknown) => { ok: boolean }>;
  const { outputText } = (await import(
    pathToFileURL(join(dir, "output-text.ts")).href
  )) as { outputText: (tool: string, value: unknown) => string | undefined };
  const lines: string[] = [];
  const used = new Set<string>();
  let n = 0;
  for (const [tool, entry] of Object.entries(sample.catalog.tools) as [
    string,
    { input: unknown; output?: unknown },
  ][]) {
    for (const [schema, check, map] of [
      [entry.input, validators.validate!, "ToolInput"],
      [entry.output, validators.validateOutput!, "ToolOutput"],
    ] as const) {
      // TypeScript takes a missing optional property named like an Object member (`toString?:
      // string`) from Object and rejects the literal: its limit (lint warns: prototype-name).
      if (schema === undefined || namesPrototypeMember(schema)) continue;
      const values = fc.sample(dataArbitrary(schema as never), {
        seed: seed + index,
        numRuns: 40,
      });
      // Not every accepted value can be written as a literal: a `__proto__` key sets the prototype,
      // and TypeScript checks a key named like an Object member (`isPrototypeOf`) against that
      // member even where an index signature admits it.
      // An accepted output's text is JSON.stringify's (output-text.ts), hostile names and all.
      if (map === "ToolOutput")
        for (const v of values)
          if (check(tool, v).ok)
            expect(
              outputText(tool, v),
              `${dir}: ${tool} ${JSON.stringify(v)}`,
            ).toBe(JSON.stringify(v));
      const accepted = values
        .filter(
          (v) =>
            check(tool, v).ok &&
            !hasKeyNamed(
              v,
              (k) => k === "__proto__" || TYPESCRIPT_OBJECT_MEMBERS.has(k),
            ),
        )
        .slice(0, 6);
      for (const v of accepted)
        lines.push(
          `export const value${n++}: ${map}[${JSON.stringify(tool)}] = ${JSON.stringify(v)};`,
        );
      if (accepted.length > 0) used.add(map);
    }
  }
  if (used.size > 0)
    lines.unshift(
      `import type { ${[...used].sort().join(", ")} } from "./types.js";`,
    );
  return lines.join("\n") + "\n";
}

/** Whether an object anywhere in the JSON value has a key `named` accepts. */
function hasKeyNamed(value: unknown, named: (key: string) => boolean): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (!Array.isArray(node) && Object.keys(node).some(named)) return true;
    stack.push(...Object.values(node));
  }
  return false;
}

/** Whether a property name anywhere in the schema is a member of TypeScript's Object (lint's prototype-name warns of it). */
function namesPrototypeMember(schema: unknown): boolean {
  const members = TYPESCRIPT_OBJECT_MEMBERS;
  const stack = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (!Array.isArray(node)) {
      const properties = (node as Record<string, unknown>).properties;
      if (
        typeof properties === "object" &&
        properties !== null &&
        Object.keys(properties).some((k) => members.has(k))
      )
        return true;
    }
    stack.push(...Object.values(node));
  }
  return false;
}

/** A schema over the whole supported subset (differential arbitraries) as a tool input: an object root whose one property is that schema, its $defs kept at the root so references resolve. */
function asToolInput(schema: unknown): Record<string, unknown> {
  if (typeof schema !== "object" || schema === null)
    return {
      type: "object",
      properties: { value: schema },
      required: ["value"],
      additionalProperties: false,
    };
  const { $defs, ...rest } = schema as Record<string, unknown>;
  return {
    type: "object",
    properties: { value: rest },
    required: ["value"],
    additionalProperties: false,
    ...($defs === undefined ? {} : { $defs }),
  };
}

/**
 * A random schema made declarable in OpenAI strict mode while keeping its keywords: boolean
 * subschemas become typed ones, maps and pattern keys go (objects close), untyped schemas get the
 * type their keywords imply, arrays get `items`. Under `strict: auto` such tools are declared
 * strict, so their calls go through the call validators the agreement check compares.
 */
function strictable(schema: unknown, underDefs = false): unknown {
  if (typeof schema === "boolean") return { type: "string" };
  if (Array.isArray(schema) || typeof schema !== "object" || schema === null)
    return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (
      k === "patternProperties" ||
      k === "propertyNames" ||
      k === "additionalProperties"
    )
      continue;
    if (
      k === "enum" ||
      k === "const" ||
      k === "dependentRequired" ||
      k === "type"
    )
      out[k] = v;
    // A required name no property declares would make the closed object unsatisfiable.
    else if (k === "required")
      out[k] = (v as string[]).filter((n) =>
        Object.hasOwn((schema as { properties?: object }).properties ?? {}, n),
      );
    else if (k === "properties" || k === "$defs")
      out[k] = Object.fromEntries(
        Object.entries(v as object).map(([n, sub]) => [
          n,
          strictable(sub, k === "$defs"),
        ]),
      );
    else if (["prefixItems", "anyOf", "oneOf", "allOf"].includes(k))
      out[k] = (v as unknown[]).map((sub) => strictable(sub));
    else if (["items", "contains", "not", "if", "then", "else"].includes(k))
      out[k] = strictable(v);
    else out[k] = v;
  }
  const typed = ["type", "enum", "const", "anyOf", "$ref"].some((k) =>
    Object.hasOwn(out, k),
  );
  if (!typed && !underDefs) {
    const keys = Object.keys(out);
    out.type = keys.some((k) =>
      [
        "properties",
        "required",
        "minProperties",
        "maxProperties",
        "dependentRequired",
      ].includes(k),
    )
      ? "object"
      : keys.some((k) =>
            [
              "items",
              "prefixItems",
              "contains",
              "minItems",
              "maxItems",
              "uniqueItems",
            ].includes(k),
          )
        ? "array"
        : keys.some((k) =>
              [
                "minimum",
                "maximum",
                "exclusiveMinimum",
                "exclusiveMaximum",
                "multipleOf",
              ].includes(k),
            )
          ? "number"
          : "string";
  }
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes("object") || Object.hasOwn(out, "properties"))
    out.additionalProperties = false;
  if (
    types.includes("array") &&
    !Object.hasOwn(out, "items") &&
    !Object.hasOwn(out, "prefixItems")
  )
    out.items = { type: "string" };
  return out;
}

/** A tool input with an optional field beside the random one: "null means omitted" then has work to do. */
function withOptionalNote(
  input: Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...input,
    properties: {
      ...(input.properties as object),
      note: { type: "string", maxLength: 20, description: "A note." },
    },
  };
}

/** Catalog `$defs` from a random resource: its own `$defs` (its refs resolve there), the rest as `Shared`, and `label text`. */
function catalogDefsFrom(schema: unknown): Record<string, unknown> {
  const { $defs, ...rest } =
    typeof schema === "object" && schema !== null
      ? (schema as Record<string, unknown>)
      : { $defs: {} };
  return {
    ...($defs as object),
    Shared: typeof schema === "boolean" ? schema : rest,
    "label text": { type: "string", description: "Shared." },
  };
}

/** A tool input that also references the catalog's `$defs` (`Shared`, `label text`). */
function usingCatalogDefs(
  input: Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...input,
    properties: {
      ...(input.properties as object),
      shared: { $ref: "#/$defs/Shared" },
      label: { $ref: "#/$defs/label%20text" },
    },
  };
}

/** The first test's samples: hostile strings everywhere, all eight targets; lint may not refuse them. */
function hostileSamples(): Sample[] {
  return fc
    .sample(catalogArbitrary, { seed, numRuns: runs })
    .map((sample): Sample => ({
      mayFailLint: false,
      catalog: {
        toolcat: 1,
        description: sample.description,
        targets: TARGETS,
        tools: Object.fromEntries(
          sample.tools.map((t) => [
            t.name,
            {
              description: t.description,
              input: withPatterns(t.input),
              ...(t.output ? { output: withPatterns(t.output) } : {}),
            },
          ]),
        ),
      },
    }));
}

/** The third test's samples: schemas over every supported keyword, every third pair made strict-declarable. */
function keywordSamples(): Sample[] {
  const schemas = fc
    .sample(resourceArbitrary, { seed, numRuns: runs * 3 })
    .map((schema, i) => (i % 9 < 3 ? strictable(schema) : schema));
  const samples: Sample[] = [];
  for (let i = 0; i + 2 < schemas.length; i += 3) {
    if (i % 9 === 0) {
      samples.push({
        mayFailLint: true,
        catalog: {
          toolcat: 1,
          targets: TARGETS,
          tools: {
            first: {
              description: "First.",
              input: withOptionalNote(asToolInput(schemas[i])),
            },
            second: {
              description: "Second.",
              input: withOptionalNote(asToolInput(schemas[i + 1])),
              output: asToolInput(schemas[i + 2]),
            },
          },
        },
      });
      continue;
    }
    samples.push({
      mayFailLint: true,
      catalog: {
        toolcat: 1,
        targets: i % 4 === 3 ? STRICT_TARGETS : TARGETS,
        ...(i % 2 === 1 ? { $defs: catalogDefsFrom(schemas[i]) } : {}),
        tools: {
          first: {
            description: "First.",
            input:
              i % 2 === 1
                ? usingCatalogDefs(asToolInput(schemas[i + 1]))
                : asToolInput(schemas[i]),
          },
          second: {
            description: "Second.",
            input: asToolInput(schemas[i + 1]),
            output: asToolInput(schemas[i + 2]),
          },
        },
      },
    });
  }
  return samples;
}

/** The second test's catalogs, each generated with `--js` and without it (`dir`/js, `dir`/ts). */
async function generateJsOutputs(
  root: string,
): Promise<{ dir: string; tools: string[] }[]> {
  const { generate } = await import("../../generator/index.js");
  const samples = fc.sample(catalogArbitrary, {
    seed: seed + 1,
    numRuns: Math.max(4, Math.round(runs / 6)),
  });
  const loaded: { dir: string; tools: string[] }[] = [];
  for (const [i, sample] of samples.entries()) {
    const catalog = {
      toolcat: 1,
      targets: TARGETS,
      tools: Object.fromEntries(
        sample.tools.map((t) => [
          t.name,
          {
            description: t.description,
            input: withPatterns(t.input),
            ...(t.output ? { output: withPatterns(t.output) } : {}),
          },
        ]),
      ),
    };
    const source = JSON.stringify(catalog);
    const dir = join(root, `s${i}`);
    for (const [js, sub] of [
      [true, "js"],
      [false, "ts"],
    ] as const) {
      const result = await generate({
        cwd: root,
        source,
        catalog: `fuzz-${i}.yaml`,
        out: join(dir, sub),
        js,
        cache: false,
        format: i % 2 === 0,
      });
      expect(result.ok, `sample ${i} (FC_SEED=${seed}): ${source}`).toBe(true);
      for (const [path, text] of result.files) {
        mkdirSync(dirname(join(dir, sub, path)), { recursive: true });
        writeFileSync(join(dir, sub, path), text);
      }
    }
    writeFileSync(join(dir, "catalog.json"), source);
    loaded.push({ dir, tools: Object.keys(catalog.tools) });
  }
  return loaded;
}

describe(`whole-output fuzz (FC_SEED=${seed})`, () => {
  const hostile = hostileSamples();
  const keywords = keywordSamples();
  let hostileOutputs: Loaded[];
  let keywordOutputs: Loaded[];
  let jsOutputs: { dir: string; tools: string[] }[];

  // Every test's output is generated first and type-checked in one tsc run: the first two
  // folders' .ts files (with their accepted values), and the --js declarations (not the .ts
  // output generated beside them for comparison).
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), "toolcat-output-fuzz-"));
    hostileOutputs = await generateWholeOutputs(hostile, join(root, "hostile"));
    keywordOutputs = await generateWholeOutputs(
      keywords,
      join(root, "keywords"),
    );
    jsOutputs = await generateJsOutputs(join(root, "js"));
    typeCheck(root, [
      "hostile/**/*.ts",
      "keywords/**/*.ts",
      "js/*/js/**/*.d.ts",
    ]);
  }, 300_000);

  it("hostile catalogs give output that type-checks, loads without running catalog text, and never throws", async () => {
    // How many declared-valid calls reach the OpenAI strict call validators depends on the sample
    // (tools that fall back to non-strict have none), but some must, or the agreement said nothing.
    const { generated, agreedCalls, rejectedCalls } =
      await exerciseWholeOutputs(hostileOutputs);
    expect(generated).toBe(hostile.length);
    expect(agreedCalls).toBeGreaterThan(0);
    // And calls the declarations turn down, answered with every problem at once (issue 21).
    expect(rejectedCalls).toBeGreaterThan(0);
  }, 300_000);

  it("--js output of hostile catalogs: the .d.ts files type-check strictly, the .js modules answer as the .ts ones", async () => {
    const values = fc.sample(anyJson, { seed, numRuns: 30 });
    expect(jsOutputs.length).toBeGreaterThanOrEqual(4);
    for (const { dir, tools } of jsOutputs) {
      const js = (await import(
        pathToFileURL(join(dir, "js", "validators.js")).href
      )) as Record<string, (tool: string, v: unknown) => unknown>;
      const ts = (await import(
        pathToFileURL(join(dir, "ts", "validators.ts")).href
      )) as Record<string, (tool: string, v: unknown) => unknown>;
      expect(
        (globalThis as Record<string, unknown>)[
          PAYLOAD_GLOBAL.replace("globalThis.", "")
        ],
        `${dir} ran catalog text`,
      ).toBeUndefined();
      for (const tool of [...tools, "__proto__"])
        for (const v of values)
          expect(js.validate!(tool, v), `${dir} ${tool}`).toEqual(
            ts.validate!(tool, v),
          );
    }
  }, 300_000);

  it("schemas over every supported keyword, lowered for every target: the same, wherever lint accepts them", async () => {
    const { generated, agreedCalls, rejectedCalls } =
      await exerciseWholeOutputs(keywordOutputs);
    // Lint turns many down (reference loops, strict-mode rules, definitions that clash); enough
    // must get through or the test says little.
    expect(generated).toBeGreaterThan(keywords.length / 5);
    // The strict-declarable samples put calls through the OpenAI strict call validators.
    expect(agreedCalls).toBeGreaterThan(10);
    expect(rejectedCalls).toBeGreaterThan(10);
  }, 300_000);
});
