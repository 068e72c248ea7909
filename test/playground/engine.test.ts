/**
 * The playground's engine under Node: what the page computes (in its workers) is what the CLI
 * computes — the generated files byte for byte, lint and `lint --fix` through the real CLI, the
 * generated dispatcher's answers from the type-stripped modules — plus the share fragment's
 * defences and the rule table rendered from the registry.
 */
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/index.js";
import { readTemplate } from "../../generator/node/package-root.js";
import { ruleTable } from "../../generator/core/lint/registry.js";
import { ruleTableMarkdown } from "../../generator/core/lint/rule-table-markdown.js";
import {
  autoStrict,
  checkPasted,
} from "../../generator/playground/src/engine/check.js";
import { generateInPage } from "../../generator/playground/src/engine/generate.js";
import {
  decodeShare,
  encodeShare,
  MAX_FRAGMENT,
} from "../../generator/playground/src/engine/share.js";
import {
  relink,
  stripTypes,
} from "../../generator/playground/src/engine/strip-types.js";
import { deliveredArguments } from "../../generator/playground/src/engine/run-call.js";
import {
  buildCatalogYaml,
  EXAMPLE_BUILD,
} from "../../generator/playground/src/engine/build-catalog.js";
import {
  BROKEN_EXAMPLE,
  CLEAN_EXAMPLE,
} from "../../generator/playground/src/examples.js";
import { handlersStub } from "../../generator/playground/src/engine/handlers-stub.js";
import { strictestCompilerOptions } from "../helpers/strictest.js";
import {
  adopt,
  initialState,
  isPageState,
} from "../../generator/playground/src/ui/page-state.js";
import { scratchProject, toolcat } from "../helpers/cli.js";
import { repoRoot } from "../helpers/pipeline.js";
import { createDispatcher } from "../../generated/dispatcher.js";
import { NODE_CALLS, nodeAnswer } from "./calls.js";

describe("the page's generate", () => {
  it("gives toolcat generate's files for the example catalog, byte for byte", async () => {
    const source = readFileSync(
      join(repoRoot, "catalog", "tools.yaml"),
      "utf8",
    );
    const [page, cli] = await Promise.all([
      generateInPage(source, readTemplate),
      generate({ cwd: repoRoot, cache: false }),
    ]);
    expect(page.ok).toBe(true);
    expect([...page.files.keys()]).toEqual([...cli.files.keys()]);
    for (const [path, text] of cli.files)
      expect(page.files.get(path), path).toBe(text);
  });
});

describe("the dispatcher stub", () => {
  it("type-checks under the strictest options against generated/ (a wrong handler would not)", async () => {
    const page = await generateInPage(
      readFileSync(join(repoRoot, "catalog", "tools.yaml"), "utf8"),
      readTemplate,
    );
    const stub = handlersStub(page.ir!);
    expect(stub).toMatch(
      /^ {4}write_measurement: async \(args: WriteMeasurementInput\): Promise<WriteMeasurementOutput> => \{$/m,
    );
    expect(stub).toContain("{ confirm: async () => false }");
    const dir = join(repoRoot, "test", ".tmp", `stub-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    symlinkSync(join(repoRoot, "generated"), join(dir, "generated"), "dir");
    writeFileSync(join(dir, "package.json"), '{"type":"module"}');
    writeFileSync(join(dir, "handlers.ts"), stub);
    // The control: the same stub without its last handler must fail.
    writeFileSync(
      join(dir, "control.ts"),
      stub.replace(/ {4}get_customer: async[\s\S]*?\n {4}\},\n/, ""),
    );
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          ...strictestCompilerOptions(),
          noEmit: true,
          skipLibCheck: true,
        },
        files: ["handlers.ts", "control.ts"],
      }),
    );
    let output = "";
    try {
      execFileSync(
        process.execPath,
        [
          join(repoRoot, "node_modules", "typescript", "bin", "tsc"),
          "-p",
          join(dir, "tsconfig.json"),
          "--pretty",
          "false",
        ],
        { cwd: dir, encoding: "utf8", stdio: "pipe" },
      );
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? "");
    }
    rmSync(dir, { recursive: true, force: true });
    const errors = output.split("\n").filter((l) => /error TS\d+/.test(l));
    expect(
      errors.filter((l) => !l.startsWith("control.ts")),
      output,
    ).toEqual([]);
    expect(
      errors.some((l) => l.startsWith("control.ts")),
      output,
    ).toBe(true);
  });

  it("has no confirm for a catalog without destructive tools, and quotes names", async () => {
    const page = await generateInPage(
      buildCatalogYaml({ ...EXAMPLE_BUILD, name: "get-weather" }),
      readTemplate,
    );
    const stub = handlersStub(page.ir!);
    expect(stub).toContain(
      '    "get-weather": async (args: GetWeatherInput): Promise<GetWeatherOutput> => {',
    );
    expect(stub).toContain('throw new Error("get-weather: not implemented");');
    expect(stub).toContain("\n  {},\n);\n");
  });
});

describe("check mode and Auto-strict", () => {
  it("the clean example has no findings", () => {
    expect(checkPasted(CLEAN_EXAMPLE).findings).toEqual([]);
  });

  it("the broken example: each of its faults, by rule id and path", () => {
    const found = checkPasted(BROKEN_EXAMPLE).findings.map((f) => [
      f.rule,
      f.pointer,
      f.resolves,
    ]);
    expect(found).toEqual([
      ["no-additional-properties", "/tools/get_weather/input", "auto-strict"],
      [
        "description-present",
        "/tools/get_weather/input/properties/city",
        "needs-words",
      ],
      ["all-required", "/tools/get_weather/input/properties/unit", "none"],
      [
        "no-defaults",
        "/tools/get_weather/input/properties/unit/default",
        "auto-strict",
      ],
      [
        "required-undeclared",
        "/tools/get_weather/input/required/1",
        "auto-strict",
      ],
    ]);
  });

  it("findings are those of toolcat lint on the same file (rule, line, column, severity)", () => {
    const dir = scratchProject(BROKEN_EXAMPLE);
    const lint = toolcat(dir, ["lint", "--format", "json"]);
    const cli = JSON.parse(lint.stdout) as
      | {
          diagnostics?: {
            rule: string;
            line: number;
            col: number;
            severity: string;
          }[];
        }
      | { rule: string; line: number; col: number; severity: string }[];
    const rows = (Array.isArray(cli) ? cli : cli.diagnostics!).map(
      (d) => `${d.line}:${d.col} ${d.severity} ${d.rule}`,
    );
    expect(
      checkPasted(BROKEN_EXAMPLE).findings.map(
        (d) => `${d.line}:${d.col} ${d.severity} ${d.rule}`,
      ),
    ).toEqual(rows);
  });

  it("Auto-strict writes what toolcat lint --fix writes, and a second run changes nothing", () => {
    const dir = scratchProject(BROKEN_EXAMPLE);
    expect(toolcat(dir, ["lint", "--fix"]).code).toBe(0);
    const cliFixed = readFileSync(join(dir, "catalog", "tools.yaml"), "utf8");
    const once = autoStrict(BROKEN_EXAMPLE);
    expect(once.text).toBe(cliFixed);
    expect(once.applied).toBeGreaterThan(0);
    expect(
      once.check.findings.filter((f) => f.resolves === "auto-strict"),
    ).toEqual([]);
    expect(once.check.findings.map((f) => f.rule)).toEqual([
      "description-present",
      "all-required",
    ]);
    const twice = autoStrict(once.text);
    expect(twice.text).toBe(once.text);
    expect(twice.applied).toBe(0);
  });

  it("provider declarations are read as toolcat import reads them, and Auto-strict turns them into a fixed catalog", () => {
    const pasted = JSON.stringify(
      [
        {
          type: "function",
          function: {
            name: "get_weather",
            description: "Weather.",
            parameters: {
              type: "object",
              properties: {
                city: {
                  type: "string",
                  description: "City.",
                  default: "Lisbon",
                },
              },
              required: ["city"],
            },
          },
        },
      ],
      null,
      2,
    );
    const checked = checkPasted(pasted);
    expect(checked.form).toBe("declarations");
    expect(checked.language).toBe("json");
    expect(checked.catalog).toContain("get_weather");
    const fixed = autoStrict(pasted);
    expect(fixed.text).toMatch(/^# yaml-language-server/);
    expect(fixed.check.form).toBe("catalog");
    expect(
      fixed.check.findings.filter((f) => f.resolves === "auto-strict"),
    ).toEqual([]);
  });

  it("a 5 MB paste and recursive $refs get the CLI's own diagnostics (the alias bomb: page.test.ts)", () => {
    const rules = (text: string) =>
      checkPasted(text).findings.map((f) => f.rule);
    const recursive = `toolcat: 1\ntools:\n  t:\n    description: T.\n    input: { type: object, properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } }\n`;
    const big = `toolcat: 1\ntools: {}\n# ${"x".repeat(5 * 1024 * 1024)}\n`;
    for (const text of [recursive, big]) {
      const dir = scratchProject(text);
      const cli = JSON.parse(
        toolcat(dir, ["lint", "--format", "json"]).stdout,
      ) as
        | { rule: string; line: number; col: number }[]
        | { diagnostics: { rule: string; line: number; col: number }[] };
      const rows = (Array.isArray(cli) ? cli : cli.diagnostics).map(
        (d) => `${d.line}:${d.col} ${d.rule}`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(
        checkPasted(text).findings.map((d) => `${d.line}:${d.col} ${d.rule}`),
      ).toEqual(rows);
    }
    expect(rules(recursive)).toContain("unresolved-ref");
  });
});

describe("try arguments: the generated modules without their types", () => {
  const out = mkdtempSync(join(tmpdir(), "toolcat-stripped-"));
  let stripped: { createDispatcher: typeof createDispatcher };

  beforeAll(async () => {
    const walk = (d: string): string[] =>
      readdirSync(d).flatMap((n) =>
        statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)],
      );
    const generatedDir = join(repoRoot, "generated");
    for (const file of walk(generatedDir).filter((f) => f.endsWith(".ts"))) {
      const rel = file.slice(generatedDir.length + 1);
      const module = await stripTypes(rel, readFileSync(file, "utf8"));
      const target = join(out, rel.replace(/\.ts$/, ".js"));
      mkdirSync(dirname(target), { recursive: true });
      // Blanking keeps every line and column where it was.
      expect(module.code.length, rel).toBe(readFileSync(file, "utf8").length);
      writeFileSync(
        target,
        relink(module, (s) => s),
      );
    }
    writeFileSync(join(out, "package.json"), '{"type":"module"}');
    stripped = (await import(
      /* @vite-ignore */ pathToFileURL(join(out, "dispatcher.js")).href
    )) as typeof stripped;
  });

  it("answers every call as the TypeScript dispatcher does (status, isError, text)", async () => {
    for (const call of NODE_CALLS) {
      const fromStripped = await nodeAnswer(stripped.createDispatcher, call);
      const fromSource = await nodeAnswer(createDispatcher, call);
      expect(fromStripped, JSON.stringify(call)).toEqual(fromSource);
    }
  });

  it("takes JSON text for every target, passing it on as text to the OpenAI text targets and parsed to the others", () => {
    expect(deliveredArguments("openai-chat", "not json")).toEqual({
      ok: true,
      value: "not json",
    });
    expect(deliveredArguments("anthropic", '{"a":1}')).toEqual({
      ok: true,
      value: { a: 1 },
    });
    const refused = deliveredArguments("mcp", "{nope");
    expect(refused.ok).toBe(false);
  });

  it("leaves plain JavaScript of every golden fixture's TypeScript output (hostile names and texts included)", async () => {
    const babel = (await import("prettier/plugins/babel")) as unknown as {
      parsers: Record<
        string,
        { parse(text: string, options: object): unknown }
      >;
    };
    const fixtures = join(repoRoot, "test", "fixtures");
    const walk = (d: string): string[] =>
      readdirSync(d).flatMap((n) =>
        statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)],
      );
    const files = walk(fixtures).filter(
      (f) => f.includes(`${"/"}expected${"/"}`) && f.endsWith(".ts"),
    );
    expect(files.length).toBeGreaterThan(100);
    // types.ts is only ever imported for its types (erased), so the page never loads it; babel-ts
    // cannot even parse some of it (`-3[]`, which the CLI formats with the typescript parser).
    for (const file of files.filter((f) => !f.endsWith(`${"/"}types.ts`))) {
      const text = readFileSync(file, "utf8");
      const stripped = await stripTypes(file, text);
      expect(
        stripped.specifiers.filter((s) => /(^|\/)types\.js$/.test(s.value)),
        file,
      ).toEqual([]);
      // The plain JavaScript parser (no TypeScript) accepts what is left.
      await expect(
        Promise.resolve().then(() =>
          babel.parsers.babel!.parse(stripped.code, {}),
        ),
        file,
      ).resolves.toBeDefined();
    }
  });

  it("refuses TypeScript it cannot erase instead of running something else", async () => {
    await expect(stripTypes("x.ts", "enum A { B }")).rejects.toThrow(
      /TSEnumDeclaration/,
    );
    await expect(
      stripTypes("x.ts", "class A { constructor(private x: number) {} }"),
    ).rejects.toThrow(/TSParameterProperty/);
  });

  it("keeps the parentheses of an expression cast with `as`, `satisfies` or `!`", async () => {
    const source =
      "type T = 1;\nconst x = null, y = 1, z = [2];\nexport const a = (x ?? y) as T;\nexport const b = ((z))!;\nexport const c = ( z ) satisfies number[];\n";
    const { code } = await stripTypes("x.ts", source);
    // The stripped ranges are blanked out: compare without whitespace.
    expect(code.replace(/\s+/g, "")).toContain(
      "consta=(x??y);exportconstb=((z));exportconstc=(z);",
    );
  });
});

describe("build mode", () => {
  it("the example tool's catalog generates; an optional parameter is required-and-nullable for OpenAI strict and left out of required elsewhere", async () => {
    const page = await generateInPage(
      buildCatalogYaml(EXAMPLE_BUILD),
      readTemplate,
    );
    expect(page.ok, JSON.stringify(page.diagnostics)).toBe(true);
    const chat = page.files.get("providers/openai-chat.json")!;
    const anthropic = page.files.get("providers/anthropic.json")!;
    expect(JSON.parse(chat).tools[0].function.parameters.required).toEqual([
      "city",
      "unit",
    ]);
    expect(
      JSON.stringify(
        JSON.parse(chat).tools[0].function.parameters.properties.unit,
      ),
    ).toMatch(/null/);
    expect(
      JSON.stringify(
        JSON.parse(anthropic).tools[0].input_schema.properties.unit,
      ),
    ).not.toMatch(/null/);
    expect(JSON.parse(anthropic).tools[0].input_schema.required).toEqual([
      "city",
    ]);
  });
});

describe("share fragment", () => {
  const isState = (v: unknown): v is { a: string } =>
    typeof v === "object" &&
    v !== null &&
    typeof (v as { a?: unknown }).a === "string";

  it("round-trips the state", async () => {
    const fragment = await encodeShare({
      a: "<script>alert(1)</script> </textarea> javascript: {{x}}",
    });
    expect(fragment).toMatch(/^s1\.[A-Za-z0-9_-]+$/);
    expect(await decodeShare(`#${fragment}`, isState)).toEqual({
      ok: true,
      state: { a: "<script>alert(1)</script> </textarea> javascript: {{x}}" },
    });
  });

  it("a link's page state is checked field by field and adopted without its other keys (no __proto__)", async () => {
    const state = initialState();
    const hostile = JSON.parse(
      JSON.stringify({
        ...state,
        mode: "build",
        check: "<script>x</script>",
      }).replace(/^\{/, '{"__proto__":{"polluted":true},"extra":1,'),
    ) as unknown;
    const read = await decodeShare(await encodeShare(hostile), isPageState);
    expect(read.ok).toBe(true);
    const target = initialState();
    if (read.ok) adopt(target, read.state);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(
      (target as unknown as { polluted?: unknown }).polluted,
    ).toBeUndefined();
    expect(Object.keys(target)).toEqual(Object.keys(state));
    expect(target.check).toBe("<script>x</script>");
    const wrong = await decodeShare(
      await encodeShare({
        ...state,
        build: { ...state.build, parameters: [{ name: 1 }] },
      }),
      isPageState,
    );
    expect(wrong.ok).toBe(false);
  });

  it("refuses corrupt, truncated, enormous, other-version and wrongly shaped fragments with a reason", async () => {
    const good = await encodeShare({ a: "x".repeat(1000) });
    const reasons = await Promise.all(
      [
        `#${good.slice(0, 12)}`,
        "#s1.!!!",
        "#s1.AAAA",
        `#s2.${good.slice(3)}`,
        "#hello",
        `#s1.${"A".repeat(MAX_FRAGMENT)}`,
        `#${await encodeShare({ b: 1 })}`,
        `#${await encodeShare("y".repeat(3 * 1024 * 1024))}`,
      ].map(async (f) => {
        const read = await decodeShare(f, isState);
        expect(read.ok, f.slice(0, 40)).toBe(false);
        return read.ok ? "" : read.reason;
      }),
    );
    for (const r of reasons) expect(r).toMatch(/^the shared link/);
    expect(reasons[3]).toMatch(/version 2/);
    expect(reasons[5]).toMatch(/too long/);
    expect(reasons[7]).toMatch(/expands beyond/);
  });
});

describe("rule table", () => {
  it("has one Markdown row per rule of the registry, with its fix", () => {
    const md = ruleTableMarkdown().trimEnd().split("\n");
    const rules = ruleTable();
    expect(md.length).toBe(rules.length + 2);
    rules.forEach((r, i) => {
      expect(md[i + 2]).toMatch(new RegExp(`^\\| \`${r.id}\` \\| `));
      expect(md[i + 2]!.endsWith(r.fix ? ` |` : "| no |")).toBe(true);
    });
  });
});
