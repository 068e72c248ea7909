/**
 * Differential test on real tool schemas: every `input_schema` of the public corpus
 * (test/data/tool-corpus/tools.jsonl) that the compiler accepts, every schema of the example
 * catalog and of the test fixtures — generated validator vs Ajv on near-valid and mutated
 * instances. Corpus schemas the compiler rejects are counted (with their reasons), never run.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { validatorProblems } from "../../generator/core/emit/validators/compile.js";
import type { Schema } from "../../generator/core/schema/schema.js";
import { generateFrom, readCatalog } from "../helpers/pipeline.js";
import {
  compileAll,
  repoRoot,
  dataRoot,
  type CompiledValidator,
} from "../validators/harness.js";
import {
  referenceValidator,
  type ReferenceOutcome,
} from "../validators/reference.js";
import { dataArbitrary } from "./arbitraries.js";
import { assertSameAsAjv, newTally } from "./compare.js";

const SEED = Number(process.env.TOOLCAT_DIFF_SEED ?? 777);
const SCALE = Number(process.env.TOOLCAT_DIFF_SCALE ?? 1);
const RUNS = Math.max(4, Math.round(6 * SCALE));

interface Case {
  readonly label: string;
  readonly schema: unknown;
  readonly ajv: (data: unknown) => ReferenceOutcome;
  validate?: CompiledValidator;
}

const corpusLines = readFileSync(
  path.join(dataRoot, "tool-corpus", "tools.jsonl"),
  "utf8",
)
  .split("\n")
  .filter((l) => l.trim() !== "");
const seen = new Set<string>();
const corpus: Case[] = [];
const rejectedBy = new Map<string, number>();
let ajvOnlyRejected: string[] = [];
for (const line of corpusLines) {
  const entry = JSON.parse(line) as {
    source: string;
    name: string;
    input_schema: unknown;
  };
  const text = JSON.stringify(entry.input_schema);
  if (seen.has(text)) continue;
  seen.add(text);
  const problems = validatorProblems(entry.input_schema as Schema);
  if (problems.length > 0) {
    const reason = problems[0]!.message.replace(/"[^"]*"/, '"…"');
    rejectedBy.set(reason, (rejectedBy.get(reason) ?? 0) + 1);
    continue;
  }
  const ajv = referenceValidator(entry.input_schema);
  if (!ajv) ajvOnlyRejected.push(`${entry.source}/${entry.name}`);
  else
    corpus.push({
      label: `corpus ${entry.source}/${entry.name}`,
      schema: entry.input_schema,
      ajv,
    });
}

const catalogCases: Case[] = [];

beforeAll(async () => {
  const catalogs = [
    "catalog/tools.yaml",
    ...readdirSync(path.join(repoRoot, "test/fixtures")).map(
      (d) => `test/fixtures/${d}/catalog.yaml`,
    ),
  ];
  for (const file of catalogs) {
    const result = await generateFrom(readCatalog(file), {
      catalogPath: file,
      format: false,
    });
    if (!result.ir) continue; // fixtures that are lint failures on purpose have no IR
    for (const tool of result.ir.tools) {
      for (const which of ["input", "output"] as const) {
        const resource = tool[which];
        if (!resource) continue;
        const ajv = referenceValidator(resource.schema);
        if (!ajv) throw new Error(`Ajv rejects ${file} ${tool.name} ${which}`);
        catalogCases.push({
          label: `${file} ${tool.name} ${which}`,
          schema: resource.schema,
          ajv,
        });
      }
    }
  }
  const all = [...corpus, ...catalogCases];
  const compiled = await compileAll(all.map((c) => c.schema as Schema));
  all.forEach((c, i) => (c.validate = compiled[i]));
}, 120_000);

describe("real tool schemas", () => {
  it("the compiler accepts most of the corpus; Ajv compiles all it accepts", () => {
    const rejected = [...rejectedBy.values()].reduce((a, b) => a + b, 0);
    console.info(
      `tool corpus: ${seen.size} distinct input schemas, ${corpus.length} compiled, ${rejected} rejected by the compiler:`,
      Object.fromEntries(rejectedBy),
    );
    expect(ajvOnlyRejected).toEqual([]);
    expect(corpus.length).toBeGreaterThan(seen.size * 0.8);
  });

  it("corpus: generated validators return exactly Ajv's results", () => {
    const tally = newTally();
    corpus.forEach((c, i) =>
      assertSameAsAjv(
        c.label,
        c.schema,
        c.validate!,
        c.ajv,
        dataArbitrary(c.schema as never),
        { seed: SEED + i, numRuns: RUNS },
        tally,
      ),
    );
    expect(tally.invalid).toBeGreaterThan(tally.comparisons * 0.2);
  });

  it("example catalog and fixtures: generated validators return exactly Ajv's results", () => {
    expect(catalogCases.length).toBeGreaterThan(5);
    const tally = newTally();
    catalogCases.forEach((c, i) =>
      assertSameAsAjv(
        c.label,
        c.schema,
        c.validate!,
        c.ajv,
        dataArbitrary(c.schema as never),
        { seed: SEED + i, numRuns: RUNS * 20 },
        tally,
      ),
    );
    expect(tally.invalid).toBeGreaterThan(0);
  });
});
