/**
 * A call store in an SQLite file, through the app's own better-sqlite3 `Database` (taken
 * structurally, so generated code imports no package). The embedded default for a real app:
 * records survive a restart, and processes that open the same file share them. A claim is one
 * `INSERT … ON CONFLICT DO NOTHING` on the primary key, which SQLite applies under its write
 * lock: of two processes claiming one call at once, exactly one inserts. WAL lets readers work
 * beside the writer, and `busy_timeout` makes a writer wait for the lock instead of failing.
 * Copied into generated output (runtime/sqlite-store.ts); real TypeScript.
 *
 * Durable before returned. A claim is committed before its handler runs, and a result before
 * `complete`'s promise resolves — which is before `run` resolves with it: an app that exits or
 * is killed right after a call returned leaves a record its next process replays. A sequential
 * call therefore costs two commits of its one row (the claim, then the result). Writes asked for
 * together share one commit (group commit): claims and results are queued, and the queue is
 * written at the end of the current microtask run — a write alone commits on its own, several
 * share one transaction — so 64 calls started together cost about two commits in all (their
 * claims, then their results). A sequential call never waits for a later one: its write is alone
 * in the queue.
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
  type FoundCall,
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

/** The SQLite store: a `CallStore`, and `flush()` to write queued writes at once. */
export interface SqliteCallStore extends CallStore {
  claim(
    call: Parameters<CallStore["claim"]>[0],
    claim: Claim,
  ): Promise<ClaimOutcome>;
  find(call: Parameters<CallStore["claim"]>[0]): FoundCall | undefined;
  takeOver(...args: Parameters<CallStore["takeOver"]>): Promise<boolean>;
  complete(...args: Parameters<CallStore["complete"]>): Promise<void>;
  /**
   * Commits the writes queued in this microtask run now. Not needed for correctness (every
   * claim and result is committed before its caller hears of it); kept for apps that call it.
   */
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
    `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, tool TEXT NOT NULL, state TEXT NOT NULL, owner TEXT NOT NULL, claimed_at INTEGER NOT NULL, result TEXT, digest INTEGER)`,
  );
  migrate(db, table);
  const insert = db.prepare(
    `INSERT INTO ${table} (key, tool, state, owner, claimed_at, digest) VALUES (?, ?, 'claimed', ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
  );
  const select = db.prepare(
    `SELECT tool, state, owner, claimed_at, result, digest FROM ${table} WHERE key = ?`,
  );
  const takeOver = db.prepare(
    `UPDATE ${table} SET owner = ?, claimed_at = ?, digest = ? WHERE key = ? AND state = 'claimed' AND owner = ? AND claimed_at = ?`,
  );
  // A result updates its claim when the claim is still this owner's. Its insert is there only
  // for a claim the app deleted meanwhile: the call ran, so its record is written whole, and the
  // id is never run again.
  const complete = db.prepare(
    `INSERT INTO ${table} AS c (key, tool, state, owner, claimed_at, result, digest) VALUES (?, ?, 'completed', ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET state = 'completed', result = excluded.result WHERE c.state = 'claimed' AND c.owner = excluded.owner`,
  );
  const update = db.prepare(
    `UPDATE ${table} SET state = 'completed', result = ? WHERE key = ? AND state = 'claimed' AND owner = ?`,
  );
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");
  const rollback = db.prepare("ROLLBACK");

  /** Writes asked for in this microtask run (claims and results), not yet committed. */
  let queued: Queued[] = [];
  /** This store's claims still running: what their row is written with if the app deleted it. */
  const running = new Map<string, Claim>();

  /**
   * Queues a write and answers once it is committed. The first write of a microtask run
   * schedules the commit after the others queued in it (`Promise.resolve().then`: a microtask,
   * so a call alone waits for nothing else).
   */
  function queue<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (queued.length === 0) void Promise.resolve().then(flush);
      queued.push({
        write,
        answer: resolve as (value: unknown) => void,
        failed: reject,
      });
    });
  }

  /**
   * Commits every queued write: one alone commits on its own; several share one transaction
   * (or the app's own, when one is open on the connection: committed with it). Each waiting
   * caller hears the outcome once committed; when the transaction fails, every one of them
   * hears the failure (none of its writes happened).
   */
  function flush(): void {
    const batch = queued;
    if (batch.length === 0) return;
    queued = [];
    const answers: unknown[] = [];
    try {
      if (batch.length === 1 || db.inTransaction === true)
        for (const w of batch) answers.push(w.write());
      else {
        begin.run();
        try {
          for (const w of batch) answers.push(w.write());
          commit.run();
        } catch (e) {
          if (db.inTransaction !== false) {
            try {
              rollback.run();
            } catch {
              // SQLite already rolled back (a failed COMMIT does).
            }
          }
          throw e;
        }
      }
    } catch (e) {
      for (const w of batch) w.failed(e);
      return;
    }
    for (let i = 0; i < batch.length; i++) batch[i]!.answer(answers[i]);
  }

  return {
    claim(call, claim): Promise<ClaimOutcome> {
      const key = storeKey(call);
      return queue((): ClaimOutcome => {
        const inserted =
          insert.run(
            key,
            claim.tool,
            claim.owner,
            claim.at,
            claim.digest ?? null,
          ).changes === 1;
        if (inserted) {
          running.set(key, claim);
          return { state: "claimed" };
        }
        return outcomeOfRow(select.get(key) as CallRow | undefined);
      });
    },
    find(call) {
      const row = select.get(storeKey(call)) as CallRow | undefined;
      return row === undefined ? undefined : (outcomeOfRow(row) as FoundCall);
    },
    takeOver(call, previous, claim) {
      const key = storeKey(call);
      return queue((): boolean => {
        const taken =
          takeOver.run(
            claim.owner,
            claim.at,
            claim.digest ?? null,
            key,
            previous.owner,
            previous.claimedAt,
          ).changes === 1;
        if (taken) running.set(key, claim);
        return taken;
      });
    },
    complete(call, owner, result) {
      const key = storeKey(call);
      const json = storedResultJson(result);
      return queue((): void => {
        // An upsert for a claim this store made (written whole if the app deleted its row),
        // else an update of the claim.
        const claim = running.get(key);
        running.delete(key);
        if (claim === undefined) update.run(json, key, owner);
        else
          complete.run(
            key,
            claim.tool,
            owner,
            claim.at,
            json,
            claim.digest ?? null,
          );
      });
    },
    flush,
  };
}

/** A write waiting for its commit, and the caller that hears of it. */
interface Queued {
  readonly write: () => unknown;
  readonly answer: (value: unknown) => void;
  readonly failed: (e: unknown) => void;
}

/**
 * Adds the `digest` column to a table written before stores kept one (its rows keep NULL: they
 * replay as before). Of two processes migrating at once, the second finds the column added.
 */
function migrate(db: SqliteDatabaseLike, table: string): void {
  const columns = db.prepare(
    `SELECT count(*) AS n FROM pragma_table_info('${table}') WHERE name = 'digest'`,
  );
  if ((columns.get() as { n: number }).n > 0) return;
  try {
    db.exec(`ALTER TABLE ${table} ADD COLUMN digest INTEGER`);
  } catch (e) {
    if ((columns.get() as { n: number }).n === 0) throw e;
  }
}
