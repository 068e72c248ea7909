/**
 * Tools that cannot have changed: written identically in both versions, and every catalog
 * definition they reference (transitively) written identically too. Their normalised schemas
 * are then equal, so the comparison skips them — most of a catalog, in a typical pull request.
 * Conservative: a reference that cannot be read, or a name shadowed by a tool's own `$defs`, only
 * means the tool is compared.
 */
import {
  hasOwn,
  isJsonObject,
  jsonEqual,
  objectFromEntries,
  unescapePointerSegment,
  type Json,
  type JsonObject,
} from "../schema/json.js";

function catalogDefs(catalog: JsonObject): JsonObject {
  const defs = hasOwn(catalog, "$defs")
    ? catalog.$defs
    : hasOwn(catalog, "definitions")
      ? catalog.definitions
      : undefined;
  return defs !== undefined && isJsonObject(defs) ? defs : {};
}

/** Names of `$defs`/`definitions` entries referenced anywhere in `node`; "" stands for a reference that could not be read. */
function referencedNames(node: Json, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const x of node) referencedNames(x, out);
  else if (isJsonObject(node)) {
    for (const key of Object.keys(node)) {
      const value = node[key]!;
      if (key === "$ref" && typeof value === "string") {
        const m = /^#\/(?:\$defs|definitions)\/([^/]*)/.exec(value);
        if (m) {
          try {
            out.add(unescapePointerSegment(decodeURIComponent(m[1]!)));
          } catch {
            out.add("");
          }
        }
      } else referencedNames(value, out);
    }
  }
  return out;
}

export function unchangedTools(
  oldCatalog: JsonObject,
  newCatalog: JsonObject,
): Set<string> {
  const oldDefs = catalogDefs(oldCatalog);
  const newDefs = catalogDefs(newCatalog);
  const names = new Set([...Object.keys(oldDefs), ...Object.keys(newDefs)]);
  const dirty = new Set([""]);
  for (const n of names)
    if (!(
      hasOwn(oldDefs, n) &&
      hasOwn(newDefs, n) &&
      jsonEqual(oldDefs[n]!, newDefs[n]!)
    ))
      dirty.add(n);
  // A definition that references a changed one has changed too (until nothing more changes).
  const refs = new Map(
    [...names]
      .filter((n) => !dirty.has(n))
      .map((n) => [n, referencedNames(newDefs[n]!, new Set())] as const),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const [n, uses] of refs) {
      if (!dirty.has(n) && [...uses].some((u) => dirty.has(u))) {
        dirty.add(n);
        grew = true;
      }
    }
  }
  const oldTools = oldCatalog.tools as JsonObject;
  const newTools = newCatalog.tools as JsonObject;
  const out = new Set<string>();
  for (const name of Object.keys(newTools)) {
    if (!hasOwn(oldTools, name) || !jsonEqual(oldTools[name]!, newTools[name]!))
      continue;
    if (
      [...referencedNames(newTools[name]!, new Set())].every(
        (n) => !dirty.has(n),
      )
    )
      out.add(name);
  }
  return out;
}

/** The catalog without the given tools (for building the IR of only what may have changed). */
export function withoutTools(
  catalog: JsonObject,
  skip: ReadonlySet<string>,
): JsonObject {
  if (skip.size === 0) return catalog;
  const tools = catalog.tools as JsonObject;
  const kept = objectFromEntries(
    Object.keys(tools)
      .filter((n) => !skip.has(n))
      .map((n) => [n, tools[n]!] as const),
  );
  return objectFromEntries(
    Object.keys(catalog).map(
      (k) => [k, k === "tools" ? kept : catalog[k]!] as const,
    ),
  );
}
