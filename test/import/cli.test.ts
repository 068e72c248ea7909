/**
 * `toolcat import` end to end: exit codes, nothing written on bad input, --force, and a catalog
 * generate accepts. The first test and the bad-input cases start real `toolcat` processes; the
 * others call the same entry in-process (test/helpers/cli-in-process.ts).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolcat } from "../helpers/cli.js";
import { toolcatInProcess as cli } from "../helpers/cli-in-process.js";

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-import-"));
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(dir, name), text);
  return dir;
}
const tools = JSON.stringify(
  {
    tools: [
      {
        name: "get.weather",
        description: "Weather.",
        inputSchema: {
          type: "object",
          properties: { city: { type: "string", description: "City." } },
          required: ["city"],
        },
        annotations: { readOnlyHint: true },
      },
    ],
  },
  null,
  2,
);

describe("toolcat import (CLI)", () => {
  it("writes catalog/tools.yaml, reports the name mapping, and generate accepts the catalog", () => {
    const dir = project({ "tools.json": tools });
    const r = toolcat(dir, ["import", "tools.json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'tools.json:4:15 info import-name-mapped: "get.weather" imported as "get_weather"',
    );
    expect(r.stderr).toContain(
      "1 tool from 1 file written to catalog/tools.yaml",
    );
    const catalog = readFileSync(join(dir, "catalog", "tools.yaml"), "utf8");
    expect(catalog).toContain(
      "# yaml-language-server: $schema=../node_modules/toolcat/catalog.schema.json\n",
    );
    expect(catalog).toContain(
      "  get_weather:\n    description: Weather.\n    effect: read\n",
    );
    const gen = toolcat(dir, ["generate", "--no-format"]);
    expect(gen.code, gen.stderr).toBe(0);
    expect(existsSync(join(dir, "generated", "validators.ts"))).toBe(true);
  });

  it("the summary counts MCP tools imported as destructive and names what was not carried", async () => {
    const mcp = JSON.stringify(
      {
        tools: [
          {
            name: "delete_note",
            description: "Deletes.",
            inputSchema: {
              type: "object",
              properties: { id: { type: "string", description: "Id." } },
            },
            "x-owner": "ops",
          },
          {
            name: "read_note",
            description: "Reads.",
            inputSchema: { type: "object" },
            annotations: { readOnlyHint: true, audience: "all" },
          },
        ],
      },
      null,
      2,
    );
    const dir = project({ "tools.json": mcp });
    const r = await cli(dir, ["import", "tools.json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      "1 MCP tool without hints imported as destructive (MCP's defaults)",
    );
    expect(r.stderr).toContain(
      '2 not carried: "x-owner", annotation "audience"\n',
    );
    expect(readFileSync(join(dir, "catalog", "tools.yaml"), "utf8")).toContain(
      "  delete_note:\n    description: Deletes.\n    effect: destructive\n",
    );
  });

  it("never overwrites an existing catalog without --force", async () => {
    const dir = project({ "tools.json": tools });
    mkdirSync(join(dir, "catalog"));
    writeFileSync(join(dir, "catalog", "tools.yaml"), "# mine\n");
    const r = await cli(dir, ["import", "tools.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("catalog/tools.yaml exists; pass --force");
    expect(readFileSync(join(dir, "catalog", "tools.yaml"), "utf8")).toBe(
      "# mine\n",
    );
    expect((await cli(dir, ["import", "tools.json", "--force"])).code).toBe(0);
    expect(readFileSync(join(dir, "catalog", "tools.yaml"), "utf8")).toContain(
      "get_weather:",
    );
  });

  it.each([
    [
      "an unreadable file",
      {},
      ["import", "missing.json"],
      2,
      "cannot read missing.json: no such file",
    ],
    [
      "a file that is not JSON",
      { "a.json": "{ nope" },
      ["import", "a.json"],
      2,
      "a.json:1:3 error import-syntax: not JSON",
    ],
    [
      "a file in no known format",
      { "a.json": '{"hello": 1}' },
      ["import", "a.json"],
      1,
      "a.json:1:1 error import-format",
    ],
    [
      "two sources defining one tool differently",
      {
        "a.json": tools,
        "b.json": tools.replace('"Weather."', '"Other weather."'),
      },
      ["import", "a.json", "b.json"],
      1,
      'b.json:3:5 error import-conflict: "get.weather" is defined differently at a.json:3:5',
    ],
    ["no file at all", {}, ["import"], 2, "import needs at least one file"],
  ])(
    "%s: clear message and its exit code, nothing written",
    (_what, files, args, code, message) => {
      const dir = project(files as Record<string, string>);
      // Real processes: the exit codes as a shell sees them.
      const r = toolcat(dir, args as string[]);
      expect(r.code).toBe(code);
      expect(r.stderr).toContain(message);
      expect(existsSync(join(dir, "catalog", "tools.yaml"))).toBe(false);
    },
  );

  it("lists import in the help", async () => {
    expect((await cli(tmpdir(), ["--help"])).stdout).toMatch(
      /\n {2}import +start a catalog/,
    );
    expect((await cli(tmpdir(), ["import", "--help"])).stdout).toContain(
      "--rename-conflicts",
    );
  });
});
