/**
 * The README's per-provider loops compile: every ```ts block of the "Provider adapters" section is
 * written into a scratch folder beside a stand-in for the app's handlers, with `./generated/`
 * pointing at the real generated/, and type-checked under the project's strict options against
 * the real SDK types.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

function sectionBlocks(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("\n## Provider adapters");
  const end = readme.indexOf("\n## ", start + 1);
  expect(start).toBeGreaterThan(0);
  return [...readme.slice(start, end).matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

it("compiles every loop of the Provider adapters section", () => {
  const blocks = sectionBlocks();
  expect(blocks.length).toBe(8); // the dispatcher, then Chat, Responses, Agents, Anthropic, GenAI, Interactions, MCP
  const dir = join(ROOT, "test", ".tmp", "readme-loops");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  blocks.forEach((block, i) => {
    const name = i === 0 ? "tools.ts" : `loop-${i}.ts`;
    writeFileSync(join(dir, name), block.replaceAll('"./generated/', '"../../../generated/'));
    files.push(join(dir, name));
  });
  writeFileSync(join(dir, "handlers.ts"), 'import { exampleHandlers } from "../../dispatcher/example-app.js";\nexport const handlers = exampleHandlers();\n');
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ extends: "../../../tsconfig.json", include: ["*.ts"] }));
  let output = "";
  try {
    execFileSync(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  rmSync(dir, { recursive: true, force: true });
  expect(output).toBe("");
});
