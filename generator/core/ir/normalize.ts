/**
 * Turns a tool's input/output schema into a self-contained resource: draft-07 `definitions`
 * become `$defs`, `$schema` is dropped (it has been read), every `$ref` is rewritten to its
 * canonical `#/$defs/...` form, and the catalog `$defs` it uses (transitively) are copied in after
 * its own, so each declaration stands alone when it is sent to a provider.
 */
import {
  escapePointerSegment,
  hasOwn,
  isJsonObject,
  objectFromEntries,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import { KEYWORDS } from "../schema/keywords.js";
import { resolveRef, type RefScope } from "../schema/refs.js";
import type { DefOrigin, SchemaResource } from "./catalog-ir.js";
import type { Schema } from "../schema/schema.js";

/**
 * `#/$defs/My Meal` → `#/$defs/My%20Meal`: pointer escaping, then URI-fragment escaping, one code
 * point at a time (the `u` flag: a character outside the BMP is one match, not two surrogates,
 * which encodeURIComponent would refuse). Lint has turned down lone surrogates before this.
 */
export function refFromSegments(segments: readonly string[]): string {
  return (
    "#" +
    segments
      .map(
        (s) =>
          "/" +
          escapePointerSegment(s).replace(
            /[^A-Za-z0-9_.~$!'()*+,;=:@-]/gu,
            (c) => encodeURIComponent(c),
          ),
      )
      .join("")
  );
}

/** Copies a schema with canonical keywords and references; `onCatalogRef` sees every catalog def used. */
function canonical(
  node: Json,
  scope: RefScope,
  onCatalogRef: (name: string) => void,
): Json {
  if (!isJsonObject(node)) return node;
  const entries: [string, Json][] = [];
  for (const key of Object.keys(node)) {
    const value = node[key]!;
    if (key === "$schema") continue;
    if (key === "$ref" && typeof value === "string") {
      const r = resolveRef(value, scope);
      if (!r.ok) throw new Error(`internal: unresolved ${value} after lint`);
      if (r.scope === "catalog" && r.defName !== undefined)
        onCatalogRef(r.defName);
      entries.push([key, refFromSegments(r.segments)]);
      continue;
    }
    const outKey = key === "definitions" ? "$defs" : key;
    const shape = hasOwn(KEYWORDS, key) ? KEYWORDS[key]!.shape : undefined;
    if (shape === "schema")
      entries.push([outKey, canonical(value, scope, onCatalogRef)]);
    else if (shape === "schemaMap" && isJsonObject(value))
      entries.push([
        outKey,
        objectFromEntries(
          Object.keys(value).map(
            (k) => [k, canonical(value[k]!, scope, onCatalogRef)] as const,
          ),
        ),
      ]);
    else if (shape === "schemaArray" && Array.isArray(value))
      entries.push([
        outKey,
        value.map((v: Json) => canonical(v, scope, onCatalogRef)),
      ]);
    else entries.push([outKey, value]);
  }
  return objectFromEntries(entries);
}

export interface CatalogDefs {
  /** Merged `$defs`/`definitions` of the catalog. */
  readonly defs: JsonObject;
  /** Pointer of the mapping in the catalog (`/$defs` or `/definitions`). */
  readonly pointer: string;
}

/** A catalog-level def, normalised on its own (for named types). */
export function normaliseCatalogDef(
  name: string,
  catalog: CatalogDefs,
): Schema {
  return canonical(
    catalog.defs[name]!,
    {
      root: catalog.defs[name]!,
      catalogDefs: catalog.defs,
      isCatalogDef: true,
    },
    () => {},
  ) as Schema;
}

export function normaliseResource(
  root: Json,
  pointer: string,
  catalog: CatalogDefs,
): SchemaResource {
  const used = new Set<string>();
  const pending: string[] = [];
  const note = (name: string) => {
    if (!used.has(name)) {
      used.add(name);
      pending.push(name);
    }
  };
  const body = canonical(
    root,
    { root, catalogDefs: catalog.defs, isCatalogDef: false },
    note,
  );
  if (!isJsonObject(body))
    return { schema: body as boolean, pointer, defs: [] };

  const localDefs = isJsonObject(body.$defs ?? null)
    ? (body.$defs as JsonObject)
    : undefined;
  const defs: DefOrigin[] = [];
  const defsKey =
    isJsonObject(root) && hasOwn(root, "definitions") ? "definitions" : "$defs";
  if (localDefs)
    for (const name of Object.keys(localDefs))
      defs.push({
        name,
        origin: "tool",
        pointer: `${pointer}/${defsKey}/${escapePointerSegment(name)}`,
      });

  const copied = new Map<string, Json>();
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (localDefs && hasOwn(localDefs, name)) continue; // identical by lint (defs-conflict)
    copied.set(
      name,
      canonical(
        catalog.defs[name]!,
        {
          root: catalog.defs[name]!,
          catalogDefs: catalog.defs,
          isCatalogDef: true,
        },
        note,
      ),
    );
  }
  if (copied.size === 0) return { schema: body as Schema, pointer, defs };

  // Catalog defs follow the tool's own, in catalog order: stable whatever order refs appear in.
  const order = Object.keys(catalog.defs).filter((n) => copied.has(n));
  for (const name of order)
    defs.push({
      name,
      origin: "catalog",
      pointer: `${catalog.pointer}/${escapePointerSegment(name)}`,
    });
  const mergedDefs = objectFromEntries<Json>([
    ...(localDefs
      ? Object.keys(localDefs).map((k) => [k, localDefs[k]!] as const)
      : []),
    ...order.map((n) => [n, copied.get(n)!] as const),
  ]);
  const withDefs = objectFromEntries<Json>([
    ...Object.keys(body)
      .filter((k) => k !== "$defs")
      .map((k) => [k, body[k]!] as const),
    ["$defs", mergedDefs] as const,
  ]);
  return { schema: withDefs as Schema, pointer, defs };
}
