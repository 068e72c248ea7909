/**
 * The peer that `npm run bench -- generate` times toolcat against (test/bench/peer-generate.js)
 * must do the same validation work, or its ratio means nothing: its Ajv standalone validators,
 * run on random near-valid instances of every tool, give the verdict and the errors that
 * toolcat's generated validators give — on the example catalog, on the bench's real-tool catalog
 * (test/bench/corpus-catalog.js) and on a draft-07 catalog (which the peer compiles with Ajv's
 * draft-07 class: Ajv2020 cannot).
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { instanceFor } from "../differential/arbitraries.js";
import { generateFrom, readCatalog, repoRoot } from "../helpers/pipeline.js";

type AjvValidate = ((value: unknown) => boolean) & {
  errors?: unknown[] | null;
};
type Validate = (
  name: never,
  value: unknown,
) => { ok: boolean; errors?: unknown[] };
type Catalog = {
  $defs?: object;
  definitions?: object;
  tools: Record<string, { input: object; output?: object }>;
};

// Inside the repository: the validators require ajv-formats from its node_modules.
mkdirSync(join(repoRoot, "test", ".tmp"), { recursive: true });
const out = mkdtempSync(join(repoRoot, "test", ".tmp", "peer-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The peer run on `text` (written as `name`.yaml), with its validators of both dialects loaded. */
function runPeer(
  name: string,
  text: string,
): {
  status: number | null;
  stderr: string;
  validators: Record<string, AjvValidate>;
} {
  const catalogFile = join(out, `${name}.yaml`);
  writeFileSync(catalogFile, text);
  const dir = join(out, name);
  const run = spawnSync(
    process.execPath,
    [join(repoRoot, "test", "bench", "peer-generate.js"), catalogFile, dir],
    { encoding: "utf8" },
  );
  const load = (file: string) =>
    existsSync(join(dir, file))
      ? (createRequire(import.meta.url)(join(dir, file)) as Record<
          string,
          AjvValidate
        >)
      : {};
  return {
    status: run.status,
    stderr: run.stderr,
    validators:
      run.status === 0
        ? { ...load("validators.cjs"), ...load("validators-draft07.cjs") }
        : {},
  };
}

/** toolcat's generated validators for `text` (validators.ts, loaded as TypeScript by vitest). */
async function toolcatValidators(
  name: string,
  text: string,
  catalogPath: string,
): Promise<{ validate: Validate; validateOutput: Validate }> {
  const result = await generateFrom(text, { catalogPath, format: false });
  expect(
    result.ok,
    JSON.stringify(result.diagnostics.filter((d) => d.severity === "error")),
  ).toBe(true);
  const file = join(out, `${name}-validators.ts`);
  writeFileSync(file, result.files.get("validators.ts")!);
  return (await import(file)) as {
    validate: Validate;
    validateOutput: Validate;
  };
}

/**
 * Every tool's input and output, `runs` seeded near-valid instances each: the peer's verdict and
 * errors equal toolcat's. Returns how many instances were invalid (so errors were compared).
 */
function compareVerdicts(
  catalog: Catalog,
  peer: Record<string, AjvValidate>,
  ours: { validate: Validate; validateOutput: Validate },
  runs: number,
): { invalid: number; schemas: number; draft07: number } {
  let invalid = 0;
  let schemas = 0;
  let draft07 = 0;
  for (const [name, tool] of Object.entries(catalog.tools)) {
    const sides = [
      ["Input", tool.input, (v: unknown) => ours.validate(name as never, v)],
      ...(tool.output
        ? [
            [
              "Output",
              tool.output,
              (v: unknown) => ours.validateOutput(name as never, v),
            ] as const,
          ]
        : []),
    ] as const;
    for (const [suffix, schema, check] of sides) {
      const theirs = peer[`validate_${name}${suffix}`]!;
      expect(theirs, `${name}${suffix}`).toBeTypeOf("function");
      schemas++;
      const isDraft07 = String(
        (schema as { $schema?: string }).$schema ?? "",
      ).includes("draft-07");
      if (isDraft07) draft07++;
      // The instances are drawn from the schema with every definition under $defs (the
      // generator's own reading of draft-07 `definitions`).
      const own = schema as { $defs?: object; definitions?: object };
      const root = {
        ...schema,
        $defs: {
          ...catalog.$defs,
          ...catalog.definitions,
          ...own.definitions,
          ...own.$defs,
        },
      };
      for (const value of fc.sample(instanceFor(root as never), {
        numRuns: runs,
        seed: 7,
      })) {
        const ok = theirs(value);
        const result = check(value);
        expect(result.ok, `${name}${suffix} ${JSON.stringify(value)}`).toBe(ok);
        if (!ok) {
          invalid++;
          // toolcat reads draft-07 `definitions` as `$defs` (DESIGN.md), so its schema paths name them so.
          const expected = isDraft07
            ? theirs.errors!.map((e) => ({
                ...(e as object),
                schemaPath: String(
                  (e as { schemaPath: string }).schemaPath,
                ).replace(/^#\/definitions\//, "#/$defs/"),
              }))
            : theirs.errors;
          expect(
            result.errors,
            `${name}${suffix} ${JSON.stringify(value)}`,
          ).toEqual(expected);
        }
      }
    }
  }
  return { invalid, schemas, draft07 };
}

describe("the bench's peer (Ajv standalone + json-schema-to-typescript + prettier)", () => {
  it("validates every tool of the example catalog as toolcat does, errors included", async () => {
    const text = readCatalog("catalog/tools.yaml");
    const run = runPeer("example", text);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const { validate, validateOutput } =
      await import("../../generated/validators.js");
    const tally = compareVerdicts(
      parse(text) as Catalog,
      run.validators,
      {
        validate: validate as Validate,
        validateOutput: validateOutput as Validate,
      },
      60,
    );
    // The instances are near-valid: both verdicts occur, so the errors were compared too.
    expect(tally.invalid).toBeGreaterThan(20);
  });

  it("compiles draft-07 schemas (Ajv's draft-07 class) and answers as toolcat does", async () => {
    const text = readCatalog("test/fixtures/draft07/catalog.yaml");
    const run = runPeer("draft07", text);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(existsSync(join(out, "draft07", "validators-draft07.cjs"))).toBe(
      true,
    );
    const ours = await toolcatValidators(
      "draft07",
      text,
      "test/fixtures/draft07/catalog.yaml",
    );
    const tally = compareVerdicts(
      parse(text) as Catalog,
      run.validators,
      ours,
      60,
    );
    expect(tally.draft07).toBeGreaterThan(0);
    expect(tally.invalid).toBeGreaterThan(5);
  });

  it("validates every tool of the bench's real-tool catalog as toolcat does, errors included", async () => {
    const real = corpusCatalog({ importTools, loadCatalog });
    expect(real.tools).toBeGreaterThan(200);
    const run = runPeer("corpus", real.text);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const ours = await toolcatValidators(
      "corpus",
      real.text,
      "catalog/tools.yaml",
    );
    const tally = compareVerdicts(
      parse(real.text) as Catalog,
      run.validators,
      ours,
      12,
    );
    expect(tally.schemas).toBe(
      Object.values((parse(real.text) as Catalog).tools).reduce(
        (n, t) => n + (t.output ? 2 : 1),
        0,
      ),
    );
    expect(tally.invalid).toBeGreaterThan(100);
  }, 120_000);
});
