/**
 * Catalog names → TypeScript identifiers, decided once for the whole catalog so every artifact
 * (types, validators, dispatcher, providers) agrees. Mapping is deterministic: catalog order,
 * PascalCase/camelCase, a numeric suffix on collision, reserved words avoided.
 */
import {
  camelCase,
  NameScope,
  pascalCase,
  type Name,
} from "../codegen/identifiers.js";
import type { CatalogIR } from "../ir/catalog-ir.js";

/** Names exported by the generated files themselves; catalog names never take them. */
export const FIXED_EXPORTS = [
  "ToolName",
  "ToolInput",
  "ToolOutput",
  "ToolDefinition",
  "ValidationResult",
  "ValidationError",
  "Validator",
  "validators",
  "outputValidators",
  "validate",
  "validateOutput",
  "toolNames",
  "createDispatcher",
] as const;

export interface ToolNames {
  /** Interface for the tool's input, e.g. `WriteMeasurementInput`. */
  readonly inputType: Name;
  /** Interface for the tool's output (declared or not), e.g. `WriteMeasurementOutput`. */
  readonly outputType: Name;
  /** `validateWriteMeasurementInput`. */
  readonly validateInput: Name;
  /** `validateWriteMeasurementOutput` (only emitted when the tool declares `output`). */
  readonly validateOutput: Name;
  /** camelCase stem, e.g. `writeMeasurement`, for per-tool identifiers in other files. */
  readonly stem: string;
}

export interface CatalogNames {
  readonly tools: ReadonlyMap<string, ToolNames>;
  /** Named type for each catalog-level `$defs` entry. */
  readonly catalogDefs: ReadonlyMap<string, Name>;
  /** Named type for each tool-local `$defs` entry, keyed by `<tool>\u0000<input|output>\u0000<def>`. */
  readonly toolDefs: ReadonlyMap<string, Name>;
}

export function toolDefKey(
  tool: string,
  which: "input" | "output",
  def: string,
): string {
  return `${tool}\u0000${which}\u0000${def}`;
}

const cache = new WeakMap<CatalogIR, CatalogNames>();

/**
 * The names of the catalog named last (`generate --watch`: the run before), by everything they
 * are made of: the tools' names in order, the catalog `$defs` entries' names, and each tool's own
 * `$defs` entries' names (catalogNameParts). An edit that renames nothing keeps them.
 */
let last: { readonly parts: string; readonly names: CatalogNames } | undefined;

/**
 * For tests only: a piece of the key to leave out, which must make the reuse test fail (stale
 * names reused). Never set outside tests.
 */
export const catalogNamesTesting: {
  omit: undefined | "tools" | "catalog defs" | "tool defs";
} = { omit: undefined };

/** Forgets the names kept (tests: a cold run). */
export function clearCatalogNamesMemo(): void {
  last = undefined;
}

/** What catalogNames makes its names of, as text. */
function catalogNameParts(ir: CatalogIR): string {
  const omit = catalogNamesTesting.omit;
  const parts: unknown[] = [
    omit === "tools" ? [] : ir.tools.map((t) => t.name),
    omit === "catalog defs" ? [] : ir.defs.map((d) => d.name),
  ];
  if (omit !== "tool defs")
    for (const tool of ir.tools)
      for (const resource of [tool.input, tool.output]) {
        const own = resource?.defs.filter((d) => d.origin !== "catalog");
        parts.push(own?.map((d) => d.name) ?? null);
      }
  return JSON.stringify(parts);
}

export function catalogNames(ir: CatalogIR): CatalogNames {
  const cached = cache.get(ir);
  if (cached) return cached;
  const parts = catalogNameParts(ir);
  if (last?.parts === parts) {
    cache.set(ir, last.names);
    return last.names;
  }
  const names = makeCatalogNames(ir);
  last = { parts, names };
  cache.set(ir, names);
  return names;
}

function makeCatalogNames(ir: CatalogIR): CatalogNames {
  const types = new NameScope(FIXED_EXPORTS);
  const values = new NameScope(FIXED_EXPORTS);
  const tools = new Map<string, ToolNames>();
  for (const tool of ir.tools) {
    const pascal = pascalCase(tool.name, "Tool");
    const inputType = types.unique(`${pascal}Input`);
    const outputType = types.unique(`${pascal}Output`);
    const stemBase = camelCase(tool.name, "tool");
    const stem = values.unique(
      stemBase.startsWith("_") ? `tool${stemBase}` : stemBase,
    ).text;
    const validateInput = values.unique(`validate${inputType.text}`);
    const validateOutput = values.unique(`validate${outputType.text}`);
    tools.set(tool.name, {
      inputType,
      outputType,
      validateInput,
      validateOutput,
      stem,
    });
  }
  const catalogDefs = new Map<string, Name>();
  for (const def of ir.defs)
    catalogDefs.set(def.name, types.unique(pascalCase(def.name, "Def")));
  const toolDefs = new Map<string, Name>();
  for (const tool of ir.tools) {
    const pascal = pascalCase(tool.name, "Tool");
    for (const [which, resource] of [
      ["input", tool.input],
      ["output", tool.output],
    ] as const) {
      if (!resource) continue;
      for (const def of resource.defs) {
        if (def.origin === "catalog") continue;
        toolDefs.set(
          toolDefKey(tool.name, which, def.name),
          types.unique(`${pascal}${pascalCase(def.name, "Def")}`),
        );
      }
    }
  }
  return { tools, catalogDefs, toolDefs };
}
