/**
 * `maxLength`, `minLength` in code points (Ajv `ucs2length`). The UTF-16 length bounds the code
 * point count (`ceil(length / 2) <= count <= length`), so the count is computed only when the
 * length alone cannot decide.
 */
import { code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import { messageNumber, paramNumber, type KeywordEmitter } from "./keyword.js";

export const limitLengthKeyword: KeywordEmitter<"maxLength" | "minLength"> = {
  keywords: ["maxLength", "minLength"],
  group: "string",
  emit({ cx, schema, w }, keyword) {
    const n = schema[keyword]!;
    const d = cx.data;
    if (keyword === "minLength" && n === 0) return;
    const count = () => code`${cx.comp.helper("ucs2length")}(${d})`;
    const cond =
      keyword === "maxLength"
        ? code`${d}.length > ${n} && ${count()} > ${n}`
        : n === 1
          ? code`${d}.length === 0`
          : code`${d}.length < ${n} || (${d}.length < ${2 * n} && ${count()} < ${n})`;
    failIf(cx, w, cond, () => ({
      keyword,
      params: objectLiteral([["limit", paramNumber(n)]]),
      arg: paramNumber(n),
      message: code`${`must NOT have ${keyword === "maxLength" ? "more" : "fewer"} than ${messageNumber(n)} characters`}`,
    }));
  },
};
