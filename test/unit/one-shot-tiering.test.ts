/**
 * A one-shot `generate` raises V8's optimisation budget (generator/node/one-shot-tiering.ts): the
 * flag must be one this Node's V8 knows — V8 reports an unknown one on stderr ("Error:
 * unrecognized flag"), which a CLI run would then print — and setting it twice changes nothing.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../validators/harness.js";

describe("one-shot tiering", () => {
  it("sets a flag this V8 knows, silently, once", () => {
    const module = pathToFileURL(
      path.join(repoRoot, "dist/generator/node/one-shot-tiering.js"),
    ).href;
    const run = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const m = await import(${JSON.stringify(module)}); m.oneShotTiering(); m.oneShotTiering(); console.log(m.ONE_SHOT_INTERRUPT_BUDGET);`,
      ],
      { encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(String(8 * 66 * 1024));
  });
});
