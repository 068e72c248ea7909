/**
 * Family: constraints — bounds, lengths, item and property counts, pattern, format, multipleOf,
 * uniqueItems. One table entry per keyword group says which direction tightens.
 */
import { hasOwn, type Json, type JsonObject } from "../schema/json.js";
import { show, type Family, type Pair, type Walk } from "./change.js";

type Verdict = "tightened" | "relaxed" | "changed" | "same";

interface ConstraintRule {
  /** The keywords the rule reads; the change is reported at the first one present. */
  readonly keywords: readonly string[];
  judge(before: JsonObject, after: JsonObject): Verdict;
}

const num = (s: JsonObject, k: string) =>
  typeof s[k] === "number" ? (s[k] as number) : undefined;

/** A lower bound (`minLength`, …): absent is no bound; higher tightens. */
function lower(keyword: string): ConstraintRule {
  return {
    keywords: [keyword],
    judge: (b, a) =>
      order(num(b, keyword) ?? -Infinity, num(a, keyword) ?? -Infinity),
  };
}
function upper(keyword: string): ConstraintRule {
  return {
    keywords: [keyword],
    judge: (b, a) =>
      order(num(a, keyword) ?? Infinity, num(b, keyword) ?? Infinity),
  };
}
/** `before < after` tightens (for a lower bound). */
function order(before: number, after: number): Verdict {
  return after > before ? "tightened" : after < before ? "relaxed" : "same";
}

/** The effective numeric bound from the inclusive and exclusive keyword: [value, exclusive]. */
function bound(
  s: JsonObject,
  inclusive: string,
  exclusive: string,
  pick: (a: number, b: number) => boolean,
): [number, boolean] | undefined {
  const i = num(s, inclusive);
  const e = num(s, exclusive);
  if (i === undefined && e === undefined) return undefined;
  if (i === undefined) return [e!, true];
  if (e === undefined) return [i, false];
  return pick(e, i) || e === i ? [e, true] : [i, false];
}

function numericBound(
  inclusive: string,
  exclusive: string,
  isLower: boolean,
): ConstraintRule {
  const pick = isLower
    ? (a: number, b: number) => a > b
    : (a: number, b: number) => a < b;
  return {
    keywords: [inclusive, exclusive],
    judge(b, a) {
      const before = bound(b, inclusive, exclusive, pick);
      const after = bound(a, inclusive, exclusive, pick);
      if (!before && !after) return "same";
      if (!before) return "tightened";
      if (!after) return "relaxed";
      const [bv, be] = before;
      const [av, ae] = after;
      if (av === bv) return ae === be ? "same" : ae ? "tightened" : "relaxed";
      return (isLower ? av > bv : av < bv) ? "tightened" : "relaxed";
    },
  };
}

/** Present versus absent is certain; one value replaced by another is not (two patterns, two formats). */
function presence(keyword: string): ConstraintRule {
  return {
    keywords: [keyword],
    judge(b, a) {
      const had = hasOwn(b, keyword);
      const has = hasOwn(a, keyword);
      if (!had && !has) return "same";
      if (!had) return "tightened";
      if (!has) return "relaxed";
      return b[keyword] === a[keyword] ? "same" : "changed";
    },
  };
}

const multipleOf: ConstraintRule = {
  keywords: ["multipleOf"],
  judge(b, a) {
    const before = num(b, "multipleOf");
    const after = num(a, "multipleOf");
    if (before === after) return "same";
    if (before === undefined) return "tightened";
    if (after === undefined) return "relaxed";
    if (Number.isInteger(after / before)) return "tightened"; // every multiple of 10 is a multiple of 5
    if (Number.isInteger(before / after)) return "relaxed";
    return "changed";
  },
};

const uniqueItems: ConstraintRule = {
  keywords: ["uniqueItems"],
  judge: (b, a) =>
    (b.uniqueItems === true) === (a.uniqueItems === true)
      ? "same"
      : a.uniqueItems === true
        ? "tightened"
        : "relaxed",
};

export const CONSTRAINT_RULES: readonly ConstraintRule[] = [
  numericBound("minimum", "exclusiveMinimum", true),
  numericBound("maximum", "exclusiveMaximum", false),
  lower("minLength"),
  upper("maxLength"),
  lower("minItems"),
  upper("maxItems"),
  lower("minProperties"),
  upper("maxProperties"),
  lower("minContains"),
  upper("maxContains"),
  presence("pattern"),
  presence("format"),
  multipleOf,
  uniqueItems,
];

function values(s: JsonObject, keywords: readonly string[]): Json {
  const present = keywords.filter((k) => hasOwn(s, k));
  if (present.length === 0) return null;
  return present.length === 1
    ? s[present[0]!]!
    : Object.fromEntries(present.map((k) => [k, s[k]!]));
}

function describe(
  keywords: readonly string[],
  before: Json,
  after: Json,
): string {
  return `${keywords.join("/")} ${show(before)} → ${show(after)}`;
}

export const compareConstraints: Family = (w: Walk, pair: Pair) => {
  const b = pair.old.schema;
  const a = pair.new.schema;
  for (const rule of CONSTRAINT_RULES) {
    const verdict = rule.judge(b, a);
    if (verdict === "same") continue;
    const keyword =
      rule.keywords.find((k) => hasOwn(a, k)) ??
      rule.keywords.find((k) => hasOwn(b, k))!;
    const before = values(b, rule.keywords);
    const after = values(a, rule.keywords);
    const text = describe(
      rule.keywords.filter((k) => hasOwn(a, k) || hasOwn(b, k)),
      before,
      after,
    );
    if (verdict === "tightened")
      w.report({
        kind: "constraint-tightened",
        effect: "narrows",
        site: pair.site,
        at: [keyword],
        before,
        after,
        message: `${text}: rejects more`,
      });
    else if (verdict === "relaxed")
      w.report({
        kind: "constraint-relaxed",
        effect: "widens",
        site: pair.site,
        at: [keyword],
        before,
        after,
        message: `${text}: accepts more`,
        handlerMust: `accept values ${keyword} ${show(before)} used to rule out`,
      });
    else
      w.report({
        kind: "constraint-changed",
        effect: "uncertain",
        site: pair.site,
        at: [keyword],
        before,
        after,
        message: `${text}: may reject values that were valid and accept values that were not`,
      });
  }
};
