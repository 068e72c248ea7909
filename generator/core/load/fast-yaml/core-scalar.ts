/**
 * What an untagged plain scalar means under the YAML 1.2 core schema, resolved exactly as `yaml`
 * 2.x does it (`schema: "core"`, no `intAsBigInt`): its default tags are tried in this order and
 * the first whose test matches wins; no match means a string. The patterns and conversions are
 * copied from yaml/dist/schema/core and common/null.js so that `012`, `0o17`, `0x1F`, `1e3`,
 * `-0`, `.inf`, `1_000`, `yes` and `Null` come out as they do there (the fast-path property test
 * compares the two on such spellings).
 */

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Non-finite numbers (`.inf`, `.nan`) are returned as such; the caller decides what JSON makes of them. */
export function resolvePlainScalar(
  source: string,
): null | boolean | number | string {
  if (source === "") return null;
  // Every non-string form starts with a digit, a sign, a dot, `~`, or the first letter of
  // null/true/false; testing that first keeps ordinary words away from eight regular expressions.
  const c = source.charCodeAt(0);
  const maybe =
    (c >= 48 && c <= 57) ||
    c === 43 ||
    c === 45 ||
    c === 46 ||
    c === 126 ||
    c === 110 ||
    c === 78 ||
    c === 116 ||
    c === 84 ||
    c === 102 ||
    c === 70;
  if (!maybe) return source;
  if (NULL.test(source)) return null;
  if (BOOL.test(source)) return c === 116 || c === 84;
  if (INT_OCT.test(source)) return parseInt(source.substring(2), 8);
  if (INT.test(source)) return parseInt(source, 10);
  if (INT_HEX.test(source)) return parseInt(source.substring(2), 16);
  if (FLOAT_NAN.test(source))
    return source.slice(-3).toLowerCase() === "nan"
      ? NaN
      : c === 45
        ? Number.NEGATIVE_INFINITY
        : Number.POSITIVE_INFINITY;
  if (FLOAT_EXP.test(source) || FLOAT.test(source)) return parseFloat(source);
  return source;
}
