/**
 * `format`, asserted with ajv-formats' "full" definitions. Ajv registers `format` for numbers and
 * strings; every supported format is a string format, so for numbers it only takes part in
 * grouping (see the driver) and emits nothing.
 */
import { code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import { FORMAT_HELPERS } from "../helpers.js";
import type { KeywordEmitter } from "./keyword.js";

export const formatKeyword: KeywordEmitter<"format"> = {
  keywords: ["format"],
  group: "string",
  emit({ cx, group, schema, w }) {
    if (group !== "string") return;
    const format = schema.format!;
    const check = cx.comp.helper(FORMAT_HELPERS[format]);
    failIf(cx, w, code`!${check}(${cx.data})`, () => ({
      keyword: "format",
      params: objectLiteral([["format", code`${format}`]]),
      arg: code`${format}`,
      message: code`${`must match format "${format}"`}`,
    }));
  },
};
