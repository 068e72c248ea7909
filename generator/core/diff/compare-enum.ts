/** Family: `enum` and `const` values (null is the nullable family's). */
import { jsonEqual, type Json } from "../schema/json.js";
import { enumValues } from "./schema-view.js";
import { show, type Family } from "./change.js";

export const compareEnum: Family = (w, pair) => {
  const before = enumValues(pair.old.schema);
  const after = enumValues(pair.new.schema);
  if (before === undefined && after === undefined) return;
  const keyword =
    "enum" in pair.new.schema || !("const" in pair.new.schema)
      ? "enum"
      : "const";
  if (before === undefined) {
    w.report({
      kind: "constraint-tightened",
      effect: "narrows",
      site: pair.site,
      at: [keyword],
      after: after as Json,
      message: `values now limited to ${show(after as Json)}`,
    });
    return;
  }
  if (after === undefined) {
    w.report({
      kind: "constraint-relaxed",
      effect: "widens",
      site: pair.site,
      at: ["enum" in pair.old.schema ? "enum" : "const"],
      before: before as Json,
      message: `values no longer limited to ${show(before as Json)}`,
      handlerMust: "accept any value here",
    });
    return;
  }
  for (const v of before) {
    if (!after.some((x) => jsonEqual(x, v)))
      w.report({
        kind: "enum-value-removed",
        effect: "narrows",
        site: pair.site,
        at: [keyword],
        before: v,
        message: `value ${show(v)} is no longer allowed`,
      });
  }
  for (const v of after) {
    if (!before.some((x) => jsonEqual(x, v)))
      w.report({
        kind: "enum-value-added",
        effect: "widens",
        site: pair.site,
        at: [keyword],
        after: v,
        message: `value ${show(v)} is now allowed`,
        handlerMust: `handle ${show(v)}`,
      });
  }
};
