/**
 * Each owner's compiled validator code (a tool's input and output in validators.ts, one declared
 * schema in a `*.calls.ts` file), kept from run to run in one process (`generate --watch`; the
 * worker thread, kept across runs, has its own): after a one-tool edit only the edited tool is
 * compiled again, every other owner's code is replayed (compile.ts).
 *
 * What compiling an owner's entries adds to a file is a pure function of the entries (each one's
 * exported name, result type and schema), the compiler's limits (`maxDepth`) and the helper
 * template — and of the file's names around it: the compiler's names are unique across the file
 * (`<entry>_re0` gets a suffix when something else took it) and helpers are declared on first use.
 * So the key is the content of the first three (a schema as JSON, with `-0` and non-finite numbers
 * told apart), and the file's part is checked while replaying: the record keeps every step that
 * reached the file (each name asked for and the name given, each helper used), and a replay takes
 * the same steps in the same order — declaring a helper where this run's file had not declared it
 * yet, as compiling would — and stops (`ReplayMismatch`) at a name that comes out otherwise, for
 * the caller to make the file again without replays. Nothing else of the file enters an owner's
 * code: helpers are named by their template names, and units and constants are shared only within
 * the owner.
 *
 * A schema in which one object is reached twice is not kept: the compiler tells units apart by
 * object, so its code may depend on more than the JSON.
 *
 * Bounded as generator/core/providers/tool-memo.ts: a record that neither this run nor the one
 * before used is dropped when a run (a catalog's IR not seen before) starts.
 */
import { Code } from "../../codegen/code.js";
import { deepFreeze, type Json } from "../../schema/json.js";
import type { Schema } from "../../schema/schema.js";
import type { CompilationRecord } from "./context.js";
import type { HelperTemplate } from "./helpers.js";

/** An owner's part of a validator module: what its `Compilation` record holds, and its functions. */
export interface OwnerRecord extends CompilationRecord {
  /** Unit functions and entry points, in the order they are printed. */
  readonly functions: readonly Code[];
  readonly exported: readonly Code[];
}

/** The parts of a `ValidatorEntry` the key holds. */
export interface KeyedEntry {
  readonly name: Code;
  readonly type: Code;
  readonly schema: Schema;
}

/**
 * For tests only: a piece of the key to leave out, which must make the reuse test fail (a stale
 * owner replayed). Never set outside tests.
 */
export const validatorMemoTesting: {
  omit:
    | undefined
    | "name"
    | "type"
    | "schema"
    | "negative zero"
    | "max depth"
    | "check names";
} = { omit: undefined };

/** A key: the settings and each entry's name and type (`head`), and each entry's schema text. */
export interface OwnerKey {
  readonly head: string;
  readonly schemas: readonly string[];
}

interface Kept {
  readonly schemas: readonly string[];
  readonly record: OwnerRecord;
  used: number;
}

/**
 * By head, then the schemas compared in full: a Map hashes a string key whole (a long one is
 * flattened first), and the schemas are most of the key.
 */
const kept = new Map<string, Kept[]>();
const runOf = new WeakMap<object, number>();
let generation = 0;
const templateIds = new WeakMap<HelperTemplate, number>();
let templates = 0;

/** Starts a run for `ir` (once per IR): records unused by this run and the one before are dropped. */
export function beginValidatorRun(ir: object): void {
  if (runOf.has(ir)) return;
  runOf.set(ir, ++generation);
  for (const [head, list] of kept) {
    const live = list.filter((k) => k.used >= generation - 1);
    if (live.length === 0) kept.delete(head);
    else if (live.length < list.length) kept.set(head, live);
  }
}

/** Owners compiled and replayed since the last call (tests: what a run after an edit compiled). */
export function validatorMemoCounts(): {
  readonly compiled: number;
  readonly replayed: number;
} {
  const now = counts;
  counts = { compiled: 0, replayed: 0 };
  return now;
}

let counts = { compiled: 0, replayed: 0 };

/**
 * Whether compiled owners are kept for the runs that follow (the default). A thread that serves
 * one run and ends (a one-shot `generate`: pipeline.ts `oneRun`, and its emit worker) keeps none:
 * each owner's key (its schemas' JSON) and its record (data constants frozen) would be made for no
 * lookup. Off, the compiler compiles every owner, as a first run does.
 */
let keeping = true;

export function keepValidatorRecords(on: boolean): void {
  keeping = on;
  if (!on) kept.clear();
}

/** Whether keepValidatorRecords has them kept (compile.ts: no keys are made otherwise). */
export function keepsValidatorRecords(): boolean {
  return keeping;
}

/** The number of kept records (tests: the memo stays bounded). */
export function validatorMemoSize(): number {
  let size = 0;
  for (const list of kept.values()) size += list.length;
  return size;
}

/** Forgets every record (tests). */
export function clearValidatorMemo(): void {
  kept.clear();
}

/** The key of the compiler's settings that enter every owner's code. */
export function compileContextKey(
  maxDepth: number,
  template: HelperTemplate,
): string {
  let id = templateIds.get(template);
  if (id === undefined) templateIds.set(template, (id = templates++));
  const depth = validatorMemoTesting.omit === "max depth" ? "" : maxDepth;
  return `${depth}\u0000${id}`;
}

/** The key of an owner's entries, or undefined when they are not kept (a schema that shares an object). */
export function ownerKey(
  entries: readonly KeyedEntry[],
  context: string,
): OwnerKey | undefined {
  const omit = validatorMemoTesting.omit;
  let head = context;
  const schemas: string[] = [];
  for (const e of entries) {
    const schema = omit === "schema" ? "" : schemaKey(e.schema);
    if (schema === undefined) return undefined;
    schemas.push(schema);
    head += `\u0001${omit === "name" ? "" : e.name.text}\u0000${omit === "type" ? "" : e.type.text}`;
  }
  return { head, schemas };
}

/** The record kept under `key`, marked used by this run. */
export function keptOwner(key: OwnerKey): OwnerRecord | undefined {
  const k = kept.get(key.head)?.find((k) => sameTexts(k.schemas, key.schemas));
  if (!k) return undefined;
  k.used = generation;
  counts.replayed++;
  return k.record;
}

export function keepOwner(key: OwnerKey, record: OwnerRecord): void {
  counts.compiled++;
  // Printed as data, laid out once (generator/node/validator-chunk-memo.ts): never to change.
  for (const [, c] of record.constants)
    if (
      !(c.init instanceof Code) &&
      typeof c.init.data === "object" &&
      c.init.data !== null
    ) {
      deepFreeze(c.init.data as Json);
      keptData.add(c.init.data);
    }
  const list = kept.get(key.head);
  const entry = { schemas: key.schemas, record, used: generation };
  if (!list) kept.set(key.head, [entry]);
  else {
    const at = list.findIndex((k) => sameTexts(k.schemas, key.schemas));
    if (at < 0) list.push(entry);
    else list[at] = entry;
  }
}

/** Data constants of kept records, frozen all the way down. */
const keptData = new WeakSet<object>();

/** Whether `value` is the data of a kept record's constant (it never changes). */
export function isKeptValidatorData(value: unknown): boolean {
  return typeof value === "object" && value !== null && keptData.has(value);
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/**
 * Where JSON may have written a `-0` (as `0`) or a non-finite number (as `null`): a value `0` or
 * `null` (or text in a string that looks like one: then the slow way, which is exact either way).
 */
const MAYBE_LOST_NUMBER = /[:[,](?:0|null)[,\]}]/;

/**
 * A schema as text: JSON, with `-0` and the non-finite numbers (which JSON writes as `0` and
 * `null`, and the compiler does not) spelled apart; undefined when an object occurs twice.
 */
function schemaKey(schema: Schema): string | undefined {
  if (typeof schema !== "object") return String(schema);
  // Made once per schema object (IR schemas are frozen): free for a schema the run before had too.
  if (validatorMemoTesting.omit !== undefined) return schemaText(schema);
  const known = schemaKeys.get(schema);
  if (known !== undefined) return known === NOT_KEPT ? undefined : known;
  const key = schemaText(schema);
  schemaKeys.set(schema, key ?? NOT_KEPT);
  return key;
}

/** schemaKey's answers, by schema; NOT_KEPT for undefined. */
const schemaKeys = new WeakMap<object, string | typeof NOT_KEPT>();
const NOT_KEPT = Symbol("not kept");

function schemaText(schema: Exclude<Schema, boolean>): string | undefined {
  // The usual case, without a replacer (JSON.stringify's fast path): no number JSON loses, and no
  // `$ref` (without one, no unit but the root: nothing depends on which object is where).
  const plain = JSON.stringify(schema);
  if (!plain.includes('"$ref"') && !MAYBE_LOST_NUMBER.test(plain)) return plain;
  const seen = new Set<object>();
  let shared = false;
  const distinguish = validatorMemoTesting.omit !== "negative zero";
  const text = JSON.stringify(schema, (_key, value: unknown) => {
    if (typeof value === "object") {
      if (value !== null) {
        if (seen.has(value)) shared = true;
        else seen.add(value);
      }
    } else if (
      typeof value === "number" &&
      distinguish &&
      (value === 0 ? Object.is(value, -0) : !Number.isFinite(value))
    )
      return { "\u0000number": Object.is(value, -0) ? "-0" : String(value) };
    return value;
  });
  return shared ? undefined : text;
}
