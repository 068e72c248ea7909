/**
 * A plain `.prettierrc.json` is read without prettier (generator/node/prettier-json-config.ts):
 * wherever the shortcut answers, its options are the ones prettier's `resolveConfig` resolves for
 * the same file; where it cannot be sure (another config first, an `.editorconfig`, overrides,
 * plugins, a file that is not an object of options) it declines and prettier is asked.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { plainJsonConfig } from "../../generator/node/prettier-json-config.js";
import {
  EDITORCONFIG_FILE,
  PRETTIER_CONFIG_FILES,
} from "../../generator/node/prettier-load.js";

const scratch = () => mkdtempSync(join(tmpdir(), "toolcat-json-config-"));

/** No config file of any kind above the scratch folders (they would change every answer). */
function noConfigAbove(dir: string): void {
  for (let d = dirname(dir); ; d = dirname(d)) {
    const names = readdirSync(d);
    expect(
      [...PRETTIER_CONFIG_FILES, EDITORCONFIG_FILE].filter((n) =>
        names.includes(n),
      ),
      d,
    ).toEqual([]);
    if (dirname(d) === d) return;
  }
}

/** A project: files by path below the scratch folder; the output folder is `out/providers`. */
function project(files: Record<string, string>): string {
  const dir = scratch();
  noConfigAbove(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const out = join(dir, "out", "providers");
  mkdirSync(out, { recursive: true });
  return out;
}

async function prettierSays(dir: string): Promise<unknown> {
  // A fresh answer each time: prettier keeps what it read per config file.
  await prettier.clearConfigCache();
  return prettier.resolveConfig(join(dir, "openai-chat.ts"), {
    editorconfig: true,
  });
}

/** Configs the shortcut answers. */
const answered: Record<string, Record<string, string>> = {
  "an empty object": { ".prettierrc.json": "{}\n" },
  "plain options": {
    ".prettierrc.json":
      '{ "printWidth": 100, "singleQuote": true, "trailingComma": "es5", "semi": false }\n',
  },
  "a $schema key": {
    ".prettierrc.json":
      '{ "$schema": "https://json.schemastore.org/prettierrc", "tabWidth": 4 }\n',
  },
  "a byte order mark": { ".prettierrc.json": '\uFEFF{ "useTabs": true }\n' },
  "a nested value": {
    ".prettierrc.json": '{ "printWidth": 90, "x-app": { "a": [1, 2] } }\n',
  },
  "a folder above, below a package.json without a prettier key": {
    ".prettierrc.json": '{ "printWidth": 70 }\n',
    "out/package.json": '{ "name": "app" }\n',
  },
  "the nearest of two": {
    ".prettierrc.json": '{ "printWidth": 70 }\n',
    "out/.prettierrc.json": '{ "printWidth": 110 }\n',
  },
  "no config at all": {},
};

/** Configs it leaves to prettier. */
const declined: Record<string, Record<string, string>> = {
  "an .editorconfig beside it": {
    ".prettierrc.json": "{}\n",
    [EDITORCONFIG_FILE]: "[*]\nindent_style = tab\n",
  },
  "an .editorconfig above the config's folder": {
    "app/.prettierrc.json": "{}\n",
    [EDITORCONFIG_FILE]: "root = true\n[*]\nmax_line_length = 60\n",
  },
  overrides: {
    ".prettierrc.json":
      '{ "overrides": [{ "files": "*.ts", "options": { "semi": false } }] }\n',
  },
  plugins: { ".prettierrc.json": '{ "plugins": ["./plugin.mjs"] }\n' },
  "a package.json with a prettier key beside it": {
    ".prettierrc.json": '{ "printWidth": 70 }\n',
    "package.json": '{ "prettier": { "printWidth": 60 } }\n',
  },
  "a nearer config of another kind": {
    ".prettierrc.json": "{}\n",
    "out/.prettierrc": "semi: false\n",
  },
  "an .prettierrc first in the same folder": {
    ".prettierrc": "semi: false\n",
    ".prettierrc.json": "{}\n",
  },
  "a string (a shared config's name)": {
    ".prettierrc.json": '"@company/prettier-config"\n',
  },
  null: { ".prettierrc.json": "null\n" },
  "an array": { ".prettierrc.json": "[]\n" },
  "a file that does not parse": { ".prettierrc.json": "{ printWidth: 80 }\n" },
  "a package.json that does not parse beside it": {
    ".prettierrc.json": "{}\n",
    "out/package.json": "{ name\n",
  },
};

describe("a plain .prettierrc.json without prettier", () => {
  it.each(Object.keys(answered))("%s: prettier's options", async (name) => {
    const dir = project(answered[name]!);
    const got = plainJsonConfig(dir);
    expect(got, "answered without prettier").not.toBeUndefined();
    expect(got).toEqual(await prettierSays(dir));
  });

  it.each(Object.keys(declined))("%s: left to prettier", (name) => {
    expect(plainJsonConfig(project(declined[name]!))).toBeUndefined();
  });

  it("reads the file afresh: an edit between runs is seen", () => {
    const dir = project({ ".prettierrc.json": '{ "printWidth": 70 }\n' });
    expect(plainJsonConfig(dir)).toEqual({ printWidth: 70 });
    const top = dirname(dirname(dir));
    writeFileSync(join(top, ".prettierrc.json"), '{ "printWidth": 90 }\n');
    expect(plainJsonConfig(dir)).toEqual({ printWidth: 90 });
    rmSync(join(top, ".prettierrc.json"));
    expect(plainJsonConfig(dir)).toBeNull();
  });
});
