/**
 * A call store in PostgreSQL, through the app's own `pg` `Pool` or `Client` (taken structurally,
 * so generated code imports no package), for apps that run on several hosts. A claim is one
 * `INSERT … ON CONFLICT (key) DO NOTHING`: the primary key makes exactly one of any number of
 * concurrent claims of a call insert its row, on every connection. A result's `UPDATE` is
 * awaited before `complete` resolves, so it is committed before `run` resolves with it. Copied
 * into generated output (runtime/postgres-store.ts); real TypeScript.
 */
import {
  outcomeOfRow,
  storeKey,
  storedResultJson,
  tableName,
  type CallRow,
  type CallStore,
  type FoundCall,
} from "./call-store.js";

/** The part of a `pg` `Pool` / `Client` the store uses. */
export interface PostgresClientLike {
  query(
    text: string,
    values?: unknown[],
  ): Promise<{ readonly rows: unknown[]; readonly rowCount: number | null }>;
}

export interface PostgresStoreOptions {
  /** Table of call records (created when missing). Default `toolcat_calls`. */
  readonly table?: string;
}

/**
 * PostgreSQL's codes for a table, type or column created by a concurrent `CREATE TABLE IF NOT
 * EXISTS` or `ADD COLUMN IF NOT EXISTS`.
 */
const CREATED_CONCURRENTLY = new Set(["23505", "42P07", "42701"]);

export function postgresCallStore(
  client: PostgresClientLike,
  options: PostgresStoreOptions = {},
): CallStore & {
  ready(): Promise<void>;
  find(call: Parameters<CallStore["claim"]>[0]): Promise<FoundCall | undefined>;
} {
  const table = tableName(options.table ?? "toolcat_calls");
  let created: Promise<void> | undefined;
  // Each statement may meet the same one run by another process at once: that one's success
  // stands for it. A table written before stores kept a digest gets the column (its rows keep
  // NULL: they replay as before).
  const once = (sql: string): Promise<void> =>
    client.query(sql).then(
      () => undefined,
      (e: unknown) => {
        if (!CREATED_CONCURRENTLY.has(String((e as { code?: unknown })?.code)))
          throw e;
      },
    );
  const ready = (): Promise<void> =>
    (created ??= once(
      `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, tool TEXT NOT NULL, state TEXT NOT NULL, owner TEXT NOT NULL, claimed_at BIGINT NOT NULL, result TEXT, digest BIGINT)`,
    )
      .then(() =>
        once(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS digest BIGINT`),
      )
      .catch((e: unknown) => {
        created = undefined;
        throw e;
      }));
  const row = async (key: string): Promise<CallRow | undefined> =>
    (
      await client.query(
        `SELECT tool, state, owner, claimed_at, result, digest FROM ${table} WHERE key = $1`,
        [key],
      )
    ).rows[0] as CallRow | undefined;
  return {
    ready,
    async claim(call, claim) {
      await ready();
      const key = storeKey(call);
      const inserted = await client.query(
        `INSERT INTO ${table} (key, tool, state, owner, claimed_at, digest) VALUES ($1, $2, 'claimed', $3, $4, $5) ON CONFLICT (key) DO NOTHING`,
        [key, claim.tool, claim.owner, claim.at, claim.digest ?? null],
      );
      if (inserted.rowCount === 1) return { state: "claimed" };
      return outcomeOfRow(await row(key));
    },
    async find(call) {
      await ready();
      const found = await row(storeKey(call));
      return found === undefined
        ? undefined
        : (outcomeOfRow(found) as FoundCall);
    },
    async takeOver(call, previous, claim) {
      await ready();
      const key = storeKey(call);
      const updated = await client.query(
        `UPDATE ${table} SET owner = $1, claimed_at = $2, digest = $6 WHERE key = $3 AND state = 'claimed' AND owner = $4 AND claimed_at = $5`,
        [
          claim.owner,
          claim.at,
          key,
          previous.owner,
          previous.claimedAt,
          claim.digest ?? null,
        ],
      );
      return updated.rowCount === 1;
    },
    async complete(call, owner, result) {
      await ready();
      const key = storeKey(call);
      await client.query(
        `UPDATE ${table} SET state = 'completed', result = $1 WHERE key = $2 AND state = 'claimed' AND owner = $3`,
        [storedResultJson(result), key, owner],
      );
    },
  };
}
