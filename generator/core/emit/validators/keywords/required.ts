/** `required`: one error per missing property. */
import { code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import type { KeywordEmitter } from "./keyword.js";

export const requiredKeyword: KeywordEmitter<"required"> = {
  keywords: ["required"],
  group: "object",
  emit({ cx, schema, w, node }) {
    for (const name of schema.required!) {
      failIf(cx, w, node.absent(name), () => ({
        keyword: "required",
        params: objectLiteral([["missingProperty", code`${name}`]]),
        arg: code`${name}`,
        message: code`${`must have required property '${name}'`}`,
      }));
    }
  },
};
