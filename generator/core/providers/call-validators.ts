/**
 * The `call-validators` artifact: for each target whose declarations announce "null means
 * omitted" (OpenAI strict), generated/providers/<target>.calls.ts checks a call as that target
 * announced it. Three steps, all generated from the same lowered schema as the declaration: the
 * part of the declared schema the catalog's validator does not already check (declared-difference.ts:
 * the fields it announced as required, the keys it closed), the normalisation that turns an
 * announced null back into omission, then the catalog's own validator (what the handler is promised).
 * Targets that declare the catalog's shapes as they are need none of this: their calls go straight
 * to `validate` in validators.ts. The declared validators import the error types and every helper
 * validators.ts has from it; only a helper the catalog's validators never needed is declared here.
 */
import { code, join, propertyKey, raw, type Code } from "../codegen/code.js";
import { Name, pascalCase } from "../codegen/identifiers.js";
import { jsdoc } from "../codegen/jsdoc.js";
import {
  chunkedFile,
  type ArtifactEmitter,
  type EmitContext,
  type OutputFile,
} from "../emit/artifact.js";
import { GeneratedFile } from "../emit/generated-file.js";
import { catalogNames } from "../emit/naming.js";
import {
  catalogValidators,
  compileValidators,
  CompileError,
  withReplay,
  type ValidatorEntry,
} from "../emit/validators/index.js";
import { beginValidatorRun } from "../emit/validators/validator-memo.js";
import type { Schema } from "../schema/schema.js";
import { declaredDifference } from "./declared-difference.js";
import {
  lowerTargets,
  providerExports,
  type TargetLowering,
} from "./emitter.js";
import type { CatalogIR, TargetIR } from "../ir/catalog-ir.js";
import type { LoweredTool, ProviderModule } from "./provider.js";

/** Export name of a target's call validator, e.g. `validateOpenaiChatCall`. */
export function callValidatorName(targetId: string): string {
  return `validate${pascalCase(targetId)}Call`;
}

/**
 * Whether a target gets generated/providers/<target>.calls.ts: some tool's declaration announces
 * "null means omitted". The dispatcher routes that target's calls through it.
 */
export function hasCallValidator(tools: readonly LoweredTool[]): boolean {
  return tools.some((t) => t.plan !== undefined);
}

/**
 * Whether a target's tools may have a normalisation plan: a strict dialect, used (`strict: true` or
 * `auto`; see lowerTool).
 */
export function declaresStrictly(
  module: ProviderModule,
  target: TargetIR,
): boolean {
  return (
    module.dialects.strict !== undefined &&
    (target.options.strict === true || target.options.strict === "auto")
  );
}

/** The targets whose tools may have a normalisation plan (declaresStrictly). Only these are lowered for the call validators. */
export function plannedLowerings(ir: CatalogIR): readonly TargetLowering[] {
  return lowerTargets(ir, declaresStrictly);
}

/** The exported table of declared-schema validators (shared by targets that declare alike). */
const DECLARED = "declaredValidators";

/** Ids of the helpers validators.ts declares (the call validators import those, see the module comment). */
export type ValidatorHelpers = (ctx: EmitContext) => ReadonlySet<string>;

export const callValidatorsEmitter: ArtifactEmitter =
  createCallValidatorsEmitter((ctx) => catalogValidators(ctx).helpers);

/**
 * The emitter, told which helpers validators.ts declares: by compiling it (above), or — on
 * another thread (generator/node/parallel-emit.ts) — by the thread that did.
 */
export function createCallValidatorsEmitter(
  validatorHelpers: ValidatorHelpers,
): ArtifactEmitter {
  return {
    id: "call-validators",
    emit: (ctx) => emitCallValidators(ctx, validatorHelpers),
  };
}

function emitCallValidators(
  ctx: EmitContext,
  validatorHelpers: ValidatorHelpers,
): readonly OutputFile[] {
  const files: OutputFile[] = [];
  // Each declared schema's compiled code is reused from an earlier run where it is the same.
  beginValidatorRun(ctx.ir);
  // Targets that declare the same schemas (OpenAI Chat and Responses) share one compiled table.
  const compiled: {
    readonly id: string;
    readonly planned: readonly LoweredTool[];
  }[] = [];
  for (const lowering of plannedLowerings(ctx.ir)) {
    if (!hasCallValidator(lowering.tools)) continue;
    const planned = lowering.tools.filter((t) => t.plan !== undefined);
    const id = lowering.target.id;
    const sameAs = compiled.find((c) => declareAlike(c.planned, planned))?.id;
    let file: GeneratedFile;
    try {
      file = withReplay((memo) =>
        callValidatorsFile(ctx, validatorHelpers, {
          lowering,
          planned,
          sameAs,
          memo,
        }),
      );
    } catch (e) {
      if (!(e instanceof CompileError)) throw e;
      for (const p of e.problems)
        ctx.report({
          severity: "error",
          rule: p.rule,
          message: `declared schema for ${id}: ${p.message}`,
          pointer: p.pointer,
          target: id,
        });
      continue;
    }
    if (sameAs === undefined) compiled.push({ id, planned });
    files.push(
      chunkedFile(
        file.path,
        "typescript",
        file.toChunks(),
        undefined,
        "machine",
      ),
    );
  }
  return files;
}

/**
 * One target's `<target>.calls.ts`: its table of declared-schema validators (or the one of
 * `sameAs`, imported) and its call validator. Throws `CompileError` for a declared schema the
 * compiler rejects.
 */
function callValidatorsFile(
  ctx: EmitContext,
  validatorHelpers: ValidatorHelpers,
  {
    lowering,
    planned,
    sameAs,
    memo,
  }: {
    readonly lowering: TargetLowering;
    readonly planned: readonly LoweredTool[];
    readonly sameAs: string | undefined;
    readonly memo: "replay" | "record";
  },
): GeneratedFile {
  const names = catalogNames(ctx.ir);
  const id = lowering.target.id;
  const exportName = callValidatorName(id);
  // A file that compiles its own table declares these names; one that shares imports them.
  const file = new GeneratedFile(
    `providers/${id}.calls.ts`,
    ctx.header,
    sameAs === undefined
      ? [exportName, DECLARED, "ToolName", "ToolInput"]
      : [exportName, "ToolName", "ToolInput"],
  );
  const normalise = file.importFrom(
    `./${id}.js`,
    providerExports(id).normalise,
  );
  const validate = file.importFrom("../validators.js", "validate");
  const strictErrors = file.importFrom(
    "../runtime/validation-errors.js",
    "strictCallErrors",
  );
  // The result type is validators.ts's own (the declared validators below use it too).
  if (
    file.importFrom("../validators.js", "ValidationResult", {
      typeOnly: true,
    }).text !== "ValidationResult"
  )
    throw new Error("internal: ValidationResult is taken");
  let declared: Name;
  if (sameAs !== undefined) {
    declared = file.importFrom(`./${sameAs}.calls.js`, DECLARED);
    file.printCanonical(
      code`type ToolName = import("../types.js").ToolName;`,
      code`type ToolInput = import("../types.js").ToolInput;`,
    );
  } else {
    file.printCanonical(
      code`type ToolName = import("../types.js").ToolName;`,
      code`type ToolInput = import("../types.js").ToolInput;`,
    );
    const entries: ValidatorEntry[] = planned.map((t) => ({
      name: file.scope.unique(
        `validateDeclared${names.tools.get(t.tool.name)!.inputType.text.replace(/Input$/, "")}`,
      ),
      // The declared shape (nullable where the catalog says optional) has no named type.
      type: raw("unknown"),
      // Only what the declaration checks beyond the catalog's validator (see declared-difference.ts).
      schema: difference(t.input.schema as Schema),
      pointer: t.tool.input.pointer,
    }));
    // Types and helpers come from validators.ts: one copy of each in the output.
    const helpers = validatorHelpers(ctx);
    compileValidators(entries, file, {
      readTemplate: ctx.readTemplate,
      typesFrom: "../validators.js",
      helpersFrom: { module: "../validators.js", ids: helpers },
      memo,
    });
    declared = Name.of(DECLARED);
    const table: Code[] = planned.map(
      (t, i) => code`${raw(propertyKey(t.tool.name))}: ${entries[i]!.name}`,
    );
    // A named type keeps the declaration's first line within a print width.
    const tableType = file.scope.unique("DeclaredValidators");
    file.printCanonical(
      code`type ${tableType} = { readonly [name: string]: (value: unknown) => ValidationResult<unknown> };`,
      code`/** What the declared (lowered) input schemas check beyond the catalog's validators, for the tools whose declaration differs. */
export const ${declared}: ${tableType} = Object.freeze({
  ${join(table, ",\n  ")},
});`,
    );
  }
  const doc = jsdoc([
    `A tool call as ${lowering.module.title} sends it, checked and brought into the catalog's shape.`,
    "First what the declared schema adds to the catalog's (every field present, a null standing for an omitted",
    'optional one; no unknown keys), then the nulls that mean "not given" are removed, then the catalog\'s validator',
    "runs: `ok` is what the handler may receive. A call the declared schema turns down is answered with every",
    "problem at once: the catalog's verdict on its normalised arguments, then each field it left out (for one the",
    "catalog makes optional, saying that `null` leaves it out) or added: one retry fixes them all.",
    `Tools whose ${id} declaration is the catalog's own shape go straight to the catalog's validator.`,
  ]);
  file.printCanonical(code`${raw(doc)}export function ${Name.of(exportName)}<K extends ToolName>(name: K, args: unknown): ValidationResult<ToolInput[K]> {
  const check = Object.prototype.hasOwnProperty.call(${declared}, name) ? ${declared}[name] : undefined;
  if (check === undefined) return ${validate}(name, args);
  const announced = check(args);
  const checked = ${validate}(name, ${normalise}(name, args));
  if (announced.ok) return checked;
  return { ok: false, errors: ${strictErrors}(announced.errors, checked.ok ? [] : checked.errors) };
}`);
  return file;
}

/**
 * `declaredDifference(declared)`, once per declared schema object: a lowering tool-memo.ts reuses
 * keeps its schema, so its difference (and that difference's key, validator-memo.ts) is the same.
 */
function difference(declared: Schema): Schema {
  if (typeof declared !== "object") return declaredDifference(declared);
  let known = differences.get(declared);
  if (known === undefined)
    differences.set(declared, (known = declaredDifference(declared)));
  return known;
}

const differences = new WeakMap<object, Schema>();

/**
 * Whether two targets declare the same tools with equal input schemas (so one compiled table
 * serves both). Targets that lower into the same dialect share the lowered objects, which makes
 * the usual case an identity check; otherwise the schemas are compared as JSON text.
 */
function declareAlike(
  a: readonly LoweredTool[],
  b: readonly LoweredTool[],
): boolean {
  if (a.length !== b.length) return false;
  return a.every((t, i) => {
    const u = b[i]!;
    return (
      t.tool.name === u.tool.name &&
      (t.input.schema === u.input.schema ||
        JSON.stringify(t.input.schema) === JSON.stringify(u.input.schema))
    );
  });
}
