/**
 * `pattern`: ECMAScript with the `u` flag, as Ajv. The pattern text is catalog data: it reaches the
 * output only as a quoted string given to `new RegExp`, in a module-level constant built once.
 */
import { code, type Code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import type { SchemaCx } from "../context.js";
import type { KeywordEmitter } from "./keyword.js";

/** The shared `RegExp` constant for a pattern. */
export function patternConstant(cx: SchemaCx, pattern: string): Code {
  return cx.comp.constant(
    `re:${pattern}`,
    "re",
    () => code`new RegExp(${pattern}, "u")`,
  );
}

export const patternKeyword: KeywordEmitter<"pattern"> = {
  keywords: ["pattern"],
  group: "string",
  emit({ cx, schema, w }) {
    const pattern = schema.pattern!;
    failIf(
      cx,
      w,
      code`!${patternConstant(cx, pattern)}.test(${cx.data})`,
      () => ({
        keyword: "pattern",
        params: objectLiteral([["pattern", code`${pattern}`]]),
        arg: code`${pattern}`,
        message: code`${`must match pattern "${pattern}"`}`,
      }),
    );
  },
};
