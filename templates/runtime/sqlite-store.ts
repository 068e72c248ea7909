/**
 * A call store in an SQLite file, through the app's own better-sqlite3 `Database` (taken
 * structurally, so generated code imports no package). The embedded default for a real app:
 * records survive a restart, and processes that open the same file share them. A claim is one
 * `INSERT … ON CONFLICT DO NOTHING` on the primary key, which SQLite applies under its write
 * lock: of two processes claiming one call at once, exactly one inserts. WAL lets readers work
 * beside the writer, and `busy_timeout` makes a writer wait for the lock instead of failing.
 * Copied into generated output (runtime/sqlite-store.ts); real TypeScript.
 */
import {
  outcomeOfRow,
  storeKey,
  storedResultJson,
  tableName,
  type CallRow,
  type CallStore,
  type ClaimOutcome,
} from "./call-store.js";

/** The parts of a better-sqlite3 statement the store uses. */
export interface SqliteStatementLike {
  run(...params: unknown[]): { readonly changes: number };
  get(...params: unknown[]): unknown;
}

/** The parts of a better-sqlite3 `Database` the store uses. */
export interface SqliteDatabaseLike {
  prepare(sql: string): SqliteStatementLike;
  exec(sql: string): unknown;
}

export interface SqliteStoreOptions {
  /** Table of call records (created when missing). Default `toolcat_calls`. */
  readonly table?: string;
  /** Switch the database to WAL (default true; leave false when the app manages its journal). */
  readonly wal?: boolean;
  /** How long a writer waits for the lock, ms (default 5000). */
  readonly busyTimeoutMs?: number;
}

export function sqliteCallStore(
  db: SqliteDatabaseLike,
  options: SqliteStoreOptions = {},
): CallStore {
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
  const select = db.prepare(
    `SELECT tool, state, owner, claimed_at, result FROM ${table} WHERE key = ?`,
  );
  const takeOver = db.prepare(
    `UPDATE ${table} SET owner = ?, claimed_at = ? WHERE key = ? AND state = 'claimed' AND owner = ? AND claimed_at = ?`,
  );
  const complete = db.prepare(
    `UPDATE ${table} SET state = 'completed', result = ? WHERE key = ? AND state = 'claimed' AND owner = ?`,
  );
  return {
    claim(call, claim): ClaimOutcome {
      const key = storeKey(call);
      if (insert.run(key, claim.tool, claim.owner, claim.at).changes === 1)
        return { state: "claimed" };
      return outcomeOfRow(select.get(key) as CallRow | undefined);
    },
    takeOver(call, previous, claim) {
      const key = storeKey(call);
      return (
        takeOver.run(
          claim.owner,
          claim.at,
          key,
          previous.owner,
          previous.claimedAt,
        ).changes === 1
      );
    },
    complete(call, owner, result) {
      complete.run(storedResultJson(result), storeKey(call), owner);
    },
  };
}
