/**
 * `multipleOf`. Ajv tests `d / m !== parseInt(d / m)`: the quotient must be an integer whose
 * decimal text has no exponent, i.e. an integer below 1e21 in magnitude. The same test without
 * the string conversion (proved equal by a property test).
 */
import { code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import { messageNumber, paramNumber, type KeywordEmitter } from "./keyword.js";

export const multipleOfKeyword: KeywordEmitter<"multipleOf"> = {
  keywords: ["multipleOf"],
  group: "number",
  emit({ cx, schema, w }) {
    const m = schema.multipleOf!;
    const q = code`${cx.data} / ${paramNumber(m)}`;
    failIf(
      cx,
      w,
      code`!Number.isInteger(${q}) || Math.abs(${q}) >= 1e21`,
      () => ({
        keyword: "multipleOf",
        params: objectLiteral([["multipleOf", paramNumber(m)]]),
        arg: paramNumber(m),
        message: code`${`must be multiple of ${messageNumber(m)}`}`,
      }),
    );
  },
};
