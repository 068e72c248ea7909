/** `patternProperties`: per pattern (in schema order), every own key that matches it. */
import { code } from "../../../codegen/code.js";
import { applyInline, forEachOwnKey } from "../apply.js";
import { schemaPathSegment } from "../context.js";
import { canFail } from "../rules.js";
import type { KeywordEmitter } from "./keyword.js";
import { patternConstant } from "./pattern.js";

export const patternPropertiesKeyword: KeywordEmitter<"patternProperties"> = {
  keywords: ["patternProperties"],
  group: "object",
  emit({ cx, schema, w }) {
    const patterns = schema.patternProperties!;
    const keyList = Object.keys(patterns);
    for (let i = 0; i < keyList.length; i++) {
      const pattern = keyList[i]!;
      const sub = patterns[pattern]!;
      // A key matching the pattern is only checked against `sub`: nothing to do when it cannot fail
      // (and its RegExp would be declared and never used).
      if (!canFail(sub)) continue;
      const re = patternConstant(cx, pattern);
      forEachOwnKey(cx, w, (key, w) =>
        w.ifElse(code`${re}.test(${key})`, () =>
          applyInline(
            cx,
            {
              schema: sub,
              schemaPath: `${cx.schemaPath}/patternProperties/${schemaPathSegment(pattern)}`,
              data: code`${cx.data}[${key}]`,
              path: cx.path.key(key, () => cx.comp.helper("escapeKey")),
            },
            w,
          ),
        ),
      );
    }
  },
};
