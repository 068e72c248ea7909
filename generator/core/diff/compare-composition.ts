/**
 * Family: arrays (`items`, `prefixItems`), unions and intersections (`anyOf`, `oneOf`, `allOf`),
 * and every applicator no other family reads (`not`, `if`/`then`/`else`, `contains`,
 * `patternProperties`, `propertyNames`, `dependentRequired`, a `$ref` beside assertions). What
 * cannot be followed branch by branch is compared as a whole and, when it differs, reported as
 * `schema-changed` (possibly breaking): never dropped.
 */
import { hasOwn, type Json } from "../schema/json.js";
import { canonicalText } from "./schema-view.js";
import { child, type Family, type Pair, type Walk } from "./change.js";

/** Keywords compared as a whole. */
const OPAQUE = [
  "not",
  "if",
  "then",
  "else",
  "contains",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "$ref",
];

function opaqueText(
  w: Walk,
  pair: Pair,
  side: "old" | "new",
  keyword: string,
): string | undefined {
  const s = side === "old" ? pair.old.schema : pair.new.schema;
  if (!hasOwn(s, keyword)) return undefined;
  const src = (side === "old" ? pair.old.src : pair.new.src) + "/" + keyword;
  return canonicalText(
    { [keyword]: s[keyword]! },
    src,
    side === "old" ? w.oldRes : w.newRes,
  );
}

function reshaped(
  w: Walk,
  pair: Pair,
  keyword: string,
  before: string | undefined,
  after: string | undefined,
  why: string,
): void {
  w.report({
    kind: "schema-changed",
    effect: "uncertain",
    site: pair.site,
    at: [keyword],
    before: before ?? null,
    after: after ?? null,
    message: `${keyword} ${why}: cannot tell for certain which values are now rejected or newly accepted`,
  });
}

function branches(
  w: Walk,
  pair: Pair,
  keyword: "anyOf" | "oneOf" | "allOf",
): void {
  const b = pair.old.schema[keyword];
  const a = pair.new.schema[keyword];
  if (b === undefined && a === undefined) return;
  if (!Array.isArray(b) || !Array.isArray(a)) {
    reshaped(
      w,
      pair,
      keyword,
      opaqueText(w, pair, "old", keyword),
      opaqueText(w, pair, "new", keyword),
      b === undefined ? "added" : "removed",
    );
    return;
  }
  const oldTexts = b.map((x: Json, i: number) =>
    canonicalText(x, `${pair.old.src}/${keyword}/${i}`, w.oldRes),
  );
  const newTexts = a.map((x: Json, i: number) =>
    canonicalText(x, `${pair.new.src}/${keyword}/${i}`, w.newRes),
  );
  const unmatchedOld = oldTexts
    .map((_, i) => i)
    .filter((i) => !newTexts.includes(oldTexts[i]!));
  const unmatchedNew = newTexts
    .map((_, i) => i)
    .filter((i) => !oldTexts.includes(newTexts[i]!));
  if (unmatchedOld.length === 0 && unmatchedNew.length === 0) return;
  // allOf: a branch more is one more condition; anyOf/oneOf: one more alternative. (oneOf's
  // exclusivity makes even an added branch uncertain.)
  const intersect = keyword === "allOf";
  if (
    keyword !== "oneOf" &&
    (unmatchedOld.length === 0 || unmatchedNew.length === 0)
  ) {
    const added = unmatchedOld.length === 0;
    const narrows = added === intersect;
    w.report({
      kind: narrows ? "type-narrowed" : "type-widened",
      effect: narrows ? "narrows" : "widens",
      site: pair.site,
      at: [keyword],
      before: b.length,
      after: a.length,
      message: `${keyword} ${added ? "gained" : "lost"} ${added ? unmatchedNew.length : unmatchedOld.length} branch(es): ${narrows ? "fewer" : "more"} values are accepted`,
      ...(narrows
        ? {}
        : {
            handlerMust: `handle the values of the ${keyword} branches that are new`,
          }),
    });
    return;
  }
  if (unmatchedOld.length === unmatchedNew.length) {
    // The same branches, some edited: compare them in order.
    unmatchedNew.forEach((ni, k) => {
      const oi = unmatchedOld[k]!;
      const site = child(pair, keyword, ni);
      w.compare(b[oi], a[ni], {
        ...site,
        oldSrc: `${pair.old.src}/${keyword}/${oi}`,
      });
    });
    return;
  }
  reshaped(
    w,
    pair,
    keyword,
    `${b.length} branches`,
    `${a.length} branches`,
    `reshaped (${b.length} → ${a.length} branches)`,
  );
}

export const compareComposition: Family = (w, pair) => {
  const b = pair.old.schema;
  const a = pair.new.schema;
  if (hasOwn(b, "items") || hasOwn(a, "items"))
    w.compare(b.items, a.items, child(pair, "items"));
  const pb = Array.isArray(b.prefixItems)
    ? (b.prefixItems as readonly Json[])
    : [];
  const pa = Array.isArray(a.prefixItems)
    ? (a.prefixItems as readonly Json[])
    : [];
  if (pb.length === pa.length)
    pa.forEach((x, i) => w.compare(pb[i], x, child(pair, "prefixItems", i)));
  else
    reshaped(
      w,
      pair,
      "prefixItems",
      `${pb.length} positions`,
      `${pa.length} positions`,
      `changed from ${pb.length} to ${pa.length} positions`,
    );
  for (const keyword of ["anyOf", "oneOf", "allOf"] as const)
    branches(w, pair, keyword);
  for (const keyword of OPAQUE) {
    const before = opaqueText(w, pair, "old", keyword);
    const after = opaqueText(w, pair, "new", keyword);
    if (before !== after)
      reshaped(
        w,
        pair,
        keyword,
        before,
        after,
        before === undefined
          ? "added"
          : after === undefined
            ? "removed"
            : "changed",
      );
  }
};
