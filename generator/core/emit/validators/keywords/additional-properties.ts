/**
 * `additionalProperties`: own keys matched by neither `properties` nor a `patternProperties`
 * pattern, in key order. The object group's prelude collects them in its one pass over the keys
 * (see NodeState); `false` reports each, a schema applies to each value.
 *
 * `false` while collecting errors: the pass builds the errors themselves and appends them to the
 * error list (the keywords before this one insert theirs in front), or — when `propertyNames`
 * comes between — gathers them in a list that joins the error list here, in Ajv's order.
 * `false` in test mode: the pass fails at the first additional key.
 */
import { code } from "../../../codegen/code.js";
import {
  additionalKeyError,
  applyInline,
  forEachKey,
  recordAll,
} from "../apply.js";
import { canFail } from "../rules.js";
import type { KeywordEmitter } from "./keyword.js";

export const additionalPropertiesKeyword: KeywordEmitter<"additionalProperties"> =
  {
    keywords: ["additionalProperties"],
    group: "object",
    emit({ cx, schema, w, node }) {
      const sub = schema.additionalProperties!;
      // Nothing to check on the additional keys (not even Ajv's no-op rules): no pass, no list.
      if (!canFail(sub)) return;
      if (sub === false && cx.mode === "collect") {
        const errors = node.additionalKeyErrors((key) =>
          additionalKeyError(
            cx,
            {
              keyword: "additionalProperties",
              params: code`{}`,
              message: code`${"must NOT have additional properties"}`,
              arg: null,
            },
            key,
          ),
        );
        if (errors === undefined) return;
        w.ifElse(code`${errors} !== undefined`, () =>
          w.line(recordAll(cx, errors)),
        );
        return;
      }
      if (sub === false) return node.failOnAdditionalKey(cx.fail.code);
      const extra = node.additionalKeys();
      const inner = w.child(1);
      forEachKey(cx, inner, extra, (key, w) => {
        applyInline(
          cx,
          {
            schema: sub,
            schemaPath: `${cx.schemaPath}/additionalProperties`,
            data: code`${cx.data}[${key}]`,
            path: cx.path.key(key, () => cx.comp.helper("escapeKey")),
          },
          w,
        );
      });
      if (!inner.isEmpty)
        w.ifElse(code`${extra} !== undefined`, () => w.splice(inner));
    },
  };
