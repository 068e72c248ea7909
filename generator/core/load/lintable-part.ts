/**
 * The part of a catalog that failed the document check which the lint rules can still read, so
 * one `lint` run reports structure errors and schema errors together (a misspelled target no
 * longer hides a `format: uuidd`). What a structure error is about is left out — the target or
 * tool it is under, or the top-level key — and the rest must then pass the document check; an
 * error at the root (no `toolcat: 1`, not a mapping) leaves nothing to lint.
 */
import { checkDocument } from "../check/check-document.js";
import {
  hasOwn,
  isJsonObject,
  objectFromEntries,
  pointerSegments,
  type Json,
  type JsonObject,
} from "../schema/json.js";

/** Top-level keys whose entries are each their own part (a broken one is left out alone). */
const PER_ENTRY = new Set(["tools", "targets", "$defs", "definitions"]);

export function lintablePart(
  value: Json,
  errorPointers: readonly string[],
): JsonObject | undefined {
  if (!isJsonObject(value)) return undefined;
  const dropKeys = new Set<string>();
  const dropEntries = new Map<string, Set<string>>();
  for (const pointer of errorPointers) {
    const [top, entry] = pointerSegments(pointer);
    if (top === undefined || top === "toolcat") return undefined;
    if (PER_ENTRY.has(top) && entry !== undefined && isJsonObject(value[top])) {
      const set = dropEntries.get(top) ?? new Set<string>();
      set.add(entry);
      dropEntries.set(top, set);
    } else dropKeys.add(top);
  }
  const part = objectFromEntries(
    Object.keys(value)
      .filter((k) => !dropKeys.has(k))
      .map((k): [string, Json] => {
        const dropped = dropEntries.get(k);
        const v = value[k]!;
        return dropped === undefined || !isJsonObject(v)
          ? [k, v]
          : [
              k,
              objectFromEntries(
                Object.keys(v)
                  .filter((e) => !dropped.has(e))
                  .map((e): [string, Json] => [e, v[e]!]),
              ),
            ];
      }),
  );
  // Something to lint, and nothing broken left in it.
  if (
    !hasOwn(part, "tools") ||
    !isJsonObject(part.tools) ||
    Object.keys(part.tools).length === 0
  )
    return undefined;
  return checkDocument(part).some((f) => f.severity === "error")
    ? undefined
    : part;
}
