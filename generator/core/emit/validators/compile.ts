/**
 * The validator compiler: schemas in, standalone TypeScript out (printed into a `GeneratedFile`).
 * Pure: no I/O (the helper template comes through `readTemplate`), no global state but the
 * per-owner memo a caller asks for (`memo`, validator-memo.ts), which gives the same bytes.
 *
 * Semantics are Ajv 8's for draft 2020-12 with `allErrors: true`, `ownProperties: true` (own
 * properties only, so `constructor` or `__proto__` keys are data like any other) and ajv-formats
 * in "full" mode: same validity and the same errors (keyword, instancePath, schemaPath, params,
 * message), in Ajv's order. Where Ajv throws instead of answering (stack overflow on deep
 * recursion, fast-deep-equal calling an own `valueOf` member), the generated code answers: deep
 * `$ref` recursion stops at `maxDepth` with a `$ref` error, equality compares the member.
 *
 * Shape of the output, per entry:
 *   function <entry>_vfN(_d, _path, _depth): ValidationError[] | null   collects errors (one per `$ref` unit)
 *   function <entry>_tfN(_d, _depth): boolean                           tests only (when a test context calls a unit)
 * (parameters start with `_` so a function that happens not to use one stays clean under
 * `noUnusedParameters`).
 *   export function validateX(value: unknown): ValidationResult<T>
 * plus module-level constants (RegExp, Sets, enum/const values) and the helpers they use.
 */
import { code, raw, type Code } from "../../codegen/code.js";
import { not } from "../../codegen/expr.js";
import { Name } from "../../codegen/identifiers.js";
import { TEMPLATE_WIDTH, type TemplateReader } from "../artifact.js";
import type { GeneratedFile } from "../generated-file.js";
import type { Schema } from "../../schema/schema.js";
import {
  ERROR_TABLE,
  ERROR_TYPE,
  ERRORS,
  Compilation,
  FailTarget,
  FunctionScope,
  ReplayMismatch,
  type SchemaCx,
  type UnitFunctions,
} from "./context.js";
import { CompileError, type Problem } from "./check.js";
import {
  FileHelpers,
  loadHelperTemplate,
  type ImportedHelpers,
} from "./helpers.js";
import { InstancePath } from "./instance-path.js";
import { Resource, ShareKeys, type Unit } from "./resource.js";
import { compileSchema } from "./schema.js";
import {
  compileContextKey,
  keepOwner,
  keepsValidatorRecords,
  keptOwner,
  ownerKey,
} from "./validator-memo.js";
import { Writer } from "./writer.js";

export { CompileError, type Problem } from "./check.js";

/** Default limit of nested calls into a `$ref` cycle (Ajv overflows the stack near 4000). */
export const DEFAULT_MAX_DEPTH = 1000;

export interface ValidatorEntry {
  /** Name of the exported function, e.g. `validateWriteMeasurementInput`. */
  readonly name: Name;
  /** TypeScript type of a valid value (a type expression that is in scope in the file). */
  readonly type: Code;
  /** A self-contained schema resource (local `$ref`s only). */
  readonly schema: Schema;
  /** Where the schema is in the catalog, prefixed to problem pointers. */
  readonly pointer?: string;
  /**
   * Entries with the same owner (a tool's input and output) may share unit functions and
   * constants; others never do, so each entry's code changes only with its own schema.
   * Default: the entry alone.
   */
  readonly owner?: string;
}

/** Prefix of an entry's module-level names: `validateLogMealInput` → `logMealInput`. */
export function entryPrefix(name: Name): string {
  const bare = /^validate[A-Z]/.test(name.text)
    ? name.text.slice("validate".length)
    : name.text;
  return bare[0]!.toLowerCase() + bare.slice(1);
}

export interface CompileValidatorsOptions {
  readonly readTemplate: TemplateReader;
  readonly maxDepth?: number;
  /**
   * Module (relative specifier) whose `ValidationError` and `ValidationResult` the file imports
   * instead of declaring its own: a second validator module beside validators.ts shares its types,
   * so a result of either is one type to the caller.
   */
  readonly typesFrom?: string;
  /** Declare the helpers exported (validators.ts, whose helpers the call validators import). */
  readonly exportHelpers?: boolean;
  /** Helpers to import from another validator module instead of copying them. */
  readonly helpersFrom?: ImportedHelpers;
  /**
   * Keep each owner's compiled code in this process (validator-memo.ts), and with `replay` take
   * an owner's kept code instead of compiling it again (see `compileValidators`).
   */
  readonly memo?: "replay" | "record";
}

/** What `compileValidators` tells its caller about the printed module. */
export interface CompiledValidators {
  /** Ids of the helpers the file declares itself. */
  readonly helpers: ReadonlySet<string>;
}

/** Names the generated code declares at module level besides helpers and constants. */
export const VALIDATOR_TYPE_NAMES = [
  "ValidationError",
  "ValidationResult",
  "Validator",
] as const;

/** Problems that keep a schema from being compiled (empty when it compiles). */
export function validatorProblems(schema: Schema): Problem[] {
  try {
    Resource.prepare(schema);
    return [];
  } catch (e) {
    if (e instanceof CompileError) return [...e.problems];
    throw e;
  }
}

const TYPE_CHECKED = /^ {2}if \((.*)\) \{$/;
const TYPE_ERROR = /^ {4}errs = addError\(errs, (_e\[\d+\]!)\);$/;

/**
 * An entry point's body that is one type check, `if (T) { … } else { <one error> }` (a tool's
 * object input, the usual case), as `if (!T) return <that error>;` and the checks one block less
 * deep: nothing ran before it, so that error is the whole result. Without the else part (a
 * declared-schema check that leaves the type to the catalog's validator) the early result is ok.
 */
function returnEarly(body: Code, type: Code): Code {
  // Read as lines, but without splitting: bodies are most of validators.ts, and a string per
  // line (split, sliced, joined) was a good part of compiling it.
  const text = body.text;
  const firstEnd = text.indexOf("\n");
  if (firstEnd < 0 || !text.endsWith("\n  }")) return body;
  const head = TYPE_CHECKED.exec(text.slice(0, firstEnd));
  if (!head) return body;
  const last = text.length - 4; // the "\n" before the closing "  }"
  const beforeLast = last > firstEnd ? text.lastIndexOf("\n", last - 1) : -1; // the "\n" before line n - 2
  const beforeElse =
    beforeLast > firstEnd ? text.lastIndexOf("\n", beforeLast - 1) : -1; // before line n - 3
  // n > 4: the else line is neither the first line nor the one after it.
  const elseLine =
    beforeElse > firstEnd ? text.slice(beforeElse + 1, beforeLast) : undefined;
  const error =
    elseLine === "  } else {"
      ? TYPE_ERROR.exec(text.slice(beforeLast + 1, last))
      : null;
  const innerEnd = error ? beforeElse : last;
  // The lines between the head and the end (or the else part), each empty or inside the block.
  const inner = innerEnd > firstEnd ? text.slice(firstEnd, innerEnd) : "";
  if (/\n(?! {4}|\n|$)/.test(inner)) return body;
  const result = error
    ? code`{ ok: false, errors: [${raw(error[1]!)}] }`
    : code`{ ok: true, value: value as ${type} }`;
  const exit = code`  if (${not(raw(head[1]!))}) return ${result};`;
  // One block less deep; the declarations the checks open with run before any error is
  // recorded: a count of errors taken there is 0.
  let out = inner.replace(/\n {2}/g, "\n");
  let at = 0;
  while (out.startsWith("\n  let ", at)) {
    const end = out.indexOf("\n", at + 1);
    const lineEnd = end < 0 ? out.length : end;
    const line = out.slice(at + 1, lineEnd);
    const fixed = line.replace(ERROR_COUNT_INIT, " = 0;");
    if (fixed !== line) out = out.slice(0, at + 1) + fixed + out.slice(lineEnd);
    at += 1 + fixed.length;
  }
  return raw(exit.text + out);
}

const ERROR_COUNT_INIT = / = errs === null \? 0 : errs\.length;$/;

/** Generates the unit functions of one resource on demand. */
class UnitGenerator implements UnitFunctions {
  private readonly collectNames = new Map<Unit, Name>();
  private readonly testNames = new Map<Unit, Name>();
  private readonly pending: (() => void)[] = [];
  readonly functions: Code[] = [];

  constructor(
    private readonly comp: Compilation,
    private readonly resource: Resource,
  ) {}

  collect(unit: Unit): Name {
    let name = this.collectNames.get(unit);
    if (!name) {
      // A unit compiled for another entry already (a shared `$defs` schema): call that function.
      const key = this.resource.shareKey(unit);
      const shared =
        key === undefined
          ? undefined
          : this.comp.sharedUnits.get(this.comp.shareKey("collect", key));
      if (shared) {
        this.collectNames.set(unit, shared);
        return shared;
      }
      name = this.comp.functionName("vf");
      this.collectNames.set(unit, name);
      if (key !== undefined)
        this.comp.sharedUnits.set(this.comp.shareKey("collect", key), name);
      const fn = name;
      this.pending.push(() =>
        this.functions.push(this.collectFunction(unit, fn)),
      );
    }
    return name;
  }

  test(unit: Unit): Name {
    let name = this.testNames.get(unit);
    if (!name) {
      const key = this.resource.shareKey(unit);
      const shared =
        key === undefined
          ? undefined
          : this.comp.sharedUnits.get(this.comp.shareKey("test", key));
      if (shared) {
        this.testNames.set(unit, shared);
        return shared;
      }
      name = this.comp.functionName("tf");
      this.testNames.set(unit, name);
      if (key !== undefined)
        this.comp.sharedUnits.set(this.comp.shareKey("test", key), name);
      const fn = name;
      this.pending.push(() => this.functions.push(this.testFunction(unit, fn)));
    }
    return name;
  }

  /** Generates every function requested so far, and those they request. */
  flush(): void {
    while (this.pending.length > 0) this.pending.shift()!();
  }

  private cx(fn: FunctionScope, path: InstancePath, fail: Code): SchemaCx {
    return {
      comp: this.comp,
      resource: this.resource,
      units: this,
      fn,
      mode: fn.mode,
      data: code`_d`,
      path,
      schemaPath: "#",
      fail: new FailTarget(fail),
    };
  }

  /**
   * The body of an entry point whose root is never the target of a `$ref`: the root is checked
   * right there (no inner call), with static instance paths.
   */
  entryBody(
    unit: Unit,
    type: Code,
  ): { readonly body: Code; readonly usesData: boolean } {
    const fn = new FunctionScope("collect", code`0`);
    const w = new Writer(1);
    compileSchema(
      this.cx(fn, InstancePath.root(), code`return false;`),
      unit.schema,
      w,
    );
    return {
      body: code`${this.tableBinding(w)}${returnEarly(w.toCode(), type)}`,
      usesData: w.uses(code`_d`),
    };
  }

  /** `const _e = <table>;` and a line break when the body reads the entry's error table. */
  private tableBinding(w: Writer): Code {
    return w.uses(ERROR_TABLE)
      ? code`  ${this.comp.errorTableBinding()}\n`
      : code``;
  }

  private collectFunction(unit: Unit, name: Name): Code {
    const called = unit.referenced;
    const fn = new FunctionScope("collect", called ? code`_depth` : code`0`);
    const w = new Writer(1);
    compileSchema(
      this.cx(
        fn,
        called ? InstancePath.param(code`_path`) : InstancePath.root(),
        code`return false;`,
      ),
      unit.schema,
      w,
    );
    const params = called
      ? code`_d: any, _path: string, _depth: number`
      : code`_d: any`;
    const body = code`${this.tableBinding(w)}${w.toCode()}`;
    return code`function ${name}(${params}): ${ERROR_TYPE}[] | null {
  let ${ERRORS} = null as ${ERROR_TYPE}[] | null;
${body}
  return ${ERRORS} !== null && ${ERRORS}.length !== 0 ? ${ERRORS} : null;
}`;
  }

  private testFunction(unit: Unit, name: Name): Code {
    const fn = new FunctionScope("test", code`_depth`);
    const w = new Writer(1);
    compileSchema(
      this.cx(fn, InstancePath.root(), code`return false;`),
      unit.schema,
      w,
    );
    if (!w.terminatedHere) w.line(code`return true;`);
    return code`function ${name}(_d: any, _depth: number): boolean {
${this.tableBinding(w)}${w.toCode()}
}`;
  }
}

/**
 * Compiles each entry to an exported validator function and prints the whole validator module
 * (types, helpers, constants, functions) into `file`. Throws `CompileError` (every problem of
 * every entry, pointers prefixed with the entry's `pointer`) before printing anything.
 *
 * With `replay`, an owner's entries equal in content to ones compiled before in this process are
 * not compiled again: their code is replayed (validator-memo.ts). A replay that finds the file's
 * names otherwise than they were throws `ReplayMismatch` after printing into `file`: the caller
 * makes the file again, compiling without `replay` (`withReplay`).
 */
export function compileValidators(
  entries: readonly ValidatorEntry[],
  file: GeneratedFile,
  options: CompileValidatorsOptions,
): CompiledValidators {
  const grouped = ownerGroups(entries);
  const owners = grouped ?? [entries];
  // Owners whose code is kept (memo), and the records found for them (replayed, not compiled).
  const context =
    options.memo && grouped && keepsValidatorRecords()
      ? compileContextKey(
          options.maxDepth ?? DEFAULT_MAX_DEPTH,
          loadHelperTemplate(options.readTemplate),
        )
      : undefined;
  const keys = owners.map((group) =>
    context !== undefined ? ownerKey(group, context) : undefined,
  );
  const found = keys.map((key) =>
    key !== undefined && options.memo === "replay" ? keptOwner(key) : undefined,
  );

  const problems: Problem[] = [];
  const resources: (Resource | undefined)[][] = [];
  // One table for every entry: units of different entries share functions by equal keys.
  const shareKeys = new ShareKeys();
  owners.forEach((group, g) => {
    resources.push(
      group.map((entry) => {
        // A kept owner compiled without a problem (Resource.prepare is a function of the schema).
        if (found[g]) return undefined;
        try {
          return Resource.prepare(entry.schema, shareKeys);
        } catch (e) {
          if (!(e instanceof CompileError)) throw e;
          problems.push(
            ...e.problems.map((p) => ({
              ...p,
              pointer: (entry.pointer ?? "") + p.pointer,
            })),
          );
          return undefined;
        }
      }),
    );
  });
  if (problems.length > 0) throw new CompileError(problems);

  const template = loadHelperTemplate(options.readTemplate);
  if (options.typesFrom !== undefined) {
    // Generated code names the types literally, so the imports must keep their names.
    for (const n of ["ValidationError", "ValidationResult"]) {
      if (file.importFrom(options.typesFrom, n, { typeOnly: true }).text !== n)
        throw new Error(`internal: ${n} is taken`);
    }
  } else {
    for (const n of VALIDATOR_TYPE_NAMES)
      if (!file.scope.has(n)) file.scope.claim(n);
  }
  const helpers = new FileHelpers(file, template, {
    exported: options.exportHelpers,
    imported: options.helpersFrom,
  });
  const comp = new Compilation(
    file,
    helpers,
    options.maxDepth ?? DEFAULT_MAX_DEPTH,
  );

  const functions: Code[] = [];
  const exported: Code[] = [];
  owners.forEach((group, g) => {
    const owner = ownerOf(group[0]!);
    const record = found[g];
    if (record) {
      comp.replay(record, owner);
      functions.push(...record.functions);
      exported.push(...record.exported);
      return;
    }
    const key = keys[g];
    const from = { functions: functions.length, exported: exported.length };
    if (key !== undefined) comp.beginRecord();
    group.forEach((entry, i) =>
      compileEntry(comp, entry, resources[g]![i]!, functions, exported),
    );
    if (key !== undefined)
      keepOwner(key, {
        ...comp.endRecord(),
        functions: functions.slice(from.functions),
        exported: exported.slice(from.exported),
      });
  });

  // The template's types are laid out for prettier's default width only.
  if (options.typesFrom === undefined)
    file.printTemplate(raw(template.types), TEMPLATE_WIDTH);
  comp.printConstants();
  comp.printErrorTables();
  for (const f of functions) file.printCanonical(blankLineBefore(f));
  for (const e of exported) file.printCanonical(blankLineBefore(e));
  return { helpers: helpers.declared };
}

/**
 * `code`\n${f}``, made once per function: a replayed owner's functions are the record's own
 * objects, so their chunks come out of the file (GeneratedFile.toChunks) as the same texts every
 * run, which the layout memo (generator/node/canonical-chunk-memo.ts) finds without hashing them
 * again.
 */
function blankLineBefore(f: Code): Code {
  let led = ledCode.get(f);
  if (led === undefined) ledCode.set(f, (led = code`\n${f}`));
  return led;
}

const ledCode = new WeakMap<Code, Code>();

/**
 * `build(memo)` with replays, and again without them when a replay found the file's names
 * otherwise (`ReplayMismatch`): `build` makes its file from the start each time.
 */
export function withReplay<T>(build: (memo: "replay" | "record") => T): T {
  try {
    return build("replay");
  } catch (e) {
    if (!(e instanceof ReplayMismatch)) throw e;
    return build("record");
  }
}

function ownerOf(entry: ValidatorEntry): string {
  return entry.owner ?? `entry ${entry.name.text}`;
}

/**
 * The entries in runs of one owner (their code is shared within the run only); undefined when an
 * owner's entries are not next to each other (its code is shared across other owners': nothing
 * is kept).
 */
function ownerGroups(
  entries: readonly ValidatorEntry[],
): (readonly ValidatorEntry[])[] | undefined {
  const groups: ValidatorEntry[][] = [];
  const seen = new Set<string>();
  let last: string | undefined;
  for (const entry of entries) {
    const owner = ownerOf(entry);
    if (owner === last) groups[groups.length - 1]!.push(entry);
    else if (seen.has(owner)) return undefined;
    else {
      groups.push([entry]);
      seen.add(owner);
      last = owner;
    }
  }
  return groups;
}

/** Compiles one entry: its unit functions and entry point, appended to `functions` and `exported`. */
function compileEntry(
  comp: Compilation,
  entry: ValidatorEntry,
  resource: Resource,
  functions: Code[],
  exported: Code[],
): void {
  comp.beginEntry(entryPrefix(entry.name), ownerOf(entry));
  const units = new UnitGenerator(comp, resource);
  const root = resource.rootUnit;
  if (root.referenced) {
    const rootFn = units.collect(root);
    units.flush();
    functions.push(...units.functions);
    exported.push(code`export function ${entry.name}(value: unknown): ValidationResult<${entry.type}> {
  const errors = ${rootFn}(value, "", 0);
  if (errors === null) return { ok: true, value: value as ${entry.type} };
  return { ok: false, errors };
}`);
    return;
  }
  const { body, usesData } = units.entryBody(root, entry.type);
  units.flush();
  functions.push(...units.functions);
  const data = usesData ? code`\n  const _d: any = value;` : code``;
  exported.push(code`export function ${entry.name}(value: unknown): ValidationResult<${entry.type}> {${data}
  let ${ERRORS} = null as ${ERROR_TYPE}[] | null;
${body}
  return ${comp.helper("resultOf")}<${entry.type}>(value, ${ERRORS});
}`);
}
