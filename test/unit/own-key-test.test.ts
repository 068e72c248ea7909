// Each generated validator module declares its own `hasOwn` (templates/validators/helpers.ts):
// V8 makes `hasOwn.call(o, k)` inside `for (k in o)` a check of the object's map only when it
// knows the callee, which it does for a module's own constant and not for an exported or an
// imported binding. With validators.ts exporting it and the call validators importing it, the
// validators a user got ran 1.3–1.5x slower than the bench's module (issue 25's thirteenth
// round). These tests keep the binding module-local wherever generated code calls it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseHelperTemplate } from "../../generator/core/emit/validators/helpers.js";
import { generateFrom, repoRoot } from "../helpers/pipeline.js";

const catalogs = [
  "catalog/tools.yaml",
  "test/fixtures/providers-refs-unions/catalog.yaml",
  "test/fixtures/providers-optional-nullable/catalog.yaml",
];

describe("hasOwn is a module's own constant", () => {
  it("is not exported by the template", () => {
    const template = parseHelperTemplate(
      readFileSync(join(repoRoot, "templates/validators/helpers.ts"), "utf8"),
    );
    expect(template.regions.get("hasOwn")?.exports).toEqual([]);
    // The helpers that use it are still exported for the call validators to import.
    expect(template.regions.get("ownValue")?.exports).toEqual(["ownValue"]);
  });

  it("is declared, not imported or exported, by every generated module that calls it", async () => {
    const callers: string[] = [];
    for (const catalog of catalogs) {
      const result = await generateFrom(readFileSync(join(repoRoot, catalog)), {
        catalogPath: catalog,
        format: false,
      });
      expect(result.ok).toBe(true);
      for (const [path, text] of result.files) {
        if (!text.includes("hasOwn.call(")) continue;
        callers.push(`${catalog}: ${path}`);
        expect(text, path).toMatch(/^const hasOwn\b/m);
        expect(text, path).not.toMatch(/^export const hasOwn\b/m);
        expect(text, path).not.toMatch(/import \{[^}]*\bhasOwn\b[^}]*\} from/);
        expect(text, path).not.toMatch(/export \{[^}]*\bhasOwn\b[^}]*\}/);
      }
    }
    // validators.ts and the call validators of both kinds of file, so the checks above ran.
    expect(callers.filter((c) => c.endsWith("validators.ts")).length).toBe(3);
    expect(callers.some((c) => c.endsWith(".calls.ts"))).toBe(true);
  });
});
