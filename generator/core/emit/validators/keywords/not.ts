/** `not`: the subschema is only tested (Ajv: no errors, stop at the first failure). */
import { code } from "../../../codegen/code.js";
import {
  fail,
  failIf,
  objectLiteral,
  testChild,
  type ErrorSpec,
} from "../apply.js";
import { alwaysValid } from "../rules.js";
import type { KeywordEmitter } from "./keyword.js";

export const notKeyword: KeywordEmitter<"not"> = {
  keywords: ["not"],
  group: "any",
  emit({ cx, schema, w }) {
    const sub = schema.not!;
    const spec = (): ErrorSpec => ({
      keyword: "not",
      params: objectLiteral([]),
      message: code`${"must NOT be valid"}`,
      arg: null,
    });
    if (alwaysValid(sub)) return fail(cx, w, spec);
    const valid = testChild(
      cx,
      { schema: sub, schemaPath: `${cx.schemaPath}/not` },
      w,
    );
    failIf(cx, w, valid, spec);
  },
};
