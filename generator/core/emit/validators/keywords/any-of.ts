/**
 * `anyOf`. When no branch passes, Ajv keeps every branch's errors and adds its own; when one
 * passes, none. Branches are first only tested (nothing allocated on success) and collected only
 * when all failed. Branches that can recurse through a `$ref` cycle are collected once with
 * Ajv's error-count bookkeeping instead, so checking stays linear in the instance size.
 */
import { code } from "../../../codegen/code.js";
import {
  applyInline,
  collectChildValid,
  errorMark,
  objectLiteral,
  pushError,
  resetErrors,
  testChild,
  type ErrorSpec,
} from "../apply.js";
import type { KeywordEmitter } from "./keyword.js";

export const anyOfKeyword: KeywordEmitter<"anyOf"> = {
  keywords: ["anyOf"],
  group: "any",
  emit({ cx, schema, w }) {
    const branches = schema.anyOf!.map((sub, i) => ({
      schema: sub,
      schemaPath: `${cx.schemaPath}/anyOf/${i}`,
    }));
    const spec = (): ErrorSpec => ({
      keyword: "anyOf",
      params: objectLiteral([]),
      message: code`${"must match a schema in anyOf"}`,
      arg: null,
    });
    const ok = cx.fn.local("v");
    w.line(code`let ${ok} = false;`);
    if (
      cx.mode === "collect" &&
      !branches.every((b) => cx.resource.bounded(b.schema))
    ) {
      const mark = errorMark(cx, w);
      for (const b of branches)
        w.ifElse(code`!${ok}`, () =>
          w.line(code`${ok} = ${collectChildValid(cx, b, w)};`),
        );
      w.ifElse(
        ok,
        () => resetErrors(w, mark),
        () => w.line(pushError(cx, spec())),
      );
      return;
    }
    for (const b of branches)
      w.ifElse(code`!${ok}`, () =>
        w.line(code`${ok} = ${testChild(cx, b, w)};`),
      );
    w.ifElse(code`!${ok}`, () => {
      if (cx.mode === "test") return w.line(cx.fail.code);
      for (const b of branches) applyInline(cx, b, w);
      w.line(pushError(cx, spec()));
    });
  },
};
