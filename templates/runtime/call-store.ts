/**
 * The call store: what makes a call id run at most once. The dispatcher claims a call's key
 * before its handler runs and records the result after; a key seen again returns the recorded
 * result (`replayed`), or says the call is still running, or — when the process that claimed it
 * died — that its outcome is unknown. This file holds the interface and the in-memory store (the
 * default); runtime/sqlite-store.ts and runtime/postgres-store.ts keep the same records in the
 * app's own database. Copied into generated output (runtime/call-store.ts); real TypeScript.
 */
import type { CallProblem, CallStatus, TargetName } from "./tool-call.js";

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
    }
  /** Someone claimed the call and has not recorded a result (still running, or died). */
  | {
      readonly state: "pending";
      readonly tool: string;
      readonly owner: string;
      readonly claimedAt: number;
    };

/**
 * A store of call records. Every method may answer synchronously (in-memory, better-sqlite3) or
 * with a promise (PostgreSQL). `claim` must be atomic: of two claims of one key at the same
 * moment, in any process that shares the store, exactly one gets `claimed`.
 */
export interface CallStore {
  claim(key: string, claim: Claim): ClaimOutcome | Promise<ClaimOutcome>;
  /**
   * Takes over a claim its owner abandoned (compare-and-swap on owner and time); false when the
   * claim changed meanwhile (someone else took it over, or it completed).
   */
  takeOver(
    key: string,
    previous: { readonly owner: string; readonly claimedAt: number },
    claim: Claim,
  ): boolean | Promise<boolean>;
  /** Records the result of a call this owner claimed (ignored when the claim is no longer its). */
  complete(
    key: string,
    owner: string,
    result: StoredResult,
  ): void | Promise<void>;
}

/** The identity of a call in the store, or undefined for a call that cannot be deduplicated. */
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
  // Each scope part is length-prefixed and the id comes last, so no choice of characters makes
  // two identities meet (target names hold no "|").
  const session = call.scope?.sessionId ?? "";
  const turn = call.scope?.turnId ?? "";
  return `${call.target}|${session.length}:${session}|${turn.length}:${turn}|${id}`;
}

/**
 * One call's record. A pending claim becomes completed in place, and the result's fields are
 * kept in the record itself, the output as its JSON text only (the result's `text`), as the
 * database stores keep it: a record retains the record and its text, not the result object and
 * the output's object graph. Records live through many garbage collections, so every object they
 * hold is copied again and again: this is most of the store's cost per call.
 */
interface MemoryRecord {
  state: "pending" | "completed";
  tool: string;
  owner: string;
  claimedAt: number;
  status: StoredResult["status"] | undefined;
  isError: boolean;
  text: string;
  /** Whether the result had an output; it is read back from `text` (its JSON) on a replay. */
  hasOutput: boolean;
  errors: readonly CallProblem[] | undefined;
}

/** A completed record's result, as `claim` answers it (built only when a call id comes again). */
function resultOf(record: MemoryRecord): StoredResult {
  const result: {
    status: StoredResult["status"];
    isError: boolean;
    text: string;
    output?: unknown;
    errors?: readonly CallProblem[];
  } = { status: record.status!, isError: record.isError, text: record.text };
  if (record.hasOutput) {
    try {
      result.output = JSON.parse(record.text) as unknown;
    } catch {
      // Not the JSON of its output (a result the dispatcher did not write): the text stands alone.
    }
  }
  if (record.errors !== undefined) result.errors = record.errors;
  return result;
}

/**
 * The default store: records in this process's memory. Calls are deduplicated while the process
 * lives (and between dispatchers given the same store); a restart forgets them. `maxEntries`
 * (default 10 000: retries come within minutes, not days) bounds memory: the oldest completed
 * records are dropped first. Every method answers synchronously.
 */
export function memoryCallStore(
  options: { readonly maxEntries?: number } = {},
): CallStore & { readonly size: number } {
  const records = new Map<string, MemoryRecord>();
  const maxEntries = options.maxEntries ?? 10_000;
  // One pass drops the oldest completed records down to 90% of the bound, so the cost is
  // spread over many claims (a pass per claim would rescan the map's oldest slots every time).
  const evict = (): void => {
    const target = Math.floor(maxEntries * 0.9);
    // Keys only, read back by key: iterating entries would allocate a pair per record.
    for (const key of records.keys()) {
      if (records.size <= target) return;
      if (records.get(key)!.state === "completed") records.delete(key);
    }
  };
  return {
    get size() {
      return records.size;
    },
    claim(key, claim) {
      const found = records.get(key);
      if (found === undefined) {
        records.set(key, {
          state: "pending",
          tool: claim.tool,
          owner: claim.owner,
          claimedAt: claim.at,
          status: undefined,
          isError: false,
          text: "",
          hasOutput: false,
          errors: undefined,
        });
        if (records.size > maxEntries) evict();
        return CLAIMED;
      }
      return found.state === "completed"
        ? { state: "completed", tool: found.tool, result: resultOf(found) }
        : {
            state: "pending",
            tool: found.tool,
            owner: found.owner,
            claimedAt: found.claimedAt,
          };
    },
    takeOver(key, previous, claim) {
      const found = records.get(key);
      if (
        found === undefined ||
        found.state !== "pending" ||
        found.owner !== previous.owner ||
        found.claimedAt !== previous.claimedAt
      )
        return false;
      found.tool = claim.tool;
      found.owner = claim.owner;
      found.claimedAt = claim.at;
      return true;
    },
    complete(key, owner, result) {
      const found = records.get(key);
      if (
        found === undefined ||
        found.state !== "pending" ||
        found.owner !== owner
      )
        return;
      found.state = "completed";
      found.status = result.status;
      found.isError = result.isError;
      found.text = result.text;
      found.hasOutput = result.output !== undefined;
      found.errors = result.errors;
    },
  };
}

const CLAIMED: ClaimOutcome = Object.freeze({ state: "claimed" });

/** A stored result read back from a database column (JSON text); undefined when it is not one. */
export function parseStoredResult(text: unknown): StoredResult | undefined {
  if (typeof text !== "string") return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === "object" &&
      value !== null &&
      typeof (value as { status?: unknown }).status === "string" &&
      typeof (value as { text?: unknown }).text === "string"
    )
      return value as StoredResult;
  } catch {
    // A corrupt row is answered as an unknown outcome by the caller.
  }
  return undefined;
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
    return { state: "completed", tool: row.tool, result };
  }
  return {
    state: "pending",
    tool: row.tool,
    owner: row.owner,
    claimedAt: Number(row.claimed_at),
  };
}
