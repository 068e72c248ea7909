/**
 * Every ```ts block of README.md and of each docs/*.md page is compiled, under `strict`, against
 * generated code and the real SDK types in node_modules, so the docs cannot go stale. Each page
 * gets a scratch folder of its own; all of them are type-checked in one tsc run.
 *
 * - A block whose first line is `// name.ts` is written under that name (other blocks of the
 *   page import it as `./name.js`); the others are snippet-<n>.ts. Every block is a module of its
 *   own (it imports what it uses).
 * - `./generated/…` is the repository's generated/ (a symlink), except in README.md, whose quick
 *   start is written against the catalog `toolcat init` writes: there it is that catalog's output.
 * - A page that imports `./handlers.js` without defining it gets the example app's handlers
 *   (test/dispatcher/example-app.ts), one per tool of the example catalog.
 * - `toolcat` (the programmatic API) resolves to generator/index.ts.
 * - Each folder also holds a control file that must fail (a tool name the catalog lacks), which
 *   proves that folder's blocks were checked against typed generated code.
 *
 * This file also keeps what the README tests before it checked on the text: the by-hand section
 * of docs/providers.md validates each provider's calls with the right validator, the adapters
 * section holds the dispatcher and a loop per provider, and README pins the install line to this
 * package's version.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { starterCatalog } from "../generator/cli/starter-catalog.js";
import { generate } from "../generator/index.js";
import { providerExports } from "../generator/core/providers/emitter.js";
import { TARGET_IDS } from "../generator/core/targets.js";
import { loadCatalog } from "../generator/core/load/load-catalog.js";
import { parseYaml } from "../generator/core/load/yaml-to-json.js";
import { docPages } from "./helpers/doc-pages.js";
import { repoRoot } from "./helpers/pipeline.js";

const pages = docPages;
const text = (page: string) => readFileSync(join(repoRoot, page), "utf8");
const tsBlocks = (markdown: string) =>
  [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
const workDir = join(repoRoot, "test", ".tmp", `docs-snippets-${process.pid}`);

/** The `## heading` section of a page (up to the next `## `), "" when it is missing. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start === -1) return "";
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

function fileName(block: string, index: number): string {
  return /^\/\/ ([\w-]+\.ts)\b/.exec(block)?.[1] ?? `snippet-${index + 1}.ts`;
}

const folderOf = (page: string) => basename(page, ".md").toLowerCase();

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe("docs code blocks", () => {
  let output = "";

  beforeAll(async () => {
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    writeFileSync(
      join(workDir, "package.json"),
      JSON.stringify({ type: "module" }),
    );
    const files: string[] = [];
    for (const page of pages) {
      const blocks = tsBlocks(text(page));
      if (blocks.length === 0) continue;
      const dir = join(workDir, folderOf(page));
      mkdirSync(dir);
      if (page === "README.md") {
        // The quick start's catalog: what `toolcat init` writes, generated as `generate` does.
        const result = await generate({
          cwd: dir,
          source: starterCatalog("../node_modules/toolcat/catalog.schema.json"),
          catalog: "catalog/tools.yaml",
          out: join(dir, "generated"),
          cache: false,
        });
        expect(result.ok, JSON.stringify(result.diagnostics)).toBe(true);
        for (const [path, contents] of result.files) {
          mkdirSync(join(dir, "generated", path, ".."), { recursive: true });
          writeFileSync(join(dir, "generated", path), contents);
        }
      } else
        symlinkSync(join(repoRoot, "generated"), join(dir, "generated"), "dir");
      const names = blocks.map((b, i) => fileName(b, i));
      expect(
        new Set(names).size,
        `${page}: block file names are distinct`,
      ).toBe(names.length);
      blocks.forEach((b, i) => {
        expect(b, `${page} ${names[i]}`).toMatch(/^import /m);
        writeFileSync(join(dir, names[i]!), b);
        files.push(`${folderOf(page)}/${names[i]}`);
      });
      if (
        blocks.some((b) => b.includes('from "./handlers.js"')) &&
        !names.includes("handlers.ts")
      ) {
        const app = relative(
          dir,
          join(repoRoot, "test", "dispatcher", "example-app.js"),
        )
          .split("\\")
          .join("/");
        writeFileSync(
          join(dir, "handlers.ts"),
          `import { exampleHandlers } from "${app}";\nexport const handlers = exampleHandlers();\n`,
        );
        files.push(`${folderOf(page)}/handlers.ts`);
      }
      writeFileSync(
        join(dir, "control.ts"),
        `import { validate } from "./generated/validators.js";\nvalidate("no_such_tool", {});\n`,
      );
      files.push(`${folderOf(page)}/control.ts`);
    }
    writeFileSync(
      join(workDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2022", "DOM"],
          types: ["node"],
          skipLibCheck: true,
          paths: {
            toolcat: [
              relative(workDir, join(repoRoot, "generator", "index.ts")),
            ],
          },
        },
        files,
      }),
    );
    try {
      execFileSync(
        process.execPath,
        [
          join(repoRoot, "node_modules", "typescript", "bin", "tsc"),
          "-p",
          join(workDir, "tsconfig.json"),
          "--pretty",
          "false",
        ],
        { cwd: workDir, encoding: "utf8", stdio: "pipe" },
      );
    } catch (e) {
      output =
        String((e as { stdout?: string }).stdout ?? "") +
        String((e as { stderr?: string }).stderr ?? "");
    }
  }, 120_000);

  it("README and every docs page with code have ```ts blocks", () => {
    expect(tsBlocks(text("README.md")).length).toBeGreaterThanOrEqual(3);
    for (const page of ["docs/providers.md", "docs/dispatcher.md"])
      expect(tsBlocks(text(page)).length, page).toBeGreaterThan(0);
  });

  it("every block type-checks under strict against generated code and the SDK types", () => {
    const errors = output.split("\n").filter((l) => /error TS\d+/.test(l));
    expect(
      errors.filter((l) => !/^[\w-]+\/control\.ts\(/.test(l)),
      output,
    ).toEqual([]);
    for (const page of pages.filter((p) => tsBlocks(text(p)).length > 0)) {
      expect(
        errors.some((l) => l.startsWith(`${folderOf(page)}/control.ts(2,`)),
        `${page}: the control must fail:\n${output}`,
      ).toBe(true);
    }
    expect(
      existsSync(join(workDir, "readme", "generated", "validators.ts")),
    ).toBe(true);
  });

  it("README pins the install to this package's version", () => {
    const { version } = JSON.parse(text("package.json")) as { version: string };
    expect(section(text("README.md"), "Install")).toContain(
      `npm install --save-dev toolcat@${version}`,
    );
  });
});

describe("docs/providers.md", () => {
  const byHand = section(
    text("docs/providers.md"),
    "By hand: validating each provider's calls",
  );
  const byHandBlocks = tsBlocks(byHand);

  it("by hand: a TypeScript block per provider, each target's declarations passed to its SDK", () => {
    expect(byHand).not.toBe("");
    expect(byHandBlocks.length).toBeGreaterThanOrEqual(TARGET_IDS.length);
    for (const id of TARGET_IDS)
      expect(byHand, id).toContain(providerExports(id).tools);
  });

  it("by hand: the calls of OpenAI strict targets go through their call validator, the others through validate", () => {
    const callValidators = readdirSync(join(repoRoot, "generated", "providers"))
      .filter((f) => f.endsWith(".calls.ts"))
      .map(
        (f) =>
          /export function (validate\w+Call)\b/.exec(
            readFileSync(join(repoRoot, "generated", "providers", f), "utf8"),
          )![1]!,
      );
    expect(callValidators.length).toBeGreaterThan(0);
    for (const name of callValidators) {
      const users = byHandBlocks.filter((b) => b.includes(`${name}(`));
      expect(users.length, `${name} is used`).toBeGreaterThan(0);
      // A block that validates with the target's call validator does not also use the bare validate on those calls.
      for (const b of users) expect(b, name).not.toMatch(/\bvalidate\(/);
    }
    expect(byHandBlocks.some((b) => /\bvalidate\(/.test(b))).toBe(true);
    expect(
      byHandBlocks.filter((b) => b.includes("renderValidationErrors(")).length,
    ).toBeGreaterThanOrEqual(TARGET_IDS.length - 1);
  });

  it("the adapters section holds the dispatcher, then Chat, Responses, Agents, Anthropic, GenAI, Interactions, MCP", () => {
    const blocks = tsBlocks(
      section(
        text("docs/providers.md"),
        "The loop per provider, with adapters",
      ),
    );
    expect(blocks.length).toBe(8);
    expect(blocks[0]).toContain("createDispatcher(");
    const order = [
      "dispatcher.openaiChat.",
      "dispatcher.openaiResponses.",
      "dispatcher.openaiAgents.",
      "dispatcher.anthropic.",
      "dispatcher.googleGenai.",
      "dispatcher.googleInteractions.",
      "dispatcher.mcp.",
    ];
    order.forEach((call, i) => expect(blocks[i + 1], call).toContain(call));
  });
});

describe("the YAML blocks of README and docs/", () => {
  const yamlBlocks = pages.flatMap((page) =>
    [...text(page).matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => ({
      page,
      block: m[1]!,
    })),
  );

  it("each parses as YAML, and a whole catalog lints without errors", () => {
    expect(yamlBlocks.length).toBeGreaterThan(0);
    let catalogs = 0;
    for (const { page, block } of yamlBlocks) {
      expect(parseYaml(block).problems, `${page}:\n${block}`).toEqual([]);
      if (!/^toolcat: 1$/m.test(block)) continue;
      catalogs++;
      const errors = loadCatalog(`${page}.yaml`, block).diagnostics.filter(
        (d) => d.severity === "error",
      );
      expect(errors, `${page}:\n${block}`).toEqual([]);
    }
    // The catalog page's example is one of them; a block that stopped being one says nothing.
    expect(catalogs).toBeGreaterThan(0);
  });
});
