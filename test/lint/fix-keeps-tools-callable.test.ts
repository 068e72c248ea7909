/**
 * `lint --fix` must never turn a tool that accepts some input into one that accepts none (the
 * seed case: `required: [city, ghost]` closed by no-additional-properties, so `ghost` is required
 * and forbidden). Run over the lint vectors, the golden fixtures, the example catalog and the
 * public tool corpus: for every tool whose input accepted a value before the fix (Ajv found a
 * witness), some value must still validate after it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixCatalog } from "../../generator/core/lint/fix.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { catalogWith, repoRoot } from "../helpers/pipeline.js";
import { findAccepted } from "../helpers/witness.js";

type Schema = boolean | { [key: string]: unknown };
const SEED = 1010;
const SAMPLES = 30;
/**
 * Floors on how many tools the fix changed and the check judged (23 vectors and 5 fixture tools
 * today; the fixtures are mostly lint-clean already), so the check cannot quietly check nothing.
 */
const VECTOR_TOOLS_CHECKED = 20;
const FIXTURE_TOOLS_CHECKED = 4;

/** A tool's input as one resource Ajv can compile: catalog defs merged in, draft-07 `$schema` dropped. */
function resourceOf(catalog: Record<string, unknown>, input: Schema): Schema {
  if (typeof input === "boolean") return input;
  const defs = (catalog.$defs ?? catalog.definitions ?? {}) as object;
  const out: { [key: string]: unknown } = { ...input };
  delete out.$schema;
  out.$defs = { ...defs, ...(input.$defs as object) };
  if (input.definitions !== undefined || catalog.definitions !== undefined) out.definitions = { ...defs, ...(input.definitions as object) };
  return out;
}

interface Tally {
  /** Tools the fix changed that accepted a value before it. */
  checked: number;
  /** Tools the fix left as they were (nothing to check). */
  unchanged: number;
  undecided: number;
  broken: string[];
}

function tools(text: string): { catalog: Record<string, unknown>; inputs: Map<string, Schema> } | undefined {
  const loaded = loadCatalog("catalog.yaml", text, { lint: false });
  if (!loaded.catalog) return undefined;
  const catalog = loaded.catalog as unknown as Record<string, unknown>;
  const map = catalog.tools as Record<string, { input: Schema }>;
  return { catalog, inputs: new Map(Object.keys(map).map((k) => [k, map[k]!.input])) };
}

/** The catalog as JSON text with one strict target, so every fix (optional-nullable's too) is in play. */
function strictVariant(text: string): string | undefined {
  const loaded = loadCatalog("catalog.yaml", text, { lint: false });
  if (!loaded.catalog) return undefined;
  return JSON.stringify({ ...loaded.catalog, targets: { "openai-chat": { strict: true } } }, null, 2) + "\n";
}

/** Fixes `text` (and its strict variant) and records every tool that accepted a value before and none after. */
function checkFixBothWays(label: string, text: string, tally: Tally): void {
  checkFix(label, text, tally);
  const strict = strictVariant(text);
  if (strict !== undefined) checkFix(`${label} (strict)`, strict, tally);
}

/** Fixes `text` and records every tool that accepted a value before and none after. */
function checkFix(label: string, text: string, tally: Tally): void {
  const before = tools(text);
  if (!before) return;
  const fixed = fixCatalog("catalog.yaml", text);
  const after = tools(fixed.text);
  expect(after, `${label}: the fixed catalog still loads`).toBeDefined();
  for (const [name, input] of before.inputs) {
    const now = after!.inputs.get(name)!;
    if (JSON.stringify(now) === JSON.stringify(input)) {
      tally.unchanged++;
      continue;
    }
    const was = findAccepted(resourceOf(before.catalog, input), { seed: SEED, samples: SAMPLES });
    if (!was.compiled || was.witness === undefined) {
      tally.undecided++;
      continue;
    }
    tally.checked++;
    const fixedAccepts = findAccepted(resourceOf(after!.catalog, now), { seed: SEED, samples: SAMPLES });
    if (fixedAccepts.witness === undefined) tally.broken.push(`${label} ${name}: accepted ${JSON.stringify(was.witness)} before --fix, nothing after`);
  }
}

const newTally = (): Tally => ({ checked: 0, unchanged: 0, undecided: 0, broken: [] });

describe("lint --fix keeps every tool callable", () => {
  it("the check itself tells the seed case apart: open with ghost accepts a value, closed with ghost none", () => {
    const open = { type: "object", properties: { city: { type: "string" } }, required: ["city", "ghost"] };
    expect(findAccepted(open, { seed: SEED, samples: SAMPLES }).witness).toBeDefined();
    expect(findAccepted({ ...open, additionalProperties: false }, { seed: SEED, samples: SAMPLES })).toEqual({ compiled: true });
    // And what the fix produces for it is callable, with no ghost left.
    const fixed = tools(fixCatalog("catalog.yaml", catalogWith(open, { targets: { "openai-chat": { strict: true } } })).text)!;
    expect(fixed.inputs.get("tool")).toMatchObject({ required: ["city"], additionalProperties: false });
  });

  it("over the lint vectors", () => {
    const tally = newTally();
    const dir = join(repoRoot, "test", "vectors", "lint");
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
      const data = JSON.parse(readFileSync(join(dir, file), "utf8")) as { cases: { name: string; schema: unknown; targets?: unknown; defs?: unknown; output?: unknown; tool?: string; description?: string }[] };
      for (const v of data.cases) checkFixBothWays(`${file} ${v.name}`, catalogWith(v.schema, { targets: v.targets, defs: v.defs, output: v.output, name: v.tool, description: v.description }), tally);
    }
    console.info(`lint vectors: ${tally.checked} tools changed by --fix and checked, ${tally.unchanged} unchanged, ${tally.undecided} without a witness before`);
    expect(tally.broken).toEqual([]);
    expect(tally.checked).toBeGreaterThan(VECTOR_TOOLS_CHECKED);
  });

  it("over the golden fixtures and the example catalog", () => {
    const tally = newTally();
    const files = ["catalog/tools.yaml", ...readdirSync(join(repoRoot, "test", "fixtures")).sort().map((d) => `test/fixtures/${d}/catalog.yaml`)];
    for (const file of files) checkFixBothWays(file, readFileSync(join(repoRoot, file), "utf8"), tally);
    console.info(`fixtures: ${tally.checked} tools changed by --fix and checked, ${tally.unchanged} unchanged, ${tally.undecided} without a witness before`);
    expect(tally.broken).toEqual([]);
    expect(tally.checked).toBeGreaterThan(FIXTURE_TOOLS_CHECKED);
  });

  it("over the public tool corpus (strict targets, so every fix is in play)", () => {
    const lines = readFileSync(join(repoRoot, "test", "data", "tool-corpus", "tools.jsonl"), "utf8").split("\n").filter((l) => l.trim() !== "");
    const schemas = [...new Set(lines.map((l) => JSON.stringify((JSON.parse(l) as { input_schema: unknown }).input_schema)))].map((t) => JSON.parse(t) as unknown);
    const tally = newTally();
    // Small catalogs: a fix round costs a lint and a YAML parse of the whole text, and a big
    // catalog runs as many rounds as its most involved tool needs.
    const CHUNK = 10;
    for (let i = 0; i < schemas.length; i += CHUNK) {
      const chunk = schemas.slice(i, i + CHUNK);
      const doc = {
        toolcat: 1,
        targets: { "openai-chat": { strict: true } },
        tools: Object.fromEntries(chunk.map((input, k) => [`tool_${i + k}`, { description: "A tool.", input }])),
      };
      checkFix(`corpus tools ${i}-${i + chunk.length - 1}`, JSON.stringify(doc, null, 2) + "\n", tally);
    }
    console.info(`tool corpus: ${schemas.length} distinct schemas, ${tally.checked} changed by --fix and checked, ${tally.unchanged} unchanged, ${tally.undecided} without a witness before`);
    expect(tally.broken).toEqual([]);
    expect(tally.checked).toBeGreaterThan(schemas.length * 0.6);
  }, 300_000);
});
