/**
 * The `providers` artifact: for each target the catalog enables, generated/providers/<target>.ts
 * (the declarations as a plain mutable literal, their structural type, and the argument
 * normaliser) and generated/providers/<target>.json (the same declarations for non-TypeScript
 * consumers), plus runtime/normalise-arguments.ts when some target needs it.
 */
import {
  code,
  join,
  propertyKey,
  raw,
  SharedLiterals,
  type Code,
  type JsonValue,
} from "../codegen/code.js";
import { camelCase, Name, pascalCase } from "../codegen/identifiers.js";
import { jsdoc } from "../codegen/jsdoc.js";
import {
  chunkedFile,
  jsonDataFile,
  templateFile,
  TEMPLATE_WIDTH,
  type ArtifactEmitter,
  type Chunk,
  type EmitContext,
  type OutputFile,
} from "../emit/artifact.js";
import { GeneratedFile } from "../emit/generated-file.js";
import type { CatalogIR, TargetIR } from "../ir/catalog-ir.js";
import { isTargetId, type TargetId } from "../targets.js";
import {
  isJsonObject,
  objectFromEntries,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import { catalogNames } from "../emit/naming.js";
import {
  catalogPointer,
  type LoweredTool,
  type ProviderModule,
} from "./provider.js";
import { PROVIDERS } from "./registry.js";
import { beginRun, declareMemo, lowerToolMemo } from "./tool-memo.js";

/** The runtime helper the normalisers call, copied from templates/. */
export const NORMALISE_RUNTIME = "runtime/normalise-arguments.ts";

export interface TargetLowering {
  readonly target: TargetIR;
  readonly module: ProviderModule;
  readonly tools: readonly LoweredTool[];
}

const cache = new WeakMap<CatalogIR, readonly TargetLowering[]>();

/**
 * Every enabled target with its lowered tools (computed once per IR). The dispatcher and other
 * artifacts read declarations and plans from here, so they cannot disagree with the files.
 */
export function lowerCatalog(ir: CatalogIR): readonly TargetLowering[] {
  const cached = cache.get(ir);
  if (cached) return cached;
  const out = lowerTargets(ir, () => true);
  cache.set(ir, out);
  return out;
}

/** Each target's lowering, with the IR it is of: a target kept from run to run (build-ir.ts) is lowered again for a new IR. */
const byTarget = new WeakMap<
  TargetIR,
  { readonly ir: CatalogIR; readonly lowering: TargetLowering }
>();

/**
 * The lowerings of the enabled targets that `which` selects, in catalog order: the same objects
 * lowerCatalog lists, but only these are computed (the call validators need only the targets
 * with a strict dialect).
 */
export function lowerTargets(
  ir: CatalogIR,
  which: (module: ProviderModule, target: TargetIR) => boolean,
): readonly TargetLowering[] {
  // Tools equal in content to one of the run before are not lowered again (tool-memo.ts).
  beginRun(ir);
  return ir.targets
    .filter(
      (t): t is TargetIR & { id: TargetId } =>
        isTargetId(t.id) && which(PROVIDERS[t.id as TargetId], t),
    )
    .map((target) => {
      const found = byTarget.get(target);
      if (found !== undefined && found.ir === ir) return found.lowering;
      const module = PROVIDERS[target.id as TargetId];
      const lowering: TargetLowering = {
        target,
        module,
        tools: ir.tools.map((tool) => lowerToolMemo(module, tool, target)),
      };
      byTarget.set(target, { ir, lowering });
      return lowering;
    });
}

/** Identifiers of one target's generated module: `openaiChatTools`, `normaliseOpenaiChatArguments`. */
export function providerExports(id: string): {
  readonly tools: string;
  readonly normalise: string;
} {
  return {
    tools: `${camelCase(id)}Tools`,
    normalise: `normalise${pascalCase(id)}Arguments`,
  };
}

/** The declarations one target exports, as data (also what the .json copy holds). */
export function declarations(lowering: TargetLowering): readonly JsonObject[] {
  return declared(lowering).listed;
}

const declaredCache = new WeakMap<
  TargetLowering,
  {
    readonly each: readonly JsonObject[];
    readonly listed: readonly JsonObject[];
  }
>();

/**
 * One declaration per tool and the exported list made of them, built once per lowering: the
 * module file and its JSON copy both print them, and the module finds each declaration in the
 * list by identity.
 */
function declared(lowering: TargetLowering): {
  readonly each: readonly JsonObject[];
  readonly listed: readonly JsonObject[];
} {
  const cached = declaredCache.get(lowering);
  if (cached) return cached;
  const each = lowering.tools.map((t) => declareMemo(lowering.module, t));
  const result = {
    each,
    listed: lowering.module.collect
      ? lowering.module.collect(each, lowering.tools)
      : each,
  };
  declaredCache.set(lowering, result);
  return result;
}

function reportProblems(ctx: EmitContext, lowering: TargetLowering): void {
  const id = lowering.target.id;
  for (const t of lowering.tools) {
    lowering.module.check?.(t, (f) =>
      ctx.report({ ...f, rule: "provider-output", target: id }),
    );
    if (t.problems.length === 0) continue;
    const ruleOf = (kind: string) =>
      kind === "limit" ? "provider-limit" : "strict-subset";
    if (t.strict) {
      for (const p of t.problems)
        ctx.report({
          severity: "error",
          rule: ruleOf(p.kind),
          target: id,
          pointer: catalogPointer(t.tool.input, p.pointer),
          message: `${id} strict: ${p.reason}`,
        });
    } else {
      const first = t.problems[0]!;
      const more =
        t.problems.length > 1 ? ` (and ${t.problems.length - 1} more)` : "";
      ctx.report({
        severity: "info",
        rule: ruleOf(first.kind),
        target: id,
        pointer: catalogPointer(t.tool.input, first.pointer),
        message: `${JSON.stringify(t.tool.name)} is declared non-strict to ${id}: ${first.reason}${more}`,
      });
    }
  }
}

/** Identifiers the module declares besides one constant per tool (imports are named by the file). */
const MODULE_NAMES = ["plans", "hasOwn", "ToolPlans"];

/**
 * generated/providers/<target>.ts: the element type, one constant per tool declaration (so a
 * formatter can format and cache each on its own), the exported list, and the normaliser. Built as
 * independent top-level chunks; each tool's constant is a data chunk (printed without parsing
 * when the formatter can).
 */
function moduleFile(
  ctx: EmitContext,
  lowering: TargetLowering,
  shared: SharedLiterals,
): OutputFile {
  const { module } = lowering;
  const names = providerExports(module.id);
  const typeNames = [
    ...module.typeDeclarations.matchAll(
      /^export (?:interface|type) ([A-Za-z0-9_]+)/gm,
    ),
  ].map((m) => m[1]!);
  const settings = module.requestSettings?.(lowering.target) ?? [];
  const settingNames = settings.flatMap((s) => [s.export, s.type]);
  const file = new GeneratedFile(`providers/${module.id}.ts`, ctx.header, [
    names.tools,
    names.normalise,
    ...typeNames,
    ...settingNames,
    ...MODULE_NAMES,
  ]);
  const planned = lowering.tools.filter((t) => t.plan !== undefined);
  const runtime = `../${NORMALISE_RUNTIME.replace(/\.ts$/, ".js")}`;
  const normalise =
    planned.length > 0
      ? file.importFrom(runtime, "normaliseArguments")
      : undefined;
  const planType =
    planned.length > 0
      ? file.importFrom(runtime, "ToolArgumentPlan", { typeOnly: true })
      : undefined;
  // Code chunks are written in prettier's layout (wide lines aside): see CanonicalChunk.
  const chunks: Chunk[] = [
    { canonical: file.toString().trimEnd() },
    { canonical: module.typeDeclarations, members: true },
  ];

  const element = Name.of(module.elementType);
  const declarationType = Name.of(module.declarationType);
  const stems = catalogNames(ctx.ir).tools;
  const { each: declarationsByTool, listed } = declared(lowering);
  const toolConsts = lowering.tools.map((t, i) => {
    const id = file.scope.unique(stems.get(t.tool.name)?.stem ?? "tool");
    const strictNote = t.strict
      ? "strict"
      : lowering.module.dialects.strict
        ? t.problems.length > 0
          ? `not strict: ${t.problems[0]!.reason}`
          : "not strict"
        : undefined;
    const doc = toolDocComment(
      `\`${t.tool.name}\`${strictNote ? ` (${strictNote})` : ""}.`,
    );
    chunks.push({
      leading: doc,
      head: code`const ${id}: ${declarationType}`.text,
      value: declarationsByTool[i] as JsonValue,
      scope: shared,
    });
    return id;
  });
  // The exported list: what the target makes of the declarations (as they are, wrapped, or with
  // extras such as tool search), with each declaration written as its constant.
  const listCode = withConstants(listed, declarationsByTool, toolConsts);
  chunks.push({
    canonical: `${jsdoc([`Tool declarations for ${module.title}, in catalog order: ${module.usage}.`, "Plain mutable data, structurally compatible with the official SDK's types."]).trimEnd()}\n${code`export const ${Name.of(names.tools)}: ${element}[] = ${listCode};`.text}`,
  });

  for (const setting of settings) {
    chunks.push({ canonical: setting.typeDeclaration, members: true });
    chunks.push({
      leading: jsdoc([...setting.doc]),
      head: code`export const ${Name.of(setting.export)}: ${Name.of(setting.type)}`
        .text,
      value: setting.value as JsonValue,
    });
  }

  if (planned.length === 0) {
    chunks.push({
      canonical: `${jsdoc([`The arguments of a call as ${module.title} sends them, in the catalog's shape.`, `${module.id} declares every tool with its own optional fields, so there is nothing to rewrite.`]).trimEnd()}
${
  code`export function ${Name.of(names.normalise)}(_name: string, args: unknown): unknown {
  return args;
}`.text
}`,
    });
  } else {
    const plans = Name.of("plans");
    const hasOwnName = Name.of("hasOwn");
    const table = objectFromEntries(
      planned.map((t) => [t.tool.name, t.plan as unknown as Json] as const),
    );
    const plansType = Name.of("ToolPlans");
    chunks.push({
      canonical:
        code`type ${plansType} = { readonly [name: string]: ${planType!} };`
          .text,
    });
    // A data chunk with a plain head, so the formatter's data printer can take it.
    chunks.push({
      leading: jsdoc([
        'Where a null sent for a tool\'s argument means "not given" (strict declarations only).',
      ]),
      head: code`const ${plans}: ${plansType}`.text,
      value: table as JsonValue,
      scope: shared,
    });
    chunks.push({
      canonical:
        code`const ${hasOwnName} = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);`
          .text,
      // Fixed text: how prettier breaks it at its default width (a test checks it).
      laidOut: {
        width: TEMPLATE_WIDTH,
        text: code`const ${hasOwnName} = (object: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(object, key);`.text,
      },
    });
    chunks.push({
      canonical: `${jsdoc([
        `The arguments of a call as ${module.title} sends them, in the catalog's shape.`,
        "A strict declaration makes every optional field required and nullable; a null there means the field was not given and is removed here, before validation against the catalog schema and before the handler runs. Nothing else is rewritten, and the input is not mutated.",
        "Apply it to arguments that passed the declared schema.",
      ]).trimEnd()}
${
  code`export function ${Name.of(names.normalise)}(name: string, args: unknown): unknown {
  const plan = ${hasOwnName}(${plans}, name) ? ${plans}[name] : undefined;
  return plan === undefined ? args : ${normalise!}(plan, args);
}`.text
}`,
    });
  }
  return chunkedFile(file.path, "typescript", chunks, shared);
}

/** Doc comments of the tools' constants by their line (jsdoc is a function of it), at most TOOL_DOCS. */
const toolDocs = new Map<string, string>();
const TOOL_DOCS = 8192;

/**
 * `jsdoc([line])`, the same string from run to run (`generate --watch`): each of the 1,880 tool
 * constants of the real tools' provider modules made its comment again every run, and the printed
 * declarations' memo then compared it with the one kept (data-chunk-memo.ts).
 */
export function toolDocComment(line: string): string {
  let doc = toolDocs.get(line);
  if (doc === undefined) {
    if (toolDocs.size >= TOOL_DOCS) toolDocs.clear();
    toolDocs.set(line, (doc = jsdoc([line])));
  }
  return doc;
}

/** The number of doc comments toolDocComment keeps (tests: bounded). */
export function toolDocCommentsKept(): number {
  return toolDocs.size;
}

/** A JSON value as code, with every declaration object (by identity) replaced by its constant. */
function withConstants(
  value: Json,
  declarations: readonly JsonObject[],
  consts: readonly Name[],
): Code {
  const constOf = new Map<Json, Name>();
  declarations.forEach((d, i) => constOf.has(d) || constOf.set(d, consts[i]!));
  const render = (v: Json): Code => {
    const constant = isJsonObject(v) ? constOf.get(v) : undefined;
    if (constant !== undefined) return constant;
    if (Array.isArray(v)) return code`[${join(v.map(render), ", ")}]`;
    if (isJsonObject(v))
      return code`{ ${join(
        Object.keys(v).map(
          (k) => code`${raw(propertyKey(k))}: ${render(v[k]!)}`,
        ),
        ", ",
      )} }`;
    return code`${v as JsonValue}`;
  };
  return render(value);
}

function jsonFile(ctx: EmitContext, lowering: TargetLowering): OutputFile {
  const headerText = ctx.header.replace(/^\/\/ /, "");
  const settings = lowering.module.requestSettings?.(lowering.target) ?? [];
  const doc = objectFromEntries<Json>([
    ["//", headerText],
    ["tools", declarations(lowering)],
    ...settings.map((s) => [s.key, s.value] as const),
  ]);
  // Kept as data: the formatter prints the declarations in their final layout (json-format.ts);
  // the JSON.stringify text is made only when something reads it (no formatting, a fallback).
  return jsonDataFile(`providers/${lowering.module.id}.json`, doc as JsonValue);
}

/**
 * The providers artifact: every enabled target's module and JSON copy, and the runtime helper
 * when some target's tools need it (an argument plan).
 */
export const providersEmitter: ArtifactEmitter = {
  id: "providers",
  emit(ctx: EmitContext): readonly OutputFile[] {
    const lowerings = lowerCatalog(ctx.ir);
    // Targets that lower into the same dialect (or not at all) declare the same schema objects:
    // each one's literal is built once for all the modules.
    const shared = new SharedLiterals();
    for (const t of lowerings.flatMap((l) => l.tools)) {
      for (const schema of t.output
        ? [t.input.schema, t.output.schema]
        : [t.input.schema])
        shared.add(schema as JsonValue);
    }
    const files: OutputFile[] = [];
    for (const lowering of lowerings) {
      reportProblems(ctx, lowering);
      files.push(moduleFile(ctx, lowering, shared), jsonFile(ctx, lowering));
    }
    if (lowerings.some((l) => l.tools.some((t) => t.plan !== undefined))) {
      files.push(
        templateFile(
          NORMALISE_RUNTIME,
          ctx.header,
          ctx.readTemplate(NORMALISE_RUNTIME),
        ),
      );
    }
    return files;
  },
};
