/**
 * `toolcat init` through the real CLI, in scratch folders: starter catalog, npm scripts, no
 * overwrites. The first test starts real `toolcat` processes; the others call the same entry
 * in-process (test/helpers/cli-in-process.ts).
 */
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { toolcat } from "../helpers/cli.js";
import { toolcatInProcess as cli } from "../helpers/cli-in-process.js";

function emptyFolder(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "toolcat-init-")));
}

const schemaComment = /^# yaml-language-server: \$schema=(\S+)\n/;

describe("toolcat init", () => {
  it("writes a starter catalog that lints clean and generates, and prints the CI line without a package.json", () => {
    const dir = emptyFolder();
    const run = toolcat(dir, ["init"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("wrote catalog/tools.yaml");
    expect(run.stderr).toContain("no package.json here");
    expect(run.stderr).toContain("npx toolcat generate --check");

    const text = readFileSync(join(dir, "catalog", "tools.yaml"), "utf8");
    const schema = schemaComment.exec(text)?.[1];
    expect(schema).toBe("../node_modules/toolcat/catalog.schema.json");
    const doc = parse(text) as {
      $defs: Record<string, unknown>;
      tools: Record<string, { effect: string; output?: unknown }>;
    };
    expect(Object.keys(doc.$defs).length).toBeGreaterThan(0);
    const tools = Object.values(doc.tools);
    expect(tools.map((t) => t.effect).sort()).toEqual(["read", "write"]);
    expect(tools.every((t) => t.output !== undefined)).toBe(true);
    expect(text).toContain('$ref: "#/$defs/');

    const lint = toolcat(dir, ["lint"]);
    expect(lint.code, lint.stdout).toBe(0);
    expect(lint.stdout).toBe(""); // no error and no warning
    expect(lint.stderr).toContain("0 errors, 0 warnings");
    const generate = toolcat(dir, ["generate", "--quiet"]);
    expect(generate.code, generate.stderr).toBe(0);
    expect(readFileSync(join(dir, "generated", "types.ts"), "utf8")).toContain(
      "AddTaskInput",
    );
    expect(toolcat(dir, ["generate", "--check", "--quiet"]).code).toBe(0);
  });

  it("points the editor comment at node_modules from wherever --catalog puts the file", async () => {
    const dir = emptyFolder();
    for (const [file, expected] of [
      ["tools.yaml", "node_modules/toolcat/catalog.schema.json"],
      [
        "config/agent/tools.yaml",
        "../../node_modules/toolcat/catalog.schema.json",
      ],
    ] as const) {
      const run = await cli(dir, ["init", "--catalog", file]);
      expect(run.code, run.stderr).toBe(0);
      const schema = schemaComment.exec(
        readFileSync(join(dir, file), "utf8"),
      )?.[1];
      expect(schema).toBe(expected);
      expect(resolve(dirname(join(dir, file)), schema!)).toBe(
        join(dir, "node_modules", "toolcat", "catalog.schema.json"),
      );
      expect(run.stderr).toContain(
        `npx toolcat generate --check --catalog "${file}"`,
      );
    }
  });

  it("never overwrites an existing catalog (exit 1, names the file, leaves it alone)", async () => {
    const dir = emptyFolder();
    mkdirSync(join(dir, "catalog"));
    writeFileSync(join(dir, "catalog", "tools.yaml"), "mine\n");
    writeFileSync(join(dir, "package.json"), '{\n  "name": "app"\n}\n');
    const run = await cli(dir, ["init"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("catalog/tools.yaml already exists");
    expect(readFileSync(join(dir, "catalog", "tools.yaml"), "utf8")).toBe(
      "mine\n",
    );
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(
      '{\n  "name": "app"\n}\n',
    ); // untouched too
  });

  it("adds the scripts to package.json keeping its indentation, every other key and an existing script of the same name", async () => {
    const dir = emptyFolder();
    const before = {
      name: "app",
      private: true,
      scripts: { build: "tsc", "toolcat:check": "my own check" },
      dependencies: { yaml: "2.9.1" },
    };
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify(before, null, 4) + "\n",
    );
    const run = await cli(dir, ["init"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'package.json already has a script "toolcat:check"; kept it',
    );
    const after = readFileSync(join(dir, "package.json"), "utf8");
    const expected = {
      ...before,
      scripts: { ...before.scripts, "toolcat:generate": "toolcat generate" },
    };
    expect(after).toBe(JSON.stringify(expected, null, 4) + "\n");
  });

  it("adds a scripts object to a tab-indented package.json that has none", async () => {
    const dir = emptyFolder();
    writeFileSync(
      join(dir, "package.json"),
      '{\n\t"name": "app",\n\t"type": "module"\n}',
    );
    expect((await cli(dir, ["init"])).code).toBe(0);
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(
      '{\n\t"name": "app",\n\t"type": "module",\n\t"scripts": {\n\t\t"toolcat:generate": "toolcat generate",\n\t\t"toolcat:check": "toolcat generate --check"\n\t}\n}',
    );
  });

  it("keeps a package.json written on one line on one line", async () => {
    const dir = emptyFolder();
    writeFileSync(join(dir, "package.json"), '{"name":"app","private":true}');
    expect((await cli(dir, ["init"])).code).toBe(0);
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(
      '{"name":"app","private":true,"scripts":{"toolcat:generate":"toolcat generate","toolcat:check":"toolcat generate --check"}}',
    );
  });

  it("leaves a hand-formatted package.json as it is and prints the scripts to add", async () => {
    const dir = emptyFolder();
    const handWritten = '{ "name": "app", "scripts": { "test": "vitest" } }\n';
    writeFileSync(join(dir, "package.json"), handWritten);
    const run = await cli(dir, ["init"]);
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(handWritten);
    expect(run.stderr).toContain("package.json left as it is");
    expect(run.stderr).toContain('"toolcat:check": "toolcat generate --check"');
  });
});

describe("a folder without a catalog", () => {
  for (const command of ["generate", "lint"]) {
    it(`toolcat ${command} says where it looked and suggests toolcat init (exit 2)`, async () => {
      const dir = emptyFolder();
      const run = await cli(dir, [command]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `toolcat: no catalog at catalog/tools.yaml (looked for ${join(dir, "catalog", "tools.yaml")})\n` +
          "run 'toolcat init' to write a starter catalog there, or pass --catalog FILE\n",
      );
    });
  }

  it("lint --fix says the same", async () => {
    const dir = emptyFolder();
    const run = await cli(dir, ["lint", "--fix"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no catalog at catalog/tools.yaml");
    expect(run.stderr).toContain("toolcat init");
  });
});
