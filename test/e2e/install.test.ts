/**
 * Installing toolcat into an app, as a user does: `npm pack` of this repository, then
 * `npm install <tarball>` in an empty app folder, from the local npm cache (tests use no network;
 * the runtime dependencies are cached by `npm ci`). The install must print no npm warning
 * (EBADENGINE, deprecated, …), and the installed bin must work there: `toolcat init`, then
 * `toolcat generate` and the `toolcat:check` script it added.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/pipeline.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(cwd: string, command: string, args: string[]) {
  // The app is not this repository: no npm_* settings of a surrounding `npm test` leak into it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(config|package|lifecycle)_/i.test(k)));
  const r = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...env, NO_UPDATE_NOTIFIER: "1" }, maxBuffer: 16 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * npm counts a `prepare` script as an install script only for packages that do not come from a
 * registry (a tarball file here); from the registry it is never run nor listed. That one notice
 * is the only output allowed besides the summary, and only for toolcat's own `prepare`.
 */
function warningsOtherThanTarballPrepare(stderr: string): string[] {
  const lines = stderr.split("\n").filter((l) => /^npm warn/i.test(l));
  const notice = lines.filter((l) => /^npm warn install-scripts/.test(l));
  const listed = notice.filter((l) => /^npm warn install-scripts {3}\S/.test(l));
  if (listed.length === 1 && /^npm warn install-scripts {3}toolcat@[\d.]+ \(prepare: /.test(listed[0]!)) return lines.filter((l) => !notice.includes(l));
  return lines;
}

describe("npm install of the packed toolcat into an app", () => {
  it("prints no warning, and npx toolcat init + generate work there", () => {
    expect(existsSync(join(repoRoot, "dist", "generator", "cli", "main.js")), "dist/ is built by `npm run build` (npm test does it first)").toBe(true);
    const work = realpathSync(mkdtempSync(join(tmpdir(), "toolcat-install-")));
    // --ignore-scripts: `prepare` (tsc) already built dist/; rebuilding it here would rewrite
    // files other tests are running.
    const pack = run(repoRoot, npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", work]);
    expect(pack.code, pack.stderr).toBe(0);
    const [packed] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    const paths = packed!.files.map((f) => f.path);
    for (const needed of ["bin/toolcat.js", "dist/generator/cli/main.js", "dist/generator/index.d.ts", "catalog.schema.json", "templates/runtime/validation-errors.ts", "package.json"]) expect(paths, needed).toContain(needed);
    expect(paths.filter((p) => p.startsWith("test/") || p.startsWith("generator/")), "sources and tests stay out").toEqual([]);

    const app = join(work, "app");
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true, type: "module" }, null, 2) + "\n");
    const install = run(app, npm, ["install", "--save-dev", "--prefer-offline", "--no-audit", "--no-fund", "--fetch-retries=0", "--fetch-timeout=10000", join(work, packed!.filename)]);
    expect(install.code, install.stderr).toBe(0);
    expect(warningsOtherThanTarballPrepare(install.stderr), install.stderr).toEqual([]);
    expect(install.stdout).toMatch(/added \d+ packages?/);

    const init = run(app, npm, ["exec", "--no", "--", "toolcat", "init"]);
    expect(init.code, init.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
    expect(manifest.scripts).toEqual({ "toolcat:generate": "toolcat generate", "toolcat:check": "toolcat generate --check" });
    expect(Object.keys(manifest.devDependencies)).toEqual(["toolcat"]);
    // The editor comment points at the schema the installed package ships.
    const schemaPath = /\$schema=(\S+)/.exec(readFileSync(join(app, "catalog", "tools.yaml"), "utf8"))![1]!;
    expect(existsSync(join(app, "catalog", schemaPath)), schemaPath).toBe(true);

    const generate = run(app, npm, ["exec", "--no", "--", "toolcat", "generate"]);
    expect(generate.code, generate.stderr).toBe(0);
    expect(readFileSync(join(app, "generated", "types.ts"), "utf8")).toContain("export interface AddTaskInput");
    const check = run(app, npm, ["run", "--silent", "toolcat:check"]);
    expect(check.code, check.stderr + check.stdout).toBe(0);
    expect(check.stderr).toContain("up to date");
  }, 180_000);
});
