/**
 * prettier is loaded only where it can change a byte (generator/node/prettier-load.ts): an output
 * folder under any kind of prettier config still gets prettier's options, exactly as prettier
 * resolves them; under none, prettier's entry module is not loaded at all when nothing is left for
 * it to format, and the output is the same.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  configMayApply,
  EDITORCONFIG_FILE,
  lazyPrettier,
  PRETTIER_CONFIG_FILES,
  prettierVersion,
} from "../../generator/node/prettier-load.js";
import { prettierOptions } from "../../generator/node/format.js";
import { bin, snapshot } from "../helpers/cli.js";
import { loadedModules, moduleLoadLogger } from "../helpers/module-loads.js";
import { generateFrom, repoRoot } from "../helpers/pipeline.js";

const oneTool = `toolcat: 1

targets:
  openai-chat: { strict: auto }
  openai-responses: { strict: auto }
  openai-agents: {}
  anthropic: {}
  google-genai: {}
  google-interactions: {}
  mcp: {}
  openai-compatible: { strict: false }

tools:
  get_weather:
    description: Get the current weather for a city.
    effect: read
    input:
      type: object
      properties:
        city: { type: string, description: City name. }
        units: { type: string, enum: [metric, imperial], description: Units. }
      required: [city]
      additionalProperties: false
`;

/** A config of each kind prettier reads, each asking for single quotes. */
const configs: Record<string, string> = {
  "package.json": '{ "name": "app", "prettier": { "singleQuote": true } }\n',
  "package.yaml": "name: app\nprettier:\n  singleQuote: true\n",
  ".prettierrc": "singleQuote: true\n",
  ".prettierrc.json": '{ "singleQuote": true }\n',
  ".prettierrc.yml": "singleQuote: true\n",
  ".prettierrc.yaml": "singleQuote: true\n",
  ".prettierrc.json5": "{ singleQuote: true }\n",
  ".prettierrc.js": "module.exports = { singleQuote: true };\n",
  "prettier.config.js": "module.exports = { singleQuote: true };\n",
  ".prettierrc.ts": "export default { singleQuote: true };\n",
  "prettier.config.ts": "export default { singleQuote: true };\n",
  ".prettierrc.mjs": "export default { singleQuote: true };\n",
  "prettier.config.mjs": "export default { singleQuote: true };\n",
  ".prettierrc.mts": "export default { singleQuote: true };\n",
  "prettier.config.mts": "export default { singleQuote: true };\n",
  ".prettierrc.cjs": "module.exports = { singleQuote: true };\n",
  "prettier.config.cjs": "module.exports = { singleQuote: true };\n",
  ".prettierrc.cts": "module.exports = { singleQuote: true };\n",
  "prettier.config.cts": "module.exports = { singleQuote: true };\n",
  ".prettierrc.toml": "singleQuote = true\n",
  [EDITORCONFIG_FILE]: "[*]\nquote_type = single\n",
};

const scratch = () => mkdtempSync(join(tmpdir(), "toolcat-prettier-load-"));

/** Every folder from `dir` up to the root that holds a file a config search looks for. */
function configsAbove(dir: string): string[] {
  const found: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    for (const name of [...PRETTIER_CONFIG_FILES, EDITORCONFIG_FILE])
      if (readdirSync(d).includes(name)) found.push(join(d, name));
    if (dirname(d) === d) return found;
  }
}

async function output(outDir: string): Promise<Map<string, string>> {
  const result = await generateFrom(oneTool, { outDir });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return new Map(result.files);
}

describe("prettier's config search, as toolcat reads it without prettier", () => {
  it("names every file prettier's config search looks for, in its order", () => {
    // prettier's bundled CONFIG_FILES (src/config/prettier-config/config-searcher.js): a new name
    // in a later prettier would be a config toolcat did not see.
    const source = readFileSync(
      join(repoRoot, "node_modules", "prettier", "index.mjs"),
      "utf8",
    );
    const list = /\bvar CONFIG_FILES = \[([\s\S]*?)\n\];/.exec(source)?.[1];
    expect(list, "CONFIG_FILES in prettier's index.mjs").toBeDefined();
    const names = [...list!.matchAll(/^ {2}(?:\{\s*name: )?"([^"]+)"/gm)].map(
      (m) => m[1],
    );
    expect(names).toEqual(PRETTIER_CONFIG_FILES);
    expect(Object.keys(configs).sort()).toEqual(
      [...PRETTIER_CONFIG_FILES, EDITORCONFIG_FILE].sort(),
    );
  });

  it("reads prettier's version as prettier reports it", () => {
    expect(prettierVersion()).toBe(prettier.version);
    expect(lazyPrettier.version).toBe(prettier.version);
  });

  it.each(Object.keys(configs))(
    "a catalog folder with %s gets the options prettier resolves",
    async (name) => {
      const dir = scratch();
      writeFileSync(join(dir, name), configs[name]!);
      const outDir = join(dir, "generated");
      expect(configMayApply(outDir, new Map())).toBe(true);
      const expected = prettier
        .resolveConfig(join(outDir, "types.ts"), { editorconfig: true })
        .then(
          (options) => ({ options }),
          (error: unknown) => ({ error: String(error) }),
        );
      const got = prettierOptions(outDir)
        .optionsFor({ path: "types.ts", contents: "", language: "typescript" })
        .then(
          (options) => ({ options }),
          (error: unknown) => ({ error: String(error) }),
        );
      const want = await expected;
      if ("error" in want) {
        // A config Node cannot load (a .ts one before Node 22.6): toolcat fails as prettier does.
        expect(await got).toEqual(want);
        return;
      }
      expect(want.options).toMatchObject({ singleQuote: true });
      expect(((await got) as { options: object }).options).toEqual({
        ...want.options,
        filepath: join(outDir, "types.ts"),
        parser: "babel-ts",
        endOfLine: "lf",
      });

      // The whole output, as with the same options in a .prettierrc.json (single quotes).
      const reference = scratch();
      writeFileSync(
        join(reference, ".prettierrc.json"),
        '{ "singleQuote": true }\n',
      );
      const plain = scratch();
      const [files, same, defaults] = await Promise.all([
        output(outDir),
        output(join(reference, "generated")),
        output(join(plain, "generated")),
      ]);
      expect([...files.keys()]).toEqual([...same.keys()]);
      for (const [path, text] of files)
        expect(text === same.get(path), path).toBe(true);
      expect(files.get("types.ts")).not.toBe(defaults.get("types.ts"));
    },
    60_000,
  );

  it("finds a config in a folder above the output's, and a package.json only with a prettier key", () => {
    const dir = scratch();
    const nested = join(dir, "a", "b", "generated", "providers");
    mkdirSync(nested, { recursive: true });
    expect(configsAbove(dir), "a config above the scratch folder").toEqual([]);
    writeFileSync(join(dir, "a", "package.json"), '{ "name": "app" }\n');
    writeFileSync(join(dir, "a", "b", "package.json"), "{}\n");
    expect(configMayApply(nested, new Map())).toBe(false);
    writeFileSync(
      join(dir, "a", "package.json"),
      '{ "name": "app", "prettier": "@company/prettier-config" }\n',
    );
    expect(configMayApply(nested, new Map())).toBe(true);
    writeFileSync(join(dir, "a", "package.json"), '{ "name": "app", \n');
    expect(configMayApply(nested, new Map()), "unreadable: ask prettier").toBe(
      true,
    );
    writeFileSync(join(dir, "a", "package.json"), '{ "prettier": "" }\n');
    expect(configMayApply(nested, new Map())).toBe(false);
    writeFileSync(join(dir, EDITORCONFIG_FILE), "root = true\n");
    expect(configMayApply(nested, new Map())).toBe(true);
  });
});

describe("prettier is not loaded where it cannot matter", () => {
  const loadsPrettier = (stderr: string) =>
    loadedModules(stderr).some((u) => u.includes("/node_modules/prettier/"));

  it.each([
    ["a one-tool catalog", oneTool, false],
    [
      "the example catalog",
      readFileSync(join(repoRoot, "catalog", "tools.yaml"), "utf8"),
      false,
    ],
    // Lines only prettier breaks: prettier is loaded to format them.
    [
      "the hostile fixture",
      readFileSync(
        join(repoRoot, "test", "fixtures", "hostile", "catalog.yaml"),
        "utf8",
      ),
      true,
    ],
  ])(
    "%s without a prettier config: the output of prettier's defaults",
    (_, catalog, loads) => {
      const dir = scratch();
      expect(configsAbove(dir), "a config above the scratch folder").toEqual(
        [],
      );
      mkdirSync(join(dir, "catalog"));
      writeFileSync(join(dir, "catalog", "tools.yaml"), catalog);
      const run = (args: string[], cwd = dir) => {
        const r = spawnSync(process.execPath, args, {
          cwd,
          encoding: "utf8",
          maxBuffer: 64 * 1024 * 1024,
        });
        expect(r.status, r.stderr).toBe(0);
        return r.stderr;
      };
      const stderr = run([
        "--import",
        moduleLoadLogger(dir),
        bin,
        "generate",
        "--no-cache",
      ]);
      expect(loadsPrettier(stderr)).toBe(loads);

      // The same catalog where prettier is asked (the repository's pins: defaults, LF; a YAML
      // `.prettierrc`, which only prettier reads), and under the repository's own config, a
      // plain `.prettierrc.json` read without prettier (prettier-json-config.ts).
      const a = snapshot(join(dir, "generated"));
      expect(a.size).toBeGreaterThan(20);
      for (const [config, asks] of [
        [".prettierrc", true],
        [".prettierrc.json", loads],
      ] as const) {
        const asked = scratch();
        cpSync(join(dir, "catalog"), join(asked, "catalog"), {
          recursive: true,
        });
        writeFileSync(join(asked, config), "{}\n");
        const withConfig = run(
          ["--import", moduleLoadLogger(asked), bin, "generate", "--no-cache"],
          asked,
        );
        expect(loadsPrettier(withConfig), config).toBe(asks);
        const b = snapshot(join(asked, "generated"));
        expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
        for (const [path, { text }] of a)
          expect(text === b.get(path)!.text, `${config}: ${path}`).toBe(true);
      }
    },
    60_000,
  );
});
