/**
 * `type`. Ajv checks it up front, except when the schema has a single type that has keywords of its
 * own group (`{ type: "string", minLength: 1 }`): then the type error is reported in the `else` of
 * that group, after the untyped keywords. The driver (schema.ts) asks this module for both.
 */
import { code, type Code } from "../../../codegen/code.js";
import type { SimpleType } from "../../../schema/schema.js";
import type { ErrorSpec } from "../apply.js";
import { objectLiteral } from "../apply.js";
import type { SchemaCx } from "../context.js";
import type { KeywordEmitter } from "./keyword.js";

export function typeError(
  cx: SchemaCx,
  written: SimpleType | readonly SimpleType[],
): ErrorSpec {
  const typeParam: Code =
    typeof written === "string"
      ? code`${written}`
      : cx.comp.constant(
          `type:${JSON.stringify(written)}`,
          "ty",
          () => code`Object.freeze(${written})`,
        );
  const text = typeof written === "string" ? written : written.join(",");
  return {
    keyword: "type",
    params: objectLiteral([["type", typeParam]]),
    message: code`${`must be ${text}`}`,
    arg: typeParam,
  };
}

/** Registered for exhaustiveness; the driver calls `typeError` and `typesTest` itself. */
export const typeKeyword: KeywordEmitter<"type"> = {
  keywords: ["type"],
  group: "any",
  emit() {},
};
