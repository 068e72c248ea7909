/**
 * The PostgreSQL call store on a real server (test/helpers/postgres.ts starts a throwaway one, or
 * uses TOOLCAT_PG_URL): the store contract; replay from a new connection (a restarted app); an
 * abandoned claim; and two connections racing the same call ids many times, the handler running
 * exactly once per id. Without a server the tests are skipped loudly, except under CI, where
 * that is a failure.
 */
import pg from "pg";
import {
  afterAll,
  beforeAll,
  describe,
  expect,
  it,
  type TestContext,
} from "vitest";
import { createDispatcher } from "../../generated/dispatcher.js";
import { postgresCallStore } from "../../generated/runtime/postgres-store.js";
import type { ToolCall } from "../../generated/runtime/tool-call.js";
import { startPostgres, type Postgres } from "../helpers/postgres.js";
import { exampleHandlers, VALID } from "./example-app.js";
import { storeContract } from "./store-contract.js";

let server: Postgres | undefined;
const clients: pg.Client[] = [];

beforeAll(async () => {
  const started = await startPostgres();
  if ("unavailable" in started) {
    if (process.env.CI)
      throw new Error(`PostgreSQL is required in CI: ${started.unavailable}`);
    console.warn(
      `\n!!! PostgreSQL store tests SKIPPED: ${started.unavailable}\n`,
    );
    return;
  }
  server = started;
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  server?.stop();
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server!.url });
  await client.connect();
  clients.push(client);
  return client;
}

function needServer(ctx: TestContext): void {
  if (server === undefined) ctx.skip();
}

let tables = 0;
const freshTable = () => `calls_${process.pid}_${tables++}`;

const write = (id: string, weight = 70): ToolCall => ({
  target: "anthropic",
  id,
  name: "write_measurement",
  arguments: { date: "2026-06-01", data: { weight_kg: weight } },
});

describe("PostgreSQL store", () => {
  describe("contract", () => {
    let client: pg.Client | undefined;
    storeContract(
      "postgres",
      async () => {
        client ??= await connect();
        const store = postgresCallStore(client, { table: freshTable() });
        await store.ready();
        return store;
      },
      () => server !== undefined,
    );
  });

  it("replays a completed call through a new connection (the app restarted)", async (ctx) => {
    needServer(ctx);
    const table = freshTable();
    let runs = 0;
    const handlers = {
      ...exampleHandlers(),
      write_measurement: () => (runs++, { saved: ["weight_kg" as const] }),
    };
    const first = createDispatcher(handlers, {
      confirm: () => true,
      store: postgresCallStore(await connect(), { table }),
    });
    const r1 = await first.run(write("w1"));
    const pool = new pg.Pool({ connectionString: server!.url, max: 2 });
    try {
      const second = createDispatcher(handlers, {
        confirm: () => true,
        store: postgresCallStore(pool, { table }),
      });
      const r2 = await second.run(write("w1"));
      expect(r2).toEqual({ ...r1, replayed: true });
      expect(runs).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it("a result is committed before run resolves: another connection sees it at once", async (ctx) => {
    needServer(ctx);
    const table = freshTable();
    const d = createDispatcher(exampleHandlers(), {
      confirm: () => true,
      store: postgresCallStore(await connect(), { table }),
    });
    const other = await connect();
    for (const id of ["d1", "d2"]) {
      await d.run(write(id));
      expect(
        (
          await other.query(`SELECT state FROM ${table} WHERE key = $1`, [
            `anthropic|${id}`,
          ])
        ).rows,
      ).toEqual([{ state: "completed" }]);
    }
  });

  it("the same id with other arguments is refused and not run; the same request spelled otherwise replays", async (ctx) => {
    needServer(ctx);
    const table = freshTable();
    let runs = 0;
    const handlers = {
      ...exampleHandlers(),
      write_measurement: () => (runs++, { saved: ["weight_kg" as const] }),
    };
    const d = createDispatcher(handlers, {
      confirm: () => true,
      store: postgresCallStore(await connect(), { table }),
    });
    const first = await d.run(write("bound", 70));
    const other = await d.run(write("bound", 71));
    expect(other.status).toBe("invalid-arguments");
    expect(other.text).toContain("already used for a different call");
    const reordered: ToolCall = {
      target: "anthropic",
      id: "bound",
      name: "write_measurement",
      arguments: { data: { weight_kg: 70.0 }, date: "2026-06-01" },
    };
    expect(await d.run(reordered)).toEqual({ ...first, replayed: true });
    expect(runs).toBe(1);
  });

  it("a table written before digests were kept: migrated in place, its rows replay as before", async (ctx) => {
    needServer(ctx);
    const table = freshTable();
    const client = await connect();
    await client.query(
      `CREATE TABLE ${table} (key TEXT PRIMARY KEY, tool TEXT NOT NULL, state TEXT NOT NULL, owner TEXT NOT NULL, claimed_at BIGINT NOT NULL, result TEXT)`,
    );
    await client.query(
      `INSERT INTO ${table} VALUES ($1, 'write_measurement', 'completed', 'old', 1, $2)`,
      [
        "anthropic|old",
        JSON.stringify({
          status: "ok",
          isError: false,
          text: '{"saved":["weight_kg"]}',
          hasOutput: true,
        }),
      ],
    );
    let runs = 0;
    const handlers = {
      ...exampleHandlers(),
      write_measurement: () => (runs++, { saved: [] }),
    };
    // Two stores migrating the same table at once: both come up.
    const [a, b] = [
      postgresCallStore(await connect(), { table }),
      postgresCallStore(await connect(), { table }),
    ];
    await Promise.all([a.ready(), b.ready()]);
    const d = createDispatcher(handlers, { confirm: () => true, store: a });
    expect(await d.run(write("old", 5))).toMatchObject({
      status: "ok",
      replayed: true,
      output: { saved: ["weight_kg"] },
    });
    expect(runs).toBe(0);
    expect(
      (
        await client.query(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name = 'digest'`,
          [table],
        )
      ).rowCount,
    ).toBe(1);
  });

  it("an abandoned claim: a write is outcome-unknown and not run; a read runs again", async (ctx) => {
    needServer(ctx);
    const table = freshTable();
    const hang = () => new Promise<never>(() => {});
    const dead = createDispatcher(
      { ...exampleHandlers(), write_measurement: hang, get_weather: hang },
      {
        confirm: () => true,
        store: postgresCallStore(await connect(), { table }),
      },
    );
    void dead.run(write("w"));
    void dead.run({
      target: "anthropic",
      id: "r",
      name: "get_weather",
      arguments: VALID.get_weather,
    });
    await new Promise((r) => setTimeout(r, 200));
    let reads = 0;
    let writes = 0;
    const handlers = {
      ...exampleHandlers(),
      write_measurement: () => (writes++, { saved: [] }),
      get_weather: () => (
        reads++,
        { temperature: 1, conditions: "x", wind_speed: null }
      ),
    };
    const restarted = createDispatcher(handlers, {
      confirm: () => true,
      staleClaimMs: 0,
      store: postgresCallStore(await connect(), { table }),
    });
    expect((await restarted.run(write("w"))).status).toBe("outcome-unknown");
    expect(
      (
        await restarted.run({
          target: "anthropic",
          id: "r",
          name: "get_weather",
          arguments: VALID.get_weather,
        })
      ).status,
    ).toBe("ok");
    expect([writes, reads]).toEqual([0, 1]);
  });

  it("two connections racing the same call ids run the handler exactly once per id", async (ctx) => {
    needServer(ctx);
    const table = freshTable();
    const setup = postgresCallStore(await connect(), { table });
    await setup.ready();
    const runs = new Map<string, number>();
    const handlers = {
      ...exampleHandlers(),
      write_measurement: async (
        _args: unknown,
        c: { callId: string | undefined },
      ) => {
        runs.set(c.callId!, (runs.get(c.callId!) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 1));
        return { saved: ["weight_kg" as const] };
      },
    };
    const a = createDispatcher(handlers, {
      confirm: () => true,
      store: postgresCallStore(await connect(), { table }),
    });
    const b = createDispatcher(handlers, {
      confirm: () => true,
      store: postgresCallStore(await connect(), { table }),
    });
    const rounds = 200;
    let inProgress = 0;
    for (let i = 0; i < rounds; i++) {
      const call = write(`race-${i}`, i + 1);
      const pair = await Promise.all([a.run(call), b.run(call)]);
      const fresh = pair.filter((r) => r.status === "ok" && !r.replayed);
      expect(fresh, `round ${i}`).toHaveLength(1);
      const other = pair.find((r) => r !== fresh[0])!;
      expect(
        other.status === "in-progress" ||
          (other.status === "ok" && other.replayed),
      ).toBe(true);
      if (other.status === "in-progress") inProgress++;
    }
    expect(runs.size).toBe(rounds);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    // The two connections really raced: the loser usually found the claim still open.
    expect(inProgress).toBeGreaterThan(0);
  });
});
