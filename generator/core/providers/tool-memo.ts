/**
 * One tool's lowering and declaration for one target, kept from run to run in one process
 * (`generate --watch`, whose worker thread lives across runs; generator/node/parallel-emit.ts):
 * after a one-tool edit, every other tool's lowering, declaration and printed declaration text
 * (generator/node/data-chunk-memo.ts, keyed by the declaration's identity) are taken from the run
 * before instead of being made again.
 *
 * Both are pure functions of the target's provider module (this process's code), the target as
 * the catalog sets it (its id, options and pointer) and the tool (its IR, which holds the closure
 * of catalog `$defs` it reaches: see SchemaResource), so the key is exactly the content of those
 * two, never their identity: a tool that changed, or whose `$defs` entry changed, has another key.
 * A reused lowering is copied with this run's tool and target objects (equal in content).
 *
 * Bounded: an entry that neither this run nor the one before used is dropped when a run (a
 * catalog's IR not seen before) starts, so at most two catalogs' worth is kept.
 */
import type { CatalogIR, TargetIR, ToolIR } from "../ir/catalog-ir.js";
import { deepFreeze, type JsonObject } from "../schema/json.js";
import { flatText } from "../flat-text.js";
import {
  lowerTool,
  type LoweredTool,
  type ProviderModule,
} from "./provider.js";

interface Entry {
  readonly lowered: LoweredTool;
  declaration?: JsonObject;
  /** The run that used it last (see `generation`). */
  used: number;
}

/**
 * By the tool's content key, then by target (provider id and the target's content key): the
 * long tool key is one string per tool and run, hashed once for all its targets.
 */
const entries = new Map<string, Map<string, Entry>>();
/** Lowerings handed out, to their entry (for the declaration). */
const entryOf = new WeakMap<LoweredTool, Entry>();
/** The run each IR is (numbered as first seen). */
const runOf = new WeakMap<CatalogIR, number>();
let generation = 0;
/** Content keys of this process's tools and targets, made once per object. */
const keys = new WeakMap<object, string>();

/**
 * For tests only: a piece of the key to leave out, which must make the reuse test fail (a stale
 * lowering reused). Never set outside tests.
 */
export const toolMemoTesting: {
  omit: undefined | "tool" | "target";
} = { omit: undefined };

/**
 * Whether lowerings and declarations are kept at all: a thread that serves one run and ends (the
 * emit worker of a one-shot `generate`) has no later run to reuse them, and keeping them cost it
 * each tool's content key, a map entry per tool and target, and freezing every declaration
 * (about 20 ms of the worker's CPU on the real tools, on the run's critical path). Off, every
 * call lowers and declares afresh, as a first run does.
 */
let keeping = true;

/** Turns keeping on or off for the runs that follow (emit-worker.ts: off for a one-run thread). */
export function keepLowerings(on: boolean): void {
  keeping = on;
}

/** Starts a run for `ir` (once per IR): entries unused by this run and the one before are dropped. */
export function beginRun(ir: CatalogIR): void {
  if (runOf.has(ir)) return;
  runOf.set(ir, ++generation);
  for (const [key, byTarget] of entries) {
    for (const [target, entry] of byTarget)
      if (entry.used < generation - 1) byTarget.delete(target);
    if (byTarget.size === 0) entries.delete(key);
  }
}

/** The number of kept entries (tests: the memo stays bounded). */
export function toolMemoSize(): number {
  let size = 0;
  for (const byTarget of entries.values()) size += byTarget.size;
  return size;
}

/** Forgets every entry (tests). */
export function clearToolMemo(): void {
  entries.clear();
}

/** `lowerTool(module, tool, target)`, reused from an earlier run when tool and target are equal in content. */
export function lowerToolMemo(
  module: ProviderModule,
  tool: ToolIR,
  target: TargetIR,
): LoweredTool {
  if (!keeping) return lowerTool(module, tool, target);
  const byTarget = toolEntries(tool);
  const targetKey = targetKeyOf(module, target);
  let entry = byTarget.get(targetKey);
  if (!entry) {
    entry = { lowered: lowerTool(module, tool, target), used: generation };
    byTarget.set(targetKey, entry);
  }
  entry.used = generation;
  const lowered =
    entry.lowered.tool === tool && entry.lowered.target === target
      ? entry.lowered
      : { ...entry.lowered, tool, target };
  entryOf.set(lowered, entry);
  return lowered;
}

/**
 * The entries of a tool's content key, found once per tool object and run: a tool is lowered for
 * every target, and each lookup of its long key compared it in full with the key kept.
 */
const entriesOfTool = new WeakMap<
  ToolIR,
  { readonly generation: number; readonly byTarget: Map<string, Entry> }
>();

function toolEntries(tool: ToolIR): Map<string, Entry> {
  const found = entriesOfTool.get(tool);
  if (
    found !== undefined &&
    found.generation === generation &&
    toolMemoTesting.omit === undefined
  )
    return found.byTarget;
  const toolKey =
    toolMemoTesting.omit === "tool" ? tool.name : contentKey(tool);
  let byTarget = entries.get(toolKey);
  if (!byTarget) entries.set(toolKey, (byTarget = new Map()));
  entriesOfTool.set(tool, { generation, byTarget });
  return byTarget;
}

/** A target's key within a tool's entries (provider id and the target's content), made once per target object. */
const targetKeys = new WeakMap<
  TargetIR,
  { readonly module: ProviderModule; readonly key: string }
>();

function targetKeyOf(module: ProviderModule, target: TargetIR): string {
  const found = targetKeys.get(target);
  if (
    found !== undefined &&
    found.module === module &&
    toolMemoTesting.omit === undefined
  )
    return found.key;
  const key = `${module.id}\u0000${toolMemoTesting.omit === "target" ? target.id : contentKey(target)}`;
  // Flat: hashed and compared as one string by every lookup. A key made without a piece (tests)
  // is not kept: a target object outlives the run (build-ir.ts keeps it while its content is the same).
  if (toolMemoTesting.omit === undefined)
    targetKeys.set(target, { module, key: flatText(key) });
  return key;
}

/**
 * `module.declare(lowered)`, made once per entry (the lowering is the entry's, so the declaration
 * is too). Deep-frozen: the printed text is reused by its identity (data-chunk-memo.ts), so nothing
 * may change it.
 */
export function declareMemo(
  module: ProviderModule,
  lowered: LoweredTool,
): JsonObject {
  const entry = entryOf.get(lowered);
  if (!entry) return module.declare(lowered);
  return (entry.declaration ??= frozenDeclaration(module.declare(lowered)));
}

/**
 * The content of an IR object as text: its JSON, with `-0` told apart from `0` (JSON writes both
 * as `0`, and a printer may not). Key order is part of it, as it is of the output. Made once per
 * object and thread, and shared by every memo of that thread that keys on a tool (the types,
 * Standard Schema and dispatcher pieces too: generator/core/emit/tool-pieces.ts), so a long key
 * is one string, hashed once. Without a replacer unless the value holds a `-0` (a replacer makes
 * JSON.stringify call back for every value, several times slower), which is looked for only
 * where the text has a `0`.
 */
export function contentKey(value: object): string {
  let key = keys.get(value);
  if (key === undefined) {
    key = JSON.stringify(value);
    // A `-0` is written as a `0` of its own: without one, there is none to look for.
    if (ZERO.test(key) && hasNegativeZero(value))
      key = JSON.stringify(value, negativeZero);
    keys.set(value, key);
  }
  return key;
}

/** A number `0` in JSON.stringify's text (or the same characters in a string, which only costs a walk). */
const ZERO = /[:[,]0[,\]}]/;

function hasNegativeZero(value: unknown): boolean {
  if (typeof value === "number") return Object.is(value, -0);
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (hasNegativeZero(item)) return true;
    return false;
  }
  for (const k in value)
    if (hasNegativeZero((value as Record<string, unknown>)[k])) return true;
  return false;
}

function negativeZero(_key: string, value: unknown): unknown {
  return value === 0 && Object.is(value, -0) ? { "\u0000-0": true } : value;
}

/** Values deepFreeze froze (their text may be kept by identity: data-chunk-memo.ts). */
const frozen = new WeakSet<object>();

/** Whether `value` is a declaration this memo keeps, frozen all the way down (never changes). */
export function isKeptDeclaration(value: unknown): boolean {
  return typeof value === "object" && value !== null && frozen.has(value);
}

/** json.ts's deepFreeze (which takes what is frozen already, such as IR schemas, as frozen all the way down), remembered. */
function frozenDeclaration(value: JsonObject): JsonObject {
  deepFreeze(value);
  frozen.add(value);
  return value;
}
