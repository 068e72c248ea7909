/**
 * A call store in an SQLite file, through the app's own better-sqlite3 `Database` (taken
 * structurally, so generated code imports no package). The embedded default for a real app:
 * records survive a restart, and processes that open the same file share them. A claim is one
 * `INSERT … ON CONFLICT DO NOTHING` on the primary key, which SQLite applies under its write
 * lock: of two processes claiming one call at once, exactly one inserts. WAL lets readers work
 * beside the writer, and `busy_timeout` makes a writer wait for the lock instead of failing.
 * Copied into generated output (runtime/sqlite-store.ts); real TypeScript.
 *
 * One commit per call. A claim must be durable before its handler runs, and a commit is most of
 * what a write costs (the statements are prepared once). So a result is not committed on its
 * own: it is written with the next claim, or at the end of the current turn of the event loop if
 * no claim comes first (and by `flush()`). A process that dies in between leaves the call
 * claimed, exactly as if it had died inside the handler: `outcome-unknown` for a write tool,
 * never run twice; a read tool runs again.
 *
 * One statement per call, too: a claim that carries one result is a single two-row upsert (the
 * result's row, then the claim's), which SQLite commits on its own. A transaction around an
 * `UPDATE` and an `INSERT` costs about a fifth of an insert more, and a `RETURNING` clause (which
 * would say which row changed) a third more: measured on this store's benchmark. So the statement
 * reports only how many rows changed, and when that is one of two, the result's row is read back
 * to tell which (see `claimCarrying`).
 */
import {
  outcomeOfRow,
  storeKey,
  storedResultJson,
  tableName,
  type CallRow,
  type CallStore,
  type Claim,
  type ClaimOutcome,
} from "./call-store.js";

/** The parts of a better-sqlite3 statement the store uses. */
export interface SqliteStatementLike {
  run(...params: unknown[]): {
    readonly changes: number;
    readonly lastInsertRowid?: number | bigint;
  };
  get(...params: unknown[]): unknown;
}

/** The parts of a better-sqlite3 `Database` the store uses. */
export interface SqliteDatabaseLike {
  prepare(sql: string): SqliteStatementLike;
  exec(sql: string): unknown;
  /** Whether a transaction is open on the connection (the app's own, for one). */
  readonly inTransaction?: boolean;
}

export interface SqliteStoreOptions {
  /** Table of call records (created when missing). Default `toolcat_calls`. */
  readonly table?: string;
  /** Switch the database to WAL (default true; leave false when the app manages its journal). */
  readonly wal?: boolean;
  /** How long a writer waits for the lock, ms (default 5000). */
  readonly busyTimeoutMs?: number;
}

/** The SQLite store: a `CallStore`, and `flush()` to write the results not yet committed. */
export interface SqliteCallStore extends CallStore {
  /** Commits every result recorded so far (call it before closing the database). */
  flush(): void;
}

export function sqliteCallStore(
  db: SqliteDatabaseLike,
  options: SqliteStoreOptions = {},
): SqliteCallStore {
  const table = tableName(options.table ?? "toolcat_calls");
  const busy = Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000));
  db.exec(`PRAGMA busy_timeout = ${busy}`);
  if (options.wal ?? true) db.exec("PRAGMA journal_mode = WAL");
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, tool TEXT NOT NULL, state TEXT NOT NULL, owner TEXT NOT NULL, claimed_at INTEGER NOT NULL, result TEXT)`,
  );
  const insert = db.prepare(
    `INSERT INTO ${table} (key, tool, state, owner, claimed_at) VALUES (?, ?, 'claimed', ?, ?) ON CONFLICT (key) DO NOTHING`,
  );
  // A call's row: its record for `outcomeOfRow`, and its rowid for `claimCarrying`.
  const select = db.prepare(
    `SELECT rowid AS id, tool, state, owner, claimed_at, result FROM ${table} WHERE key = ?`,
  );
  const takeOver = db.prepare(
    `UPDATE ${table} SET owner = ?, claimed_at = ? WHERE key = ? AND state = 'claimed' AND owner = ? AND claimed_at = ?`,
  );
  const complete = db.prepare(
    `UPDATE ${table} SET state = 'completed', result = ? WHERE key = ? AND state = 'claimed' AND owner = ?`,
  );
  // The result's row updates its claim (its insert is there only for a claim the app deleted
  // meanwhile: the call ran, so its record is written whole); the claim's row inserts, and on a
  // conflict changes nothing, since the update applies only to rows that carry a result.
  const claimWithResult = db.prepare(
    `INSERT INTO ${table} AS c (key, tool, state, owner, claimed_at, result) VALUES (?, ?, 'completed', ?, ?, ?), (?, ?, 'claimed', ?, ?, NULL) ON CONFLICT (key) DO UPDATE SET state = 'completed', result = excluded.result WHERE excluded.state = 'completed' AND c.state = 'claimed' AND c.owner = excluded.owner`,
  );
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");
  const rollback = db.prepare("ROLLBACK");

  /** Results recorded and not yet committed, in the order they came. */
  const unwritten: Unwritten[] = [];
  /** This store's claims still running: the tool and time their result's row is written with. */
  const running = new Map<string, ClaimMade>();
  let flushQueued = false;

  /**
   * Runs `statement` with every unwritten result written first, all in one transaction (or in
   * the app's own, when one is open on the connection). A result is dropped from the queue only
   * once committed: a failed transaction leaves it for the next attempt.
   */
  function withResults<T>(statement: () => T): T {
    if (unwritten.length === 0) return statement();
    const own = db.inTransaction !== true;
    if (own) begin.run();
    try {
      for (const r of unwritten) complete.run(r.json, r.key, r.owner);
      const answer = statement();
      if (own) commit.run();
      unwritten.length = 0;
      return answer;
    } catch (e) {
      if (own && db.inTransaction !== false) {
        try {
          rollback.run();
        } catch {
          // SQLite already rolled back (a failed COMMIT does).
        }
      }
      throw e;
    }
  }

  function flush(): void {
    if (unwritten.length === 1 && db.inTransaction !== true) {
      // One result alone: its UPDATE commits on its own.
      const r = unwritten[0]!;
      complete.run(r.json, r.key, r.owner);
      unwritten.length = 0;
      return;
    }
    withResults(() => undefined);
  }

  /**
   * Claims `key` in the statement that writes the one unwritten result (`carried`): true when the
   * claim inserted its row. Two rows changed: both applied. Otherwise the result's row tells which
   * one did: completed by this owner with this very text, the result was written (and the claim
   * met a row already there); else the claim's row is the one this statement inserted, which its
   * rowid confirms (anything else is taken as a claim not made: never run twice).
   */
  function claimCarrying(
    carried: Unwritten,
    made: ClaimMade,
    key: string,
    claim: Claim,
  ): boolean {
    const changed = claimWithResult.run(
      carried.key,
      made.tool,
      carried.owner,
      made.at,
      carried.json,
      key,
      claim.tool,
      claim.owner,
      claim.at,
    );
    unwritten.length = 0;
    if (changed.changes === 2) return true;
    if (changed.changes === 0) return false;
    const result = select.get(carried.key) as StoreRow | undefined;
    if (
      result !== undefined &&
      result.state === "completed" &&
      result.owner === carried.owner &&
      result.result === carried.json
    )
      return false;
    const claimed = select.get(key) as StoreRow | undefined;
    return (
      claimed !== undefined &&
      changed.lastInsertRowid !== undefined &&
      Number(claimed.id) === Number(changed.lastInsertRowid) &&
      claimed.state === "claimed" &&
      claimed.owner === claim.owner
    );
  }

  /** Writes the queue when the current turn of the event loop ends, unless a claim does first. */
  function queueFlush(): void {
    if (flushQueued) return;
    flushQueued = true;
    later(() => {
      flushQueued = false;
      try {
        flush();
      } catch {
        // Still queued: written with the next claim, whose failure the app hears.
      }
    });
  }

  return {
    claim(call, claim): ClaimOutcome {
      const key = storeKey(call);
      const carried = unwritten.length === 1 ? unwritten[0] : undefined;
      const made = carried?.claim;
      const inserted =
        carried !== undefined && made !== undefined && db.inTransaction !== true
          ? claimCarrying(carried, made, key, claim)
          : withResults(
              () => insert.run(key, claim.tool, claim.owner, claim.at).changes,
            ) === 1;
      if (inserted) {
        running.set(key, { tool: claim.tool, at: claim.at });
        return { state: "claimed" };
      }
      return outcomeOfRow(select.get(key) as CallRow | undefined);
    },
    takeOver(call, previous, claim) {
      const key = storeKey(call);
      const taken =
        withResults(() =>
          takeOver.run(
            claim.owner,
            claim.at,
            key,
            previous.owner,
            previous.claimedAt,
          ),
        ).changes === 1;
      if (taken) running.set(key, { tool: claim.tool, at: claim.at });
      return taken;
    },
    complete(call, owner, result) {
      const key = storeKey(call);
      const claim = running.get(key);
      running.delete(key);
      unwritten.push({ key, owner, json: storedResultJson(result), claim });
      queueFlush();
    },
    flush,
  };
}

/** A claim this store made (or took over): what its result's row is written with. */
interface ClaimMade {
  readonly tool: string;
  readonly at: number;
}

/** A result recorded and not yet committed, with its claim when this store made it. */
interface Unwritten {
  readonly key: string;
  readonly owner: string;
  readonly json: string;
  readonly claim: ClaimMade | undefined;
}

/** A call's row as `select` reads it. */
interface StoreRow extends CallRow {
  readonly id: number | bigint;
}

/** Runs `task` after the current turn of the event loop (`setImmediate` where there is one). */
function later(task: () => void): void {
  const host = globalThis as {
    setImmediate?: (task: () => void) => unknown;
    setTimeout?: (task: () => void, ms: number) => unknown;
  };
  if (host.setImmediate !== undefined) host.setImmediate(task);
  else host.setTimeout?.(task, 0);
}
