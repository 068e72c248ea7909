/** `maxProperties`, `minProperties` (own enumerable keys). */
import { code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import { messageNumber, paramNumber, type KeywordEmitter } from "./keyword.js";

export const limitPropertiesKeyword: KeywordEmitter<
  "maxProperties" | "minProperties"
> = {
  keywords: ["maxProperties", "minProperties"],
  group: "object",
  emit({ cx, schema, w, node }, keyword) {
    const n = schema[keyword]!;
    const count = node.keyCount();
    const op = keyword === "maxProperties" ? code`>` : code`<`;
    failIf(cx, w, code`${count} ${op} ${n}`, () => ({
      keyword,
      params: objectLiteral([["limit", paramNumber(n)]]),
      arg: paramNumber(n),
      message: code`${`must NOT have ${keyword === "maxProperties" ? "more" : "fewer"} than ${messageNumber(n)} properties`}`,
    }));
  },
};
