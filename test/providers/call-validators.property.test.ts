/**
 * Issue 4, item 3, through the generated code: a call as a strict OpenAI target announces it goes
 * through `validate<Target>Call` (declared schema → normalise → catalog validator). For values
 * valid under Ajv for the declared schema, the call is accepted exactly when Ajv accepts the
 * normalised value under the catalog schema; values the declared schema rejects are rejected.
 * Replay with FC_SEED=<seed>.
 */
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lowerCatalog } from "../../generator/core/providers/emitter.js";
import { dataArbitrary } from "../differential/arbitraries.js";
import { generateFrom, repoRoot } from "../helpers/pipeline.js";
import { createAjv } from "./support/ajv.js";

const seed = Number(process.env.FC_SEED ?? 31337);

interface CallModule {
  [name: string]: (tool: string, args: unknown) => { ok: boolean; value?: unknown; errors?: unknown[] };
}

const cases = [
  { catalog: "catalog/tools.yaml", out: "generated" },
  { catalog: "test/fixtures/providers-optional-nullable/catalog.yaml", out: "test/fixtures/providers-optional-nullable/expected" },
  { catalog: "test/fixtures/providers-refs-unions/catalog.yaml", out: "test/fixtures/providers-refs-unions/expected" },
];

describe("per-target call validators (generated)", () => {
  for (const c of cases) {
    it(`${c.catalog}: declared → normalise → canonical agrees with Ajv`, async () => {
      const result = await generateFrom(readFileSync(join(repoRoot, c.catalog)), { catalogPath: c.catalog, format: false });
      const ir = result.ir!;
      let checked = 0;
      for (const lowering of lowerCatalog(ir)) {
        const planned = lowering.tools.filter((t) => t.plan !== undefined);
        if (planned.length === 0) continue;
        const id = lowering.target.id;
        const calls = (await import(join(repoRoot, c.out, "providers", `${id}.calls.ts`))) as CallModule;
        const normaliser = (await import(join(repoRoot, c.out, "providers", `${id}.ts`))) as CallModule;
        const validateCall = Object.values(calls).find((f) => typeof f === "function" && f.name.endsWith("Call"))!;
        const normalise = Object.entries(normaliser).find(([n]) => n.startsWith("normalise"))![1];
        for (const t of planned) {
          const ajv = createAjv();
          const declared = ajv.compile(t.input.schema as object);
          const canonical = ajv.compile(t.tool.input.schema as object);
          fc.assert(
            fc.property(dataArbitrary(t.input.schema as never), (args) => {
              const got = validateCall(t.tool.name, args);
              if (!declared(args)) {
                expect(got.ok, `${id} ${t.tool.name} accepted what its declaration rejects: ${JSON.stringify(args)}`).toBe(false);
                return;
              }
              const normalised = normalise(t.tool.name, args);
              const expected = canonical(normalised);
              expect(got.ok, `${id} ${t.tool.name} ${JSON.stringify(args)}`).toBe(expected);
              if (got.ok) expect(got.value).toEqual(normalised);
              checked++;
            }),
            { seed, numRuns: 150 },
          );
        }
      }
      // Some declared-valid values must be among the samples, or the property says nothing.
      expect(checked).toBeGreaterThan(5);
    });
  }
});

describe("call validator files share validators.ts's types", () => {
  // One ValidationError/ValidationResult for the whole output: a call validator's result is the
  // type a handler of validators.ts already knows, and the declarations are not printed twice.
  const dirs = ["generated", ...cases.slice(1).map((c) => c.out), "test/fixtures/providers-moved-constraints/expected"];
  for (const dir of dirs) {
    it(dir, () => {
      const files = readdirSync(join(repoRoot, dir, "providers")).filter((f) => f.endsWith(".calls.ts"));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const text = readFileSync(join(repoRoot, dir, "providers", f), "utf8");
        expect(text, f).not.toMatch(/^(export )?(interface|type) (ValidationError|ValidationResult|Validator)\b/m);
        expect(text, f).toMatch(/import \{[^}]*\btype ValidationResult\b[^}]*\} from "\.\.\/validators\.js";/);
      }
    });
  }
});
