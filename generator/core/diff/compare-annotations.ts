/** Family: annotations — text the model reads, never a reason to reject a value. */
import { hasOwn, jsonEqual } from "../schema/json.js";
import { ANNOTATION_KEYWORDS } from "./schema-view.js";
import { show, type Family } from "./change.js";

/** `$comment` is for catalog authors only: nobody downstream sees it. */
const SEEN = ANNOTATION_KEYWORDS.filter((k) => k !== "$comment");

export const compareAnnotations: Family = (w, pair) => {
  for (const keyword of SEEN) {
    const had = hasOwn(pair.old.schema, keyword);
    const has = hasOwn(pair.new.schema, keyword);
    if (!had && !has) continue;
    const before = had ? pair.old.schema[keyword]! : null;
    const after = has ? pair.new.schema[keyword]! : null;
    if (had && has && jsonEqual(before, after)) continue;
    w.report({
      kind: "annotation-changed",
      effect: "none",
      site: pair.site,
      at: [keyword],
      before,
      after,
      message: `${keyword} ${had ? (has ? "changed" : "removed") : "added"}: ${show(before)} → ${show(after)}`,
    });
  }
};
