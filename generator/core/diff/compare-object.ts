/**
 * Family: objects — properties added, removed, made required or optional, and the object closed
 * or opened (`additionalProperties: false`). Whom an added or removed property breaks depends
 * on whether the object was closed: a new optional field on a closed input lets callers send
 * what was rejected (handlers must handle it), while on an open input it constrains what any
 * value used to be allowed to be (callers may break).
 */
import {
  hasOwn,
  isJsonObject,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import { child, type Family, type Pair, type Walk } from "./change.js";

const props = (s: JsonObject): JsonObject =>
  isJsonObject(s.properties ?? null) ? (s.properties as JsonObject) : {};
const required = (s: JsonObject): ReadonlySet<string> =>
  new Set(Array.isArray(s.required) ? (s.required as readonly string[]) : []);
const closed = (s: JsonObject) => s.additionalProperties === false;
const isObjectLike = (s: JsonObject) =>
  hasOwn(s, "properties") ||
  hasOwn(s, "required") ||
  hasOwn(s, "additionalProperties") ||
  s.type === "object";

export const compareObject: Family = (w: Walk, pair: Pair) => {
  const b = pair.old.schema;
  const a = pair.new.schema;
  if (!isObjectLike(b) && !isObjectLike(a)) return;
  const output = w.side === "output";
  const before = props(b);
  const after = props(a);
  const reqBefore = required(b);
  const reqAfter = required(a);
  const wasClosed = closed(b);
  const isClosed = closed(a);

  for (const name of Object.keys(after)) {
    const site = child(pair, "properties", name);
    if (hasOwn(before, name)) {
      w.compare(before[name], after[name], site);
      continue;
    }
    if (reqAfter.has(name)) {
      // Input: every old call lacks it. Output: the handler must now return it, and readers of a
      // closed result never saw it.
      w.report({
        kind: "property-added-required",
        effect: "narrows",
        site,
        after: true,
        message: `new required property ${JSON.stringify(name)}`,
        ...(output
          ? {
              breaks: wasClosed ? "consumers" : "handlers",
              handlerMust: `return ${JSON.stringify(name)}`,
            }
          : {}),
      });
    } else if (wasClosed) {
      w.report({
        kind: "property-added-optional",
        effect: "widens",
        site,
        after: false,
        message: `new optional property ${JSON.stringify(name)}`,
        ...(output
          ? {}
          : { handlerMust: `handle ${JSON.stringify(name)} when it is sent` }),
      });
    } else {
      w.report({
        kind: "property-added-optional",
        effect: "narrows",
        site,
        after: false,
        message: `new optional property ${JSON.stringify(name)} on an open object: a value of another shape under that name was accepted before`,
        certainty: "possibly",
        ...(output
          ? {
              handlerMust: `return ${JSON.stringify(name)} only in its declared shape`,
            }
          : { breaks: "callers" }),
      });
    }
  }
  for (const name of Object.keys(before)) {
    if (hasOwn(after, name)) continue;
    const site = child(pair, "properties", name);
    const wasRequired = reqBefore.has(name);
    if (output) {
      w.report({
        kind: "property-removed",
        effect: "narrows",
        site,
        before: wasRequired,
        message: `property ${JSON.stringify(name)} is no longer declared${wasRequired ? " (it was required)" : ""}`,
        breaks: "consumers",
        certainty: wasRequired ? "certain" : "possibly",
      });
    } else if (isClosed) {
      w.report({
        kind: "property-removed",
        effect: "narrows",
        site,
        before: wasRequired,
        message: `property ${JSON.stringify(name)} is no longer accepted`,
      });
    } else {
      w.report({
        kind: "property-removed",
        effect: "widens",
        site,
        before: wasRequired,
        message: `property ${JSON.stringify(name)} is no longer declared: any value under that name is now accepted`,
        handlerMust: `ignore or handle ${JSON.stringify(name)} of any shape`,
      });
    }
  }
  for (const name of Object.keys(after)) {
    if (!hasOwn(before, name)) continue;
    const site = child(pair, "properties", name);
    if (!reqBefore.has(name) && reqAfter.has(name)) {
      w.report({
        kind: "property-became-required",
        effect: "narrows",
        site,
        before: false,
        after: true,
        message: `property ${JSON.stringify(name)} is now required`,
        ...(output
          ? { handlerMust: `always return ${JSON.stringify(name)}` }
          : {}),
      });
    }
    if (reqBefore.has(name) && !reqAfter.has(name)) {
      w.report({
        kind: "property-became-optional",
        effect: "widens",
        site,
        before: true,
        after: false,
        message: `property ${JSON.stringify(name)} is now optional`,
        ...(output
          ? {}
          : { handlerMust: `handle a call without ${JSON.stringify(name)}` }),
      });
    }
  }
  // A name required but not declared is still a requirement.
  for (const name of reqAfter)
    if (!hasOwn(after, name) && !reqBefore.has(name))
      w.report({
        kind: "property-became-required",
        effect: "narrows",
        site: child(pair, "required"),
        after: name,
        message: `${JSON.stringify(name)} is now required`,
      });
  for (const name of reqBefore)
    if (!hasOwn(before, name) && !reqAfter.has(name))
      w.report({
        kind: "property-became-optional",
        effect: "widens",
        site: child(pair, "required"),
        before: name,
        message: `${JSON.stringify(name)} is no longer required`,
      });

  if (!wasClosed && isClosed)
    w.report({
      kind: "object-closed",
      effect: "narrows",
      site: pair.site,
      at: ["additionalProperties"],
      before: (b.additionalProperties ?? true) as Json,
      after: false,
      message:
        "additionalProperties: false: properties not declared are now rejected",
    });
  else if (wasClosed && !isClosed)
    w.report({
      kind: "object-opened",
      effect: "widens",
      site: pair.site,
      at: ["additionalProperties"],
      before: false,
      after: (a.additionalProperties ?? true) as Json,
      message: "properties not declared are now accepted",
      handlerMust: "ignore or handle properties it does not know",
    });
  else if (
    !wasClosed &&
    !isClosed &&
    (isJsonObject(b.additionalProperties ?? null) ||
      isJsonObject(a.additionalProperties ?? null))
  ) {
    w.compare(
      b.additionalProperties,
      a.additionalProperties,
      child(pair, "additionalProperties"),
    );
  }
};
