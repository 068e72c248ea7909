/**
 * The two things every keyword emitter does: report a failure (an Ajv error object in collect
 * mode, a jump in test mode) and apply a subschema to a value (inline, in the current mode, in
 * test mode as a boolean, or in collect mode with its validity).
 */
import { code, join, propertyKey, raw, type Code } from "../../codegen/code.js";
import { ERROR_TABLE, ERRORS, FailTarget, type SchemaCx } from "./context.js";
import type { TableRow } from "./error-table.js";
import type { InstancePath, ItemPath } from "./instance-path.js";
import { alwaysValid } from "./rules.js";
import type { Writer } from "./writer.js";
import type { Schema } from "../../schema/schema.js";

export interface ErrorSpec {
  readonly keyword: string;
  /** Defaults to `<schemaPath>/<keyword>`. */
  readonly schemaPath?: string;
  /** An object literal expression. */
  readonly params: Code;
  /** A string expression. */
  readonly message: Code;
  /** Defaults to the current instance path. */
  readonly path?: InstancePath;
  /** True when `params` or `message` depend on run-time values (a key, an index). */
  readonly dynamic?: boolean;
  /**
   * Set for an error of one of Ajv's standard keywords (`STANDARD_KEYWORDS`, error-table.ts) whose
   * params and message the error table derives from the keyword and this one value (`null` when
   * the keyword has none): the schema value `params` names. `params` and `message` must be what
   * that derivation gives.
   */
  readonly arg?: Code | null;
}

/**
 * An error whose params or message are built at run time: a `makeError(instancePath,
 * schemaPath, keyword, params, message)` call.
 */
export function errorObject(cx: SchemaCx, spec: ErrorSpec): Code {
  const schemaPath = spec.schemaPath ?? `${cx.schemaPath}/${spec.keyword}`;
  const path = (spec.path ?? cx.path).toCode();
  return code`${cx.comp.helper("makeError")}(${path}, ${schemaPath}, ${spec.keyword}, ${spec.params}, ${spec.message})`;
}

/**
 * The entry's error-table row for `spec`, read as `_e[n]`. `instancePath` is the error's static
 * path, or undefined for a row that only lends its other fields (`errorAt`, `errorWith`).
 */
function tableError(
  cx: SchemaCx,
  spec: ErrorSpec,
  instancePath: string | undefined,
): Code {
  return cx.comp.errorRow(tableRow(cx, spec, instancePath));
}

function tableRow(
  cx: SchemaCx,
  spec: ErrorSpec,
  instancePath: string | undefined,
): TableRow {
  const schemaPath = spec.schemaPath ?? `${cx.schemaPath}/${spec.keyword}`;
  return {
    schemaPath,
    keyword: spec.keyword,
    params: spec.params,
    message: spec.message,
    arg: spec.arg,
    instancePath,
  };
}

/**
 * The arguments after the table of `errorAtItem` / `addErrorAtItem` for the row of `spec` at an
 * array item's path: `n, index, prefix, suffix`.
 */
function itemArgs(cx: SchemaCx, spec: ErrorSpec, item: ItemPath): Code {
  const n = cx.comp.errorRowIndex(tableRow(cx, spec, undefined));
  return code`${n}, ${item.index}, ${item.prefix}, ${item.suffix}`;
}

/**
 * The `additionalProperties` error of an additional key (a string expression) met at run time:
 * the table's row with the instance path and `{ additionalProperty: key }` filled in.
 */
export function additionalKeyError(
  cx: SchemaCx,
  spec: ErrorSpec,
  key: Code,
): Code {
  const template = { ...spec, params: code`{}` };
  const path = spec.path ?? cx.path;
  const item = path.itemPath();
  // At an array item, the path is the one kept with the row's error there (built once per index).
  if (item)
    return code`${cx.comp.helper("errorWithAtItem")}(${ERROR_TABLE}, ${itemArgs(cx, template, item)}, ${key})`;
  return code`${cx.comp.helper("errorWith")}(${tableError(cx, template, undefined)}, ${path.toCode()}, ${key})`;
}

/**
 * Statement that records an error (collect mode). An error that is entirely known when generating
 * (static instance path and params: the usual case at the top of a tool's input) is a row of the
 * entry's error table, frozen at module load and pushed by reference: errors are immutable
 * values, so sharing one between results is safe, and failing costs no allocation but the list.
 * At an array item's path (one run-time index), the row's error at that index is made once and
 * kept with the table (`errorAtItem`). With another instance path built at run time, the row is
 * copied with that path (`errorAt`).
 */
export function pushError(cx: SchemaCx, spec: ErrorSpec): Code {
  const path = spec.path ?? cx.path;
  if (spec.dynamic) return record(cx, errorObject(cx, spec));
  if (path.isStatic) return record(cx, tableError(cx, spec, path.staticText()));
  const item = path.itemPath();
  if (item && !cx.insertAt)
    return code`${ERRORS} = ${cx.comp.helper("addErrorAtItem")}(${ERRORS}, ${ERROR_TABLE}, ${itemArgs(cx, spec, item)});`;
  if (item)
    return record(
      cx,
      code`${cx.comp.helper("errorAtItem")}(${ERROR_TABLE}, ${itemArgs(cx, spec, item)})`,
    );
  const template = tableError(cx, spec, undefined);
  if (!cx.insertAt)
    return code`${ERRORS} = ${cx.comp.helper("addErrorAt")}(${ERRORS}, ${template}, ${path.toCode()});`;
  return record(
    cx,
    code`${cx.comp.helper("errorAt")}(${template}, ${path.toCode()})`,
  );
}

/**
 * Appends `error` (an expression) to the list with `addError`, which creates the list on the
 * first error. With `cx.insertAt`, inserts it there instead (see SchemaCx; the list is created
 * the same way).
 */
export function record(cx: SchemaCx, error: Code): Code {
  if (cx.insertAt)
    return code`${ERRORS} = ${cx.comp.helper("insertError")}(${ERRORS}, ${cx.insertAt}++, ${error});`;
  return code`${ERRORS} = ${cx.comp.helper("addError")}(${ERRORS}, ${error});`;
}

/**
 * Appends a list of errors (a non-null `ValidationError[]` expression, a plain name): adopted as
 * the error list when there is none yet, copied onto it otherwise.
 */
export function recordAll(cx: SchemaCx, list: Code): Code {
  const e = cx.fn.local("e");
  return code`if (${ERRORS} === null) ${ERRORS} = ${list};\nelse for (const ${e} of ${list}) ${ERRORS}.push(${e});`;
}

/** Unconditional failure. `spec` is only evaluated in collect mode (test mode needs no error). */
export function fail(cx: SchemaCx, w: Writer, spec: () => ErrorSpec): void {
  if (cx.mode === "collect") return w.line(pushError(cx, spec()));
  w.line(cx.fail.code);
  w.terminate();
}

/** Failure when `cond` holds (a literal `true`/`false` condition is decided here). */
export function failIf(
  cx: SchemaCx,
  w: Writer,
  cond: Code,
  spec: () => ErrorSpec,
): void {
  w.ifElse(cond, () => fail(cx, w, spec));
}

/**
 * `for (const k of keys) { body }`, with the body written first so the loop variable is named
 * `_` when the body does not use it (nothing unused is left for `noUnusedLocals`).
 */
export function forEachKey(
  cx: SchemaCx,
  w: Writer,
  keys: Code,
  body: (key: Code, w: Writer) => void,
): void {
  const key = cx.fn.local("k");
  const inner = w.child(1);
  body(key, inner);
  if (inner.isEmpty) return;
  w.block(code`for (const ${inner.uses(key) ? key : code`_`} of ${keys})`, () =>
    w.splice(inner),
  );
}

/**
 * `for (const k in data) { if (!hasOwn.call(data, k)) continue; body }`: the own enumerable keys,
 * in `Object.keys` order, without allocating the list (and with `data[k]` read from V8's
 * enumeration cache).
 */
export function forEachOwnKey(
  cx: SchemaCx,
  w: Writer,
  body: (key: Code, w: Writer) => void,
): void {
  const key = cx.fn.local("k");
  const inner = w.child(1);
  body(key, inner);
  if (inner.isEmpty) return;
  w.block(code`for (const ${key} in ${cx.data})`, () => {
    w.line(
      code`if (!${cx.comp.helper("hasOwn")}.call(${cx.data}, ${key})) continue;`,
    );
    w.splice(inner);
  });
}

/** `{ a: 1, b: "x" }` from already-built value expressions. */
export function objectLiteral(
  entries: readonly (readonly [string, Code])[],
): Code {
  if (entries.length === 0) return code`{}`;
  return code`{ ${join(
    entries.map(([k, v]) => code`${rawKey(k)}: ${v}`),
    ", ",
  )} }`;
}

/** Params keys are fixed words chosen by the generator; `propertyKey` makes any key safe anyway. */
function rawKey(key: string): Code {
  return raw(propertyKey(key));
}

/** Number of errors recorded so far in a collecting function. */
export const ERROR_COUNT = code`${ERRORS} === null ? 0 : ${ERRORS}.length`;

export interface ChildArgs {
  readonly schema: Schema;
  /** Ajv errSchemaPath of the child. */
  readonly schemaPath: string;
  /** Expression of the child's value (default: the same value). Bound to a local when not a plain name. */
  readonly data?: Code;
  readonly path?: InstancePath;
  /** The value may be absent: true when it is present (see SchemaCx.presence). */
  readonly presence?: Code;
}

export type CompileSchema = (cx: SchemaCx, schema: Schema, w: Writer) => void;

let compileSchemaImpl: CompileSchema | undefined;

/** Set once by schema.ts (the driver), which imports the keywords, which import this module. */
export function registerCompileSchema(fn: CompileSchema): void {
  compileSchemaImpl = fn;
}

function compileSchema(cx: SchemaCx, schema: Schema, w: Writer): void {
  if (!compileSchemaImpl)
    throw new Error("internal: schema compiler not registered");
  compileSchemaImpl(cx, schema, w);
}

const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Compiles the child into `w`. Its value is bound to a local (`const dN = <expr>;`) when it is not
 * a plain name, and only when the child emitted code, so no local is left unused.
 */
function compileChild(
  cx: SchemaCx,
  args: ChildArgs,
  w: Writer,
  overrides: Partial<SchemaCx> = {},
): void {
  let data = cx.data;
  let binding: Code | undefined;
  if (args.data !== undefined) {
    if (PLAIN_NAME.test(args.data.text)) data = args.data;
    else {
      data = cx.fn.local("d");
      binding = code`const ${data} = ${args.data};`;
    }
  }
  const body = w.child();
  compileSchema(
    {
      ...cx,
      data,
      path: args.path ?? cx.path,
      schemaPath: args.schemaPath,
      presence: args.presence,
      ...overrides,
    },
    args.schema,
    body,
  );
  if (body.isEmpty) return;
  if (binding && body.uses(data)) w.line(binding);
  w.splice(body);
}

/** Applies the child in the current mode: its errors are recorded here, its failure fails here. */
export function applyInline(cx: SchemaCx, args: ChildArgs, w: Writer): void {
  if (alwaysValid(args.schema)) return;
  compileChild(cx, args, w);
}

/**
 * Test-mode validity of the child as a boolean expression (a fresh local, or `true` when the
 * child cannot fail). Works in both modes; never records errors.
 */
export function testChild(cx: SchemaCx, args: ChildArgs, w: Writer): Code {
  if (alwaysValid(args.schema)) return code`true`;
  const valid = cx.fn.local("v");
  const label = cx.fn.local("L");
  const target = new FailTarget(code`${valid} = false;\nbreak ${label};`);
  const inner = w.child(1);
  compileChild(cx, args, inner, { mode: "test", fail: target });
  if (!target.used) return code`true`;
  w.line(code`let ${valid} = true;`);
  w.block(code`${label}:`, () => w.splice(inner));
  return valid;
}

/** Collect mode: applies the child and returns an expression that is true when it added no error. */
export function collectChildValid(
  cx: SchemaCx,
  args: ChildArgs,
  w: Writer,
): Code {
  if (alwaysValid(args.schema)) return code`true`;
  const before = cx.fn.local("c");
  const body = w.child();
  compileChild(cx, args, body);
  if (body.isEmpty) return code`true`;
  w.line(code`const ${before} = ${ERROR_COUNT};`);
  w.splice(body);
  return code`(${ERROR_COUNT}) === ${before}`;
}

/** Collect mode: the error count before a composite, to reset to when it passes. */
export function errorMark(cx: SchemaCx, w: Writer): Code {
  const mark = cx.fn.local("c");
  w.line(code`const ${mark} = ${ERROR_COUNT};`);
  return mark;
}

/** Collect mode: drops errors recorded after `mark` (Ajv `resetErrorsCount`). */
export function resetErrors(w: Writer, mark: Code): void {
  w.line(code`if (${ERRORS} !== null) ${ERRORS}.length = ${mark};`);
}
