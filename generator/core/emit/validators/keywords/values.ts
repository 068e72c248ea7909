/** Schema values (enum members, const, lists in params) as generated expressions. */
import {
  code,
  jsonLiteral,
  type Code,
  type JsonValue,
} from "../../../codegen/code.js";
import type { Json } from "../../../schema/json.js";
import type { SchemaCx } from "../context.js";
import { paramNumber } from "./keyword.js";

/** A module-level constant holding the JSON value (deduplicated by its JSON text). */
export function jsonConstant(cx: SchemaCx, value: Json): Code {
  const literal = jsonLiteral(value as JsonValue);
  // Deep-frozen: errors hand these out as params (allowedValue(s)), and validators compare against them.
  const type = Array.isArray(value) ? code`readonly unknown[]` : code`unknown`;
  return cx.comp.dataConstant(
    `json:${literal}`,
    "cv",
    () => value as JsonValue,
    () => cx.comp.helper("freezeJson"),
    type,
  );
}

/** A primitive schema value as a literal (numbers as Ajv writes them, -0 as 0). */
export function primitiveLiteral(
  value: null | boolean | number | string,
): Code {
  if (typeof value === "number") return paramNumber(value);
  return code`${value}`;
}
