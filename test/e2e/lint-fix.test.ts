/**
 * `lint --fix` and `generate` on the cases a new user met: a `required` entry no property
 * declares (required-undeclared), and `default` whose value must survive the fix; plus how lint
 * shows which findings --fix repairs.
 *
 * The first test starts real `toolcat` processes (exit status and output as a shell sees them);
 * the others call the same entry in-process (test/helpers/cli-in-process.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchProject, toolcat } from "../helpers/cli.js";
import { toolcatInProcess as cli } from "../helpers/cli-in-process.js";

const ghostCatalog = (closed: boolean) => `toolcat: 1
targets:
  openai-chat: { strict: true }
tools:
  weather:
    description: Current weather for a city.
    input:
      type: object
      properties:
        city: { type: string, description: City name. }
      required: [city, ghost]   # ghost is a leftover
${closed ? "      additionalProperties: false\n" : ""}`;

describe("required-undeclared through the CLI", () => {
  it("closed object: lint and generate report an error at the entry; --fix removes it; generate then succeeds without ghost", () => {
    const dir = scratchProject(ghostCatalog(true));
    const lint = toolcat(dir, ["lint"]);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toMatch(
      /^catalog\/tools\.yaml:11:24 error required-undeclared: required "ghost" is not a property this object admits.* \(fixable\)$/m,
    );
    const generate = toolcat(dir, ["generate"]);
    expect(generate.code).toBe(1);
    expect(generate.stderr).toMatch(
      /catalog\/tools\.yaml:11:24 error required-undeclared:/,
    );

    const fix = toolcat(dir, ["lint", "--fix"]);
    expect(fix.code, fix.stdout + fix.stderr).toBe(0);
    const fixed = readFileSync(join(dir, "catalog", "tools.yaml"), "utf8");
    expect(fixed).toContain("      required: [city]   # ghost is a leftover\n");
    expect(toolcat(dir, ["lint", "--fix"]).stderr).toContain("0 fixes applied");

    const after = toolcat(dir, ["generate"]);
    expect(after.code, after.stderr).toBe(0);
    const types = readFileSync(join(dir, "generated", "types.ts"), "utf8");
    expect(types).toContain("city: string");
    expect(types).not.toContain("ghost");
  });

  it("open object: a warning; one --fix run removes the entry and closes the object, and the tool stays callable", async () => {
    const dir = scratchProject(ghostCatalog(false));
    const lint = await cli(dir, ["lint"]);
    expect(lint.stdout).toMatch(
      /^catalog\/tools\.yaml:11:24 warning required-undeclared: required "ghost" is not declared in properties.* \(fixable\)$/m,
    );
    expect(lint.stdout).toMatch(
      /^catalog\/tools\.yaml:7:5 error no-additional-properties: .* \(fixable\)$/m,
    );

    const fix = await cli(dir, ["lint", "--fix"]);
    expect(fix.code, fix.stdout + fix.stderr).toBe(0);
    const fixed = readFileSync(join(dir, "catalog", "tools.yaml"), "utf8");
    expect(fixed).toContain(
      "      required: [city]   # ghost is a leftover\n      additionalProperties: false\n",
    );
    const again = await cli(dir, ["lint", "--fix"]);
    expect(again.stderr).toContain("0 fixes applied");

    const generate = await cli(dir, ["generate"]);
    expect(generate.code, generate.stderr).toBe(0);
    expect(
      readFileSync(join(dir, "generated", "types.ts"), "utf8"),
    ).not.toContain("ghost");
  });
});

describe("no-defaults --fix keeps what the user wrote", () => {
  const block = `toolcat: 1
targets:
  openai-chat: { strict: true }
tools:
  forecast:
    description: Forecast.
    input:
      type: object
      properties:
        units:
          type: string
          enum: [c, f]
          # the unit people here expect
          default: c   # celsius unless asked
        days:
          type: integer
          description: Days ahead (default 1).
          default: 1
        lang:
          type: string
          description: Language code
          default: en
      required: [units, days, lang]
      additionalProperties: false
`;

  it("block style: the value moves into the description (or becomes it), comments stay, stated defaults are not repeated", async () => {
    const dir = scratchProject(block);
    expect((await cli(dir, ["lint", "--fix"])).code).toBe(0);
    const fixed = readFileSync(join(dir, "catalog", "tools.yaml"), "utf8");
    expect(fixed).toBe(
      block
        .replace(
          "          default: c   # celsius unless asked\n",
          '          description: "Default: \\"c\\"."   # celsius unless asked\n',
        )
        .replace(
          "          description: Days ahead (default 1).\n          default: 1\n",
          "          description: Days ahead (default 1).\n",
        )
        .replace(
          "          description: Language code\n          default: en\n",
          '          description: "Language code. Default: \\"en\\"."\n',
        ),
    );
    expect(fixed).toContain("# the unit people here expect");
  });

  it("a comment on a removed default line stays, at the line's indent", async () => {
    const dir = scratchProject(
      block.replace(
        "          default: 1\n",
        "          default: 1   # one day\n",
      ),
    );
    expect((await cli(dir, ["lint", "--fix"])).code).toBe(0);
    expect(readFileSync(join(dir, "catalog", "tools.yaml"), "utf8")).toContain(
      "          description: Days ahead (default 1).\n          # one day\n        lang:",
    );
  });

  it("flow style stays tidy: no stray spaces before commas, the space before } kept", async () => {
    const flow = `toolcat: 1
targets: { openai-chat: { strict: true } }
tools:
  t:
    description: T.
    input: { type: object, properties: { u: { type: string, description: Units, default: c }, v: { type: object, properties: { w: { type: string, description: W. } }, required: [w], description: V. } }, required: [u, v] }   # keep me
`;
    const dir = scratchProject(flow);
    expect((await cli(dir, ["lint", "--fix"])).code).toBe(0);
    const fixed = readFileSync(join(dir, "catalog", "tools.yaml"), "utf8");
    expect(fixed).toBe(
      flow.replace(
        "    input: { type: object, properties: { u: { type: string, description: Units, default: c }, v: { type: object, properties: { w: { type: string, description: W. } }, required: [w], description: V. } }, required: [u, v] }   # keep me\n",
        '    input: { type: object, properties: { u: { type: string, description: "Units. Default: \\"c\\"." }, v: { type: object, properties: { w: { type: string, description: W. } }, required: [w], description: V., additionalProperties: false } }, required: [u, v], additionalProperties: false }   # keep me\n',
      ),
    );
    expect(fixed).not.toMatch(/ ,/);
  });
});

describe("lint shows what --fix repairs", () => {
  it("--rules lists each rule id once with its severity and whether --fix fixes it", async () => {
    const run = await cli(process.cwd(), ["lint", "--rules"]);
    expect(run.code).toBe(0);
    const rows = run.stdout
      .split("\n")
      .filter((l) => /^[a-z][a-z0-9-]+ {2,}/.test(l) && !l.startsWith("rule "));
    const ids = rows.map((l) => l.split(/\s+/)[0]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id === "unresolved-ref")).toHaveLength(1);
    const row = (id: string) =>
      rows.find((l) => l.startsWith(id + " "))!.split(/ {2,}/);
    expect(row("no-defaults").slice(0, 3)).toEqual([
      "no-defaults",
      "error if strict",
      "yes",
    ]);
    expect(row("required-undeclared").slice(0, 3)).toEqual([
      "required-undeclared",
      "varies",
      "yes",
    ]);
    expect(row("all-required").slice(0, 3)).toEqual([
      "all-required",
      "info",
      "no",
    ]);
    expect(row("yaml-syntax").slice(0, 3)).toEqual([
      "yaml-syntax",
      "error",
      "no",
    ]);
    expect(ids).toContain("provider-output");
  });

  it("text marks fixable findings after the message; json has fixable on every entry; github stays one annotation per line", async () => {
    const dir = scratchProject(
      ghostCatalog(true).replace(
        "city: { type: string, description: City name. }",
        "city: { type: string }",
      ),
    );
    const text = (await cli(dir, ["lint"])).stdout
      .split("\n")
      .filter((l) => l !== "");
    expect(text.find((l) => l.includes(" required-undeclared: "))).toMatch(
      /^catalog\/tools\.yaml:\d+:\d+ error required-undeclared: .*\(fixable\)$/,
    );
    expect(
      text.find((l) => l.includes(" description-present: ")),
    ).not.toContain("(fixable)");
    const json = JSON.parse(
      (await cli(dir, ["lint", "--format", "json"])).stdout,
    ) as { rule: string; fixable: unknown }[];
    expect(json.length).toBeGreaterThan(1);
    for (const d of json) expect(typeof d.fixable).toBe("boolean");
    expect(json.find((d) => d.rule === "required-undeclared")!.fixable).toBe(
      true,
    );
    expect(json.find((d) => d.rule === "description-present")!.fixable).toBe(
      false,
    );
    const gh = (await cli(dir, ["lint", "--format", "github"])).stdout
      .split("\n")
      .filter((l) => l !== "");
    for (const l of gh)
      expect(l).toMatch(
        /^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,title=toolcat [a-z-]+::/,
      );
  });
});
