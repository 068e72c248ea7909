/**
 * `contains` with `minContains` / `maxContains` (which do nothing on their own). Mirrors Ajv's
 * loop exactly, because which items' errors Ajv keeps on failure depends on where it stops:
 * - no `maxContains`, min 1: stop at the first matching item;
 * - no `maxContains`, min n: stop when n items matched;
 * - with `maxContains`: stop when more than max matched, otherwise look at every item.
 * On failure the errors of the failing items before the stop are kept, then the `contains` error.
 */
import { code, type Code } from "../../../codegen/code.js";
import {
  applyInline,
  collectChildValid,
  errorMark,
  fail,
  failIf,
  objectLiteral,
  pushError,
  resetErrors,
  testChild,
  type ChildArgs,
  type ErrorSpec,
} from "../apply.js";
import type { SchemaCx } from "../context.js";
import { alwaysValid } from "../rules.js";
import type { Writer } from "../writer.js";
import { paramNumber, type KeywordEmitter } from "./keyword.js";

export const containsKeyword: KeywordEmitter<
  "contains" | "minContains" | "maxContains"
> = {
  keywords: ["contains", "maxContains", "minContains"],
  group: "array",
  emit({ cx, schema, w }, keyword) {
    if (keyword !== "contains") return; // read by `contains`
    const sub = schema.contains!;
    const min = schema.minContains ?? 1;
    const max = schema.maxContains;
    const d = cx.data;
    const spec = (): ErrorSpec => ({
      keyword: "contains",
      params: objectLiteral(
        max === undefined
          ? [["minContains", paramNumber(min)]]
          : [
              ["minContains", paramNumber(min)],
              ["maxContains", paramNumber(max)],
            ],
      ),
      message: code`${max === undefined ? `must contain at least ${min} valid item(s)` : `must contain at least ${min} and no more than ${max} valid item(s)`}`,
    });
    if (max === undefined && min === 0) return;
    if (max !== undefined && min > max) return fail(cx, w, spec);
    if (alwaysValid(sub)) {
      const cond =
        max === undefined
          ? code`${d}.length < ${min}`
          : code`${d}.length < ${min} || ${d}.length > ${max}`;
      return failIf(cx, w, cond, spec);
    }
    const i = cx.fn.local("i");
    const args = (): ChildArgs => ({
      schema: sub,
      schemaPath: `${cx.schemaPath}/contains`,
      data: code`${d}[${i}]`,
      path: cx.path.index(i),
    });
    const valid = cx.fn.local("v");
    const count = cx.fn.local("n");
    w.line(code`let ${valid} = ${max !== undefined && min === 0};`);
    w.line(code`let ${count} = 0;`);
    w.line(code`let ${i} = 0;`);
    const counting = cx.mode === "collect" && !cx.resource.bounded(sub);
    const mark = counting ? errorMark(cx, w) : undefined;
    w.block(code`for (; ${i} < ${d}.length; ${i}++)`, () => {
      const ok = counting
        ? collectChildValid(cx, args(), w)
        : testChild(cx, args(), w);
      w.ifElse(ok, () => afterMatch(w, valid, count, min, max));
    });
    if (cx.mode === "test") return failIf(cx, w, code`!${valid}`, spec);
    if (mark !== undefined)
      return w.ifElse(
        valid,
        () => resetErrors(w, mark),
        () => w.line(pushError(cx, spec())),
      );
    w.ifElse(code`!${valid}`, () => {
      const j = cx.fn.local("j");
      w.block(
        code`for (let ${j} = 0; ${j} < ${d}.length && ${j} <= ${i}; ${j}++)`,
        () =>
          applyInline(
            cx as SchemaCx,
            { ...args(), data: code`${d}[${j}]`, path: cx.path.index(j) },
            w,
          ),
      );
      w.line(pushError(cx, spec()));
    });
  },
};

/** Ajv's `checkLimits` after an item matched. */
function afterMatch(
  w: Writer,
  valid: Code,
  count: Code,
  min: number,
  max: number | undefined,
): void {
  w.line(code`${count}++;`);
  if (max === undefined) {
    if (min === 1) w.line(code`${valid} = true;\nbreak;`);
    else
      w.ifElse(code`${count} >= ${min}`, () =>
        w.line(code`${valid} = true;\nbreak;`),
      );
    return;
  }
  w.ifElse(code`${count} > ${max}`, () =>
    w.line(code`${valid} = false;\nbreak;`),
  );
  if (min <= 1) w.line(code`${valid} = true;`);
  else w.ifElse(code`${count} >= ${min}`, () => w.line(code`${valid} = true;`));
}
