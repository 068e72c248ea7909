/**
 * `enum`: primitives compared with `===` (a `Set` lookup for long lists, same answers for JSON
 * values), objects and arrays with deep equality; `params.allowedValues` is the list itself.
 */
import { code, join, type Code } from "../../../codegen/code.js";
import { and, not, or } from "../../../codegen/expr.js";
import { failIf, objectLiteral } from "../apply.js";
import type { KeywordEmitter } from "./keyword.js";
import { jsonConstant, primitiveLiteral } from "./values.js";

const SET_THRESHOLD = 8;

export const enumKeyword: KeywordEmitter<"enum"> = {
  keywords: ["enum"],
  group: "any",
  emit({ cx, schema, w }) {
    const values = schema.enum!;
    const d = cx.data;
    const primitives: (null | boolean | number | string)[] = [];
    const objectIndexes: number[] = [];
    values.forEach((v, i) => {
      if (typeof v === "object" && v !== null) objectIndexes.push(i);
      else primitives.push(v);
    });
    const alternatives: Code[] = [];
    if (primitives.length > SET_THRESHOLD) {
      const items = join(primitives.map(primitiveLiteral), ", ");
      const set = cx.comp.constant(
        `set:${items.text}`,
        "es",
        () => code`new Set<unknown>([${items}])`,
      );
      alternatives.push(code`${set}.has(${d})`);
    } else {
      for (const p of primitives)
        alternatives.push(code`${d} === ${primitiveLiteral(p)}`);
    }
    if (objectIndexes.length > 0) {
      const all = jsonConstant(cx, values);
      const eq = cx.comp.helper("deepEqual");
      const objs = objectIndexes.map((i) => code`${eq}(${d}, ${all}[${i}])`);
      alternatives.push(
        and(code`typeof ${d} === "object"`, code`${d} !== null`, or(...objs)),
      );
    }
    failIf(cx, w, not(or(...alternatives)), () => ({
      keyword: "enum",
      params: objectLiteral([["allowedValues", jsonConstant(cx, values)]]),
      arg: jsonConstant(cx, values),
      message: code`${"must be equal to one of the allowed values"}`,
    }));
  },
};
