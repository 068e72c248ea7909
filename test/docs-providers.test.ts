/**
 * docs/providers.md: every ```ts block is compiled, under `strict`, against the committed
 * generated/ output and the real SDK types, each page in a scratch folder of its own (as
 * test/readme-snippets.test.ts does for the README). A block whose first line is `// name.ts` is
 * written under that name; `./generated/…` resolves to the repository's generated/.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { repoRoot } from "./helpers/pipeline.js";

const page = readFileSync(join(repoRoot, "docs", "providers.md"), "utf8");
const blocks = [...page.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
const workDir = join(repoRoot, "test", ".tmp", `docs-providers-${process.pid}`);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it("every ts block of docs/providers.md type-checks under strict against generated/ and the SDK types", () => {
  expect(blocks.length).toBeGreaterThan(0);
  expect(page).toContain("googleGenaiToolConfig");
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  symlinkSync(join(repoRoot, "generated"), join(workDir, "generated"), "dir");
  writeFileSync(join(workDir, "package.json"), JSON.stringify({ type: "module" }));
  const files = blocks.map((b, i) => /^\/\/ ([\w-]+\.ts)\b/.exec(b)?.[1] ?? `snippet-${i + 1}.ts`);
  expect(new Set(files).size).toBe(files.length);
  blocks.forEach((b, i) => writeFileSync(join(workDir, files[i]!), b));
  // The control proves the check can fail: the tool config is not a tool list.
  writeFileSync(join(workDir, "control.ts"), `import type { Tool } from "@google/genai";\nimport { googleGenaiToolConfig } from "./generated/providers/google-genai.js";\nconst tools: Tool[] = [googleGenaiToolConfig, 1];\nexport { tools };\n`);
  writeFileSync(
    join(workDir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], types: ["node"], skipLibCheck: true }, files: [...files, "control.ts"] }),
  );
  let output = "";
  try {
    execFileSync(process.execPath, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", join(workDir, "tsconfig.json"), "--pretty", "false"], { cwd: workDir, encoding: "utf8", stdio: "pipe" });
  } catch (e) {
    output = String((e as { stdout?: string }).stdout ?? "") + String((e as { stderr?: string }).stderr ?? "");
  }
  const errors = output.split("\n").filter((l) => /error TS\d+/.test(l));
  expect(errors.filter((l) => !l.startsWith("control.ts")), output).toEqual([]);
  expect(errors.some((l) => l.startsWith("control.ts(3,")), `the control must fail:\n${output}`).toBe(true);
});
