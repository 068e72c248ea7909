/**
 * `additionalProperties`: own keys matched by neither `properties` nor a `patternProperties`
 * pattern, in key order. The object group's prelude collects them in its one pass over the keys
 * (see NodeState); `false` reports each, a schema applies to each value.
 */
import { code } from "../../../codegen/code.js";
import { applyInline, fail, forEachKey, objectLiteral } from "../apply.js";
import { alwaysValid } from "../rules.js";
import type { KeywordEmitter } from "./keyword.js";

export const additionalPropertiesKeyword: KeywordEmitter<"additionalProperties"> = {
  keywords: ["additionalProperties"],
  group: "object",
  emit({ cx, schema, w, node }) {
    const sub = schema.additionalProperties!;
    if (alwaysValid(sub)) return;
    const extra = node.additionalKeys();
    const inner = w.child(1);
    forEachKey(cx, inner, extra, (key, w) => {
      if (sub === false) {
        return fail(cx, w, () => ({
          keyword: "additionalProperties",
          dynamic: true,
          params: objectLiteral([["additionalProperty", key]]),
          message: code`${"must NOT have additional properties"}`,
        }));
      }
      applyInline(cx, { schema: sub, schemaPath: `${cx.schemaPath}/additionalProperties`, data: code`${cx.data}[${key}]`, path: cx.path.key(key, cx.comp.helper("escapeKey")) }, w);
    });
    if (!inner.isEmpty) w.ifElse(code`${extra} !== undefined`, () => w.splice(inner));
  },
};
