// The database call stores under the generated dispatcher (generated/, transpiled as it stands),
// each call's result committed before `run` resolves:
//   counted   the statements and commits each store runs per call, through a wrapper of the
//             app's database: SQLite sequential (budget: at most 2 writes of the call's row, the
//             claim and the result), SQLite 64 concurrent calls (budget: at most 1.2 commits per
//             call: the claims share one, the results another), and PostgreSQL beside them
//             (queries per call)
//   timed     the same calls against the database's own rate of inserting the same row into a
//             table of the store's shape on the same file (SQLite, WAL) or server (PostgreSQL),
//             as "inserts per call": interleaved rounds, wall time (commits wait for the disk),
//             the median of per-round ratios with their spread
// PostgreSQL is a throwaway server started by test/helpers/postgres.ts (or TOOLCAT_PG_URL); it
// is skipped, and says so, when none can be started.
// Knobs: TOOLCAT_BENCH_ROUNDS (default 9), TOOLCAT_BENCH_BATCH (calls per contender per round, default 640).
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import {
  generatedAsJs,
  removeGeneratedJs,
  transpileFile,
} from "../helpers/generated-js.js";

const ROUNDS = Number(process.env.TOOLCAT_BENCH_ROUNDS ?? 9);
const BATCH = Math.max(
  64,
  Math.round(Number(process.env.TOOLCAT_BENCH_BATCH ?? 640) / 64) * 64,
);
const CONCURRENT = 64;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString("en-US");

/** Runs each contender's batch in turn, ROUNDS times (wall time); ratio(i, j) is the median of per-round ratios. */
async function interleaved(contenders, batch, rounds = ROUNDS) {
  const times = contenders.map(() => []);
  for (let r = -1; r < rounds; r++) {
    for (const [i, c] of contenders.entries()) {
      const t = performance.now();
      await c.run(batch);
      if (r >= 0) times[i].push(performance.now() - t); // round -1 warms up
    }
  }
  const per = (i, j) =>
    times[i].map((ms, r) => ms / times[j][r]).sort((a, b) => a - b);
  return {
    rate: (i) => (batch / median(times[i])) * 1000,
    ratio: (i, j) => median(per(i, j)),
    spread: (i, j) =>
      `${per(i, j)[0].toFixed(2)}–${per(i, j).at(-1).toFixed(2)}`,
  };
}

/** The better-sqlite3 database as the store sees it, counting what it runs. */
function countedSqlite(db, counts) {
  return {
    exec: (sql) => db.exec(sql),
    get inTransaction() {
      return db.inTransaction;
    },
    prepare(sql) {
      const statement = db.prepare(sql);
      const kind = sql.split(" ")[0];
      return {
        run: (...params) => {
          if (kind === "INSERT" || kind === "UPDATE") {
            counts.writes++;
            // Outside a transaction a write commits on its own.
            if (!db.inTransaction) counts.commits++;
          } else if (kind === "COMMIT") counts.commits++;
          return statement.run(...params);
        },
        get: (...params) => statement.get(...params),
      };
    },
  };
}

export default async function bench() {
  const dir = generatedAsJs("bench-store");
  const load = (p) => import(pathToFileURL(join(dir, p)).href);
  const { createDispatcher } = await load("dispatcher.js");
  const { sqliteCallStore } = await load("runtime/sqlite-store.js");
  const { postgresCallStore } = await load("runtime/postgres-store.js");

  const handler = async (args) => ({ saved: Object.keys(args.data) });
  const other = () => ({});
  const handlers = {
    write_measurement: handler,
    log_meal: other,
    list_exercises: other,
    get_workout_history: other,
    log_workout_set: other,
    delete_measurement: other,
    get_weather: other,
    get_customer: other,
  };
  const text = JSON.stringify({
    date: "2026-06-01",
    data: { weight_kg: 70.5, body_fat_pct: 18.2, waist_cm: null },
  });
  let seq = 0;
  let checksum = 0;
  const call = () => ({
    target: "openai-chat",
    id: `call_${process.pid}_${seq++}`,
    name: "write_measurement",
    arguments: text,
  });
  const sequential = (d) => async (n) => {
    for (let i = 0; i < n; i++) checksum += (await d.run(call())).text.length;
  };
  const concurrent = (d) => async (n) => {
    for (let i = 0; i < n; i += CONCURRENT) {
      const results = await Promise.all(
        Array.from({ length: CONCURRENT }, () => d.run(call())),
      );
      for (const r of results) checksum += r.text.length;
    }
  };
  // The row a completed call leaves (its key as callKey, its result as storedResultJson).
  const row = JSON.stringify({
    status: "ok",
    isError: false,
    text: '{"saved":["weight_kg","body_fat_pct"]}',
    hasOutput: true,
  });
  const shape =
    "(key TEXT PRIMARY KEY, tool TEXT NOT NULL, state TEXT NOT NULL, owner TEXT NOT NULL, claimed_at BIGINT NOT NULL, result TEXT, digest BIGINT)";

  // SQLite: a WAL file through better-sqlite3.
  const sqliteDir = join(tmpdir(), `toolcat-bench-store-${process.pid}`);
  mkdirSync(sqliteDir, { recursive: true });
  try {
    const db = new Database(join(sqliteDir, "calls.db"));
    const counts = { writes: 0, commits: 0 };
    const d = createDispatcher(handlers, {
      confirm: () => true,
      store: sqliteCallStore(countedSqlite(db, counts)),
    });
    const measure = async (run, calls) => {
      counts.writes = 0;
      counts.commits = 0;
      await run(calls);
      return { writes: counts.writes / calls, commits: counts.commits / calls };
    };
    const seqCounts = await measure(sequential(d), 640);
    const concCounts = await measure(concurrent(d), 640);
    db.exec(`CREATE TABLE plain ${shape}`);
    const insert = db.prepare(
      "INSERT INTO plain (key, tool, state, owner, claimed_at, result, digest) VALUES (?, 'write_measurement', 'completed', 'owner', ?, ?, 1)",
    );
    let k = 0;
    const timed = await interleaved(
      [
        { run: sequential(d) },
        { run: concurrent(d) },
        {
          run: async (n) => {
            for (let i = 0; i < n; i++)
              checksum += insert.run(
                `openai-chat|row_${k++}`,
                Date.now(),
                row,
              ).changes;
          },
        },
      ],
      BATCH,
    );
    const mode = db.pragma("journal_mode", { simple: true });
    const sync = db.pragma("synchronous", { simple: true });
    const verdict = (value, budget) =>
      `${value.toFixed(2)} (budget <= ${budget}: ${value <= budget ? "holds" : "EXCEEDED"})`;
    console.log(
      `SQLite store (file, journal_mode=${mode}, synchronous=${sync}); every result committed before run resolves:`,
    );
    console.log(
      `  sequential      ${seqCounts.writes.toFixed(2)} writes of the call's row per call ${seqCounts.writes <= 2 ? "(budget <= 2: holds)" : "(budget <= 2: EXCEEDED)"}, ${seqCounts.commits.toFixed(2)} commits per call`,
    );
    console.log(
      `                  ${fmt(timed.rate(0))} calls/s = ${timed.ratio(0, 2).toFixed(2)} single-row inserts per call's time (rounds ${timed.spread(0, 2)})`,
    );
    console.log(
      `  ${CONCURRENT} concurrent   ${concCounts.writes.toFixed(2)} writes per call, commits per call ${verdict(concCounts.commits, 1.2)}`,
    );
    console.log(
      `                  ${fmt(timed.rate(1))} calls/s = ${timed.ratio(1, 2).toFixed(2)} single-row inserts per call's time (rounds ${timed.spread(1, 2)}; the dispatcher's own work included)`,
    );
    console.log(`  insert alone    ${fmt(timed.rate(2))} rows/s`);
    db.close();
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }

  // PostgreSQL, beside it: a throwaway server (test/helpers/postgres.ts, transpiled).
  const helper = join(dir, "..", `bench-store-postgres-${process.pid}.js`);
  transpileFile(
    readFileSync(new URL("../helpers/postgres.ts", import.meta.url), "utf8"),
    helper,
  );
  const { startPostgres } = await import(pathToFileURL(helper).href);
  const server = await startPostgres();
  rmSync(helper, { force: true });
  if ("unavailable" in server)
    console.log(`PostgreSQL store: skipped (${server.unavailable})`);
  else {
    const client = new pg.Client({ connectionString: server.url });
    // The store's own: a pool, as an app serving concurrent calls would give it.
    const pool = new pg.Pool({ connectionString: server.url, max: 4 });
    try {
      await client.connect();
      let queries = 0;
      const counted = {
        query: (sql, values) => (queries++, pool.query(sql, values)),
      };
      const store = postgresCallStore(counted, { table: "bench_calls" });
      await store.ready();
      const d = createDispatcher(handlers, { confirm: () => true, store });
      const perCall = async (run, calls) => {
        queries = 0;
        await run(calls);
        return queries / calls;
      };
      const seqQueries = await perCall(sequential(d), 256);
      const concQueries = await perCall(concurrent(d), 256);
      await client.query(`CREATE TABLE plain ${shape}`);
      let k = 0;
      const timed = await interleaved(
        [
          { run: sequential(d) },
          { run: concurrent(d) },
          {
            run: async (n) => {
              for (let i = 0; i < n; i++)
                checksum += (
                  await client.query(
                    "INSERT INTO plain (key, tool, state, owner, claimed_at, result, digest) VALUES ($1, 'write_measurement', 'completed', 'owner', $2, $3, 1)",
                    [`openai-chat|row_${k++}`, Date.now(), row],
                  )
                ).rowCount;
            },
          },
        ],
        Math.max(64, Math.round(BATCH / 2 / 64) * 64),
        Math.max(3, Math.round(ROUNDS / 2)),
      );
      console.log(
        `PostgreSQL store (a pool of 4 connections; the inserts on one; a throwaway server: fsync and synchronous_commit off):`,
      );
      console.log(
        `  sequential      ${seqQueries.toFixed(2)} queries per call (the claim's INSERT, the result's UPDATE, each its own commit); ${fmt(timed.rate(0))} calls/s = ${timed.ratio(0, 2).toFixed(2)} single-row inserts per call's time (rounds ${timed.spread(0, 2)})`,
      );
      console.log(
        `  ${CONCURRENT} concurrent   ${concQueries.toFixed(2)} queries per call; ${fmt(timed.rate(1))} calls/s = ${timed.ratio(1, 2).toFixed(2)} single-row inserts per call's time (rounds ${timed.spread(1, 2)})`,
      );
    } finally {
      await client.end();
      await pool.end();
      server.stop();
    }
  }
  removeGeneratedJs("bench-store");
  console.log(`(checksum ${checksum})`);
}
