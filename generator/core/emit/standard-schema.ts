/**
 * The `standard-schema` artifact: generated/standard-schema.ts, one Standard Schema 1.1 +
 * Standard JSON Schema object per tool for SDK tool runners (runtime in
 * templates/runtime/standard-schema.ts, copied beside it). The file only wires what other
 * generated files already hold: the validators from validators.ts, the types from types.ts, the
 * JSON Schemas and descriptions from the MCP declarations (the catalog's schemas as they are) and,
 * for the strict flavour, the OpenAI strict declarations and their call validators. A schema is
 * written here only when no declaration carries it unchanged (no `mcp` target). Each tool owns its
 * own statements and one line per table, so a catalog edit changes only that tool's lines.
 */
import {
  code,
  join,
  member,
  propertyKey,
  raw,
  type Code,
  type JsonValue,
} from "../codegen/code.js";
import { jsdoc } from "../codegen/jsdoc.js";
import type { CatalogIR, TargetIR, ToolIR } from "../ir/catalog-ir.js";
import { callValidatorName } from "../providers/call-validators.js";
import {
  declarations,
  lowerTargets,
  providerExports,
  type TargetLowering,
} from "../providers/emitter.js";
import { PROVIDERS } from "../providers/registry.js";
import {
  beginRun,
  contentKey,
  declareMemo,
  lowerToolMemo,
} from "../providers/tool-memo.js";
import { isJsonObject, type Json, type JsonObject } from "../schema/json.js";
import { isTargetId, type TargetId } from "../targets.js";
import {
  chunkedFile,
  templateFile,
  type ArtifactEmitter,
  type CanonicalChunk,
  type DataChunk,
  type EmitContext,
  type OutputFile,
} from "./artifact.js";
import { GeneratedFile } from "./generated-file.js";
import {
  mcpFacts,
  strictFacts,
  type McpFacts,
  type StrictFacts,
} from "./standard-schema-facts.js";
import { catalogNames, type ToolNames } from "./naming.js";
import { keptChunk, PieceMemo, TextChunks } from "./tool-pieces.js";

export const STANDARD_SCHEMA_PATH = "standard-schema.ts";
export const STANDARD_SCHEMA_RUNTIME = "runtime/standard-schema.ts";

/**
 * The runner wiring (templates/runtime/runners/), copied beside the Standard Schemas: generic
 * over the catalog (it takes the dispatcher and the schemas), structural over the SDKs.
 */
export const RUNNER_RUNTIME = [
  "runtime/runners/common.ts",
  "runtime/runners/ai-sdk.ts",
  "runtime/runners/openai-agents-sdk.ts",
  "runtime/runners/anthropic-tool-runner.ts",
  "runtime/runners/openai-run-tools.ts",
  "runtime/runners/mcp-server.ts",
  "runtime/runners/google-genai.ts",
  "runtime/runners/openai-agents-api.ts",
] as const;

/** Names the file exports. */
const EXPORTS = [
  "standardSchemas",
  "standardOutputSchemas",
  "strictStandardSchemas",
  "StandardOutputSchemas",
  "StrictStandardSchemas",
];

/** Where the strict flavour comes from: the Responses declarations (@openai/agents), else Chat's (openai-node). */
const STRICT_SOURCES = ["openai-responses", "openai-chat"] as const;

const ASCII_NAME = /^[\x00-\x7f]*$/;

const sameJson = (a: Json | undefined, b: Json | undefined): boolean =>
  a !== undefined &&
  b !== undefined &&
  (a === b || JSON.stringify(a) === JSON.stringify(b));

/**
 * What a tool's piece of the file takes from its lowerings (a function of the tool's and the
 * targets' content): whether MCP declares its schemas as they are, and how the strict source
 * declares it.
 */
interface ToolFacts {
  readonly inputFromMcp: boolean;
  readonly outputFromMcp: boolean;
  /** The strict source's `strict` for the tool (undefined without a strict source). */
  readonly strict: boolean | undefined;
  /** Whether the strict source has a normalisation plan for it (see hasCallValidator). */
  readonly planned: boolean;
}

/** A tool's statements as made for one context (see PieceMemo), with the names it took. */
interface ToolPrinted {
  readonly context: string;
  /** `${stem}Schemas` when the tool has schemas of its own, its input, output and strict constants. */
  readonly names: ToolConstNames;
  readonly chunks: readonly (DataChunk | CanonicalChunk)[];
}

interface ToolConstNames {
  readonly local: string | undefined;
  readonly input: string;
  readonly output: string | undefined;
  readonly strict: string | undefined;
}

interface ToolPiece {
  readonly facts: ToolFacts;
  printed: ToolPrinted | undefined;
}

/**
 * Each tool's piece, kept from run to run on this thread (tool-pieces.ts): keyed by the tool's
 * content and the targets' (MCP and the strict source); its statements are kept with the context
 * of names they were made for (the file's imports and locals, the tool's stem and type name) and
 * the names they took, which must be free again to be taken again.
 */
const pieces = new PieceMemo<ToolPiece>();
/** The tables (one line per tool), by their text. */
const tables = new TextChunks();

/** For tests only: a piece of the key to leave out, which must make the reuse test fail. */
export const standardSchemaMemoTesting: {
  omit: undefined | "tool" | "targets" | "names" | "tables";
} = { omit: undefined };

/** The pieces kept (tests: bounded). */
export function standardSchemaMemoSize(): number {
  return pieces.size + tables.size;
}

/** Forgets every kept piece (tests). */
export function clearStandardSchemaMemo(): void {
  pieces.clear();
  tables.clear();
}

/**
 * The strict source's StrictFacts for every tool of `ir`, in catalog order, as another thread's
 * lowering of the same IR found them; undefined when they are not (yet) known.
 */
export type GivenStrictFacts = (
  ir: CatalogIR,
  target: TargetIR,
) => readonly StrictFacts[] | undefined;

export const standardSchemaEmitter: ArtifactEmitter =
  createStandardSchemaEmitter();

/**
 * The emitter, told the strict source's facts where a thread that lowered the catalog anyway
 * knows them (generator/node/parallel-emit.ts); without them, it lowers each tool itself.
 */
export function createStandardSchemaEmitter(
  givenStrictFacts?: GivenStrictFacts,
): ArtifactEmitter {
  return {
    id: "standard-schema",
    emit: (ctx) => emitStandardSchemas(ctx, givenStrictFacts),
  };
}

function emitStandardSchemas(
  ctx: EmitContext,
  givenStrictFacts: GivenStrictFacts | undefined,
): readonly OutputFile[] {
  const { ir } = ctx;
  const file = new GeneratedFile(STANDARD_SCHEMA_PATH, ctx.header, EXPORTS);
  const names = catalogNames(ir).tools;
  const wanted = new Set<string>(["mcp", ...STRICT_SOURCES]);
  // The targets lowerTargets(ir, wanted) would lower, each tool lowered only when its piece is
  // made (tool-memo.ts: its lowering is reused too).
  beginRun(ir);
  pieces.begin(ir);
  tables.begin(ir);
  const targets = ir.targets.filter(
    (t): t is TargetIR & { id: TargetId } =>
      isTargetId(t.id) && wanted.has(PROVIDERS[t.id as TargetId].id),
  );
  const mcp = targets.find((t) => t.id === "mcp");
  // A target that declares strictly when it can (`strict: true` or `auto`) first, in STRICT_SOURCES order.
  const sources = STRICT_SOURCES.map((id) =>
    targets.find((t) => t.id === id),
  ).filter((t) => t !== undefined);
  const strictSource =
    sources.find((t) => t.options.strict !== false) ?? sources[0];
  const lowered = (target: TargetIR & { id: TargetId }, tool: ToolIR) =>
    lowerToolMemo(PROVIDERS[target.id], tool, target);
  const omit = standardSchemaMemoTesting.omit;
  const targetsKey =
    omit === "targets"
      ? ""
      : [mcp, strictSource]
          .map((t) => (t ? `${t.id}\u0000${contentKey(t)}` : ""))
          .join("\u0000");
  const toolKey = (tool: ToolIR) =>
    omit === "tool" ? tool.name : contentKey(tool);
  let mcpDeclared: ReadonlyMap<string, JsonObject> | undefined;
  // The MCP declaration of the tool (declaredByName's, which for MCP is the tool's own): only
  // where mcpFacts cannot tell without it.
  const mcpDeclaration = (tool: ToolIR): JsonObject | undefined => {
    if (!mcp) return undefined;
    const own = declareMemo(PROVIDERS.mcp, lowered(mcp, tool));
    if (own["name"] === tool.name) return own;
    mcpDeclared ??= declaredByName(
      lowerTargets(ir, (m) => m.id === "mcp")[0]!,
      (d) => d["name"],
    );
    return mcpDeclared.get(tool.name);
  };
  const fromMcp = (tool: ToolIR): McpFacts => {
    if (!mcp) return { inputFromMcp: false, outputFromMcp: false };
    const known = mcpFacts(tool);
    if (known) return known;
    const declared = mcpDeclaration(tool);
    return {
      inputFromMcp:
        declared !== undefined &&
        sameJson(declared["inputSchema"], tool.input.schema as Json) &&
        declared["description"] === tool.description,
      outputFromMcp:
        declared !== undefined &&
        tool.output !== undefined &&
        sameJson(declared["outputSchema"], tool.output.schema as Json),
    };
  };
  // The strict source's facts as another thread's lowering found them, else lowered here.
  const given = strictSource ? givenStrictFacts?.(ir, strictSource) : undefined;
  const factsOf = (tool: ToolIR, index: number): ToolFacts => {
    const strict =
      given?.[index] ??
      (strictSource ? strictFacts(lowered(strictSource, tool)) : undefined);
    return {
      ...fromMcp(tool),
      strict: strict?.strict,
      planned: strict?.planned ?? false,
    };
  };
  const kept = ir.tools.map((tool, index) => {
    const key = toolKey(tool);
    let piece = pieces.get(key, targetsKey);
    if (!piece) {
      piece = { facts: factsOf(tool, index), printed: undefined };
      pieces.set(key, targetsKey, piece);
    }
    return piece;
  });

  const runtime = `./${STANDARD_SCHEMA_RUNTIME.replace(/\.ts$/, ".js")}`;
  const build = file.importFrom(runtime, "toolStandardSchema");
  const SchemaType = file.importFrom(runtime, "ToolStandardSchema", {
    typeOnly: true,
  });
  const ToolInput = file.importFrom("./types.js", "ToolInput", {
    typeOnly: true,
  });
  // Imported only when some tool declares an output (an unused import fails strict consumers).
  const ToolOutput = ir.tools.some((t) => t.output)
    ? file.importFrom("./types.js", "ToolOutput", { typeOnly: true })
    : raw("never");
  const ToolName = file.importFrom("./types.js", "ToolName", {
    typeOnly: true,
  });

  // MCP declares the catalog's schemas as they are: take them (and the descriptions) from there.
  const lookup = file.importFrom(runtime, "declarationLookup");
  const mcpOf = mcp ? file.scope.unique("mcpDeclaration") : undefined;
  if (mcp && mcpOf) {
    const list = file.importFrom(
      `./providers/mcp.js`,
      providerExports("mcp").tools,
    );
    file.printCanonical(
      code`${raw(jsdoc(["The MCP declarations by tool name: the catalog's schemas and descriptions as they are."]))}const ${mcpOf} = ${lookup}(${list}, (t) => t);`,
    );
  }
  const strictOf = strictSource
    ? file.scope.unique("strictDeclaration")
    : undefined;
  let strictCheck: Code | undefined;
  if (strictSource && strictOf) {
    const id = strictSource.id;
    const list = file.importFrom(
      `./providers/${id}.js`,
      providerExports(id).tools,
    );
    const pick =
      id === "openai-chat"
        ? code`(t) => t.function`
        : code`(t) => (t.type === "function" ? t : undefined)`;
    file.printCanonical(
      code`${raw(jsdoc([`The ${id} function declarations by tool name: what a strict runner declares to OpenAI.`]))}const ${strictOf} = ${lookup}(${list}, ${pick});`,
    );
    strictCheck = kept.some((p) => p.facts.planned)
      ? file.importFrom(`./providers/${id}.calls.js`, callValidatorName(id))
      : file.importFrom("./validators.js", "validate");
  }

  const inputValidators = file.importFrom("./validators.js", "validators");
  // Imported before any tool's constants (a lazy import, on the first output, took the same
  // name: no tool's constant is named like it, see toolConstNames).
  const outputValidators = ir.tools.some((t) => t.output)
    ? file.importFrom("./validators.js", "outputValidators")
    : undefined;
  // Short per-tool member types (one line each, however long the tool's name), declared on first use.
  let strictName: Code | undefined;
  const strictAlias = () => {
    if (strictName) return strictName;
    const name = file.scope.unique("StrictSchema");
    file.printCanonical(
      code`${raw(jsdoc(["The strict flavour of tool `K`, `S` saying whether its declaration is strict."]))}type ${name}<K extends ${ToolName}, S extends boolean> = ${SchemaType}<unknown, ${ToolInput}[K], S>;`,
    );
    return (strictName = name);
  };
  let outputName: Code | undefined;
  const outputAlias = () => {
    if (outputName) return outputName;
    const name = file.scope.unique("OutputSchema");
    file.printCanonical(
      code`${raw(jsdoc(["The Standard Schema of tool `K`'s result."]))}type ${name}<K extends ${ToolName}> = ${SchemaType}<${ToolOutput}[K]>;`,
    );
    return (outputName = name);
  };
  // Everything of the file a tool's statements name, besides the tool's own names.
  const fileNames: FileNames = {
    build,
    ToolInput,
    ToolOutput,
    mcpOf,
    strictOf,
    strictCheck,
    inputValidators,
    outputValidators,
    strictSourceId: strictSource?.id,
  };
  const fileContext =
    omit === "names"
      ? ""
      : Object.values(fileNames)
          .map((c: Code | string | undefined) =>
            typeof c === "string" ? c : (c?.text ?? ""),
          )
          .join("\u0000");
  const inputs: Code[] = [];
  const outputs: { readonly tool: ToolIR; readonly local: Code }[] = [];
  const stricts: Code[] = [];
  const strictTypes: Code[] = [];
  ir.tools.forEach((tool, index) => {
    const toolNames = names.get(tool.name)!;
    const piece = kept[index]!;
    const { facts } = piece;
    const context =
      omit === "names"
        ? ""
        : `${fileContext}\u0000${toolNames.stem}\u0000${toolNames.inputType.text}`;
    const wantedNames = toolConstNames(
      toolNames,
      tool,
      facts,
      strictCheck !== undefined,
    );
    let printed = piece.printed;
    if (
      printed !== undefined &&
      (printed.context !== context ||
        !sameNames(printed.names, wantedNames) ||
        !namesFree(file, printed.names))
    )
      printed = undefined;
    let constNames: ToolConstNames;
    if (printed) {
      constNames = takeNames(file, printed.names);
      for (const chunk of printed.chunks)
        if ("canonical" in chunk) file.printChunk(chunk);
        else file.printData(chunk);
    } else {
      const made = toolChunks(file, tool, toolNames, facts, fileNames);
      constNames = made.names;
      // Kept only when every name came out as asked (no collision: then they may be taken again).
      piece.printed = sameNames(made.names, wantedNames)
        ? { context, names: made.names, chunks: made.chunks }
        : undefined;
    }
    const key = raw(propertyKey(tool.name));
    inputs.push(code`${key}: ${raw(constNames.input)}`);
    if (constNames.output !== undefined)
      outputs.push({ tool, local: code`${key}: ${raw(constNames.output)}` });
    if (constNames.strict !== undefined) {
      stricts.push(code`${key}: ${raw(constNames.strict)}`);
      strictTypes.push(
        code`${key}: ${strictAlias()}<${tool.name}, ${facts.strict!}>;`,
      );
    }
  });

  // The tables' keys are `propertyKey`s, which quote every non-ASCII name; prettier unquotes
  // those that are identifiers (`é`): with such a name the tables go to prettier whole.
  const canonicalKeys = ir.tools.every((t) => ASCII_NAME.test(t.name));
  // Kept by their text (tool-pieces.ts): an edit that leaves a table as it was keeps its chunk.
  const tableKey = (chunk: CanonicalChunk) =>
    omit === "tables" ? "" : chunk.canonical;
  const printTable = (table: Code) => {
    if (!canonicalKeys) return file.print(table);
    const chunk = GeneratedFile.canonicalChunk(table);
    if (chunk)
      file.printChunk(
        tables.chunk(chunk.canonical, "", () => chunk, tableKey(chunk)),
      );
  };
  const printMembers = (members: Code) => {
    if (!canonicalKeys) return file.print(members);
    const chunk = GeneratedFile.canonicalChunk(members);
    if (chunk)
      file.printChunk(
        tables.chunk(
          chunk.canonical,
          "members",
          () => ({ ...chunk, members: true }),
          tableKey(chunk),
        ),
      );
  };
  printTable(
    code`${raw(jsdoc(["Each tool's arguments as Standard Schema 1.1 + Standard JSON Schema (vendor `toolcat`): `validate` is the catalog's validator, `jsonSchema.input/output` the catalog's schema (draft 2020-12 or draft-07, a fresh copy per call)."]))}export const standardSchemas: { readonly [K in ${ToolName}]: ${SchemaType}<${ToolInput}[K]> } = Object.freeze(${block(inputs, ",")});`,
  );
  printMembers(
    code`${raw(jsdoc(["The tools that declare an `output`, with the Standard Schema of their result (members not marked readonly, so each line names its tool; the table is frozen)."]))}export interface StandardOutputSchemas ${block(
      outputs.map(
        (o) =>
          code`${raw(propertyKey(o.tool.name))}: ${outputAlias()}<${o.tool.name}>;`,
      ),
      "",
    )}`,
  );
  printTable(
    code`${raw(jsdoc(["Each declared `output` as Standard Schema (for a runner's `outputSchema`): `validate` is the output validator."]))}export const standardOutputSchemas: StandardOutputSchemas = Object.freeze(${block(
      outputs.map((o) => o.local),
      ",",
    )});`,
  );
  if (strictSource) {
    printMembers(
      code`${raw(jsdoc(["Each tool's strict flavour, typed with whether its declaration is strict."]))}export interface StrictStandardSchemas ${block(strictTypes, "")}`,
    );
    printTable(
      code`${raw(
        jsdoc([
          `For runners that declare tools to OpenAI in strict mode (@openai/agents \`tool()\`, openai-node \`standardFunction\`): \`jsonSchema.input\` is the ${strictSource.id} declaration (every field required, nullable where the catalog says optional), \`validate\` its call validator, whose value is the catalog's shape (the nulls that mean "not given" removed; \`jsonSchema.output\` is the catalog's schema).`,
          "`strict` says whether the declaration is strict: pass it on to the runner.",
        ]),
      )}export const strictStandardSchemas: StrictStandardSchemas = Object.freeze(${block(stricts, ",")});`,
    );
  }
  return [
    chunkedFile(
      file.path,
      "typescript",
      file.toChunks(),
      undefined,
      "contract",
    ),
    ...[STANDARD_SCHEMA_RUNTIME, ...RUNNER_RUNTIME].map((path) =>
      templateFile(path, ctx.header, ctx.readTemplate(path)),
    ),
  ];
}

/**
 * `{ … }` with one entry per line (each followed by `end`), as prettier lays out an object or an
 * interface written expanded; `{}` when there is none, as prettier prints an empty one.
 */
function block(entries: readonly Code[], end: string): Code {
  return entries.length === 0
    ? raw("{}")
    : code`{
  ${join(
    entries.map((e) => code`${e}${raw(end)}`),
    "\n  ",
  )}
}`;
}

/** One target's declarations by tool name (the ones `nameOf` names). */
function declaredByName(
  lowering: TargetLowering,
  nameOf: (d: JsonObject) => Json | undefined,
): ReadonlyMap<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  for (const d of declarations(lowering)) {
    const name = isJsonObject(d) ? nameOf(d) : undefined;
    if (typeof name === "string" && !out.has(name)) out.set(name, d);
  }
  return out;
}

/** What a tool's statements name of the file (see toolChunks). */
interface FileNames {
  readonly build: Code;
  readonly ToolInput: Code;
  readonly ToolOutput: Code;
  readonly mcpOf: Code | undefined;
  readonly strictOf: Code | undefined;
  readonly strictCheck: Code | undefined;
  readonly inputValidators: Code;
  readonly outputValidators: Code | undefined;
  readonly strictSourceId: string | undefined;
}

/**
 * The names a tool's constants ask for, in the order toolChunks takes them. They never collide
 * with a name of the file (imports, `mcpDeclaration`, `strictDeclaration`, the aliases): each
 * ends in `Schemas`, `Input` or `Output` (with its counter) or starts with `declared`.
 */
function toolConstNames(
  toolNames: ToolNames,
  tool: ToolIR,
  facts: ToolFacts,
  strict: boolean,
): ToolConstNames {
  const { stem } = toolNames;
  return {
    local:
      !facts.inputFromMcp || (tool.output && !facts.outputFromMcp)
        ? `${stem}Schemas`
        : undefined,
    input: `${stem}Input`,
    output: tool.output ? `${stem}Output` : undefined,
    strict: strict ? `declared${toolNames.inputType.text}` : undefined,
  };
}

function sameNames(a: ToolConstNames, b: ToolConstNames): boolean {
  return (
    a.local === b.local &&
    a.input === b.input &&
    a.output === b.output &&
    a.strict === b.strict
  );
}

function namesOf(n: ToolConstNames): string[] {
  return [n.local, n.input, n.output, n.strict].filter(
    (x): x is string => x !== undefined,
  );
}

/** Whether the file's scope would hand out each of the names as it is (they are distinct: see toolConstNames). */
function namesFree(file: GeneratedFile, n: ToolConstNames): boolean {
  return namesOf(n).every((name) => !file.scope.has(name));
}

/** Takes the names (free: see namesFree) in toolChunks's order. */
function takeNames(file: GeneratedFile, n: ToolConstNames): ToolConstNames {
  for (const name of namesOf(n))
    if (file.scope.unique(name).text !== name)
      throw new Error(`internal: ${name} was not free`);
  return n;
}

/**
 * One tool's statements (its schemas when no declaration holds them, its input, output and
 * strict constants), printed into `file` and returned as the chunks printed, kept (frozen).
 */
function toolChunks(
  file: GeneratedFile,
  tool: ToolIR,
  toolNames: ToolNames,
  facts: ToolFacts,
  f: FileNames,
): {
  readonly names: ToolConstNames;
  readonly chunks: readonly (DataChunk | CanonicalChunk)[];
} {
  const chunks: (DataChunk | CanonicalChunk)[] = [];
  const print = (c: Code) => {
    const chunk = GeneratedFile.canonicalChunk(c);
    if (chunk === undefined) return;
    chunks.push(keptChunk(chunk));
    file.printChunk(chunk);
  };
  const { stem } = toolNames;
  const { inputFromMcp, outputFromMcp } = facts;
  // Schemas no declaration holds as they are: written once here, as data.
  let local: Code | undefined;
  if (!inputFromMcp || (tool.output && !outputFromMcp)) {
    local = file.scope.unique(`${stem}Schemas`);
    const value: { [key: string]: JsonValue } = {
      description: tool.description,
      input: tool.input.schema as JsonValue,
    };
    if (tool.output) value["output"] = tool.output.schema as JsonValue;
    const chunk: DataChunk = Object.freeze({
      leading: jsdoc([
        `\`${tool.name}\`: the catalog's description and schemas.`,
      ]),
      head: code`const ${local}`.text,
      value: Object.freeze(value),
    });
    chunks.push(chunk);
    file.printData(chunk);
  }
  const description = inputFromMcp
    ? code`${f.mcpOf!}(${tool.name}).description`
    : code`${local!}.description`;
  const inputSchema = inputFromMcp
    ? code`${f.mcpOf!}(${tool.name}).inputSchema`
    : code`${local!}.input`;

  // Through the validators' own tables: one import however many tools (an import list would
  // be re-wrapped by the formatter as tools come and go).
  const validateInput = member(f.inputValidators, tool.name);
  const inputConst = file.scope.unique(`${stem}Input`);
  print(code`${raw(jsdoc([`\`${tool.name}\`'s arguments: the catalog's schema and validator.`]))}const ${inputConst} = ${f.build}<${f.ToolInput}[${tool.name}]>({
  name: ${tool.name},
  description: ${description},
  check: ${validateInput},
  input: ${inputSchema},
});`);

  let outputConst: Code | undefined;
  if (tool.output) {
    const validateOutput = code`${member(f.outputValidators!, tool.name)}!`;
    const outputSchema = outputFromMcp
      ? code`${f.mcpOf!}(${tool.name}).outputSchema!`
      : code`${local!}.output`;
    outputConst = file.scope.unique(`${stem}Output`);
    print(code`${raw(jsdoc([`\`${tool.name}\`'s result: the catalog's \`output\` schema and validator.`]))}const ${outputConst} = ${f.build}<${f.ToolOutput}[${tool.name}]>({
  name: ${tool.name},
  description: ${description},
  check: ${validateOutput},
  input: ${outputSchema},
});`);
  }

  let strictConst: Code | undefined;
  if (f.strictOf && f.strictCheck) {
    strictConst = file.scope.unique(`declared${toolNames.inputType.text}`);
    const declaration = code`${f.strictOf}(${tool.name})`;
    const check = code`(value) => ${f.strictCheck}(${tool.name}, value)`;
    print(code`${raw(jsdoc([`\`${tool.name}\` as ${f.strictSourceId!} declares it${facts.strict ? " (strict)" : " (not strict)"}: the declaration's schema in, the catalog's shape out (nulls meaning "not given" removed).`]))}const ${strictConst} = ${f.build}<unknown, ${f.ToolInput}[${tool.name}], ${facts.strict!}>({
  name: ${tool.name},
  description: ${declaration}.description,
  check: ${check},
  input: ${declaration}.parameters,
  output: ${inputSchema},
  strict: ${declaration}.strict,
});`);
  }
  return {
    names: {
      local: local?.text,
      input: inputConst.text,
      output: outputConst?.text,
      strict: strictConst?.text,
    },
    chunks,
  };
}
