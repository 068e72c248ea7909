/**
 * Cross-check with json-schema-to-typescript: where its output is right for a schema (closed
 * objects, no hostile names), toolcat's type must be the same type. For every tool of the example
 * catalog, both are compiled and checked mutually assignable by tsc.
 *
 * Where json-schema-to-typescript is wrong for this use it is left out, and that is why toolcat
 * has its own emitter: it reads 2020-12 `prefixItems` as unknown (a closed tuple becomes
 * `never[]`), and without `ignoreMinAndMaxItems` it spells `minItems` as tuple unions.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compile } from "json-schema-to-typescript";
import { describe, expect, it } from "vitest";
import { catalogNames } from "../generator/core/emit/naming.js";
import { generateFrom, readCatalog, repoRoot } from "./helpers/pipeline.js";

describe("types agree with json-schema-to-typescript on the example catalog", () => {
  it("every tool input and output is mutually assignable", async () => {
    const result = await generateFrom(readCatalog("catalog/tools.yaml"), {
      format: false,
    });
    const ir = result.ir!;
    const names = catalogNames(ir);
    const dir = mkdtempSync(join(tmpdir(), "toolcat-jstt-"));
    writeFileSync(join(dir, "ours.ts"), result.files.get("types.ts")!);
    const checks = [
      'import type * as Ours from "./ours.js";',
      "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;",
      "function same<T extends true>(): T | void {}",
    ];
    let count = 0;
    for (const tool of ir.tools) {
      for (const which of ["input", "output"] as const) {
        const resource = tool[which];
        if (
          !resource ||
          JSON.stringify(resource.schema).includes('"prefixItems"')
        )
          continue;
        const theirName = `J${count++}`;
        const ts = await compile(
          JSON.parse(JSON.stringify(resource.schema)),
          theirName,
          {
            bannerComment: "",
            format: false,
            additionalProperties: false,
            declareExternallyReferenced: true,
            ignoreMinAndMaxItems: true,
          },
        );
        writeFileSync(join(dir, `${theirName}.ts`), ts);
        const ours =
          which === "input"
            ? names.tools.get(tool.name)!.inputType.text
            : names.tools.get(tool.name)!.outputType.text;
        checks.push(
          `import type { ${theirName} } from "./${theirName}.js";`,
          `same<Same<Ours.${ours}, ${theirName}>>();`,
        );
      }
    }
    writeFileSync(join(dir, "checks.ts"), checks.join("\n") + "\n");
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          skipLibCheck: true,
          types: [],
        },
        include: ["*.ts"],
      }),
    );
    expect(count).toBeGreaterThanOrEqual(15);
    try {
      execFileSync(join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", dir], {
        encoding: "utf8",
      });
    } catch (e) {
      throw new Error(
        `types differ from json-schema-to-typescript (files in ${dir}):\n${(e as { stdout?: string }).stdout}`,
      );
    }
  });
});
