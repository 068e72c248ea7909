/**
 * `generate --js` output used as a JavaScript project would use it: the ESM `.js` files load in
 * Node on their own, answer exactly as the TypeScript output does (the committed generated/), and
 * their `.d.ts` files type a strict consumer — `ok: true` narrows to the catalog's types.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../generator/index.js";
import { validateOpenaiChatCall } from "../generated/providers/openai-chat.calls.js";
import { renderValidationErrors } from "../generated/runtime/validation-errors.js";
import { validate, validators } from "../generated/validators.js";
import { repoRoot, tmpRoot } from "./validators/harness.js";

const dir = path.join(tmpRoot, "js-output");

/** Inputs for every tool: valid ones, and ones failing on several keywords at several depths. */
const CALLS: readonly (readonly [string, unknown])[] = [
  ["write_measurement", { date: "2026-02-28", data: { weight_kg: 70.5 } }],
  [
    "write_measurement",
    {
      date: "2026-02-30",
      data: { weight_kg: -1, body_fat_pct: "20" },
      extra: true,
    },
  ],
  [
    "log_meal",
    {
      day: "2024-02-29",
      meal: "Cena",
      items: [{ food: "rice", grams: 100, kcal: null }],
    },
  ],
  [
    "log_meal",
    {
      day: "2024-02-30",
      meal: "Lunch",
      items: [
        { food: "", grams: -5, kcal: 1.5, x: 1 },
        { food: "rice", grams: 100 },
      ],
      extra_field: true,
      notes: "x".repeat(600),
    },
  ],
  [
    "list_exercises",
    { muscle_group: "legs", equipment: ["none", "none"], limit: 0 },
  ],
  ["get_customer", { customer_id: "2eb8aa08-aa98-11ea-b4aa-73b441d16380" }],
  [
    "get_customer",
    { customer_id: "2eb8aa08aa9811eab4aa73b441d16380", more: [] },
  ],
  [
    "get_weather",
    JSON.parse(
      '{"city": "", "__proto__": {"units": "metric"}, "constructor": 1}',
    ),
  ],
  ["log_workout_set", null],
  ["no_such_tool", {}],
];

/** The loaded `.js` modules (untyped here: the `.d.ts` files are checked by the consumer test). */
let js: { validators: any; calls: any; errors: any };
let validatorsJs = "";

beforeAll(async () => {
  const result = await generate({ cwd: repoRoot, js: true });
  expect(result.ok).toBe(true);
  rmSync(dir, { recursive: true, force: true });
  for (const [name, text] of result.files) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  // A project of its own: ESM, and nothing from this repository on its import path.
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ type: "module" }),
  );
  validatorsJs = result.files.get("validators.js") ?? "";
  const load = (name: string) =>
    import(pathToFileURL(path.join(dir, name)).href);
  js = {
    validators: await load("validators.js"),
    calls: await load("providers/openai-chat.calls.js"),
    errors: await load("runtime/validation-errors.js"),
  };
}, 120_000);

describe("--js output", () => {
  it("validators.js has no import and answers exactly as the TypeScript validators", () => {
    expect(validatorsJs).toContain("export function validateLogMealInput(");
    expect(validatorsJs).not.toMatch(/^\s*import\b|\brequire\(/m);
    for (const [tool, args] of CALLS) {
      const expected = validate(tool as never, args);
      const actual = js.validators.validate(tool, args);
      expect(actual, `${tool}: ${JSON.stringify(args)}`).toEqual(expected);
      if (!expected.ok)
        expect(
          js.errors.renderValidationErrors(tool, actual.errors, args),
        ).toBe(renderValidationErrors(tool, expected.errors, args));
    }
    expect(Object.keys(js.validators.validators).sort()).toEqual(
      Object.keys(validators).sort(),
    );
  });

  it("the OpenAI strict call validator checks, normalises and validates as the TypeScript one", () => {
    const announced = {
      day: "2024-02-29",
      meal: "Cena",
      items: [{ food: "rice", grams: 100, kcal: null }],
      notes: null,
    };
    for (const [tool, args] of [...CALLS, ["log_meal", announced] as const]) {
      expect(
        js.calls.validateOpenaiChatCall(tool, args),
        `${tool}: ${JSON.stringify(args)}`,
      ).toEqual(validateOpenaiChatCall(tool as never, args));
    }
    const ok = js.calls.validateOpenaiChatCall("log_meal", announced);
    expect(ok.ok).toBe(true);
    expect(ok.value).not.toHaveProperty("notes");
  });

  it("the .d.ts files type a strict consumer: ok narrows to the catalog's types, errors carry Ajv's fields", () => {
    writeFileSync(
      path.join(dir, "consumer.ts"),
      [
        'import { validate, validateLogMealInput, type ValidationError } from "./validators.js";',
        'import type { LogMealInput } from "./types.js";',
        'import { renderValidationErrors } from "./runtime/validation-errors.js";',
        "export function use(args: unknown): string {",
        "  const r = validateLogMealInput(args);",
        "  if (r.ok) {",
        "    const input: LogMealInput = r.value;",
        "    return input.items.map((i) => i.food).join(',') + input.day;",
        "  }",
        "  const first: ValidationError | undefined = r.errors[0];",
        '  return (first?.instancePath ?? "") + renderValidationErrors("log_meal", r.errors, args);',
        "}",
        "export function byName(args: unknown): number {",
        '  const r = validate("log_meal", args);',
        "  return r.ok ? r.value.items.length : r.errors.length;",
        "}",
        "// @ts-expect-error a failed result has no value",
        "export const wrong = (args: unknown) => validateLogMealInput(args).value;",
      ].join("\n"),
    );
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          lib: ["ES2022"],
          types: [],
        },
        files: ["consumer.ts"],
      }),
    );
    try {
      execFileSync(
        process.execPath,
        [path.join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", dir],
        { stdio: "pipe" },
      );
    } catch (e) {
      throw new Error(
        `the consumer does not type-check against the .d.ts files:\n${(e as { stdout?: Buffer }).stdout?.toString() ?? String(e)}`,
      );
    }
  });
});
