/** `maxItems`, `minItems`. */
import { code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import { messageNumber, paramNumber, type KeywordEmitter } from "./keyword.js";

export const limitItemsKeyword: KeywordEmitter<"maxItems" | "minItems"> = {
  keywords: ["maxItems", "minItems"],
  group: "array",
  emit({ cx, schema, w }, keyword) {
    const n = schema[keyword]!;
    const op = keyword === "maxItems" ? code`>` : code`<`;
    failIf(cx, w, code`${cx.data}.length ${op} ${n}`, () => ({
      keyword,
      params: objectLiteral([["limit", paramNumber(n)]]),
      arg: paramNumber(n),
      message: code`${`must NOT have ${keyword === "maxItems" ? "more" : "fewer"} than ${messageNumber(n)} items`}`,
    }));
  },
};
