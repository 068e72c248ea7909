/** Family: JSON types (`type`, with `integer` inside `number`) and whether `null` is accepted. */
import {
  acceptsNull,
  admitsType,
  enumValues,
  typesOf,
  type JsonType,
} from "./schema-view.js";
import type { Family } from "./change.js";

const ORDER: readonly JsonType[] = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
];
const list = (s: ReadonlySet<JsonType>) => ORDER.filter((t) => s.has(t));

export const compareTypes: Family = (w, pair) => {
  const o = pair.old;
  const n = pair.new;
  // When both sides list their values, the enum family says precisely what changed.
  if (!(
    enumValues(o.schema) !== undefined &&
    enumValues(n.schema) !== undefined &&
    !("type" in o.schema) &&
    !("type" in n.schema)
  )) {
    const before = typesOf(o, w.oldRes);
    const after = typesOf(n, w.newRes);
    const lost = list(before).filter((t) => !admitsType(after, t));
    const gained = list(after).filter((t) => !admitsType(before, t));
    const from = list(before).join(" | ") || "nothing";
    const to = list(after).join(" | ") || "nothing";
    if (lost.length > 0)
      w.report({
        kind: "type-narrowed",
        effect: "narrows",
        site: pair.site,
        at: ["type"],
        before: list(before),
        after: list(after),
        message: `type ${from} → ${to}: ${lost.join(", ")} no longer accepted`,
      });
    if (gained.length > 0)
      w.report({
        kind: "type-widened",
        effect: "widens",
        site: pair.site,
        at: ["type"],
        before: list(before),
        after: list(after),
        message: `type ${from} → ${to}: ${gained.join(", ")} now accepted`,
        handlerMust: `accept ${gained.join(", ")} here`,
      });
  }
  const wasNull = acceptsNull(o, w.oldRes);
  const isNull = acceptsNull(n, w.newRes);
  if (wasNull && !isNull)
    w.report({
      kind: "nullable-removed",
      effect: "narrows",
      site: pair.site,
      at: ["type"],
      before: true,
      after: false,
      message: "null is no longer accepted",
    });
  if (!wasNull && isNull)
    w.report({
      kind: "nullable-added",
      effect: "widens",
      site: pair.site,
      at: ["type"],
      before: false,
      after: true,
      message: "null is now accepted",
      handlerMust: "handle null here",
    });
};
