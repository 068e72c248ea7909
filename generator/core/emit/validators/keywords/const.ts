/** `const`: `===` for a primitive, deep equality (Ajv's `equal`) for an object or array. */
import { code, type Code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import type { KeywordEmitter } from "./keyword.js";
import { jsonConstant, primitiveLiteral } from "./values.js";

export const constKeyword: KeywordEmitter<"const"> = {
  keywords: ["const"],
  group: "any",
  emit({ cx, schema, w }) {
    const value = schema.const!;
    let expected: Code;
    let cond: Code;
    if (typeof value === "object" && value !== null) {
      expected = jsonConstant(cx, value);
      cond = code`!${cx.comp.helper("deepEqual")}(${cx.data}, ${expected})`;
    } else {
      expected = primitiveLiteral(value);
      cond = code`${cx.data} !== ${expected}`;
    }
    failIf(cx, w, cond, () => ({
      keyword: "const",
      params: objectLiteral([["allowedValue", expected]]),
      arg: expected,
      message: code`${"must be equal to constant"}`,
    }));
  },
};
