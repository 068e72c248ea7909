/**
 * `propertyNames`: the subschema applies to each own key (a string). Its errors keep the object's
 * instance path (as Ajv), followed by a `propertyNames` error naming the key.
 */
import { code } from "../../../codegen/code.js";
import { not } from "../../../codegen/expr.js";
import {
  applyInline,
  collectChildValid,
  forEachOwnKey,
  objectLiteral,
  pushError,
  testChild,
  type ErrorSpec,
} from "../apply.js";
import { alwaysValid } from "../rules.js";
import type { KeywordEmitter } from "./keyword.js";

export const propertyNamesKeyword: KeywordEmitter<"propertyNames"> = {
  keywords: ["propertyNames"],
  group: "object",
  emit({ cx, schema, w }) {
    const sub = schema.propertyNames!;
    if (alwaysValid(sub)) return;
    forEachOwnKey(cx, w, (key, w) => {
      // Bound to an `any` local: checks for other types than string must type-check on it.
      const args = {
        schema: sub,
        schemaPath: `${cx.schemaPath}/propertyNames`,
        data: code`${key} as any`,
      };
      const spec = (): ErrorSpec => ({
        keyword: "propertyNames",
        dynamic: true,
        params: objectLiteral([["propertyName", key]]),
        message: code`${"property name must be valid"}`,
      });
      if (cx.mode === "test") return applyInline(cx, args, w);
      if (!cx.resource.bounded(sub)) {
        const valid = collectChildValid(cx, args, w);
        return w.ifElse(not(valid), () => w.line(pushError(cx, spec())));
      }
      const valid = testChild(cx, args, w);
      w.ifElse(code`!${valid}`, () => {
        applyInline(cx, args, w);
        w.line(pushError(cx, spec()));
      });
    });
  },
};
