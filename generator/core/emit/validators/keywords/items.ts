/**
 * `items` (2020-12): the items after `prefixItems`, or all items. With `prefixItems`, `items: false`
 * is one `items` error with the allowed count (Ajv); without, each item fails the `false` schema.
 */
import { code } from "../../../codegen/code.js";
import { applyInline, failIf, objectLiteral } from "../apply.js";
import { alwaysValid } from "../rules.js";
import { paramNumber, type KeywordEmitter } from "./keyword.js";

export const itemsKeyword: KeywordEmitter<"items"> = {
  keywords: ["items"],
  group: "array",
  emit({ cx, schema, w }) {
    const sub = schema.items!;
    if (alwaysValid(sub)) return;
    const d = cx.data;
    const prefix = schema.prefixItems;
    const start = prefix === undefined ? 0 : prefix.length;
    if (prefix !== undefined && sub === false) {
      failIf(cx, w, code`${d}.length > ${start}`, () => ({
        keyword: "items",
        params: objectLiteral([["limit", paramNumber(start)]]),
        arg: paramNumber(start),
        message: code`${`must NOT have more than ${start} items`}`,
      }));
      return;
    }
    const i = cx.fn.local("i");
    w.block(code`for (let ${i} = ${start}; ${i} < ${d}.length; ${i}++)`, () =>
      applyInline(
        cx,
        {
          schema: sub,
          schemaPath: `${cx.schemaPath}/items`,
          data: code`${d}[${i}]`,
          path: cx.path.index(i),
        },
        w,
      ),
    );
  },
};
