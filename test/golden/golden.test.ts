/**
 * Golden fixtures: test/fixtures/<case>/catalog.yaml in, test/fixtures/<case>/expected/<file>
 * out, one expected file per output file, compared byte for byte (missing and extra files fail
 * too). `UPDATE_FIXTURES=1 npx vitest run test/golden` rewrites expected/ — review the diff.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { generateFrom, repoRoot } from "../helpers/pipeline.js";

const fixturesDir = join(repoRoot, "test", "fixtures");
const update = process.env.UPDATE_FIXTURES === "1";

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(full, base));
    else out.push(relative(base, full));
  }
  return out.map((p) => p.split(sep).join("/")).sort();
}

const cases = readdirSync(fixturesDir, { withFileTypes: true })
  .filter(
    (e) =>
      e.isDirectory() && existsSync(join(fixturesDir, e.name, "catalog.yaml")),
  )
  .map((e) => e.name)
  .sort();

describe("golden fixtures", () => {
  it("has fixtures", () => expect(cases.length).toBeGreaterThan(0));
  for (const name of cases) {
    it(name, async () => {
      const dir = join(fixturesDir, name);
      const expectedDir = join(dir, "expected");
      const result = await generateFrom(
        readFileSync(join(dir, "catalog.yaml")),
        {
          catalogPath: `test/fixtures/${name}/catalog.yaml`,
          outDir: expectedDir,
        },
      );
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual(
        [],
      );
      if (update) {
        rmSync(expectedDir, { recursive: true, force: true });
        for (const [path, text] of result.files) {
          mkdirSync(dirname(join(expectedDir, path)), { recursive: true });
          writeFileSync(join(expectedDir, path), text);
        }
      }
      expect(listFiles(expectedDir)).toEqual([...result.files.keys()]);
      for (const [path, text] of result.files) {
        const expected = readFileSync(join(expectedDir, path), "utf8");
        // Byte for byte; on failure vitest shows the line diff.
        expect(text, `${name}/expected/${path}`).toBe(expected);
      }
    });
  }
});
