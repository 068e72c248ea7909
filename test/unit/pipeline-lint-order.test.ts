/**
 * The pipeline lints after starting the emitters (so work on other threads starts earlier), yet a
 * catalog with lint errors is reported exactly as if nothing had been emitted: only the read,
 * check and lint diagnostics, whatever the emitters found or threw.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ArtifactEmitter } from "../../generator/core/emit/artifact.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { runPipeline } from "../../generator/core/pipeline.js";
import { readTemplate, repoRoot } from "../validators/harness.js";

const badPath = "test/bad-input/cases/bad-dialect.yaml";
const bad = readFileSync(path.join(repoRoot, badPath), "utf8");
const good = readFileSync(path.join(repoRoot, "catalog/tools.yaml"), "utf8");

const throwing: ArtifactEmitter = {
  id: "throwing",
  emit: () => {
    throw new Error("emitter failed");
  },
};
const reporting: ArtifactEmitter = {
  id: "reporting",
  emit: (ctx) => {
    ctx.report({
      severity: "error",
      rule: "from-emitter",
      message: "found by an emitter",
      pointer: "/tools",
    });
    return [{ path: "x.ts", contents: "export {};\n", language: "verbatim" }];
  },
};

describe("lint after the emitters start", () => {
  it("reports a lint-rejected catalog with the lint diagnostics only, as loadCatalog does", async () => {
    const expected = loadCatalog(badPath, bad).diagnostics;
    expect(expected.some((d) => d.severity === "error")).toBe(true);
    for (const emitters of [[reporting], [throwing], [reporting, throwing]]) {
      const result = await runPipeline({
        catalogPath: badPath,
        source: bad,
        readTemplate,
        emitters,
      });
      expect(result.ok).toBe(false);
      expect(result.files.size).toBe(0);
      expect(result.diagnostics).toEqual(expected);
    }
  });

  it("keeps the emitters' findings, and their failures, when the lint rules pass", async () => {
    const result = await runPipeline({
      catalogPath: "catalog/tools.yaml",
      source: good,
      readTemplate,
      emitters: [reporting],
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.rule)).toContain("from-emitter");
    await expect(
      runPipeline({
        catalogPath: "catalog/tools.yaml",
        source: good,
        readTemplate,
        emitters: [throwing],
      }),
    ).rejects.toThrow("emitter failed");
  });

  it("times the lint rules after the emitters", async () => {
    const result = await runPipeline({
      catalogPath: "catalog/tools.yaml",
      source: good,
      readTemplate,
      emitters: [reporting],
    });
    const stages = result.timings.map((t) => t.stage);
    expect(stages.indexOf("lint")).toBeGreaterThan(
      stages.indexOf("emit reporting"),
    );
  });
});
