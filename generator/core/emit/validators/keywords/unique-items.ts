/**
 * `uniqueItems`. Like Ajv: when `items` declares only primitive types, a map lookup over the items
 * from the end that skips items of other types (they fail `items` anyway) and reports the first
 * repeat found (`i` below `j`); otherwise the pair search of Ajv's `equal` loop (`i` above `j`),
 * done in linear time by the `findDuplicate` helper. Inherited from Ajv as is: with a single
 * `string` item type the item `"__proto__"` is never reported (Ajv keys a plain object by item).
 */
import { code, type Code } from "../../../codegen/code.js";
import { not } from "../../../codegen/expr.js";
import { fail, failIf, objectLiteral, type ErrorSpec } from "../apply.js";
import type { SchemaCx } from "../context.js";
import { schemaTypes } from "../rules.js";
import { typesTest, type KeywordEmitter } from "./keyword.js";

function spec(i: Code, j: Code): () => ErrorSpec {
  return () => ({
    keyword: "uniqueItems",
    dynamic: true,
    params: objectLiteral([
      ["i", i],
      ["j", j],
    ]),
    message: code`"must NOT have duplicate items (items ## " + ${j} + " and " + ${i} + " are identical)"`,
  });
}

export const uniqueItemsKeyword: KeywordEmitter<"uniqueItems"> = {
  keywords: ["uniqueItems"],
  group: "array",
  emit({ cx, schema, w }) {
    if (schema.uniqueItems !== true) return;
    const d = cx.data;
    const items = schema.items;
    const itemTypes = items ? schemaTypes(items) : [];
    if (
      itemTypes.length > 0 &&
      !itemTypes.some((t) => t === "object" || t === "array")
    ) {
      const seen = cx.fn.local("m");
      const i = cx.fn.local("i");
      const item = cx.fn.local("p");
      const j = cx.fn.local("j");
      w.ifElse(code`${d}.length > 1`, () => {
        w.line(code`const ${seen} = new Map<unknown, number>();`);
        w.block(code`for (let ${i} = ${d}.length; ${i}-- > 0;)`, () => {
          w.line(code`const ${item} = ${d}[${i}];`);
          w.line(code`if (${not(typesTest(itemTypes, item))}) continue;`);
          if (itemTypes.length === 1 && itemTypes[0] === "string")
            w.line(code`if (${item} === "__proto__") continue;`);
          w.line(code`const ${j} = ${seen}.get(${item});`);
          w.ifElse(code`${j} !== undefined`, () => {
            fail(cx, w, spec(i, j));
            if (cx.mode === "collect") w.line(code`break;`);
          });
          w.line(code`${seen}.set(${item}, ${i});`);
        });
      });
      return;
    }
    const dup = cx.fn.local("p");
    w.line(code`const ${dup} = ${cx.comp.helper("findDuplicate")}(${d});`);
    failIf(
      cx as SchemaCx,
      w,
      code`${dup} !== undefined`,
      spec(code`${dup}[0]`, code`${dup}[1]`),
    );
  },
};
