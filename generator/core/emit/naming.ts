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

export function catalogNames(ir: CatalogIR): CatalogNames {
  const cached = cache.get(ir);
  if (cached) return cached;
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
  const names: CatalogNames = { tools, catalogDefs, toolDefs };
  cache.set(ir, names);
  return names;
}
