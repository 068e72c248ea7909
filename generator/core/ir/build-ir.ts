/** Catalog document (checked and linted) → the frozen IR the emitters share. */
import {
  deepFreeze,
  hasOwn,
  isJsonObject,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import { resolveTargets } from "../lint/context.js";
import type { CatalogIR, Effect, ToolIR } from "./catalog-ir.js";
import {
  normaliseCatalogDef,
  normaliseResource,
  type CatalogDefs,
} from "./normalize.js";

export function buildIR(catalog: JsonObject, path: string): CatalogIR {
  const defsKey =
    hasOwn(catalog, "definitions") && !hasOwn(catalog, "$defs")
      ? "definitions"
      : "$defs";
  const defsValue =
    hasOwn(catalog, defsKey) && isJsonObject(catalog[defsKey]!)
      ? (catalog[defsKey] as JsonObject)
      : {};
  const catalogDefs: CatalogDefs = { defs: defsValue, pointer: "/" + defsKey };

  const tools: ToolIR[] = [];
  const toolMap = catalog.tools as JsonObject;
  for (const name of Object.keys(toolMap)) {
    const t = toolMap[name] as JsonObject;
    const pointer = pointerJoin("/tools", name);
    const str = (k: string) =>
      typeof t[k] === "string" ? (t[k] as string) : undefined;
    const bool = (k: string) =>
      typeof t[k] === "boolean" ? (t[k] as boolean) : undefined;
    tools.push({
      name,
      ...(str("title") !== undefined ? { title: str("title") } : {}),
      description: str("description") ?? "",
      ...(typeof t.effect === "string" ? { effect: t.effect as Effect } : {}),
      deferLoading: bool("defer_loading") ?? false,
      ...(bool("idempotent") !== undefined
        ? { idempotent: bool("idempotent") }
        : {}),
      ...(bool("open_world") !== undefined
        ? { openWorld: bool("open_world") }
        : {}),
      input: normaliseResource(
        t.input as Json,
        pointerJoin(pointer, "input"),
        catalogDefs,
      ),
      ...(hasOwn(t, "output")
        ? {
            output: normaliseResource(
              t.output as Json,
              pointerJoin(pointer, "output"),
              catalogDefs,
            ),
          }
        : {}),
      pointer,
    });
  }
  const ir: CatalogIR = {
    path,
    targets: resolveTargets(catalog),
    defs: Object.keys(defsValue).map((name) => ({
      name,
      schema: normaliseCatalogDef(name, catalogDefs),
      pointer: pointerJoin(catalogDefs.pointer, name),
    })),
    tools,
  };
  return deepFreeze(ir as unknown as Json) as unknown as CatalogIR;
}
