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
import { chunkedFile, templateFile, type ArtifactEmitter, type EmitContext, type OutputFile } from "../artifact.js";
import { GeneratedFile } from "../generated-file.js";
import { catalogNames, FIXED_EXPORTS } from "../naming.js";
import { CompileError, compileValidators, type ValidatorEntry } from "./compile.js";

export { compileValidators, validatorProblems, CompileError, DEFAULT_MAX_DEPTH, type ValidatorEntry, type CompileValidatorsOptions } from "./compile.js";

/** `type X = import("./types.js").X;` */
function typeAlias(name: Name): Code {
  return code`type ${name} = import("./types.js").${name};`;
}

/** The error-rendering runtime, copied from templates/ into the output. */
export const ERRORS_RUNTIME = "runtime/validation-errors.ts";

export const validatorsEmitter: ArtifactEmitter = {
  id: "validators",
  emit(ctx: EmitContext): readonly OutputFile[] {
    const { ir } = ctx;
    const names = catalogNames(ir);
    const reserved = new Set<string>(FIXED_EXPORTS);
    for (const n of names.tools.values()) for (const x of [n.inputType, n.outputType, n.validateInput, n.validateOutput]) reserved.add(x.text);
    const file = new GeneratedFile("validators.ts", ctx.header, reserved);

    const entries: ValidatorEntry[] = [];
    const aliases: Code[] = [code`type ToolName = import("./types.js").ToolName;`, code`type ToolInput = import("./types.js").ToolInput;`, code`type ToolOutput = import("./types.js").ToolOutput;`];
    const inputMap: Code[] = [];
    const outputMap: Code[] = [];
    let listsUndefined = false;
    for (const tool of ir.tools) {
      const n = names.tools.get(tool.name)!;
      aliases.push(typeAlias(n.inputType));
      entries.push({ name: n.validateInput, type: n.inputType, schema: tool.input.schema, pointer: tool.input.pointer, owner: tool.name });
      inputMap.push(code`${raw(propertyKey(tool.name))}: ${n.validateInput}`);
      if (tool.output) {
        aliases.push(typeAlias(n.outputType));
        entries.push({ name: n.validateOutput, type: n.outputType, schema: tool.output.schema, pointer: tool.output.pointer, owner: tool.name });
        outputMap.push(code`${raw(propertyKey(tool.name))}: ${n.validateOutput}`);
      } else if (TYPESCRIPT_OBJECT_MEMBERS.has(tool.name)) {
        // Left out, a tool named `toString` would be checked against Object's toString and the
        // map would not type-check: it is listed, as having no output validator.
        outputMap.push(code`${raw(propertyKey(tool.name))}: undefined`);
        listsUndefined = true;
      }
    }

    file.printCanonical(join(aliases, "\n"));
    try {
      compileValidators(entries, file, { readTemplate: ctx.readTemplate });
    } catch (e) {
      if (!(e instanceof CompileError)) throw e;
      for (const p of e.problems) ctx.report({ severity: "error", rule: p.rule, message: `validator: ${p.message}`, pointer: p.pointer });
      return [];
    }

    const unknownTool = file.scope.unique("unknownTool");
    // Named map types keep each declaration's first line within a print width.
    const inputMapType = file.scope.unique("InputValidators");
    const outputMapType = file.scope.unique("OutputValidators");
    const objectBody = (items: Code[]) => (items.length === 0 ? code`{}` : code`{\n  ${join(items, ",\n  ")},\n}`);
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
    return [
      chunkedFile("validators.ts", "typescript", file.toChunks()),
      // Renders a failed validation as the text of a tool result (copied: no runtime dependency).
      templateFile(ERRORS_RUNTIME, ctx.header, ctx.readTemplate(ERRORS_RUNTIME)),
    ];
  },
};
