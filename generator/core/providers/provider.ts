/**
 * The provider interface. Each target is one module (targets/<id>.ts) that says which dialect its
 * schemas are lowered into, how one declaration looks and how the list is exported; everything
 * else (strict resolution, lowering, normalisation plans, files) is shared and never asks which
 * provider it is running for.
 */
import type { SchemaResource, TargetIR, ToolIR } from "../ir/catalog-ir.js";
import {
  hasOwn,
  isJsonObject,
  pointerJoin,
  pointerSegments,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import type { TargetId } from "../targets.js";
import {
  lowerResource,
  type Blocker,
  type Dialect,
  type Lowering,
} from "./lowering/lowering.js";
import { memoPerObject } from "./memo.js";
import { buildPlan, type ToolArgumentPlan } from "./normalise-plan.js";

/** One tool as a target declares it: the lowered schemas and what strict mode came out as. */
export interface LoweredTool {
  readonly tool: ToolIR;
  readonly target: TargetIR;
  /** Declared strict (the lowering is the strict dialect's and the plan comes from it). */
  readonly strict: boolean;
  readonly input: Lowering;
  readonly output?: Lowering;
  /** Where a null from the model means "omitted" (absent: the arguments are used as they are). */
  readonly plan?: ToolArgumentPlan;
  /**
   * What keeps the tool from being strict: with `strict: auto` the reason it was declared
   * non-strict, with `strict: true` the errors to report. Pointers are canonical (input resource).
   */
  readonly problems: readonly Blocker[];
}

/**
 * The runtime adapter of a target: a module under templates/ that reads the provider's responses
 * into tool calls and writes results back (a `ProviderAdapter`, see templates/runtime/tool-call.ts).
 * When a target has one, the dispatcher emitter copies it into the output (for enabled targets
 * only) and exposes it as `dispatcher.<camelCase target>`.
 */
export interface RuntimeAdapter {
  /** Template path, also the output path: `runtime/adapters/<target>.ts`. */
  readonly file: string;
  /** Its `ProviderAdapter` export: `<camelCase target>Adapter`. */
  readonly export: string;
  /**
   * Optional export that builds `dispatcher.<target>` itself, called as
   * `bind(adapter, run, declarations)` with the target's tool declarations (MCP: `callTool` and
   * `listTools` besides `respond`). It is generic in the declarations' type (`bind<Tools>(…,
   * tools: Tools)`): the generated `Dispatcher` type names its result as
   * `ReturnType<typeof bind<typeof declarations>>`. Absent: `bindAdapter(adapter, run)` from
   * runtime/respond.ts.
   */
  readonly bind?: string;
  /** Other template files the adapter imports (copied beside it), e.g. a shared reader. */
  readonly uses?: readonly string[];
}

/**
 * A request setting a target exports beside its declarations when the catalog's options for it
 * ask for one (google-genai `stream_arguments`: the `toolConfig` that asks for streamed
 * function-call arguments). A catalog that does not ask gets none: its output is unchanged.
 */
export interface RequestSetting {
  /** The export in providers/<target>.ts (`googleGenaiToolConfig`) … */
  readonly export: string;
  /** … its key in providers/<target>.json and in the request (`toolConfig`) … */
  readonly key: string;
  /** … the type it is declared with, declared by `typeDeclaration` (generator-owned source) … */
  readonly type: string;
  readonly typeDeclaration: string;
  /** … its doc comment, one paragraph per entry … */
  readonly doc: readonly string[];
  /** … and its value, as data. */
  readonly value: JsonObject;
}

export interface ProviderModule {
  readonly id: TargetId;
  /** The dispatcher's reader and writer for this provider (absent: no `dispatcher.<target>` yet). */
  readonly adapter?: RuntimeAdapter;
  /** The product, for doc comments (`OpenAI Chat Completions`). */
  readonly title: string;
  /** How the list is used, for the doc comment of the export (`pass as \`tools\``). */
  readonly usage: string;
  /** Input dialects: `strict` only for targets with a strict mode. */
  readonly dialects: { readonly plain: Dialect; readonly strict?: Dialect };
  /** Dialect of output schemas, for targets that declare them. */
  readonly output?: Dialect;
  /** One tool's declaration, as data. */
  declare(lowered: LoweredTool): JsonObject;
  /** The exported list (default: the declarations as they are). */
  collect?(
    declarations: readonly JsonObject[],
    tools: readonly LoweredTool[],
  ): JsonObject[];
  /**
   * TypeScript declarations for the list's element type, written into the generated file
   * (generator-owned source, structurally compatible with the official SDK's type); `elementType`
   * names the element type declared there.
   */
  readonly typeDeclarations: string;
  /** The type declared there for the list's elements … */
  readonly elementType: string;
  /** … and for one tool's declaration (the same, or the function variant of the element union). */
  readonly declarationType: string;
  /** Request settings the target's options ask for (absent: the target has none). */
  requestSettings?(target: TargetIR): readonly RequestSetting[];
  /** Findings about one tool that only this target has (e.g. an output MCP cannot declare). */
  check?(
    lowered: LoweredTool,
    report: (finding: {
      severity: "info" | "warning" | "error";
      message: string;
      pointer: string;
    }) => void,
  ): void;
}

/**
 * Lowers one tool for one target. `strict: true` uses the strict dialect whatever it costs (the
 * problems become errors); `strict: auto` uses it when the tool can be made strict and falls back
 * to the plain dialect otherwise, keeping the reasons.
 */
export function lowerTool(
  module: ProviderModule,
  tool: ToolIR,
  target: TargetIR,
): LoweredTool {
  const setting = target.options.strict;
  const inputSchema = tool.input.schema as Json;
  const strictDialect = module.dialects.strict;
  const output =
    module.output && tool.output
      ? lowered(tool.output.schema as Json, module.output)
      : undefined;
  const withOutput = output ? { output } : {};
  if (strictDialect && (setting === true || setting === "auto")) {
    const { input, plan, problems } = strictAttempt(inputSchema, strictDialect);
    if (problems.length === 0 || setting === true) {
      return {
        tool,
        target,
        strict: true,
        input,
        ...withOutput,
        ...(plan ? { plan } : {}),
        problems,
      };
    }
    return {
      tool,
      target,
      strict: false,
      input: lowered(inputSchema, module.dialects.plain),
      ...withOutput,
      problems,
    };
  }
  return {
    tool,
    target,
    strict: false,
    input: lowered(inputSchema, module.dialects.plain),
    ...withOutput,
    problems: [],
  };
}

/**
 * A schema lowered into a dialect, once per (schema, dialect) however many targets declare it;
 * and where two dialects lower it alike, the second lowering declares the first one's schema
 * object (alikeLowered).
 */
const lowered = memoPerObject((schema: Json, dialect: Dialect): Lowering =>
  alikeLowered(schema, lowerResource(schema, dialect)),
);

/** Per canonical schema, its lowered schemas so far (in any dialect), by their JSON text. */
const loweredAlike = new WeakMap<object, Map<string, Json>>();

/**
 * `lowering`, whose schema is replaced by an equal one another dialect lowered the same
 * canonical schema into: the Gemini targets' dialect leaves 225 of the real tools' 235 schemas as
 * the other plain targets declare them, and every printer keeps what it learns of a schema by its
 * identity (the data printer's measures and layouts), so equal schemas as one object are printed
 * once. Equal is equal JSON text, taken only where that text cannot hide a difference — a `-0`
 * (written `0`) or a non-finite number (written `null`) — and where nothing else of the lowering
 * refers to its schema's objects (null wrappers, which strict dialects make).
 */
function alikeLowered(canonical: Json, lowering: Lowering): Lowering {
  const schema = lowering.schema;
  if (
    typeof canonical !== "object" ||
    canonical === null ||
    typeof schema !== "object" ||
    schema === null ||
    lowering.nullWrappers.size > 0
  )
    return lowering;
  const text = JSON.stringify(schema);
  if (AMBIGUOUS.test(text)) return lowering;
  let byText = loweredAlike.get(canonical);
  if (!byText) loweredAlike.set(canonical, (byText = new Map()));
  const same = byText.get(text);
  if (same === undefined) {
    byText.set(text, schema);
    return lowering;
  }
  return same === schema ? lowering : { ...lowering, schema: same };
}

/** A `0` or `null` in JSON.stringify's text (or the same characters in a string: then not taken). */
const AMBIGUOUS = /[:[,](?:0|null)[,\]}]/;

/** A schema lowered into a strict dialect with its normalisation plan and everything that keeps it from being strict. */
const strictAttempt = memoPerObject(
  (
    inputSchema: Json,
    dialect: Dialect,
  ): {
    input: Lowering;
    plan?: ToolArgumentPlan;
    problems: readonly Blocker[];
  } => {
    const input = lowered(inputSchema, dialect);
    const planned = buildPlan(input.schema, input.nullWrappers);
    const problems = [
      ...input.blockers,
      ...planned.blockers.map((b) => ({
        ...b,
        pointer: nearestCanonical(inputSchema, b.pointer),
      })),
      ...(dialect.limits?.(inputSchema) ?? []),
    ];
    return { input, ...(planned.plan ? { plan: planned.plan } : {}), problems };
  },
);

/** The longest prefix of a (lowered) pointer that exists in the canonical schema. */
export function nearestCanonical(root: Json, pointer: string): string {
  let node: Json = root;
  let out = "";
  for (const seg of pointerSegments(pointer)) {
    if (
      Array.isArray(node) &&
      /^(0|[1-9][0-9]*)$/.test(seg) &&
      Number(seg) < node.length
    )
      node = (node as readonly Json[])[Number(seg)]!;
    else if (isJsonObject(node) && hasOwn(node, seg)) node = node[seg]!;
    else break;
    out = pointerJoin(out, seg);
  }
  return out;
}

/** A pointer inside a resource → the pointer of that node in the catalog document. */
export function catalogPointer(
  resource: SchemaResource,
  pointer: string,
): string {
  const segs = pointerSegments(pointer);
  if (segs[0] === "$defs" && segs.length >= 2) {
    const def = resource.defs.find((d) => d.name === segs[1]);
    if (def) return pointerJoin(def.pointer, ...segs.slice(2));
  }
  return resource.pointer + pointer;
}

/**
 * Targets that will declare optional properties as required-and-nullable (a strict dialect that
 * does so, with `strict: true` or `auto`): what lint rules such as `all-required` and
 * `optional-nullable` are about.
 */
export function optionalAsNullableTargets<T extends TargetIR>(
  targets: readonly T[],
  modules: (id: string) => ProviderModule | undefined,
): T[] {
  return targets.filter(
    (t) =>
      (t.options.strict === true || t.options.strict === "auto") &&
      modules(t.id)?.dialects.strict?.optionalAsNullable === true,
  );
}
