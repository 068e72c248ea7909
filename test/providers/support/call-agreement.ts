/**
 * Issue 4, item 3, through generated code: a call as a strict OpenAI target announces it goes
 * through `validate<Target>Call` (declared schema → normalise → catalog validator). For values the
 * reference accepts under the declared schema, the call is accepted exactly when the reference
 * accepts the normalised value under the catalog schema, and yields that value; values the
 * declared schema rejects are rejected, with every problem at once (issue 21, item 4): each
 * error the reference gives for the normalised value under the catalog schema, plus each field
 * the reference finds missing under the declared schema — and for one the catalog does not
 * require, the text says `null` leaves it out. The reference is Ajv with the quirks toolcat
 * documents not copying fixed (test/validators/reference.ts), as everywhere generated validators
 * are judged.
 */
import fc from "fast-check";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import type { CatalogIR } from "../../../generator/core/ir/catalog-ir.js";
import { lowerCatalog } from "../../../generator/core/providers/emitter.js";
import { dataArbitrary } from "../../differential/arbitraries.js";
import { referenceValidator } from "../../validators/reference.js";

type Module = Record<string, unknown>;

/** The reference's errors for `value` under `schema` (none when it accepts). */
function referenceErrors(
  schema: unknown,
): (value: unknown) => readonly ErrorLike[] {
  const reference = referenceValidator(schema)!;
  return (value) => {
    const outcome = reference(value);
    return "ok" in outcome && !outcome.ok
      ? (outcome.errors as readonly ErrorLike[])
      : [];
  };
}

interface ErrorLike {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: {
    readonly missingProperty?: unknown;
    readonly additionalProperty?: unknown;
    readonly nullLeavesOut?: unknown;
  };
}

/** Where an error is, its rule and the property it names. */
const problemOf = (e: ErrorLike): string =>
  JSON.stringify([
    e.instancePath,
    e.keyword,
    e.params.missingProperty ?? e.params.additionalProperty ?? null,
  ]);

/** Whether the reference accepts `value` under `schema`. */
function accepts(schema: unknown): (value: unknown) => boolean {
  const reference = referenceValidator(schema)!;
  return (value) => {
    const outcome = reference(value);
    return "ok" in outcome && outcome.ok;
  };
}

/**
 * Checks every target's call validator in the output at `outDir` (generated from `ir`) on values
 * sampled from each declared schema (and on `extra` values, for every tool). Returns how many
 * declared-valid calls were checked, and how many declared-rejected ones (each caller asserts
 * that some of each were sampled, or the properties say nothing).
 */
export async function assertCallValidatorsAgree(
  ir: CatalogIR,
  outDir: string,
  options: { seed: number; numRuns: number; extra?: readonly unknown[] },
): Promise<{ checked: number; rejected: number }> {
  let checked = 0;
  let rejected = 0;
  for (const lowering of lowerCatalog(ir)) {
    const planned = lowering.tools.filter((t) => t.plan !== undefined);
    if (planned.length === 0) continue;
    const id = lowering.target.id;
    const load = async (file: string) =>
      (await import(
        pathToFileURL(join(outDir, "providers", file)).href
      )) as Module;
    const calls = await load(`${id}.calls.ts`);
    const normaliser = await load(`${id}.ts`);
    const validateCall = Object.entries(calls).find(
      ([n, f]) => typeof f === "function" && /^validate\w+Call$/.test(n),
    )![1] as (
      tool: string,
      args: unknown,
    ) => { ok: boolean; value?: unknown; errors?: readonly ErrorLike[] };
    const { validate: catalogValidate } = (await import(
      pathToFileURL(join(outDir, "validators.ts")).href
    )) as {
      validate: (
        tool: string,
        args: unknown,
      ) => { ok: boolean; errors?: readonly ErrorLike[] };
    };
    const { renderValidationErrors } = (await import(
      pathToFileURL(join(outDir, "runtime", "validation-errors.ts")).href
    )) as {
      renderValidationErrors: (
        tool: string,
        errors: readonly ErrorLike[],
        args: unknown,
        options?: { maxErrors?: number },
      ) => string;
    };
    const normalise = Object.entries(normaliser).find(([n]) =>
      n.startsWith("normalise"),
    )![1] as (tool: string, args: unknown) => unknown;
    for (const t of planned) {
      const declared = accepts(t.input.schema);
      const canonical = accepts(t.tool.input.schema);
      const declaredErrors = referenceErrors(t.input.schema);
      const canonicalErrors = referenceErrors(t.tool.input.schema);
      for (const args of [
        ...fc.sample(dataArbitrary(t.input.schema as never), {
          seed: options.seed,
          numRuns: options.numRuns,
        }),
        ...(options.extra ?? []),
      ]) {
        const got = validateCall(t.tool.name, args);
        const where = `${outDir} ${id} ${t.tool.name} ${JSON.stringify(args)}`;
        if (!declared(args)) {
          expect(
            got.ok,
            `accepted what the declaration rejects: ${where}`,
          ).toBe(false);
          const named = new Set(got.errors!.map(problemOf));
          // Every problem Ajv names for the normalised arguments, in the catalog's terms…
          const catalogSays = canonicalErrors(normalise(t.tool.name, args));
          for (const e of catalogSays)
            expect(
              named.has(problemOf(e)),
              `${where}: not reported: ${problemOf(e)}`,
            ).toBe(true);
          // …plus every field the strict declaration finds missing, those the catalog leaves
          // optional marked: `null` leaves them out.
          // (Which fields the catalog requires: its own validator's verdict, the one the call validator merges.)
          const own = catalogValidate(
            t.tool.name,
            normalise(t.tool.name, args),
          );
          const catalogMissing = new Set(
            (own.errors ?? [])
              .filter((e) => e.keyword === "required")
              .map(problemOf),
          );
          const missing = declaredErrors(args).filter(
            (e) => e.keyword === "required",
          );
          for (const e of missing)
            expect(
              named.has(problemOf(e)),
              `${where}: missing field not reported: ${problemOf(e)}`,
            ).toBe(true);
          const optional = got.errors!.filter(
            (e) =>
              e.keyword === "required" && !catalogMissing.has(problemOf(e)),
          );
          for (const e of optional)
            expect(e.params.nullLeavesOut, `${where}: ${problemOf(e)}`).toBe(
              true,
            );
          const text = renderValidationErrors(t.tool.name, got.errors!, args, {
            maxErrors: 1000,
          });
          expect(
            text.split("or null to leave it out").length - 1,
            `${where}: ${text}`,
          ).toBe(optional.length);
          rejected++;
          continue;
        }
        const normalised = normalise(t.tool.name, args);
        expect(got.ok, where).toBe(canonical(normalised));
        if (got.ok) expect(got.value, where).toEqual(normalised);
        checked++;
      }
    }
  }
  return { checked, rejected };
}
