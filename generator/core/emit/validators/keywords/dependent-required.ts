/** `dependentRequired`: when a property is present, each listed property must be too. */
import { code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import type { KeywordEmitter } from "./keyword.js";

export const dependentRequiredKeyword: KeywordEmitter<"dependentRequired"> = {
  keywords: ["dependentRequired"],
  group: "object",
  emit({ cx, schema, w, node }) {
    const deps = schema.dependentRequired!;
    for (const property of Object.keys(deps)) {
      const list = deps[property]!;
      if (list.length === 0) continue;
      const joined = list.join(", ");
      w.ifElse(node.present(property), () => {
        for (const dep of list) {
          failIf(cx, w, node.absent(dep), () => ({
            keyword: "dependentRequired",
            params: objectLiteral([
              ["property", code`${property}`],
              ["missingProperty", code`${dep}`],
              ["depsCount", code`${list.length}`],
              ["deps", code`${joined}`],
            ]),
            message: code`${`must have ${list.length === 1 ? "property" : "properties"} ${joined} when property ${property} is present`}`,
          }));
        }
      });
    }
  },
};
