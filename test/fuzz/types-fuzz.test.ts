/**
 * Fuzzes the types emitter: random catalogs over the supported subset, with hostile names, keys,
 * enum values and descriptions. The pipeline never throws, and everything it emits type-checks
 * under `strict` in one batch; each tool's input type has exactly the catalog's property names.
 * Replay a failure with FC_SEED=<seed>.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringLiteral } from "../../generator/core/codegen/code.js";
import { catalogNames } from "../../generator/core/emit/naming.js";
import { generateFrom, repoRoot } from "../helpers/pipeline.js";
import { hostileText, inputArbitrary } from "../helpers/schema-arbitrary.js";

const seed = Number(process.env.FC_SEED ?? 20261129);
const runs = Number(process.env.FUZZ_RUNS ?? 60);

describe(`types emitter fuzz (FC_SEED=${seed})`, () => {
  it("emits types that compile and name exactly the catalog's properties", async () => {
    const samples = fc.sample(
      fc.record({
        tools: fc.uniqueArray(
          fc.record({
            name: fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,12}$/),
            description: hostileText,
            input: inputArbitrary(3),
          }),
          { minLength: 1, maxLength: 3, selector: (t) => t.name },
        ),
      }),
      { seed, numRuns: runs },
    );
    const dir = mkdtempSync(join(tmpdir(), "toolcat-types-fuzz-"));
    const checks: string[] = [
      "type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;",
      "function assert<T extends true>(): T | void {}",
    ];
    for (const [i, sample] of samples.entries()) {
      const catalog = {
        toolcat: 1,
        targets: { mcp: {} },
        tools: Object.fromEntries(
          sample.tools.map((t) => [
            t.name,
            { description: t.description, input: t.input },
          ]),
        ),
      };
      const source = JSON.stringify(catalog);
      const result = await generateFrom(source, {
        catalogPath: `fuzz-${i}.yaml`,
        format: i % 4 === 0,
      });
      const errors = result.diagnostics.filter((d) => d.severity === "error");
      expect(errors, `sample ${i}: ${source}`).toEqual([]);
      writeFileSync(join(dir, `t${i}.ts`), result.files.get("types.ts")!);
      const names = catalogNames(result.ir!);
      checks.push(`import type * as T${i} from "./t${i}.js";`);
      for (const t of sample.tools) {
        const keys = Object.keys(t.input.properties as object);
        const expected = keys.map(stringLiteral).join(" | ");
        const typeName = names.tools.get(t.name)!.inputType.text;
        // Closed objects: keyof is exactly the property names (open ones add an index signature).
        if (t.input.additionalProperties === false && keys.length > 0)
          checks.push(`assert<Equal<keyof T${i}.${typeName}, ${expected}>>();`);
      }
    }
    writeFileSync(join(dir, "checks.ts"), checks.join("\n") + "\n");
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          skipLibCheck: true,
          types: [],
        },
        include: ["*.ts"],
      }),
    );
    try {
      execFileSync(join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", dir], {
        encoding: "utf8",
      });
    } catch (e) {
      throw new Error(
        `generated types do not compile (FC_SEED=${seed}, files in ${dir}):\n${(e as { stdout?: string }).stdout ?? e}`,
      );
    }
  });
});
