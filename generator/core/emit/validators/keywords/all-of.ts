/** `allOf`: every subschema applies in place; no error of its own. */
import { applyInline } from "../apply.js";
import type { KeywordEmitter } from "./keyword.js";

export const allOfKeyword: KeywordEmitter<"allOf"> = {
  keywords: ["allOf"],
  group: "any",
  emit({ cx, schema, w }) {
    schema.allOf!.forEach((sub, i) => {
      if (!w.terminatedHere)
        applyInline(
          cx,
          { schema: sub, schemaPath: `${cx.schemaPath}/allOf/${i}` },
          w,
        );
    });
  },
};
