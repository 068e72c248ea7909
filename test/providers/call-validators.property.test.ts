/**
 * Issue 4, item 3, through the generated code, for the example catalog and the provider fixtures:
 * see support/call-agreement.ts (the whole-output fuzzer runs the same check on random catalogs).
 * Replay with FC_SEED=<seed>.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateFrom, repoRoot } from "../helpers/pipeline.js";
import { assertCallValidatorsAgree } from "./support/call-agreement.js";

const seed = Number(process.env.FC_SEED ?? 31337);

const cases = [
  { catalog: "catalog/tools.yaml", out: "generated" },
  { catalog: "test/fixtures/providers-optional-nullable/catalog.yaml", out: "test/fixtures/providers-optional-nullable/expected" },
  { catalog: "test/fixtures/providers-refs-unions/catalog.yaml", out: "test/fixtures/providers-refs-unions/expected" },
];

describe("per-target call validators (generated)", () => {
  for (const c of cases) {
    it(`${c.catalog}: declared → normalise → canonical agrees with Ajv`, async () => {
      const result = await generateFrom(readFileSync(join(repoRoot, c.catalog)), { catalogPath: c.catalog, format: false });
      const checked = await assertCallValidatorsAgree(result.ir!, join(repoRoot, c.out), { seed, numRuns: 150 });
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
