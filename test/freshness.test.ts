/** The committed generated/ is exactly what the example catalog produces (CI also checks this). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareWithDisk } from "../generator/node/files.js";
import { generateFrom, readCatalog, repoRoot } from "./helpers/pipeline.js";

describe("generated/ is fresh", () => {
  it("matches the pipeline output for catalog/tools.yaml byte for byte, with no stale files", async () => {
    const result = await generateFrom(readCatalog("catalog/tools.yaml"));
    expect(result.ok).toBe(true);
    const drift = await compareWithDisk(
      join(repoRoot, "generated"),
      result.files,
    );
    expect(drift.missing).toEqual([]);
    expect(drift.extra).toEqual([]);
    expect(drift.changed.map((c) => c.path)).toEqual([]);
  });

  it("is deterministic: two runs give identical bytes", async () => {
    const a = await generateFrom(readCatalog("catalog/tools.yaml"));
    const b = await generateFrom(readCatalog("catalog/tools.yaml"));
    expect([...a.files.entries()]).toEqual([...b.files.entries()]);
  });

  it("lints the example catalog clean (no errors, no warnings)", async () => {
    const result = await generateFrom(readCatalog("catalog/tools.yaml"));
    expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
  });
});
