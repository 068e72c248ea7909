/**
 * The per-subschema driver: Ajv's `validateFunctionCode`/`schemaKeywords` skeleton. For a schema
 * object: nothing if it has no rules; only `$ref` if that is its only rule; otherwise the type
 * check (up front, or deferred into the single type's group), the untyped keywords, then one
 * block per used type group (number, string, array, object) in Ajv's keyword order.
 */
import { code } from "../../codegen/code.js";
import { not } from "../../codegen/expr.js";
import type { Schema, SchemaObject } from "../../schema/schema.js";
import { fail, failIf, objectLiteral, registerCompileSchema } from "./apply.js";
import type { SchemaCx } from "./context.js";
import { EVALUATION_ORDER, emitterOf, type KeywordName } from "./keywords/index.js";
import { NodeState, groupTest, typesTest, type KeywordContext } from "./keywords/keyword.js";
import { refKeyword } from "./keywords/ref.js";
import { typeError } from "./keywords/type.js";
import { hasRules, hasRulesButRef, schemaTypes, TYPE_GROUPS, type TypeGroup } from "./rules.js";
import type { Writer } from "./writer.js";

function present(schema: SchemaObject, keyword: KeywordName): boolean {
  return Object.prototype.hasOwnProperty.call(schema, keyword) && schema[keyword] !== undefined;
}

function groupUsed(schema: SchemaObject, group: TypeGroup): boolean {
  return EVALUATION_ORDER[group].some((k) => present(schema, k));
}

function emitKeyword(k: KeywordContext, keyword: KeywordName): void {
  // After an unconditional failure (test mode) nothing more is reachable: emit (and declare) nothing.
  if (!present(k.schema, keyword) || k.w.terminatedHere) return;
  const emitter = emitterOf(keyword);
  if (emitter) emitter.emit(k, keyword);
}

export function compileSchema(cx: SchemaCx, schema: Schema, w: Writer): void {
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
  const node = new NodeState(cx);
  const k: KeywordContext = { cx, group: "any", schema, w, node };
  if (present(schema, "$ref") && !hasRulesButRef(schema)) {
    refKeyword.emit(k, "$ref");
    return;
  }
  const types = schemaTypes(schema);
  const single = types.length === 1 ? types[0]! : undefined;
  const deferredGroup = single !== undefined && (TYPE_GROUPS as readonly string[]).includes(single) && groupUsed(schema, single as TypeGroup) ? (single as TypeGroup) : undefined;
  const spec = () => typeError(cx, schema.type!);
  if (types.length > 0 && deferredGroup === undefined) failIf(cx, w, not(typesTest(types, cx.data)), spec);
  for (const keyword of EVALUATION_ORDER.any) emitKeyword(k, keyword);
  for (const group of TYPE_GROUPS) {
    if (!groupUsed(schema, group) || w.terminatedHere) continue;
    const body = w.child(1);
    const groupNode = new NodeState(cx);
    if (group === "object") groupNode.openPrelude(body, schema);
    const order = EVALUATION_ORDER[group];
    const additional = order.indexOf("additionalProperties");
    order.forEach((keyword, i) => {
      const kcx = i < additional ? groupNode.beforeAdditional(cx) : cx;
      emitKeyword({ cx: kcx, group, schema, w: body, node: groupNode }, keyword);
    });
    groupNode.finish(body);
    const test = groupTest(group, cx.data);
    if (body.isEmpty) {
      if (deferredGroup === group) failIf(cx, w, not(test), spec);
      continue;
    }
    w.ifElse(
      test,
      () => w.splice(body),
      deferredGroup === group ? () => fail(cx, w, spec) : undefined,
    );
  }
}

registerCompileSchema(compileSchema);
