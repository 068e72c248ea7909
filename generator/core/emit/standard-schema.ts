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
import type { ToolIR } from "../ir/catalog-ir.js";
import {
  callValidatorName,
  hasCallValidator,
} from "../providers/call-validators.js";
import {
  declarations,
  lowerTargets,
  providerExports,
  type TargetLowering,
} from "../providers/emitter.js";
import { isJsonObject, type Json, type JsonObject } from "../schema/json.js";
import {
  chunkedFile,
  templateFile,
  type ArtifactEmitter,
  type EmitContext,
  type OutputFile,
} from "./artifact.js";
import { GeneratedFile } from "./generated-file.js";
import { catalogNames } from "./naming.js";

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

export const standardSchemaEmitter: ArtifactEmitter = {
  id: "standard-schema",
  emit(ctx: EmitContext): readonly OutputFile[] {
    const { ir } = ctx;
    const file = new GeneratedFile(STANDARD_SCHEMA_PATH, ctx.header, EXPORTS);
    const names = catalogNames(ir).tools;
    const wanted = new Set<string>(["mcp", ...STRICT_SOURCES]);
    const lowerings = lowerTargets(ir, (module) => wanted.has(module.id));
    const mcp = lowerings.find((l) => l.target.id === "mcp");
    // A target that declares strictly when it can (`strict: true` or `auto`) first, in STRICT_SOURCES order.
    const sources = STRICT_SOURCES.map((id) =>
      lowerings.find((l) => l.target.id === id),
    ).filter((l) => l !== undefined);
    const strictSource =
      sources.find((l) => l.target.options.strict !== false) ?? sources[0];

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
    const mcpDeclared = mcp ? declaredByName(mcp, (d) => d["name"]) : undefined;
    const lookup = file.importFrom(runtime, "declarationLookup");
    const mcpOf = mcpDeclared ? file.scope.unique("mcpDeclaration") : undefined;
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
      const id = strictSource.target.id;
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
      strictCheck = hasCallValidator(strictSource.tools)
        ? file.importFrom(`./providers/${id}.calls.js`, callValidatorName(id))
        : file.importFrom("./validators.js", "validate");
    }

    const inputValidators = file.importFrom("./validators.js", "validators");
    let outputTable: Code | undefined;
    const outputValidators = () =>
      (outputTable ??= file.importFrom("./validators.js", "outputValidators"));
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
    const inputs: Code[] = [];
    const outputs: { readonly tool: ToolIR; readonly local: Code }[] = [];
    const stricts: Code[] = [];
    const strictTypes: Code[] = [];
    ir.tools.forEach((tool, index) => {
      const toolNames = names.get(tool.name)!;
      const key = raw(propertyKey(tool.name));
      const declared = mcpDeclared?.get(tool.name);
      const inputFromMcp =
        declared !== undefined &&
        sameJson(declared["inputSchema"], tool.input.schema as Json) &&
        declared["description"] === tool.description;
      const outputFromMcp =
        declared !== undefined &&
        tool.output !== undefined &&
        sameJson(declared["outputSchema"], tool.output.schema as Json);
      // Schemas no declaration holds as they are: written once here, as data.
      let local: Code | undefined;
      if (!inputFromMcp || (tool.output && !outputFromMcp)) {
        local = file.scope.unique(`${toolNames.stem}Schemas`);
        const value: { [key: string]: JsonValue } = {
          description: tool.description,
          input: tool.input.schema as JsonValue,
        };
        if (tool.output) value["output"] = tool.output.schema as JsonValue;
        file.printData({
          leading: jsdoc([
            `\`${tool.name}\`: the catalog's description and schemas.`,
          ]),
          head: code`const ${local}`.text,
          value,
        });
      }
      const description = inputFromMcp
        ? code`${mcpOf!}(${tool.name}).description`
        : code`${local!}.description`;
      const inputSchema = inputFromMcp
        ? code`${mcpOf!}(${tool.name}).inputSchema`
        : code`${local!}.input`;

      // Through the validators' own tables: one import however many tools (an import list would
      // be re-wrapped by the formatter as tools come and go).
      const validateInput = member(inputValidators, tool.name);
      const inputConst = file.scope.unique(`${toolNames.stem}Input`);
      file.printCanonical(code`${raw(jsdoc([`\`${tool.name}\`'s arguments: the catalog's schema and validator.`]))}const ${inputConst} = ${build}<${ToolInput}[${tool.name}]>({
  name: ${tool.name},
  description: ${description},
  check: ${validateInput},
  input: ${inputSchema},
});`);
      inputs.push(code`${key}: ${inputConst}`);

      if (tool.output) {
        const validateOutput = code`${member(outputValidators(), tool.name)}!`;
        const outputSchema = outputFromMcp
          ? code`${mcpOf!}(${tool.name}).outputSchema!`
          : code`${local!}.output`;
        const outputConst = file.scope.unique(`${toolNames.stem}Output`);
        file.printCanonical(code`${raw(jsdoc([`\`${tool.name}\`'s result: the catalog's \`output\` schema and validator.`]))}const ${outputConst} = ${build}<${ToolOutput}[${tool.name}]>({
  name: ${tool.name},
  description: ${description},
  check: ${validateOutput},
  input: ${outputSchema},
});`);
        outputs.push({ tool, local: code`${key}: ${outputConst}` });
      }

      if (strictOf && strictCheck) {
        const strictConst = file.scope.unique(
          `declared${toolNames.inputType.text}`,
        );
        const declaration = code`${strictOf}(${tool.name})`;
        const strictTool = strictSource!.tools[index]!;
        const check = code`(value) => ${strictCheck}(${tool.name}, value)`;
        file.printCanonical(code`${raw(jsdoc([`\`${tool.name}\` as ${strictSource!.target.id} declares it${strictTool.strict ? " (strict)" : " (not strict)"}: the declaration's schema in, the catalog's shape out (nulls meaning "not given" removed).`]))}const ${strictConst} = ${build}<unknown, ${ToolInput}[${tool.name}], ${strictTool.strict}>({
  name: ${tool.name},
  description: ${declaration}.description,
  check: ${check},
  input: ${declaration}.parameters,
  output: ${inputSchema},
  strict: ${declaration}.strict,
});`);
        stricts.push(code`${key}: ${strictConst}`);
        strictTypes.push(
          code`${key}: ${strictAlias()}<${tool.name}, ${strictTool.strict}>;`,
        );
      }
    });

    // The tables' keys are `propertyKey`s, which quote every non-ASCII name; prettier unquotes
    // those that are identifiers (`é`): with such a name the tables go to prettier whole.
    const canonicalKeys = ir.tools.every((t) => ASCII_NAME.test(t.name));
    const printTable = (table: Code) =>
      canonicalKeys ? file.printCanonical(table) : file.print(table);
    const printMembers = (members: Code) =>
      canonicalKeys
        ? file.printLaidOut(members, undefined, true)
        : file.print(members);
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
            `For runners that declare tools to OpenAI in strict mode (@openai/agents \`tool()\`, openai-node \`standardFunction\`): \`jsonSchema.input\` is the ${strictSource.target.id} declaration (every field required, nullable where the catalog says optional), \`validate\` its call validator, whose value is the catalog's shape (the nulls that mean "not given" removed; \`jsonSchema.output\` is the catalog's schema).`,
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
  },
};

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
