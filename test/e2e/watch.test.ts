/** `generate --watch`: regenerates on catalog change and keeps running after a bad edit. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchProject, toolcatAsync } from "../helpers/cli.js";

function waitFor(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) return resolve();
      if (Date.now() - start > ms) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 50);
    };
    tick();
  });
}

describe("toolcat generate --watch", () => {
  it("regenerates on change, survives a bad edit, recovers", async () => {
    const dir = scratchProject();
    const child = toolcatAsync(dir, ["generate", "--watch"]);
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    const types = join(dir, "generated", "types.ts");
    const catalog = join(dir, "catalog", "tools.yaml");
    const original = readFileSync(catalog, "utf8");
    try {
      await waitFor(() => (stderr.match(/watching/g) ?? []).length >= 1, "first run");
      expect(readFileSync(types, "utf8")).toContain("Body weight in kg.");

      writeFileSync(catalog, original.replace("Body weight in kg.", "Body mass in kg."));
      await waitFor(() => readFileSync(types, "utf8").includes("Body mass in kg."), "regeneration");

      const good = readFileSync(types, "utf8");
      writeFileSync(catalog, original.replace("minProperties: 1", "minProperties: [1"));
      await waitFor(() => /error yaml-syntax/.test(stderr), "the bad edit to be reported");
      expect(child.exitCode).toBeNull();
      expect(readFileSync(types, "utf8")).toBe(good);

      writeFileSync(catalog, original.replace("Body weight in kg.", "Weight in kg."));
      await waitFor(() => readFileSync(types, "utf8").includes("Weight in kg."), "recovery");
    } finally {
      child.kill("SIGTERM");
    }
    await new Promise((r) => child.once("exit", r));
  });
});
