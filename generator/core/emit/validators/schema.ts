/**
 * The per-subschema driver: Ajv's `validateFunctionCode`/`schemaKeywords` skeleton. For a schema
 * object: nothing if it has no rules; only `$ref` if that is its only rule; otherwise the type
 * check (up front, or deferred into the single type's group), the untyped keywords, then one
 * block per used type group (number, string, array, object) in Ajv's keyword order.
 */
import { code, type Code } from "../../codegen/code.js";
import { and, not } from "../../codegen/expr.js";
import type { Schema, SchemaObject } from "../../schema/schema.js";
import { fail, failIf, objectLiteral, registerCompileSchema } from "./apply.js";
import type { SchemaCx } from "./context.js";
import {
  EVALUATION_ORDER,
  emitterOf,
  type KeywordName,
} from "./keywords/index.js";
import {
  NodeState,
  groupTest,
  type Group,
  typesTest,
  type KeywordContext,
} from "./keywords/keyword.js";
import { refKeyword } from "./keywords/ref.js";
import { typeError } from "./keywords/type.js";
import {
  hasRules,
  hasRulesButRef,
  schemaTypes,
  TYPE_GROUPS,
  type TypeGroup,
} from "./rules.js";
import type { Writer } from "./writer.js";

function present(schema: SchemaObject, keyword: KeywordName): boolean {
  return (
    Object.prototype.hasOwnProperty.call(schema, keyword) &&
    schema[keyword] !== undefined
  );
}

/** One bit per evaluation group: `any`, then the type groups. */
const GROUP_BIT: ReadonlyMap<Group, number> = new Map(
  (["any", ...TYPE_GROUPS] as const).map((g, i) => [g, 1 << i]),
);

/** The groups each keyword is evaluated in (`format` is in two), as GROUP_BIT bits. */
const KEYWORD_GROUPS: ReadonlyMap<string, number> = (() => {
  const groups = new Map<string, number>();
  for (const [group, bit] of GROUP_BIT)
    for (const keyword of EVALUATION_ORDER[group])
      groups.set(keyword, (groups.get(keyword) ?? 0) | bit);
  return groups;
})();

/**
 * The groups that have a keyword present in `schema` (as `present` tells it), as GROUP_BIT bits:
 * read from the schema's own keys, usually a handful, instead of asking for each of the groups'
 * thirty keywords in turn at every schema object.
 */
function usedGroups(schema: SchemaObject): number {
  let used = 0;
  const keys = Object.getOwnPropertyNames(schema);
  for (let i = 0; i < keys.length; i++) {
    const bits = KEYWORD_GROUPS.get(keys[i]!);
    if (
      bits !== undefined &&
      (schema as { readonly [key: string]: unknown })[keys[i]!] !== undefined
    )
      used |= bits;
  }
  return used;
}

function inGroup(used: number, group: Group): boolean {
  return (used & GROUP_BIT.get(group)!) !== 0;
}

function emitKeyword(k: KeywordContext, keyword: KeywordName): void {
  // After an unconditional failure (test mode) nothing more is reachable: emit (and declare) nothing.
  if (!present(k.schema, keyword) || k.w.terminatedHere) return;
  const emitter = emitterOf(keyword);
  if (emitter) emitter.emit(k, keyword);
}

export function compileSchema(cx: SchemaCx, schema: Schema, w: Writer): void {
  const presence = cx.presence;
  if (presence !== undefined) {
    // Checks of a value that may be absent (a declared property): see SchemaCx.presence.
    const inner: SchemaCx = { ...cx, presence: undefined };
    if (
      typeof schema === "object" &&
      hasRules(schema) &&
      !(present(schema, "$ref") && !hasRulesButRef(schema))
    )
      return compileRules(inner, schema, w, presence);
    const body = w.child(1);
    compileSchema(inner, schema, body);
    if (!body.isEmpty) w.ifElse(presence, () => w.splice(body));
    return;
  }
  if (schema === true) return;
  if (schema === false) {
    fail(cx, w, () => ({
      keyword: "false schema",
      schemaPath: `${cx.schemaPath}/false schema`,
      params: objectLiteral([]),
      message: code`${"boolean schema is false"}`,
      arg: null,
    }));
    return;
  }
  if (!hasRules(schema)) return;
  if (present(schema, "$ref") && !hasRulesButRef(schema)) {
    refKeyword.emit(
      { cx, group: "any", schema, w, node: new NodeState(cx) },
      "$ref",
    );
    return;
  }
  compileRules(cx, schema, w, undefined);
}

/**
 * A schema object with rules beside `$ref`. With `presence` (the value may be absent), the type
 * check and the untyped keywords, which an absent value would fail, are wrapped in
 * `if (presence)`; when there are none, the type groups stand unguarded (no group test passes for
 * undefined) and only the deferred type error is guarded: `} else if (presence) {`.
 */
function compileRules(
  cx: SchemaCx,
  schema: SchemaObject,
  outer: Writer,
  presence: Code | undefined,
): void {
  const pre = presence === undefined ? outer : outer.child(1);
  const k: KeywordContext = {
    cx,
    group: "any",
    schema,
    w: pre,
    node: new NodeState(cx),
  };
  const types = schemaTypes(schema);
  const single = types.length === 1 ? types[0]! : undefined;
  const used = usedGroups(schema);
  const deferredGroup =
    single !== undefined &&
    (TYPE_GROUPS as readonly string[]).includes(single) &&
    inGroup(used, single as TypeGroup)
      ? (single as TypeGroup)
      : undefined;
  const spec = () => typeError(cx, schema.type!);
  if (types.length > 0 && deferredGroup === undefined)
    failIf(cx, pre, not(typesTest(types, cx.data, cx.mode === "test")), spec);
  if (inGroup(used, "any")) {
    const order = EVALUATION_ORDER.any;
    for (let i = 0; i < order.length; i++) emitKeyword(k, order[i]!);
  }
  // Guarded as a whole when something before the groups runs for an absent value too.
  const wrapped = presence !== undefined && !pre.isEmpty;
  const w = presence === undefined || wrapped ? pre : outer;
  const elseGuard = wrapped ? undefined : presence;
  for (const group of TYPE_GROUPS) {
    if (!inGroup(used, group) || w.terminatedHere) continue;
    const body = w.child(1);
    const groupNode = new NodeState(cx);
    if (group === "object") groupNode.openPrelude(body, schema);
    const order = EVALUATION_ORDER[group];
    const additional = order.indexOf("additionalProperties");
    order.forEach((keyword, i) => {
      const kcx = i < additional ? groupNode.beforeAdditional(cx) : cx;
      emitKeyword(
        { cx: kcx, group, schema, w: body, node: groupNode },
        keyword,
      );
    });
    groupNode.finish(body);
    const test = groupTest(group, cx.data, cx.mode === "test");
    if (body.isEmpty) {
      if (deferredGroup === group)
        failIf(
          cx,
          w,
          elseGuard === undefined ? not(test) : and(elseGuard, not(test)),
          spec,
        );
      continue;
    }
    w.ifElse(
      test,
      () => w.splice(body),
      deferredGroup === group ? () => fail(cx, w, spec) : undefined,
      deferredGroup === group ? elseGuard : undefined,
    );
  }
  if (wrapped) outer.ifElse(presence, () => outer.splice(pre));
}

registerCompileSchema(compileSchema);
