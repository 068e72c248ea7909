/**
 * Installing toolcat into an app, as a user does: `npm pack` of this repository, then
 * `npm install <tarball>` in an empty app folder, from the local npm cache (tests use no network;
 * the runtime dependencies are cached by `npm ci`). The install must print no npm warning
 * (EBADENGINE, deprecated, …), and the installed bin must work there. The commands are the
 * README's quick start, read from README.md and run as written in an empty folder: `npm init`,
 * the install of the packed tarball, `toolcat init`, `toolcat generate`; then the `toolcat:check`
 * script init added, and the quick start's TypeScript compiled and run, printing the output the
 * README shows (a valid call dispatched, an invalid one refused); then the README's CI lines
 * (`generate --check`, `diff --base origin/main`) in the app made a git repository.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadedModules, moduleLoadLogger } from "../helpers/module-loads.js";
import { repoRoot } from "../helpers/pipeline.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(
  cwd: string,
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
) {
  // The app is not this repository: no npm_* settings of a surrounding `npm test` leak into it.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^npm_(config|package|lifecycle)_/i.test(k),
    ),
  );
  const r = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...env, NO_UPDATE_NOTIFIER: "1", ...extraEnv },
    maxBuffer: 16 * 1024 * 1024,
  });
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
  const listed = notice.filter((l) =>
    /^npm warn install-scripts {3}\S/.test(l),
  );
  if (
    listed.length === 1 &&
    /^npm warn install-scripts {3}toolcat@[\d.]+ \(prepare: /.test(listed[0]!)
  )
    return lines.filter((l) => !notice.includes(l));
  return lines;
}

/** The README's quick start: its ```sh, ```ts and ```text blocks, in order. */
function quickStart(): {
  sh: string[];
  ts: Map<string, string>;
  text: string[];
} {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const start = readme.indexOf("\n## Quick start\n");
  const end = readme.indexOf("\n### ", start + 1);
  expect(start, "README has a Quick start section").toBeGreaterThan(0);
  const part = readme.slice(start, end);
  const blocks = (lang: string) =>
    [
      ...part.matchAll(
        new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, "gm"),
      ),
    ].map((m) => m[1]!);
  const ts = new Map(
    blocks("ts").map((b) => [/^\/\/ ([\w-]+\.ts)\n/.exec(b)![1]!, b] as const),
  );
  return { sh: blocks("sh"), ts, text: blocks("text") };
}

describe("npm install of the packed toolcat into an app, and the README's quick start there", () => {
  it("prints no warning, and the quick start's commands work in an empty folder", () => {
    expect(
      existsSync(join(repoRoot, "dist", "generator", "cli", "main.js")),
      "dist/ is built by `npm run build` (npm test does it first)",
    ).toBe(true);
    const work = realpathSync(mkdtempSync(join(tmpdir(), "toolcat-install-")));
    // The README's layout: the clone's tarball in ../toolcat beside the app folder.
    mkdirSync(join(work, "toolcat"));
    // --ignore-scripts: `prepare` (tsc) already built dist/; rebuilding it here would rewrite
    // files other tests are running.
    const pack = run(repoRoot, npm, [
      "pack",
      "--ignore-scripts",
      "--json",
      "--pack-destination",
      join(work, "toolcat"),
    ]);
    expect(pack.code, pack.stderr).toBe(0);
    const [packed] = JSON.parse(pack.stdout) as {
      filename: string;
      files: { path: string }[];
    }[];
    const paths = packed!.files.map((f) => f.path);
    for (const needed of [
      "bin/toolcat.js",
      "dist/generator/cli/main.js",
      "dist/bundle/main.js",
      "dist/bundle/emit-worker.js",
      "dist/bundle/manifest.json",
      "dist/bundle/code-cache.cjs",
      `dist/bundle/code-cache/main.js.${process.version}-${process.arch}`,
      "dist/generator/index.d.ts",
      "catalog.schema.json",
      "templates/runtime/validation-errors.ts",
      "package.json",
    ])
      expect(paths, needed).toContain(needed);
    expect(
      paths.filter((p) => p.startsWith("test/") || p.startsWith("generator/")),
      "sources and tests stay out",
    ).toEqual([]);

    const { sh, ts, text } = quickStart();
    // The first block: from an empty folder to generated/, run as the README writes it. npm works
    // from its cache here (no network): the runtime dependencies are cached by `npm ci`.
    const setup = sh[0]!;
    expect(
      setup,
      "the quick start installs the tarball npm pack wrote",
    ).toContain(`npm install --save-dev ../toolcat/${packed!.filename}`);
    const offline = {
      npm_config_prefer_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_fetch_retries: "0",
      npm_config_fetch_timeout: "10000",
    };
    const started = run(
      work,
      "bash",
      ["-euo", "pipefail", "-c", setup],
      offline,
    );
    expect(started.code, started.stderr + started.stdout).toBe(0);
    expect(
      warningsOtherThanTarballPrepare(started.stderr),
      started.stderr,
    ).toEqual([]);
    expect(started.stdout).toMatch(/added \d+ packages?/);

    const app = join(work, "my-app");
    const manifest = JSON.parse(
      readFileSync(join(app, "package.json"), "utf8"),
    ) as {
      type: string;
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.type).toBe("module");
    expect(manifest.scripts).toMatchObject({
      "toolcat:generate": "toolcat generate",
      "toolcat:check": "toolcat generate --check",
    });
    // npm init's own script is kept beside them.
    expect(Object.keys(manifest.scripts).sort()).toEqual([
      "test",
      "toolcat:check",
      "toolcat:generate",
    ]);
    expect(Object.keys(manifest.devDependencies)).toEqual(["toolcat"]);
    // The editor comment points at the schema the installed package ships.
    const schemaPath = /\$schema=(\S+)/.exec(
      readFileSync(join(app, "catalog", "tools.yaml"), "utf8"),
    )![1]!;
    expect(existsSync(join(app, "catalog", schemaPath)), schemaPath).toBe(true);
    expect(readFileSync(join(app, "generated", "types.ts"), "utf8")).toContain(
      "export interface AddTaskInput",
    );
    // The installed bin runs the bundle (npm gives every packed file one mtime: still current),
    // with the code caches the build wrote (the same Node here): its chunks run by code-cache.cjs,
    // none loaded as a module.
    const installed = run(
      app,
      process.execPath,
      [
        "--import",
        moduleLoadLogger(work),
        join(app, "node_modules", "toolcat", "bin", "toolcat.js"),
        "--version",
      ],
      { TOOLCAT_CODE_CACHE_LOG: "1" },
    );
    expect(installed.code, installed.stderr).toBe(0);
    const installedDist = pathToFileURL(
      join(app, "node_modules", "toolcat", "dist"),
    ).href;
    expect(
      loadedModules(installed.stderr).filter((u) =>
        u.startsWith(installedDist),
      ),
    ).toEqual([]);
    const chunks = [
      ...installed.stderr.matchAll(/^toolcat code cache: (\S+) (\S+)$/gm),
    ].map((m) => `${m[1]} ${m[2]}`);
    expect(chunks).toContain("main.js used");
    expect(chunks.filter((c) => !c.endsWith(" used"))).toEqual([]);
    // And generate, whose chunks the build's warm-up run cached too.
    const generated = run(
      app,
      process.execPath,
      [
        join(app, "node_modules", "toolcat", "bin", "toolcat.js"),
        "generate",
        "--no-cache",
        "--out",
        join(work, "cached-run"),
      ],
      { TOOLCAT_CODE_CACHE_LOG: "1" },
    );
    expect(generated.code, generated.stderr).toBe(0);
    const generateChunks = [
      ...generated.stderr.matchAll(/^toolcat code cache: (\S+) (\S+)$/gm),
    ].map((m) => `${m[1]} ${m[2]}`);
    expect(generateChunks.length).toBeGreaterThan(3);
    expect(generateChunks.filter((c) => !c.endsWith(" used"))).toEqual([]);
    const check = run(app, npm, ["run", "--silent", "toolcat:check"]);
    expect(check.code, check.stderr + check.stdout).toBe(0);
    expect(check.stderr).toContain("up to date");

    // Then the dispatched calls: the README's tasks.ts and check.ts, compiled with the
    // TypeScript toolcat installed and run by its second block; it prints the README's output.
    for (const name of ["tasks.ts", "check.ts"])
      writeFileSync(join(app, name), ts.get(name)!);
    const dispatched = run(app, "bash", ["-euo", "pipefail", "-c", sh[1]!]);
    expect(dispatched.code, dispatched.stderr + dispatched.stdout).toBe(0);
    expect(dispatched.stderr).toBe("");
    expect(dispatched.stdout).toBe(text[0]);

    // The README's CI lines, in the app once it is a git repository whose main is on origin.
    const ci = /\n## In pull requests\n[\s\S]*?^```sh\n([\s\S]*?)^```$/m.exec(
      readFileSync(join(repoRoot, "README.md"), "utf8"),
    )?.[1];
    expect(ci, "README's In pull requests block").toBeDefined();
    const gitEnv = {
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.invalid",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.invalid",
    };
    const repo = run(
      app,
      "bash",
      [
        "-euo",
        "pipefail",
        "-c",
        "git init -q -b main && git add catalog generated package.json && git commit -q -m app && git update-ref refs/remotes/origin/main HEAD",
      ],
      gitEnv,
    );
    expect(repo.code, repo.stderr).toBe(0);
    const inCi = run(app, "bash", ["-euo", "pipefail", "-c", ci!]);
    expect(inCi.code, inCi.stderr + inCi.stdout).toBe(0);
    expect(readFileSync(join(app, "toolcat-diff.md"), "utf8")).toMatch(
      /^### toolcat diff: /,
    );
  }, 240_000);
});
