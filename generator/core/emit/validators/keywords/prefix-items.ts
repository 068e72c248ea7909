/** `prefixItems`: the i-th schema applies to the i-th item when there is one. */
import { code } from "../../../codegen/code.js";
import { applyInline } from "../apply.js";
import { alwaysValid } from "../rules.js";
import type { KeywordEmitter } from "./keyword.js";

export const prefixItemsKeyword: KeywordEmitter<"prefixItems"> = {
  keywords: ["prefixItems"],
  group: "array",
  emit({ cx, schema, w }) {
    schema.prefixItems!.forEach((sub, i) => {
      if (alwaysValid(sub)) return;
      w.ifElse(code`${cx.data}.length > ${i}`, () =>
        applyInline(
          cx,
          {
            schema: sub,
            schemaPath: `${cx.schemaPath}/prefixItems/${i}`,
            data: code`${cx.data}[${i}]`,
            path: cx.path.staticIndex(i),
          },
          w,
        ),
      );
    });
  },
};
