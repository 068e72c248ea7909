/**
 * A call store in PostgreSQL, through the app's own `pg` `Pool` or `Client` (taken structurally,
 * so generated code imports no package), for apps that run on several hosts. A claim is one
 * `INSERT … ON CONFLICT (key) DO NOTHING`: the primary key makes exactly one of any number of
 * concurrent claims of a call insert its row, on every connection. Copied into generated output
 * (runtime/postgres-store.ts); real TypeScript.
 */
import {
  outcomeOfRow,
  storeKey,
  storedResultJson,
  tableName,
  type CallRow,
  type CallStore,
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

/** PostgreSQL's codes for a table or type created by a concurrent `CREATE TABLE IF NOT EXISTS`. */
const CREATED_CONCURRENTLY = new Set(["23505", "42P07"]);

export function postgresCallStore(
  client: PostgresClientLike,
  options: PostgresStoreOptions = {},
): CallStore & { ready(): Promise<void> } {
  const table = tableName(options.table ?? "toolcat_calls");
  let created: Promise<void> | undefined;
  const ready = (): Promise<void> =>
    (created ??= client
      .query(
        `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, tool TEXT NOT NULL, state TEXT NOT NULL, owner TEXT NOT NULL, claimed_at BIGINT NOT NULL, result TEXT)`,
      )
      .then(
        () => undefined,
        (e: unknown) => {
          if (CREATED_CONCURRENTLY.has(String((e as { code?: unknown })?.code)))
            return;
          created = undefined;
          throw e;
        },
      ));
  return {
    ready,
    async claim(call, claim) {
      await ready();
      const key = storeKey(call);
      const inserted = await client.query(
        `INSERT INTO ${table} (key, tool, state, owner, claimed_at) VALUES ($1, $2, 'claimed', $3, $4) ON CONFLICT (key) DO NOTHING`,
        [key, claim.tool, claim.owner, claim.at],
      );
      if (inserted.rowCount === 1) return { state: "claimed" };
      const found = await client.query(
        `SELECT tool, state, owner, claimed_at, result FROM ${table} WHERE key = $1`,
        [key],
      );
      return outcomeOfRow(found.rows[0] as CallRow | undefined);
    },
    async takeOver(call, previous, claim) {
      await ready();
      const key = storeKey(call);
      const updated = await client.query(
        `UPDATE ${table} SET owner = $1, claimed_at = $2 WHERE key = $3 AND state = 'claimed' AND owner = $4 AND claimed_at = $5`,
        [claim.owner, claim.at, key, previous.owner, previous.claimedAt],
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
