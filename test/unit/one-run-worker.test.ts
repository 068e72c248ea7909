/**
 * A thread that serves one run (the emit worker of a one-shot `generate`) keeps nothing for a
 * later one: no tool of the IR memo (keepIR, build-ir.ts), no lowering or declaration in the tool
 * memo (keepLowerings, tool-memo.ts), and the
 * provider declarations printed without their texts kept (formatFileParts' `reuse: false`: each
 * module's declarations as they are, each JSON copy whole). The bytes are those of a thread that
 * keeps everything, on catalogs with every target, argument plans and hostile strings.
 */
import path from "node:path";
import * as prettier from "prettier";
import { afterEach, describe, expect, it } from "vitest";
import type { OutputFile } from "../../generator/core/emit/artifact.js";
import {
  clearIRMemo,
  irMemoSize,
  keepIR,
} from "../../generator/core/ir/build-ir.js";
import {
  clearToolMemo,
  isKeptDeclaration,
  keepLowerings,
  toolMemoSize,
} from "../../generator/core/providers/tool-memo.js";
import {
  formatFileParts,
  prettierOptions,
  type PrettierCalls,
} from "../../generator/node/format.js";
import {
  PROVIDER_CATALOGS as catalogs,
  providerFiles,
} from "../helpers/provider-files.js";
import { repoRoot } from "../validators/harness.js";

const calls: PrettierCalls = {
  version: prettier.version,
  format: (text, options) => prettier.format(text, options),
};

async function providerTexts(
  catalog: string,
  reuse: boolean,
): Promise<{ texts: string[]; files: readonly OutputFile[] }> {
  const { files } = providerFiles(catalog);
  const { optionsFor } = prettierOptions(path.join(repoRoot, "generated"));
  const parts = await formatFileParts(
    files,
    optionsFor,
    undefined,
    calls,
    () => undefined,
    reuse,
  );
  return { texts: parts.map((p) => p.join("")), files };
}

afterEach(() => {
  keepLowerings(true);
  keepIR(true);
});

describe("a thread that serves one run", () => {
  it.each(catalogs)(
    "%s: keeps no tool or lowering and prints the provider files as a keeping thread does",
    async (catalog) => {
      clearToolMemo();
      clearIRMemo();
      const kept = await providerTexts(catalog, true);
      expect(toolMemoSize()).toBeGreaterThan(0);
      expect(irMemoSize()).toBeGreaterThan(0);
      clearToolMemo();
      keepLowerings(false);
      keepIR(false);
      expect(irMemoSize()).toBe(0);
      const once = await providerTexts(catalog, false);
      expect(toolMemoSize()).toBe(0);
      expect(irMemoSize()).toBe(0);
      // Nothing of it is a kept declaration (whose text a later run would look up).
      for (const f of once.files)
        if (f.json)
          for (const t of (f.json.value as { tools: unknown[] }).tools)
            expect(isKeptDeclaration(t)).toBe(false);
      expect(once.files.map((f) => f.path)).toEqual(
        kept.files.map((f) => f.path),
      );
      once.texts.forEach((text, i) =>
        expect(text === kept.texts[i], once.files[i]!.path).toBe(true),
      );
    },
    60_000,
  );
});
