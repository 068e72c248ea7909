/**
 * `toolcat diff` as users run it: against a git ref in a scratch repository (real git), against
 * a file, with acknowledgements, and every bad input with its exit code.
 *
 * Most reports are built by the CLI's entry in this process (`run`, cli-in-process.ts); the
 * tests marked "(a real process)" start `toolcat` as a shell would, for the exit status itself.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchProject, toolcat } from "../helpers/cli.js";
import { toolcatInProcess } from "../helpers/cli-in-process.js";
import { repoRoot } from "../helpers/pipeline.js";

function git(dir: string, ...args: string[]): string {
  return execFileSync(
    "git",
    [
      "-c",
      "user.name=toolcat test",
      "-c",
      "user.email=test@example.invalid",
      "-c",
      "commit.gpgsign=false",
      "-c",
      "init.defaultBranch=main",
      ...args,
    ],
    { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}

/** A git repository with the example catalog committed on main. */
function repo(): string {
  const dir = scratchProject();
  git(dir, "init", "-q");
  git(dir, "add", "catalog/tools.yaml");
  git(dir, "commit", "-q", "-m", "catalog");
  return dir;
}

function edit(
  dir: string,
  from: string,
  to: string,
  file = "catalog/tools.yaml",
): void {
  const path = join(dir, file);
  const text = readFileSync(path, "utf8");
  expect(text, `fixture text ${from}`).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

const run = toolcatInProcess;

const REMOVE_MERIENDA: [string, string] = [
  "enum: [Desayuno, Almuerzo, Cena, Merienda]",
  "enum: [Desayuno, Almuerzo, Cena]",
];
const ADD_SNACK: [string, string] = [
  "enum: [Desayuno, Almuerzo, Cena, Merienda]",
  "enum: [Desayuno, Almuerzo, Cena, Merienda, Snack]",
];

describe("toolcat diff --base <git ref>", () => {
  it("reports nothing and exits 0 when the catalog is unchanged", async () => {
    const dir = repo();
    const r = await run(dir, ["diff", "--base", "HEAD"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      "0 changes from HEAD:catalog/tools.yaml to catalog/tools.yaml",
    );
  });

  it("exits 1 for a change that breaks callers, with rule, tool, pointer and line:col in the new catalog", async () => {
    const dir = repo();
    edit(dir, ...REMOVE_MERIENDA);
    // A real process: exit 1 as the shell sees it.
    const r = toolcat(dir, ["diff", "--base", "HEAD"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(
      /^catalog\/tools\.yaml:19:11 breaks callers input-enum-value-removed log_meal \/input\/properties\/meal\/enum: value "Merienda" is no longer allowed \[[0-9a-f]{12}\]$/m,
    );
    // An input change only: the note about effects and outputs is not printed.
    expect(r.stdout).not.toContain("MCP clients feel");
  });

  it("places a removal in the old catalog, named by ref and path", async () => {
    const dir = repo();
    edit(dir, '        day: { $ref: "#/$defs/Day" }\n', "");
    const r = await run(dir, ["diff", "--base", "HEAD", "--format", "json"]);
    expect(r.code, r.stderr).toBe(1);
    const removed = JSON.parse(r.stdout).findings.find(
      (f: { rule: string; tool: string }) =>
        f.rule === "input-property-removed" && f.tool === "log_meal",
    );
    expect(removed.at).toMatchObject({
      file: "HEAD:catalog/tools.yaml",
      side: "old",
    });
    expect(removed.pointer).toBe("/tools/log_meal/input/properties/day");
  });

  it("a change only the handler absorbs exits 0, and 1 with --fail-on handlers", async () => {
    const dir = repo();
    edit(dir, ...ADD_SNACK);
    // A real process: exit 0 as the shell sees it.
    const r = toolcat(dir, ["diff", "--base", "HEAD"]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain(
      'breaks handlers input-enum-value-added log_meal /input/properties/meal/enum: value "Snack" is now allowed; handler must handle "Snack"',
    );
    expect(
      (await run(dir, ["diff", "--base", "HEAD", "--fail-on", "handlers"]))
        .code,
    ).toBe(1);
  });

  it("exits 2 for a ref that does not exist, naming it", async () => {
    const dir = repo();
    // A real process: exit 2 as the shell sees it.
    const r = toolcat(dir, ["diff", "--base", "origin/nope"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no git commit named "origin/nope"');
    expect(r.stdout).toBe("");
  });

  it("exits 2 outside a git repository", async () => {
    const dir = scratchProject();
    const r = await run(dir, ["diff", "--base", "main"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not in a git repository");
  });

  it("exits 2 when the base catalog has errors, with their positions", async () => {
    const dir = repo();
    const good = readFileSync(join(dir, "catalog/tools.yaml"), "utf8");
    edit(dir, "effect: write", "effect: sometimes");
    git(dir, "commit", "-q", "-am", "broken");
    writeFileSync(join(dir, "catalog/tools.yaml"), good);
    const r = await run(dir, ["diff", "--base", "HEAD"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "the base catalog HEAD:catalog/tools.yaml has errors",
    );
    expect(r.stderr).toMatch(
      /HEAD:catalog\/tools\.yaml:\d+:\d+ error catalog-schema: `effect` must be one of/,
    );
  });

  it("exits 1 when the new catalog has errors", async () => {
    const dir = repo();
    edit(dir, "effect: write", "effect: sometimes");
    const r = await run(dir, ["diff", "--base", "HEAD"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /catalog\/tools\.yaml:\d+:\d+ error catalog-schema/,
    );
  });

  it("finds a catalog that moved through git's rename detection, or takes --base-catalog", async () => {
    const dir = repo();
    mkdirSync(join(dir, "tools"));
    git(dir, "mv", "catalog/tools.yaml", "tools/catalog.yaml");
    edit(dir, ...REMOVE_MERIENDA, "tools/catalog.yaml");
    const detected = await run(dir, [
      "diff",
      "--base",
      "HEAD",
      "--catalog",
      "tools/catalog.yaml",
    ]);
    expect(detected.code, detected.stderr).toBe(1);
    expect(detected.stderr).toContain(
      "the catalog was at catalog/tools.yaml in HEAD",
    );
    expect(detected.stdout).toContain("input-enum-value-removed");
    const explicit = await run(dir, [
      "diff",
      "--base",
      "HEAD",
      "--catalog",
      "tools/catalog.yaml",
      "--base-catalog",
      "catalog/tools.yaml",
    ]);
    expect(explicit.code).toBe(1);
    expect(explicit.stdout).toContain("0 break consumers");
  });

  it("exits 2 when the catalog is not at the base and git sees no rename", async () => {
    const dir = repo();
    writeFileSync(
      join(dir, "elsewhere.yaml"),
      readFileSync(join(dir, "catalog/tools.yaml")),
    );
    const r = await run(dir, [
      "diff",
      "--base",
      "HEAD",
      "--catalog",
      "elsewhere.yaml",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "elsewhere.yaml does not exist at HEAD; if the catalog moved, pass --base-catalog",
    );
    const wrong = await run(dir, [
      "diff",
      "--base",
      "HEAD",
      "--catalog",
      "elsewhere.yaml",
      "--base-catalog",
      "no/such.yaml",
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("cannot read no/such.yaml at HEAD");
  });
});

describe("toolcat diff --base <file>", () => {
  it("compares with a catalog file; an unreadable file is exit 2", async () => {
    const dir = scratchProject();
    writeFileSync(
      join(dir, "old.yaml"),
      readFileSync(join(dir, "catalog/tools.yaml")),
    );
    edit(dir, ...REMOVE_MERIENDA);
    const r = await run(dir, ["diff", "--base", "old.yaml"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "1 change from old.yaml to catalog/tools.yaml: 1 breaks callers",
    );
    const missing = await run(dir, [
      "diff",
      "--base",
      "old.yaml",
      "--catalog",
      "catalog/missing.yaml",
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      "cannot read catalog catalog/missing.yaml: no such file",
    );
  });

  it("rejects a bad --format and a bad --fail-on (exit 2)", async () => {
    const dir = scratchProject();
    expect(
      (
        await run(dir, [
          "diff",
          "--base",
          "catalog/tools.yaml",
          "--format",
          "html",
        ])
      ).code,
    ).toBe(2);
    expect(
      (
        await run(dir, [
          "diff",
          "--base",
          "catalog/tools.yaml",
          "--fail-on",
          "nobody",
        ])
      ).code,
    ).toBe(2);
    expect((await run(dir, ["diff"])).stderr).toContain("--base is required");
  });
});

describe("acknowledgements", () => {
  async function brokenRepo(): Promise<{ dir: string; fingerprint: string }> {
    const dir = repo();
    edit(dir, ...REMOVE_MERIENDA);
    const json = JSON.parse(
      (await run(dir, ["diff", "--base", "HEAD", "--format", "json"])).stdout,
    );
    return { dir, fingerprint: json.findings[0].fingerprint };
  }

  it("an acknowledged change is listed, marked, and no longer fails the run", async () => {
    const { dir, fingerprint } = await brokenRepo();
    writeFileSync(
      join(dir, "catalog/tools.diff-ack.yaml"),
      `acknowledged:\n  - fingerprint: ${fingerprint}\n    rule: input-enum-value-removed\n    reason: Nobody logs a Merienda any more.\n`,
    );
    const r = await run(dir, ["diff", "--base", "HEAD"]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain(
      `[${fingerprint}] (acknowledged: Nobody logs a Merienda any more.)`,
    );
    const md = await run(dir, [
      "diff",
      "--base",
      "HEAD",
      "--format",
      "markdown",
    ]);
    expect(md.stdout).toContain("✅");
    expect(md.stdout).toContain("no unacknowledged breaking change");
  });

  it("the fingerprint survives unrelated edits (other tools, line moves, comments)", async () => {
    const { dir, fingerprint } = await brokenRepo();
    edit(dir, "tools:\n", "# a comment that moves every line\n\ntools:\n");
    edit(dir, "Body weight in kg.", "Body weight in kilograms.");
    const json = JSON.parse(
      (await run(dir, ["diff", "--base", "HEAD", "--format", "json"])).stdout,
    );
    expect(
      json.findings.map((f: { fingerprint: string }) => f.fingerprint),
    ).toContain(fingerprint);
  });

  it("an entry that matches nothing is reported as stale", async () => {
    const dir = repo();
    writeFileSync(
      join(dir, "catalog/tools.diff-ack.yaml"),
      "acknowledged:\n  - fingerprint: 0123456789ab\n    reason: Long merged.\n",
    );
    const r = await run(dir, ["diff", "--base", "HEAD"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "catalog/tools.diff-ack.yaml:2:5 stale acknowledgement 0123456789ab: it matches no change",
    );
    const gh = await run(dir, ["diff", "--base", "HEAD", "--format", "github"]);
    expect(gh.stdout).toContain(
      "::warning file=catalog/tools.diff-ack.yaml,line=2,col=5,title=toolcat diff stale acknowledgement::0123456789ab matches no change",
    );
  });

  it("an entry without a reason, or a malformed file, is exit 2 with its position", async () => {
    const { dir, fingerprint } = await brokenRepo();
    writeFileSync(
      join(dir, "catalog/tools.diff-ack.yaml"),
      `acknowledged:\n  - fingerprint: ${fingerprint}\n`,
    );
    const r = await run(dir, ["diff", "--base", "HEAD"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "catalog/tools.diff-ack.yaml:2:5 error ack-file: every acknowledgement needs a reason",
    );
    writeFileSync(
      join(dir, "catalog/tools.diff-ack.yaml"),
      "acknowledged: [\n",
    );
    expect((await run(dir, ["diff", "--base", "HEAD"])).code).toBe(2);
    expect(
      (await run(dir, ["diff", "--base", "HEAD", "--ack", "nowhere.yaml"]))
        .stderr,
    ).toContain("cannot read acknowledgements file nowhere.yaml");
  });
});

describe("report formats", () => {
  it("markdown: a heading, no MCP note without an effect or output change, one table per tool, most severe first", async () => {
    const dir = repo();
    edit(dir, ...ADD_SNACK);
    edit(dir, "maxItems: 50", "maxItems: 20");
    edit(dir, "Body weight in kg.", "Body weight in kilograms.");
    const r = await run(dir, [
      "diff",
      "--base",
      "HEAD",
      "--format",
      "markdown",
    ]);
    expect(r.code).toBe(1);
    const md = r.stdout;
    expect(md).toMatch(
      /^### toolcat diff: 1 unacknowledged change breaks callers or consumers\n/,
    );
    expect(md).not.toContain(
      "> Effect escalations and output changes are what MCP clients feel",
    );
    const logMeal = md.indexOf("#### <code>log_meal</code>");
    const write = md.indexOf("#### <code>write_measurement</code>");
    expect(logMeal).toBeGreaterThan(0);
    expect(write).toBeGreaterThan(logMeal);
    const table = md.slice(logMeal, write);
    expect(table.indexOf("input-constraint-tightened")).toBeLessThan(
      table.indexOf("input-enum-value-added"),
    );
    expect(table).toContain(
      "| 🔴 | <code>input-constraint-tightened</code> | <code>/input/properties/items/maxItems</code> (catalog/tools.yaml:75) | breaks callers |",
    );
  });

  it("github: an annotation per change at its catalog line, error for what fails the run", async () => {
    const dir = repo();
    edit(dir, ...REMOVE_MERIENDA);
    const r = await run(dir, ["diff", "--base", "HEAD", "--format", "github"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=catalog\/tools\.yaml,line=19,col=11,title=toolcat diff input-enum-value-removed::breaks callers: log_meal \/input\/properties\/meal\/enum: value "Merienda" is no longer allowed \[[0-9a-f]{12}\]$/m,
    );
  });

  it("--rules lists every rule id", async () => {
    const r = await run(tmpdir(), ["diff", "--rules"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^tool-renamed +a tool was renamed/m);
    expect(r.stdout).toMatch(/^output-constraint-tightened +result: /m);
  });
});

describe("docs/diff-and-import.md", () => {
  it("shows the output toolcat diff really prints for its example edit", async () => {
    const dir = repo();
    edit(dir, ...REMOVE_MERIENDA);
    edit(dir, "maxItems: 50", "maxItems: 20");
    edit(
      dir,
      "    description: Log what the user ate at one meal, with optional macros.\n    effect: write",
      "    description: Log what the user ate at one meal, with optional macros.\n    effect: destructive",
    );
    edit(
      dir,
      "weight_kg: { type: number, exclusiveMinimum: 0",
      'weight_kg: { type: [number, "null"], exclusiveMinimum: 0',
    );
    edit(
      dir,
      '        total_kcal: { type: [integer, "null"], minimum: 0, description: "Sum of known kcal, or null when none was known." }\n',
      '        total_kcal: { type: [integer, "null"], minimum: 0, description: "Sum of known kcal, or null when none was known." }\n        warnings: { type: array, items: { type: string, description: A warning. }, description: Problems with the entry. }\n',
    );
    const r = await run(dir, ["diff", "--base", "HEAD"]);
    expect(r.code).toBe(1);
    const page = readFileSync(
      join(repoRoot, "docs", "diff-and-import.md"),
      "utf8",
    );
    const shown =
      /\$ toolcat diff --base origin\/main\n([\s\S]*?)\$ echo \$\?\n1\n/.exec(
        page,
      );
    expect(
      shown,
      "the example block of docs/diff-and-import.md",
    ).not.toBeNull();
    expect(r.stdout.replace("from HEAD:", "from origin/main:")).toBe(shown![1]);
  });
});
