/**
 * `if` / `then` / `else`. `if` is only tested; the chosen clause is checked, and when it fails
 * Ajv keeps its errors and adds an `if` error naming the clause (`failingKeyword`). Nothing
 * happens unless `then` or `else` has rules.
 */
import { code } from "../../../codegen/code.js";
import { not } from "../../../codegen/expr.js";
import type { Schema } from "../../../schema/schema.js";
import {
  applyInline,
  collectChildValid,
  objectLiteral,
  pushError,
  testChild,
  type ErrorSpec,
} from "../apply.js";
import { alwaysValid } from "../rules.js";
import type { KeywordEmitter, KeywordContext } from "./keyword.js";

function clause(
  { cx, w }: KeywordContext,
  keyword: "then" | "else",
  sub: Schema,
): () => void {
  return () => {
    const args = { schema: sub, schemaPath: `${cx.schemaPath}/${keyword}` };
    const spec = (): ErrorSpec => ({
      keyword: "if",
      params: objectLiteral([["failingKeyword", code`${keyword}`]]),
      arg: code`${keyword}`,
      message: code`${`must match "${keyword}" schema`}`,
    });
    if (cx.mode === "test") return applyInline(cx, args, w);
    if (!cx.resource.bounded(sub)) {
      const valid = collectChildValid(cx, args, w);
      return w.ifElse(not(valid), () => w.line(pushError(cx, spec())));
    }
    const valid = testChild(cx, args, w);
    w.ifElse(code`!${valid}`, () => {
      applyInline(cx, args, w);
      w.line(pushError(cx, spec()));
    });
  };
}

export const ifKeyword: KeywordEmitter<"if" | "then" | "else"> = {
  keywords: ["if", "then", "else"],
  group: "any",
  emit(k, keyword) {
    if (keyword !== "if") return; // `then`/`else` are applied by `if`
    const { cx, schema, w } = k;
    const thenSchema = schema.then;
    const elseSchema = schema.else;
    const hasThen = thenSchema !== undefined && !alwaysValid(thenSchema);
    const hasElse = elseSchema !== undefined && !alwaysValid(elseSchema);
    if (!hasThen && !hasElse) return;
    const ifValid = testChild(
      cx,
      { schema: schema.if!, schemaPath: `${cx.schemaPath}/if` },
      w,
    );
    if (hasThen && hasElse)
      w.ifElse(
        ifValid,
        clause(k, "then", thenSchema!),
        clause(k, "else", elseSchema!),
      );
    else if (hasThen) w.ifElse(ifValid, clause(k, "then", thenSchema!));
    else w.ifElse(code`!${ifValid}`, clause(k, "else", elseSchema!));
  },
};
