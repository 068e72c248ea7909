/**
 * `oneOf`. Ajv evaluates branches in order and stops at the second passing one; on failure it
 * keeps the errors of the failing branches it evaluated and reports the first two passing indexes
 * (`passingSchemas`, or null when none passed). Same strategy as anyOf: test first, collect the
 * failing branches only when the keyword fails, count errors for branches that can recurse.
 */
import { code, type Code } from "../../../codegen/code.js";
import {
  applyInline,
  collectChildValid,
  errorMark,
  objectLiteral,
  pushError,
  resetErrors,
  testChild,
  type ErrorSpec,
} from "../apply.js";
import { alwaysValid } from "../rules.js";
import type { KeywordEmitter } from "./keyword.js";

export const oneOfKeyword: KeywordEmitter<"oneOf"> = {
  keywords: ["oneOf"],
  group: "any",
  emit({ cx, schema, w }) {
    const branches = schema.oneOf!.map((sub, i) => ({
      schema: sub,
      schemaPath: `${cx.schemaPath}/oneOf/${i}`,
    }));
    const first = cx.fn.local("n");
    const second = cx.fn.local("n");
    const label = cx.fn.local("L");
    const spec = (): ErrorSpec => ({
      keyword: "oneOf",
      dynamic: true,
      params: objectLiteral([
        ["passingSchemas", code`${second} >= 0 ? [${first}, ${second}] : null`],
      ]),
      message: code`${"must match exactly one schema in oneOf"}`,
    });
    w.line(code`let ${first} = -1;`);
    w.line(code`let ${second} = -1;`);
    const countingCollect =
      cx.mode === "collect" &&
      !branches.every((b) => cx.resource.bounded(b.schema));
    const mark = countingCollect ? errorMark(cx, w) : undefined;
    const record = (i: number, valid: Code) =>
      w.ifElse(valid, () => {
        if (i > 0)
          w.ifElse(code`${first} >= 0`, () =>
            w.line(code`${second} = ${i};\nbreak ${label};`),
          );
        w.line(code`${first} = ${i};`);
      });
    const evaluate = () =>
      branches.forEach((b, i) => {
        if (alwaysValid(b.schema)) return record(i, code`true`);
        record(
          i,
          countingCollect ? collectChildValid(cx, b, w) : testChild(cx, b, w),
        );
      });
    // Only a second branch can stop the loop early, so only then is there a label to break to.
    if (branches.length > 1) w.block(code`${label}:`, evaluate);
    else evaluate();
    const failed = code`${first} < 0 || ${second} >= 0`;
    if (cx.mode === "test") return w.ifElse(failed, () => w.line(cx.fail.code));
    if (mark !== undefined) {
      w.ifElse(
        failed,
        () => w.line(pushError(cx, spec())),
        () => resetErrors(w, mark),
      );
      return;
    }
    w.ifElse(failed, () => {
      branches.forEach((b, i) => {
        if (alwaysValid(b.schema)) return;
        w.ifElse(
          code`(${second} < 0 || ${i} < ${second}) && ${i} !== ${first}`,
          () => applyInline(cx, b, w),
        );
      });
      w.line(pushError(cx, spec()));
    });
  },
};
