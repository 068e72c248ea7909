/**
 * Catalog document (checked and linted) → the frozen IR the emitters share.
 *
 * In one process (`generate --watch`, on both threads), a tool equal to one of the run before
 * comes out as the same frozen ToolIR object, and the defs as the same array: every memo after
 * keys on the IR's content (tool-memo.ts `contentKey`, made once per object), so an object kept
 * has its key already. A ToolIR is a function of the tool's name (its pointer), its content and
 * the catalog's defs (mapping key and content: normaliseResource copies in the entries it
 * reaches), which are the key. The targets and the catalog's IR are made afresh each run (caches
 * keyed by their identity hold a run's lowerings: providers/emitter.ts). Only the last run's
 * entries are kept.
 */
import { contentKey } from "../providers/tool-memo.js";
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

let kept:
  | {
      readonly defs: string;
      readonly defsIR: CatalogIR["defs"];
      /** By tool name: its content (contentKey) and IR. */
      readonly tools: ReadonlyMap<string, { content: string; ir: ToolIR }>;
      /** The resolved targets' content (contentKey) and their IR. */
      readonly targets: string;
      readonly targetsIR: CatalogIR["targets"];
    }
  | undefined;

/**
 * For tests only: a piece of the key to leave out, which must make the reuse test fail (a stale
 * ToolIR reused). Never set outside tests.
 */
export const irMemoTesting: {
  omit: undefined | "tool" | "defs" | "targets";
} = {
  omit: undefined,
};

/**
 * Whether buildIR keeps this run's tools for the next one (the default). A thread that serves one
 * run (the emit worker of a one-shot `generate`, emit-worker.ts) keeps nothing: without a next run,
 * the content keys (each catalog tool's JSON text, 1.7–3.2 ms on the real tools) would be made for
 * no lookup. The main thread keeps them: its lint memo reads the same keys (lint-memo.ts).
 */
let keeping = true;

export function keepIR(on: boolean): void {
  keeping = on;
  if (!on) kept = undefined;
}

/** Forgets the kept tools (tests). */
export function clearIRMemo(): void {
  kept = undefined;
}

/** The number of kept tools (tests: bounded). */
export function irMemoSize(): number {
  return kept?.tools.size ?? 0;
}

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

  const defsContext = !keeping
    ? ""
    : `${catalogDefs.pointer}\u0000${irMemoTesting.omit === "defs" ? "" : contentKey(defsValue)}`;
  const before = keeping && kept?.defs === defsContext ? kept : undefined;
  const keptTools = new Map<string, { content: string; ir: ToolIR }>();

  const tools: ToolIR[] = [];
  const toolMap = catalog.tools as JsonObject;
  for (const name of Object.keys(toolMap)) {
    const t = toolMap[name] as JsonObject;
    const content =
      !keeping || irMemoTesting.omit === "tool" ? "" : contentKey(t);
    const known = before?.tools.get(name);
    if (known !== undefined && known.content === content) {
      keptTools.set(name, known);
      tools.push(known.ir);
      continue;
    }
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
    keptTools.set(name, { content, ir: tools[tools.length - 1]! });
  }
  const defs =
    before?.defsIR ??
    Object.keys(defsValue).map((name) => ({
      name,
      schema: normaliseCatalogDef(name, catalogDefs),
      pointer: pointerJoin(catalogDefs.pointer, name),
    }));
  // The targets kept too while their content is the same: a target object the same from run to
  // run is what lets tool-memo.ts hand back a kept lowering as it is (not a copy per tool and target).
  const resolved = resolveTargets(catalog);
  const targetsKey =
    !keeping || irMemoTesting.omit === "targets" ? "" : contentKey(resolved);
  const targets =
    keeping && kept?.targets === targetsKey ? kept.targetsIR : resolved;
  const ir: CatalogIR = {
    path,
    targets,
    defs,
    tools,
  };
  // Kept parts are frozen already (deepFreeze does not walk them again).
  const frozen = deepFreeze(ir as unknown as Json) as unknown as CatalogIR;
  kept = !keeping
    ? undefined
    : {
        defs: defsContext,
        defsIR: frozen.defs,
        tools: keptTools,
        targets: targetsKey,
        targetsIR: frozen.targets,
      };
  return frozen;
}
