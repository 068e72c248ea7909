/**
 * README "Use it in your app": every ```ts block is compiled, under `strict`, against the
 * committed generated/ output and the real SDK types in node_modules, so the guide cannot go
 * stale. A block whose first line is `// name.ts` is written under that name (other blocks import
 * it as `./name.js`); the others are snippet-<n>.ts. `./generated/…` resolves to the repository's
 * generated/ (a symlink in the scratch folder).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { providerExports } from "../generator/core/providers/emitter.js";
import { TARGET_IDS } from "../generator/core/targets.js";
import { repoRoot } from "./helpers/pipeline.js";

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
const start = readme.indexOf("\n## Use it in your app\n");
const end = readme.indexOf("\n## ", start + 1);
const section = start === -1 ? "" : readme.slice(start, end === -1 ? undefined : end);
const blocks = [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
const workDir = join(repoRoot, "test", ".tmp", `readme-snippets-${process.pid}`);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function fileName(block: string, index: number): string {
  return /^\/\/ ([\w-]+\.ts)\b/.exec(block)?.[1] ?? `snippet-${index + 1}.ts`;
}

describe('README "Use it in your app"', () => {
  it("exists and has a TypeScript block per provider", () => {
    expect(section).not.toBe("");
    expect(blocks.length).toBeGreaterThanOrEqual(TARGET_IDS.length);
    // Each target's declarations are passed to its SDK somewhere in the section.
    for (const id of TARGET_IDS) expect(section, id).toContain(providerExports(id).tools);
  });

  it("validates the calls of OpenAI strict targets with their call validator, the others with validate", () => {
    const callValidators = readdirSync(join(repoRoot, "generated", "providers"))
      .filter((f) => f.endsWith(".calls.ts"))
      .map((f) => /export function (validate\w+Call)\b/.exec(readFileSync(join(repoRoot, "generated", "providers", f), "utf8"))![1]!);
    expect(callValidators.length).toBeGreaterThan(0);
    for (const name of callValidators) {
      const users = blocks.filter((b) => b.includes(`${name}(`));
      expect(users.length, `${name} is used`).toBeGreaterThan(0);
      // A block that validates with the target's call validator does not also use the bare validate on those calls.
      for (const b of users) expect(b, name).not.toMatch(/\bvalidate\(/);
    }
    expect(blocks.some((b) => /\bvalidate\(/.test(b))).toBe(true);
    expect(blocks.filter((b) => b.includes("renderValidationErrors(")).length).toBeGreaterThanOrEqual(TARGET_IDS.length - 1);
  });

  it("pins the install to this package's version", () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
    expect(section).toContain(`npm install --save-dev toolcat@${version}`);
  });

  it("every block type-checks under strict against generated/ and the SDK types", () => {
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    symlinkSync(join(repoRoot, "generated"), join(workDir, "generated"), "dir");
    writeFileSync(join(workDir, "package.json"), JSON.stringify({ type: "module" }));
    const files = blocks.map((b, i) => fileName(b, i));
    expect(new Set(files).size, "block file names are distinct").toBe(files.length);
    blocks.forEach((b, i) => {
      // Each block is a module of its own (it imports what it uses).
      expect(b, files[i]).toMatch(/^import /m);
      writeFileSync(join(workDir, files[i]!), b);
    });
    // The control proves the check can fail: a tool name the catalog lacks is a type error.
    writeFileSync(join(workDir, "control.ts"), `import { validate } from "./generated/validators.js";\nvalidate("no_such_tool", {});\n`);
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
    expect(errors.some((l) => l.startsWith("control.ts(2,")), `the control must fail:\n${output}`).toBe(true);
    expect(existsSync(join(workDir, "generated", "validators.ts"))).toBe(true);
  });
});
