/**
 * docs/runners.md: every ```ts block is compiled under `strict` against the committed generated/
 * output and the real SDK types in node_modules (each page in its own scratch folder, as
 * test/readme-snippets.test.ts does for README). A block whose first line is `// name.ts` is written
 * under that name (others import it as `./name.js`); the others are snippet-<n>.ts. Until the
 * shared docs snippet test (issue 26) lands, this one covers the runners page.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/pipeline.js";

const page = readFileSync(join(repoRoot, "docs", "runners.md"), "utf8");
const blocks = [...page.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
const workDir = join(repoRoot, "test", ".tmp", `docs-runners-${process.pid}`);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const fileName = (block: string, index: number): string => /^\/\/ ([\w-]+\.ts)\b/.exec(block)?.[1] ?? `snippet-${index + 1}.ts`;

describe("docs/runners.md", () => {
  it("has a snippet per runner", () => {
    for (const wiring of ["agentsApiToolHandlers(", "aiSdkTools(", "openaiAgentsSdkTools(", "anthropicRunnableTools(", "openaiRunnableTools(", "registerMcpTools(", "toolcatJsonSchemaValidator(", "googleCallableTool("]) {
      expect(blocks.some((b) => b.includes(wiring)), wiring).toBe(true);
    }
  });

  it("every block type-checks under strict against generated/ and the SDK types (a control fails)", () => {
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    symlinkSync(join(repoRoot, "generated"), join(workDir, "generated"), "dir");
    writeFileSync(join(workDir, "package.json"), JSON.stringify({ type: "module" }));
    const files = blocks.map((b, i) => fileName(b, i));
    expect(new Set(files).size).toBe(files.length);
    blocks.forEach((b, i) => writeFileSync(join(workDir, files[i]!), b));
    // The control: a handler that does not fit its tool's input does not compile.
    writeFileSync(
      join(workDir, "control.ts"),
      `import { aiSdkTools } from "./generated/runtime/runners/ai-sdk.js";\nimport { standardSchemas } from "./generated/standard-schema.js";\nimport { dispatcher } from "./dispatcher.js";\nconst execute: (input: { city: number }, o: { toolCallId: string }) => Promise<unknown> = aiSdkTools(dispatcher, standardSchemas).get_weather.execute;\nvoid execute;\n`,
    );
    writeFileSync(
      join(workDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], types: ["node"], skipLibCheck: true },
        files: [...files, "control.ts"],
      }),
    );
    let output = "";
    try {
      execFileSync(process.execPath, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", join(workDir, "tsconfig.json"), "--pretty", "false"], { cwd: workDir, encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? "") + String((e as { stderr?: string }).stderr ?? "");
    }
    const errors = output.split("\n").filter((l) => /error TS\d+/.test(l));
    expect(errors.filter((l) => !l.startsWith("control.ts")), output).toEqual([]);
    expect(errors.some((l) => l.startsWith("control.ts(4,")), `the control must fail:\n${output}`).toBe(true);
  });
});
