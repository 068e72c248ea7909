/**
 * A one-shot `generate` raises V8's optimisation budget (`oneShot` in scripts/code-cache.cjs,
 * called by bin/toolcat.js before the bundle's first chunk is compiled): the flag must be one
 * this Node's V8 knows — V8 reports an unknown one on stderr ("Error: unrecognized flag"), which
 * a CLI run would then print —, setting it twice changes nothing, and only a one-shot `generate`
 * sets it (the caches' log, TOOLCAT_CODE_CACHE_LOG, names the flags a run set).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../validators/harness.js";

const loader = path.join(repoRoot, "scripts", "code-cache.cjs");
const bin = path.join(repoRoot, "bin", "toolcat.js");

describe("one-shot tiering", () => {
  it("sets a flag this V8 knows, silently, once", () => {
    const run = spawnSync(
      process.execPath,
      [
        "-e",
        `const c = require(${JSON.stringify(loader)}); c.oneShot(); c.oneShot(); console.log(c.ONE_SHOT_FLAGS);`,
      ],
      { encoding: "utf8", env: { ...process.env, TOOLCAT_CODE_CACHE_LOG: "" } },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(`--interrupt-budget=${8 * 66 * 1024}`);
  });

  it("is set by a one-shot generate only (not --version)", () => {
    const { ONE_SHOT_FLAGS } = createRequire(import.meta.url)(loader) as {
      ONE_SHOT_FLAGS: string;
    };
    const dir = mkdtempSync(path.join(tmpdir(), "toolcat-tiering-"));
    try {
      mkdirSync(path.join(dir, "catalog"));
      writeFileSync(
        path.join(dir, "catalog", "tools.yaml"),
        "toolcat: 1\ntargets:\n  mcp: {}\ntools:\n  ping:\n    description: Answers pong.\n    effect: read\n    input:\n      type: object\n      properties: {}\n      additionalProperties: false\n",
      );
      const toolcat = (...args: string[]) =>
        spawnSync(process.execPath, [bin, ...args], {
          cwd: dir,
          encoding: "utf8",
          env: {
            ...process.env,
            TOOLCAT_CODE_CACHE_LOG: "1",
            NODE_OPTIONS: "",
          },
        });
      const generate = toolcat("generate", "--no-cache", "--quiet");
      expect(generate.status, generate.stderr).toBe(0);
      expect(generate.stderr).toContain(`toolcat v8 flags: ${ONE_SHOT_FLAGS}`);
      expect(generate.stderr).not.toMatch(/unrecognized flag/i);
      const version = toolcat("--version");
      expect(version.status).toBe(0);
      expect(version.stderr).not.toContain("toolcat v8 flags:");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
