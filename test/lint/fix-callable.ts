/**
 * The check of fix-keeps-tools-callable.test.ts, shared with import/corpus.test.ts (which fixes
 * the public tool corpus once and checks the figures and this on the same fixed text): for
 * every tool whose input `lint --fix` changed and that accepted a value before the fix (Ajv
 * found a witness), some value must still validate after it.
 */
import { expect } from "vitest";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { findAccepted } from "../helpers/witness.js";

export type Schema = boolean | { [key: string]: unknown };
export const SEED = 1010;
export const SAMPLES = 30;

/** A tool's input as one resource Ajv can compile: catalog defs merged in, draft-07 `$schema` dropped. */
function resourceOf(catalog: Record<string, unknown>, input: Schema): Schema {
  if (typeof input === "boolean") return input;
  const defs = (catalog.$defs ?? catalog.definitions ?? {}) as object;
  const out: { [key: string]: unknown } = { ...input };
  delete out.$schema;
  out.$defs = { ...defs, ...(input.$defs as object) };
  if (input.definitions !== undefined || catalog.definitions !== undefined)
    out.definitions = { ...defs, ...(input.definitions as object) };
  return out;
}

export interface Tally {
  /** Tools the fix changed that accepted a value before it. */
  checked: number;
  /** Tools the fix left as they were (nothing to check). */
  unchanged: number;
  undecided: number;
  broken: string[];
}

export const newTally = (): Tally => ({
  checked: 0,
  unchanged: 0,
  undecided: 0,
  broken: [],
});

export function tools(
  text: string,
):
  | { catalog: Record<string, unknown>; inputs: Map<string, Schema> }
  | undefined {
  const loaded = loadCatalog("catalog.yaml", text, { lint: false });
  if (!loaded.catalog) return undefined;
  const catalog = loaded.catalog as unknown as Record<string, unknown>;
  const map = catalog.tools as Record<string, { input: Schema }>;
  return {
    catalog,
    inputs: new Map(Object.keys(map).map((k) => [k, map[k]!.input])),
  };
}

/**
 * Records every tool that accepted a value in `text` and none in `fixedText` (what `lint --fix`
 * made of it). `seen`, when given, skips a before/after pair already judged (the corpus repeats
 * some tools verbatim).
 */
export function checkFixed(
  label: string,
  text: string,
  fixedText: string,
  tally: Tally,
  seen?: Set<string>,
): void {
  const before = tools(text);
  if (!before) return;
  const after = tools(fixedText);
  expect(after, `${label}: the fixed catalog still loads`).toBeDefined();
  for (const [name, input] of before.inputs) {
    const now = after!.inputs.get(name)!;
    if (JSON.stringify(now) === JSON.stringify(input)) {
      tally.unchanged++;
      continue;
    }
    if (seen) {
      const key = JSON.stringify([
        before.catalog.$defs,
        before.catalog.definitions,
        input,
        after!.catalog.$defs,
        after!.catalog.definitions,
        now,
      ]);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const was = findAccepted(resourceOf(before.catalog, input), {
      seed: SEED,
      samples: SAMPLES,
    });
    if (!was.compiled || was.witness === undefined) {
      tally.undecided++;
      continue;
    }
    tally.checked++;
    const fixedAccepts = findAccepted(resourceOf(after!.catalog, now), {
      seed: SEED,
      samples: SAMPLES,
    });
    if (fixedAccepts.witness === undefined)
      tally.broken.push(
        `${label} ${name}: accepted ${JSON.stringify(was.witness)} before --fix, nothing after`,
      );
  }
}
