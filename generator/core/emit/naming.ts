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
  /** A tool keeps the names it had before whatever they come out as now (stale names must then show). */
  byToolName: boolean;
} = { omit: undefined, byToolName: false };

/** Forgets the names kept (tests: a cold run). */
export function clearCatalogNamesMemo(): void {
  last = undefined;
  stemsKept = new Map();
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
  const names = makeCatalogNames(ir, last?.names);
  last = { parts, names };
  cache.set(ir, names);
  return names;
}

/**
 * A tool name's PascalCase and camelCase stems (pascalCase, camelCase), kept for the names of the
 * catalog named last: they are pure functions of the name, and a tool added or removed made them
 * again for every tool (regular expressions per name, on both threads).
 */
let stemsKept = new Map<string, ToolStems>();

interface ToolStems {
  readonly pascal: string;
  readonly camel: string;
}

function stemsOf(name: string, into: Map<string, ToolStems>): ToolStems {
  let stems = stemsKept.get(name) ?? into.get(name);
  if (stems === undefined)
    stems = {
      pascal: pascalCase(name, "Tool"),
      camel: camelCase(name, "tool"),
    };
  into.set(name, stems);
  return stems;
}

/**
 * The catalog's names, in catalog order as always; `before` (the names made last, of another
 * catalog) lends its Name objects where a name comes out with the same text, and a tool whose
 * five names all do keeps its ToolNames object: a Name is its text alone (immutable), so which
 * object carries it changes no output, and what the emitters keep by object stays found.
 */
function makeCatalogNames(
  ir: CatalogIR,
  before: CatalogNames | undefined,
): CatalogNames {
  const types = new NameScope(FIXED_EXPORTS);
  const values = new NameScope(FIXED_EXPORTS);
  const tools = new Map<string, ToolNames>();
  const stems = new Map<string, ToolStems>();
  for (const tool of ir.tools) {
    const was = before?.tools.get(tool.name);
    const { pascal, camel } = stemsOf(tool.name, stems);
    const inputType = types.unique(`${pascal}Input`, was?.inputType);
    const outputType = types.unique(`${pascal}Output`, was?.outputType);
    const stem = values.unique(
      camel.startsWith("_") ? `tool${camel}` : camel,
    ).text;
    const validateInput = values.unique(
      `validate${inputType.text}`,
      was?.validateInput,
    );
    const validateOutput = values.unique(
      `validate${outputType.text}`,
      was?.validateOutput,
    );
    tools.set(
      tool.name,
      was !== undefined &&
        (catalogNamesTesting.byToolName ||
          (was.inputType === inputType &&
            was.outputType === outputType &&
            was.validateInput === validateInput &&
            was.validateOutput === validateOutput &&
            was.stem === stem))
        ? was
        : { inputType, outputType, validateInput, validateOutput, stem },
    );
  }
  stemsKept = stems;
  const catalogDefs = new Map<string, Name>();
  for (const def of ir.defs)
    catalogDefs.set(
      def.name,
      types.unique(
        pascalCase(def.name, "Def"),
        before?.catalogDefs.get(def.name),
      ),
    );
  const toolDefs = new Map<string, Name>();
  for (const tool of ir.tools) {
    const pascal = stemsOf(tool.name, stems).pascal;
    for (const [which, resource] of [
      ["input", tool.input],
      ["output", tool.output],
    ] as const) {
      if (!resource) continue;
      for (const def of resource.defs) {
        if (def.origin === "catalog") continue;
        const key = toolDefKey(tool.name, which, def.name);
        toolDefs.set(
          key,
          types.unique(
            `${pascal}${pascalCase(def.name, "Def")}`,
            before?.toolDefs.get(key),
          ),
        );
      }
    }
  }
  return { tools, catalogDefs, toolDefs };
}
