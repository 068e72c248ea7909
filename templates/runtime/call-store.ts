/**
 * The call store: what makes a call id run at most once. The dispatcher claims a call's key
 * before its handler runs and records the result after; a key seen again returns the recorded
 * result (`replayed`), or says the call is still running, or — when the process that claimed it
 * died — that its outcome is unknown. This file holds the interface and what the stores share;
 * runtime/memory-store.ts is the default store, and runtime/sqlite-store.ts and
 * runtime/postgres-store.ts keep the same records in the app's own database. Copied into generated output (runtime/call-store.ts); real TypeScript.
 */
import type { CallProblem, CallStatus, TargetName } from "./tool-call.js";

// The default store lives in its own module; it is part of this one's interface.
export { memoryCallStore, type MemoryCallStore } from "./memory-store.js";

/** What is recorded for a completed call: enough to answer it again without running it. */
export interface StoredResult {
  readonly status: CallStatus;
  readonly isError: boolean;
  readonly text: string;
  /**
   * An `ok` result's output: the value whose JSON text is `text` (as the dispatcher records it).
   * Stores may keep only the text and read the output back from it, as every store here does.
   */
  readonly output?: unknown;
  readonly errors?: readonly CallProblem[];
}

/** Who claims a call, and when (milliseconds since the epoch). */
export interface Claim {
  /** The tool the call names (a key reused for another tool is refused). */
  readonly tool: string;
  /** The dispatcher instance that runs it (random per `createDispatcher`). */
  readonly owner: string;
  readonly at: number;
  /**
   * The request's digest (`callDigest` of the tool and its validated arguments), kept with the
   * claim so that the same id sent with other arguments is told apart. Absent from claims made
   * before stores kept it; a record without one is answered as before.
   */
  readonly digest?: number;
}

/** What `claim` finds. */
export type ClaimOutcome =
  /** The key was free and is now this claim's: run the handler. */
  | { readonly state: "claimed" }
  /** The call ran to the end before: answer with its record. */
  | {
      readonly state: "completed";
      readonly tool: string;
      readonly result: StoredResult;
      /** The claim's request digest (absent for a record written without one). */
      readonly digest?: number;
    }
  /** Someone claimed the call and has not recorded a result (still running, or died). */
  | {
      readonly state: "pending";
      readonly tool: string;
      readonly owner: string;
      readonly claimedAt: number;
      readonly digest?: number;
    };

/** What `find` reads about a call id: its record, or undefined when there is none. */
export type FoundCall = Exclude<ClaimOutcome, { readonly state: "claimed" }>;

/**
 * A store of call records. Every method may answer synchronously (in-memory, better-sqlite3) or
 * with a promise (PostgreSQL). `claim` must be atomic: of two claims of one key at the same
 * moment, in any process that shares the store, exactly one gets `claimed`.
 *
 * A record is found by the call's identity (always one with an id), which `callKey` turns into
 * the text key the database stores use. The store is given the identity rather than that text so
 * that the in-memory store, on every call's path, never has to build it.
 */
export interface CallStore {
  /**
   * True for a store that answers from this process's memory without waiting (the default
   * store): its claims take no measurable time, so the dispatcher times the handler from the
   * moment the arguments were accepted instead of reading the clock once more.
   */
  readonly inMemory?: boolean;
  claim(call: CallIdentity, claim: Claim): ClaimOutcome | Promise<ClaimOutcome>;
  /**
   * Reads a call's record without claiming it (optional; every store here has it). The
   * dispatcher asks before a domain check or `confirm`, so that a call id that already ran is
   * replayed without asking again; a store without `find` is asked by `claim`, after them.
   */
  find?(
    call: CallIdentity,
  ): FoundCall | undefined | Promise<FoundCall | undefined>;
  /**
   * Takes over a claim its owner abandoned (compare-and-swap on owner and time); false when the
   * claim changed meanwhile (someone else took it over, or it completed).
   */
  takeOver(
    call: CallIdentity,
    previous: { readonly owner: string; readonly claimedAt: number },
    claim: Claim,
  ): boolean | Promise<boolean>;
  /**
   * Records the result of a call this owner claimed (ignored when the claim is no longer its).
   * The record must be durable when the answer (or its promise) is given: the dispatcher hands
   * the result to the app only then, so an app that exits right after `run` resolved leaves a
   * record the next process replays. A store may share one commit between concurrent calls.
   */
  complete(
    call: CallIdentity,
    owner: string,
    result: StoredResult,
  ): void | Promise<void>;
}

/** The identity of a call in the store (a call without an id cannot be deduplicated). */
export interface CallIdentity {
  readonly target: TargetName;
  readonly id?: string;
  readonly scope?: { readonly sessionId?: string; readonly turnId?: string };
}

/**
 * The store key of a call: the target and every part of its identity (Agents API: session, turn
 * and call id; other targets: the call id), unambiguous however the parts are spelled. A call
 * without an id has no key.
 */
export function callKey(call: CallIdentity): string | undefined {
  const id = call.id;
  if (id === undefined) return undefined;
  const scope = call.scope;
  // The common case (every target but the Agents API): the target and the id, the shortest key
  // that cannot meet another (target names hold neither "|" nor "#"). The key is built and hashed
  // on every call, so it is kept short.
  if (scope === undefined) return `${call.target}|${id}`;
  // With a scope, "#" follows the target, each scope part is length-prefixed and the id comes
  // last, so no choice of characters makes two identities meet, nor one meet an unscoped key.
  const session = scope.sessionId ?? "";
  const turn = scope.turnId ?? "";
  return `${call.target}#${session.length}:${session}|${turn.length}:${turn}|${id}`;
}

/** The text key of a call given to a store (which is only ever given calls with an id). */
export function storeKey(call: CallIdentity): string {
  const key = callKey(call);
  if (key === undefined)
    throw new TypeError("call store: a call without an id has no record");
  return key;
}

/**
 * A result as the database stores keep it: JSON of its status, text and errors, and whether it
 * had an output. The output itself is not written twice: it is the JSON text `text` (as the
 * dispatcher records it), read back on a replay. Only these fields are kept, whatever else the
 * object carries (the dispatcher hands over its `CallResult`).
 */
export function storedResultJson(result: StoredResult): string {
  const kept: {
    status: StoredResult["status"];
    isError: boolean;
    text: string;
    hasOutput?: true;
    errors?: readonly CallProblem[];
  } = { status: result.status, isError: result.isError, text: result.text };
  if (result.output !== undefined) kept.hasOutput = true;
  if (result.errors !== undefined) kept.errors = result.errors;
  return JSON.stringify(kept);
}

/** A stored result read back from a database column (JSON text); undefined when it is not one. */
export function parseStoredResult(text: unknown): StoredResult | undefined {
  if (typeof text !== "string") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // A corrupt row is answered as an unknown outcome by the caller.
    return undefined;
  }
  if (
    typeof value !== "object" ||
    value === null ||
    typeof (value as { status?: unknown }).status !== "string" ||
    typeof (value as { text?: unknown }).text !== "string"
  )
    return undefined;
  const row = value as StoredResult & { hasOutput?: unknown };
  const result: {
    status: StoredResult["status"];
    isError: boolean;
    text: string;
    output?: unknown;
    errors?: readonly CallProblem[];
  } = { status: row.status, isError: row.isError === true, text: row.text };
  if (row.output !== undefined) result.output = row.output;
  else if (row.hasOutput === true) {
    try {
      result.output = JSON.parse(row.text) as unknown;
    } catch {
      // Not the JSON of its output: the text stands alone.
    }
  }
  if (Array.isArray(row.errors)) result.errors = row.errors;
  return result;
}

/** Checks a table name an app passes to a database store (it is spliced into SQL). */
export function tableName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name))
    throw new TypeError(
      `call store: table name must be a plain SQL identifier, got ${JSON.stringify(name)}`,
    );
  return name;
}

/** A call record as the database stores keep it (one row per call key). */
export interface CallRow {
  readonly tool: string;
  readonly state: string;
  readonly owner: string;
  /** Milliseconds since the epoch (PostgreSQL's BIGINT arrives as text). */
  readonly claimed_at: number | string;
  readonly result: string | null;
  /** The claim's request digest (NULL in rows written before stores kept it; BIGINT as text). */
  readonly digest?: number | string | bigint | null;
}

/**
 * A database row of a call as a claim outcome (the SQLite and PostgreSQL stores). A completed
 * row whose result cannot be read is answered as an unknown outcome rather than run again.
 */
export function outcomeOfRow(row: CallRow | undefined): ClaimOutcome {
  if (row === undefined)
    // Deleted between the insert and the read (by the app): treat as still running.
    return { state: "pending", tool: "", owner: "", claimedAt: Date.now() };
  if (row.state === "completed") {
    const result = parseStoredResult(row.result) ?? {
      status: "outcome-unknown",
      isError: true,
      text: "The tool's recorded result could not be read, so its outcome is unknown. Do not call it again.",
    };
    return row.digest == null
      ? { state: "completed", tool: row.tool, result }
      : {
          state: "completed",
          tool: row.tool,
          result,
          digest: Number(row.digest),
        };
  }
  const pending = {
    state: "pending",
    tool: row.tool,
    owner: row.owner,
    claimedAt: Number(row.claimed_at),
  } as const;
  return row.digest == null
    ? pending
    : { ...pending, digest: Number(row.digest) };
}

/**
 * The digest of a request: the tool and its validated arguments, as a canonical JSON value —
 * object keys in sorted order, numbers by their value (`1.0` and `1` are one number), strings by
 * their UTF-16 code units as sent (no Unicode normalisation: different text is a different
 * call). A 53-bit number (two 32-bit FNV-style lanes, mixed), so a store keeps it in an integer
 * column and the in-memory store in a typed array. It is only ever compared with the digest
 * recorded under the same call id, so a chance collision needs two requests on one id (about
 * one in 2^53), not a birthday among all of them.
 */
export function callDigest(tool: string, args: unknown): number {
  lane1 = 0xdeadbeef;
  lane2 = 0x41c6ce57;
  digestText(tool);
  digestValue(args);
  let a = Math.imul(lane1 ^ (lane1 >>> 16), 2246822507);
  a ^= Math.imul(lane2 ^ (lane2 >>> 13), 3266489909);
  let b = Math.imul(lane2 ^ (lane2 >>> 16), 2246822507);
  b ^= Math.imul(a ^ (a >>> 13), 3266489909);
  return 4294967296 * (0x1fffff & b) + (a >>> 0);
}

// The digest's running state: module-level numbers, so hashing a call allocates nothing.
let lane1 = 0;
let lane2 = 0;

function digestUnit(unit: number): void {
  lane1 = Math.imul(lane1 ^ unit, 2654435761);
  lane2 = Math.imul(lane2 ^ unit, 1597334677);
}

/** A string: its length, then its code units (so no two sequences of strings run together). */
function digestText(text: string): void {
  digestUnit(text.length);
  for (let i = 0; i < text.length; i++) digestUnit(text.charCodeAt(i));
}

// Tags that open each kind of value (outside the range a length takes in practice).
const TAG_NULL = 0x7fff0001;
const TAG_FALSE = 0x7fff0002;
const TAG_TRUE = 0x7fff0003;
const TAG_INTEGER = 0x7fff0004;
const TAG_NUMBER = 0x7fff0005;
const TAG_STRING = 0x7fff0006;
const TAG_ARRAY = 0x7fff0007;
const TAG_OBJECT = 0x7fff0008;
const TAG_OTHER = 0x7fff0009;

function digestValue(value: unknown): void {
  switch (typeof value) {
    case "string":
      digestUnit(TAG_STRING);
      digestText(value);
      return;
    case "number":
      // A small integer is its own unit; any other number by its shortest round-trip spelling
      // (what JSON.stringify writes: -0 and 0 are one value, as in JSON).
      if ((value | 0) === value) {
        digestUnit(TAG_INTEGER);
        digestUnit(value);
      } else {
        digestUnit(TAG_NUMBER);
        digestText(String(value));
      }
      return;
    case "boolean":
      digestUnit(value ? TAG_TRUE : TAG_FALSE);
      return;
    case "object":
      if (value === null) digestUnit(TAG_NULL);
      else if (Array.isArray(value)) {
        digestUnit(TAG_ARRAY);
        digestUnit(value.length);
        for (let i = 0; i < value.length; i++) digestValue(value[i]);
      } else {
        const object = value as { readonly [key: string]: unknown };
        const keys = Object.keys(object);
        if (keys.length > 1) keys.sort();
        digestUnit(TAG_OBJECT);
        digestUnit(keys.length);
        for (const key of keys) {
          digestText(key);
          digestValue(object[key]);
        }
      }
      return;
    default:
      // Validated arguments are JSON values; anything else still digests deterministically.
      digestUnit(TAG_OTHER);
  }
}
