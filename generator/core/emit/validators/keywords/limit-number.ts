/** `maximum`, `minimum`, `exclusiveMaximum`, `exclusiveMinimum` (numbers only; `isFinite` is checked by the group). */
import { code } from "../../../codegen/code.js";
import { failIf, objectLiteral } from "../apply.js";
import { messageNumber, paramNumber, type KeywordEmitter } from "./keyword.js";

type LimitKeyword =
  "maximum" | "minimum" | "exclusiveMaximum" | "exclusiveMinimum";

const LIMITS: Readonly<
  Record<
    LimitKeyword,
    {
      readonly ok: "<=" | ">=" | "<" | ">";
      readonly fail: ">" | "<" | ">=" | "<=";
    }
  >
> = {
  maximum: { ok: "<=", fail: ">" },
  minimum: { ok: ">=", fail: "<" },
  exclusiveMaximum: { ok: "<", fail: ">=" },
  exclusiveMinimum: { ok: ">", fail: "<=" },
};

export const limitNumberKeyword: KeywordEmitter<LimitKeyword> = {
  keywords: ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"],
  group: "number",
  emit({ cx, schema, w }, keyword) {
    const limit = schema[keyword]!;
    const { ok, fail } = LIMITS[keyword];
    const op = { ">": code`>`, "<": code`<`, ">=": code`>=`, "<=": code`<=` }[
      fail
    ];
    failIf(cx, w, code`${cx.data} ${op} ${paramNumber(limit)}`, () => ({
      keyword,
      params: objectLiteral([
        ["comparison", code`${ok}`],
        ["limit", paramNumber(limit)],
      ]),
      arg: paramNumber(limit),
      message: code`${`must be ${ok} ${messageNumber(limit)}`}`,
    }));
  },
};
