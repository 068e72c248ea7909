/**
 * The `validators` artifact: generated/validators.ts, with one standalone validator per tool input
 * and per declared output, the `validators` / `outputValidators` maps by tool name, and
 * `validate(name, value)` / `validateOutput(name, value)`.
 *
 * The file has no import statement: its runtime helpers are copied in from
 * templates/validators/helpers.ts, and the tool types of types.ts are named through type-only
 * `import("./types.js")` expressions in local aliases, which TypeScript erases, so the emitted
 * JavaScript needs nothing at all and the declarations stay tied to the one set of types.
 */
import { code, join, propertyKey, raw, type Code } from "../../codegen/code.js";
import { Name, TYPESCRIPT_OBJECT_MEMBERS } from "../../codegen/identifiers.js";
import {
  chunkedFile,
  templateFile,
  type ArtifactEmitter,
  type EmitContext,
  type OutputFile,
} from "../artifact.js";
import { GeneratedFile } from "../generated-file.js";
import { catalogNames, FIXED_EXPORTS } from "../naming.js";
import {
  CompileError,
  compileValidators,
  withReplay,
  type Problem,
  type ValidatorEntry,
} from "./compile.js";
import { beginValidatorRun } from "./validator-memo.js";
import type { CatalogIR } from "../../ir/catalog-ir.js";

export {
  compileValidators,
  withReplay,
  validatorProblems,
  CompileError,
  DEFAULT_MAX_DEPTH,
  type ValidatorEntry,
  type CompileValidatorsOptions,
} from "./compile.js";

/** `type X = import("./types.js").X;` */
function typeAlias(name: Name): Code {
  return code`type ${name} = import("./types.js").${name};`;
}

/** The error-rendering runtime, copied from templates/ into the output. */
export const ERRORS_RUNTIME = "runtime/validation-errors.ts";

/** validators.ts of one catalog: its files, or the problems that kept it from compiling. */
export interface CatalogValidators {
  readonly files: readonly OutputFile[];
  readonly problems: readonly Problem[];
  /** Ids of the helpers validators.ts declares and exports (the call validators import them). */
  readonly helpers: ReadonlySet<string>;
}

const built = new WeakMap<
  CatalogIR,
  {
    readonly header: string;
    readonly readTemplate: EmitContext["readTemplate"];
    readonly result: CatalogValidators;
  }
>();

/**
 * validators.ts for `ctx.ir`, built once per catalog and context: the validators emitter prints
 * it, the call-validator emitter asks which helpers it exports.
 */
export function catalogValidators(ctx: EmitContext): CatalogValidators {
  const known = built.get(ctx.ir);
  if (
    known &&
    known.header === ctx.header &&
    known.readTemplate === ctx.readTemplate
  )
    return known.result;
  const result = buildCatalogValidators(ctx);
  built.set(ctx.ir, {
    header: ctx.header,
    readTemplate: ctx.readTemplate,
    result,
  });
  return result;
}

export const validatorsEmitter: ArtifactEmitter = {
  id: "validators",
  emit(ctx: EmitContext): readonly OutputFile[] {
    const { files, problems } = catalogValidators(ctx);
    for (const p of problems)
      ctx.report({
        severity: "error",
        rule: p.rule,
        message: `validator: ${p.message}`,
        pointer: p.pointer,
      });
    return files;
  },
};

/** validators.ts, each tool's code reused from an earlier run where it is the same (validator-memo.ts). */
function buildCatalogValidators(ctx: EmitContext): CatalogValidators {
  beginValidatorRun(ctx.ir);
  return withReplay((memo) => buildValidatorsFile(ctx, memo));
}

function buildValidatorsFile(
  ctx: EmitContext,
  memo: "replay" | "record",
): CatalogValidators {
  const { ir } = ctx;
  const names = catalogNames(ir);
  const reserved = new Set<string>(FIXED_EXPORTS);
  for (const n of names.tools.values())
    for (const x of [
      n.inputType,
      n.outputType,
      n.validateInput,
      n.validateOutput,
    ])
      reserved.add(x.text);
  const file = new GeneratedFile("validators.ts", ctx.header, reserved);

  const entries: ValidatorEntry[] = [];
  const aliases: Code[] = [
    code`type ToolName = import("./types.js").ToolName;`,
    code`type ToolInput = import("./types.js").ToolInput;`,
    code`type ToolOutput = import("./types.js").ToolOutput;`,
  ];
  const inputMap: Code[] = [];
  const outputMap: Code[] = [];
  let listsUndefined = false;
  for (const tool of ir.tools) {
    const n = names.tools.get(tool.name)!;
    aliases.push(typeAlias(n.inputType));
    entries.push({
      name: n.validateInput,
      type: n.inputType,
      schema: tool.input.schema,
      pointer: tool.input.pointer,
      owner: tool.name,
    });
    inputMap.push(code`${raw(propertyKey(tool.name))}: ${n.validateInput}`);
    if (tool.output) {
      aliases.push(typeAlias(n.outputType));
      entries.push({
        name: n.validateOutput,
        type: n.outputType,
        schema: tool.output.schema,
        pointer: tool.output.pointer,
        owner: tool.name,
      });
      outputMap.push(code`${raw(propertyKey(tool.name))}: ${n.validateOutput}`);
    } else if (TYPESCRIPT_OBJECT_MEMBERS.has(tool.name)) {
      // Left out, a tool named `toString` would be checked against Object's toString and the
      // map would not type-check: it is listed, as having no output validator.
      outputMap.push(code`${raw(propertyKey(tool.name))}: undefined`);
      listsUndefined = true;
    }
  }

  file.printCanonical(join(aliases, "\n"));
  let helpers: ReadonlySet<string>;
  try {
    helpers = compileValidators(entries, file, {
      readTemplate: ctx.readTemplate,
      exportHelpers: true,
      memo,
    }).helpers;
  } catch (e) {
    if (!(e instanceof CompileError)) throw e;
    return { files: [], problems: e.problems, helpers: new Set() };
  }

  const unknownTool = file.scope.unique("unknownTool");
  // Named map types keep each declaration's first line within a print width.
  const inputMapType = file.scope.unique("InputValidators");
  const outputMapType = file.scope.unique("OutputValidators");
  const objectBody = (items: Code[]) =>
    items.length === 0 ? code`{}` : code`{\n  ${join(items, ",\n  ")},\n}`;
  file.printCanonical(
    code`
/** The result for a name that is not a tool of the catalog. */
function ${unknownTool}(name: string): { ok: false; errors: ValidationError[] } {
  return { ok: false, errors: [{ instancePath: "", schemaPath: "#", keyword: "tool", params: { name }, message: "must name a tool of the catalog" }] };
}`,
    code`
type ${inputMapType} = { readonly [K in ToolName]: Validator<ToolInput[K]> };`,
    code`
type ${outputMapType} = { readonly [K in ToolName]?: Validator<ToolOutput[K]>${raw(listsUndefined ? " | undefined" : "")} };`,
    code`
/** The input validator of each tool, by tool name. */
export const validators: ${inputMapType} = Object.freeze(${objectBody(inputMap)});`,
    code`
/** The output validator of each tool that declares an output, by tool name. */
export const outputValidators: ${outputMapType} = Object.freeze(${objectBody(outputMap)});`,
    code`
/** Checks a tool's arguments. Never throws; an unknown name is an error result. */
export function validate<K extends ToolName>(name: K, value: unknown): ValidationResult<ToolInput[K]> {
  if (!Object.prototype.hasOwnProperty.call(validators, name)) return ${unknownTool}(name);
  return validators[name](value);
}`,
    code`
/** Checks a tool's result against its declared output; a tool without one accepts any result. */
export function validateOutput<K extends ToolName>(name: K, value: unknown): ValidationResult<ToolOutput[K]> {
  if (!Object.prototype.hasOwnProperty.call(validators, name)) return ${unknownTool}(name);
  const validator = Object.prototype.hasOwnProperty.call(outputValidators, name) ? outputValidators[name] : undefined;
  return validator === undefined ? { ok: true, value: value as ToolOutput[K] } : validator(value);
}`,
  );
  const files = [
    chunkedFile(
      "validators.ts",
      "typescript",
      file.toChunks(),
      undefined,
      "machine",
    ),
    // Renders a failed validation as the text of a tool result (copied: no runtime dependency).
    templateFile(ERRORS_RUNTIME, ctx.header, ctx.readTemplate(ERRORS_RUNTIME)),
  ];
  return { files, problems: [], helpers };
}
