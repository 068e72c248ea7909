/**
 * The Standard Schemas' facts about each tool (generator/core/emit/standard-schema-facts.ts) are
 * those its declarations hold: MCP's taken from the catalog's schemas alone equal what MCP's
 * lowering and declaration say, on the real-tool catalog and every fixture; the strict facts
 * another thread sends cross intact; and the emitter told them makes the file it makes by
 * lowering, without lowering anything.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { OutputFile } from "../../generator/core/emit/artifact.js";
import {
  createStandardSchemaEmitter,
  standardSchemaEmitter,
  clearStandardSchemaMemo,
} from "../../generator/core/emit/standard-schema.js";
import {
  decodeStrictFacts,
  encodeStrictFacts,
  mcpFacts,
  strictFacts,
  type StrictFacts,
} from "../../generator/core/emit/standard-schema-facts.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { buildIR } from "../../generator/core/ir/build-ir.js";
import type { CatalogIR } from "../../generator/core/ir/catalog-ir.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";
import { lowerCatalog } from "../../generator/core/providers/emitter.js";
import { lowerTool } from "../../generator/core/providers/provider.js";
import { PROVIDERS } from "../../generator/core/providers/registry.js";
import {
  clearToolMemo,
  toolMemoSize,
} from "../../generator/core/providers/tool-memo.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { emitFiles } from "../helpers/provider-files.js";
import { repoRoot } from "../validators/harness.js";

/** The real-tool catalog, the repository's example and every fixture: name and text. */
const catalogs: readonly (readonly [string, string])[] = [
  ["real tools", corpusCatalog({ importTools, loadCatalog }).text],
  [
    "catalog/tools.yaml",
    readFileSync(path.join(repoRoot, "catalog/tools.yaml"), "utf8"),
  ],
  ...readdirSync(path.join(repoRoot, "test/fixtures")).map(
    (dir) =>
      [
        `test/fixtures/${dir}`,
        readFileSync(
          path.join(repoRoot, "test/fixtures", dir, "catalog.yaml"),
          "utf8",
        ),
      ] as const,
  ),
];

function irOf(text: string): CatalogIR {
  const loaded = loadCatalog("catalog/tools.yaml", text, { lint: false });
  expect(loaded.catalog).toBeDefined();
  return buildIR(loaded.catalog!, "catalog/tools.yaml");
}

const sameJson = (a: unknown, b: unknown) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

function emitted(
  ir: CatalogIR,
  emitter = standardSchemaEmitter,
): readonly OutputFile[] {
  clearStandardSchemaMemo();
  return emitFiles(emitter, ir);
}

/** The file's text, whatever form its contents take (chunks or text). */
const textOf = (f: OutputFile) => JSON.stringify(f);

describe("the Standard Schemas' facts about each tool", () => {
  it.each(catalogs)(
    "%s: MCP's facts from the catalog's schemas are those of MCP's declaration",
    (_name, text) => {
      const ir = irOf(text);
      // MCP's lowering takes no option: any MCP target lowers alike.
      const target = ir.targets.find((t) => t.id === "mcp") ?? {
        ...ir.targets[0]!,
        id: "mcp",
      };
      for (const tool of ir.tools) {
        const declared = PROVIDERS.mcp.declare(
          lowerTool(PROVIDERS.mcp, tool, target),
        );
        expect(mcpFacts(tool), tool.name).toEqual({
          inputFromMcp:
            declared["name"] === tool.name &&
            sameJson(declared["inputSchema"], tool.input.schema) &&
            declared["description"] === tool.description,
          outputFromMcp:
            declared["name"] === tool.name &&
            tool.output !== undefined &&
            sameJson(declared["outputSchema"], tool.output.schema),
        });
      }
    },
    60_000,
  );

  it("the catalogs have outputs MCP declares and outputs it leaves undeclared (not `type: object`)", () => {
    const facts = catalogs.flatMap(([, text]) =>
      irOf(text)
        .tools.filter((t) => t.output !== undefined)
        .map((t) => mcpFacts(t)!.outputFromMcp),
    );
    expect(facts).toContain(true);
    expect(facts).toContain(false);
  });

  it.each(catalogs)(
    "%s: each target's strict facts cross as text unchanged",
    (_name, text) => {
      const ir = irOf(text);
      for (const lowering of lowerCatalog(ir)) {
        const encoded = encodeStrictFacts(lowering.tools);
        expect(decodeStrictFacts(encoded, ir.tools.length)).toEqual(
          lowering.tools.map(strictFacts),
        );
      }
    },
    60_000,
  );

  it("a text for another number of tools, or not one at all, is no facts", () => {
    expect(decodeStrictFacts("0123", 4)).toHaveLength(4);
    expect(decodeStrictFacts("0123", 3)).toBeUndefined();
    expect(decodeStrictFacts("01x3", 4)).toBeUndefined();
    expect(decodeStrictFacts("0143", 4)).toBeUndefined();
  });

  it.each(catalogs)(
    "%s: told the strict facts, the emitter makes the same files and lowers nothing",
    (_name, text) => {
      const ir = irOf(text);
      const lowered = emitted(ir).map(textOf);
      const facts = new Map(
        lowerCatalog(ir).map((l) => [l.target.id, l.tools.map(strictFacts)]),
      );
      // Another IR of the same catalog (tool-memo.ts finds a tool's lowerings by the tool object).
      const again = irOf(text);
      clearToolMemo();
      const asked: string[] = [];
      const told = emitted(
        again,
        createStandardSchemaEmitter((of, target) => {
          expect(of).toBe(again);
          asked.push(target.id);
          return facts.get(target.id);
        }),
      ).map(textOf);
      expect(told).toEqual(lowered);
      expect(toolMemoSize()).toBe(0);
      const hasSource = ir.targets.some(
        (t) => t.id === "openai-chat" || t.id === "openai-responses",
      );
      expect(asked).toHaveLength(hasSource ? 1 : 0);
    },
    60_000,
  );

  it("the facts told are the ones used (other facts, another file)", () => {
    const ir = irOf(
      readFileSync(
        path.join(
          repoRoot,
          "test/fixtures/providers-optional-nullable/catalog.yaml",
        ),
        "utf8",
      ),
    );
    const lowered = emitted(ir).map(textOf);
    const flipped = (f: StrictFacts): StrictFacts => ({
      strict: !f.strict,
      planned: f.planned,
    });
    const told = emitted(
      ir,
      createStandardSchemaEmitter((_ir, target) =>
        lowerCatalog(ir)
          .find((l) => l.target === target)!
          .tools.map((t) => flipped(strictFacts(t))),
      ),
    ).map(textOf);
    expect(told).not.toEqual(lowered);
  });
});
