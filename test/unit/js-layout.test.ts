/**
 * `--js` layout (generator/node/js-layout.ts): the `.js` and `.d.ts` that oxc prints, laid out
 * after the formatted TypeScript, must be exactly prettier's layout of themselves (prettier
 * changes nothing), be oxc's code, and leave most of the code to the TypeScript's lines rather
 * than prettier — for the example catalog, every fixture catalog, and non-default options.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import type { Options } from "prettier";
import { describe, expect, it } from "vitest";
import { generate } from "../../generator/index.js";
import { layOutLike } from "../../generator/node/js-layout.js";
import { toJavaScript } from "../../generator/node/js-output.js";
import { repoRoot } from "../helpers/pipeline.js";

const fixtures = readdirSync(join(repoRoot, "test", "fixtures")).map((name) => `test/fixtures/${name}/catalog.yaml`);

/** prettier as toolcat calls it: babel-ts, and the typescript parser where babel-ts refuses (see format.ts). */
async function format(text: string, options: Options): Promise<string> {
  try {
    return await prettier.format(text, options);
  } catch {
    return prettier.format(text, { ...options, parser: "typescript" });
  }
}

/** The formatted TypeScript output of a catalog, formatted anew with `options` when given. */
async function typescriptOutput(catalog: string, options?: Options): Promise<Map<string, string>> {
  const result = await generate({ cwd: repoRoot, catalog, cache: false });
  expect(result.ok, catalog).toBe(true);
  if (options === undefined) return new Map(result.files);
  const out = new Map<string, string>();
  for (const [path, text] of result.files) out.set(path, path.endsWith(".ts") ? await prettier.format(text, { ...options, parser: "typescript" }) : text);
  return out;
}

/** Lays out every file; checks each is prettier's layout of itself. Returns bytes given to prettier, bytes out. */
async function layOutAll(files: Map<string, string>, options: Options): Promise<{ sent: number; total: number }> {
  let sent = 0;
  let total = 0;
  for (const file of await toJavaScript(files)) {
    if (file.layoutOf === undefined) continue;
    const fileOptions = { ...options, parser: "babel-ts", filepath: file.path };
    const laidOut = await layOutLike(file.path, file.layoutOf, file.contents, fileOptions, (text, o) => {
      sent += text.length;
      return format(text, o);
    });
    expect(laidOut, `${file.path}: laid out without prettier on the whole file`).toBeDefined();
    expect(await format(laidOut!, fileOptions), `${file.path} is prettier's layout`).toBe(laidOut);
    total += laidOut!.length;
  }
  return { sent, total };
}

describe("layOutLike", () => {
  it("lays out the example catalog's --js output as prettier does, with most of it kept from the TypeScript", async () => {
    const { sent, total } = await layOutAll(await typescriptOutput("catalog/tools.yaml"), {});
    // What meets prettier (wrapping included) is well under half of the output.
    expect(sent / total).toBeLessThan(0.5);
  }, 120_000);

  it.each(fixtures)("lays out the --js output of %s as prettier does", async (catalog) => {
    await layOutAll(await typescriptOutput(catalog), {});
  }, 120_000);

  it("follows the app's prettier options (tabs, width 100, single quotes, ES5 trailing commas)", async () => {
    const options: Options = { useTabs: true, printWidth: 100, singleQuote: true, trailingComma: "es5" };
    await layOutAll(await typescriptOutput("catalog/tools.yaml", options), options);
  }, 120_000);

  it("refuses a result that is not oxc's code: parentheses matter", async () => {
    // The TypeScript has the same tokens but for parentheses; its text must not be taken.
    const laidOut = await layOutLike("x.js", "export const a = (b + c) * d;\n", "export const a = b + c * d;\n", { parser: "babel-ts" }, (t, o) => prettier.format(t, o));
    expect(laidOut === undefined || laidOut === "export const a = b + c * d;\n").toBe(true);
  });

  it("cuts type syntax out of the TypeScript's own lines, and gives prettier what changed layout", async () => {
    const ts = [
      "// header",
      "export function f(",
      "  aVeryLongParameterName: Record<string, unknown>,",
      "  another: number,",
      "): number {",
      "  const d: any = aVeryLongParameterName;",
      "  if (typeof (d as unknown) === \"string\") return another!;",
      "  return 5000;",
      "}",
      "",
    ].join("\n");
    const js = "// header\nexport function f(aVeryLongParameterName, another) {\n\tconst d = aVeryLongParameterName;\n\tif (typeof d === \"string\") return another;\n\treturn 5e3;\n}\n";
    const given: string[] = [];
    const laidOut = await layOutLike("f.js", ts, js, { parser: "babel-ts" }, (t, o) => {
      given.push(t);
      return prettier.format(t, o);
    });
    expect(laidOut).toBe(
      ["// header", "export function f(aVeryLongParameterName, another) {", "  const d = aVeryLongParameterName;", '  if (typeof d === "string") return another;', "  return 5000;", "}", ""].join("\n"),
    );
    // The head without its types fits on one line, as prettier writes it: nothing met prettier.
    expect(given).toEqual([]);
  });

  it("gives prettier a unit whose layout it cannot tell: a head still too wide", async () => {
    const names = ["firstParameterWithALongName", "secondParameterWithALongName", "third"];
    const ts = `export function g(
${names.map((n) => `  ${n}: number,\n`).join("")}): void {
  return;
}
`;
    const js = `export function g(${names.join(", ")}) {
	return;
}
`;
    const given: string[] = [];
    const laidOut = await layOutLike("g.js", ts, js, { parser: "babel-ts" }, (t, o) => {
      given.push(t);
      return prettier.format(t, o);
    });
    expect(laidOut).toBe(`export function g(
${names.map((n) => `  ${n},\n`).join("")}) {
  return;
}
`);
    expect(given.join("\n")).toContain("export function g(");
    expect(given.join("\n")).not.toContain("return");
  });

  it("declines options it does not reproduce (a plugin, no semicolons): the caller formats the file", async () => {
    for (const options of [{ plugins: [{}] as never }, { semi: false }]) {
      const laidOut = await layOutLike("x.js", "export const a = 1;\n", "export const a = 1;\n", { ...options, parser: "babel-ts" }, (t, o) => prettier.format(t, o));
      expect(laidOut).toBeUndefined();
    }
  });
});
