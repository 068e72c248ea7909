/**
 * The SQLite call store with real files and real processes (test/dispatcher/support/sqlite-child.mjs
 * runs the generated dispatcher as an app would): a completed call replays after a restart; a
 * process killed with SIGKILL inside a handler leaves a claim that is `outcome-unknown` for a write
 * (never run again) and runs again for a read; two processes on one file (WAL, busy_timeout)
 * racing the same call ids run each handler exactly once. Plus the store's own contract in-process.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "../../generated/dispatcher.js";
import { sqliteCallStore } from "../../generated/runtime/sqlite-store.js";
import type { CallEvent } from "../../generated/runtime/dispatch.js";
import type {
  CallResult,
  ToolCall,
} from "../../generated/runtime/tool-call.js";
import { generatedAsJs, removeGeneratedJs } from "../helpers/generated-js.js";
import { repoRoot } from "../helpers/pipeline.js";
import { exampleApp, VALID } from "./example-app.js";
import { storeContract } from "./store-contract.js";

const child = join(
  repoRoot,
  "test",
  "dispatcher",
  "support",
  "sqlite-child.mjs",
);
let dir: string;
let compiled: string;

beforeAll(() => {
  compiled = generatedAsJs();
  dir = mkdtempSync(join(tmpdir(), "toolcat-sqlite-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  removeGeneratedJs();
});

interface Spawned {
  readonly stdout: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Runs the child app; with `killInHandler`, SIGKILLs it as soon as its handler has started. */
function runChild(
  db: string,
  env: Record<string, string>,
  killInHandler = false,
  onReady?: (start: (at: number) => void) => void,
): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, compiled, db], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    if (!onReady) p.stdin.end();
    let stdout = "";
    let stderr = "";
    let ready = false;
    p.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      if (killInHandler && stdout.includes("IN_HANDLER")) p.kill("SIGKILL");
      if (onReady && !ready && stdout.includes("READY\n")) {
        ready = true;
        stdout = stdout.slice(stdout.indexOf("READY\n") + 6);
        onReady((at) => p.stdin.end(`${at}\n`));
      }
    });
    p.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    p.on("error", reject);
    p.on("close", (code, signal) => {
      if (code !== 0 && signal === null)
        reject(new Error(`child failed (${code}): ${stderr}`));
      else resolve({ stdout, code, signal });
    });
  });
}

const once = async (
  db: string,
  call: ToolCall,
  env: Record<string, string> = {},
): Promise<CallResult> => {
  const r = await runChild(db, {
    MODE: "once",
    CALL: JSON.stringify(call),
    ...env,
  });
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as CallResult;
};
const handlerLog = (db: string): string[] =>
  existsSync(`${db}.handlers.log`)
    ? readFileSync(`${db}.handlers.log`, "utf8").trim().split("\n")
    : [];

/** The database as the store sees it, with `before(sql)` called ahead of every statement it runs. */
function watched(db: Database.Database, before: (sql: string) => void) {
  return {
    exec: (sql: string) => db.exec(sql),
    get inTransaction() {
      return db.inTransaction;
    },
    prepare(sql: string) {
      const statement = db.prepare(sql);
      return {
        run: (...params: unknown[]) => (before(sql), statement.run(...params)),
        get: (...params: unknown[]) => statement.get(...params),
      };
    },
  };
}

const write = (id: string): ToolCall => ({
  target: "anthropic",
  id,
  name: "write_measurement",
  arguments: VALID.write_measurement,
});
const read = (id: string): ToolCall => ({
  target: "anthropic",
  id,
  name: "get_weather",
  arguments: VALID.get_weather,
});

describe("SQLite store across processes", () => {
  it("replays a completed call after the process restarts, without running it again", async () => {
    const db = join(dir, "replay.db");
    const first = await once(db, write("w1"));
    expect(first).toMatchObject({ status: "ok", replayed: false });
    const second = await once(db, write("w1"));
    expect(second).toEqual({ ...first, replayed: true });
    expect(handlerLog(db)).toHaveLength(1);
  });

  for (const mode of ["kill", "exit"] as const) {
    it(`a process that ${mode === "kill" ? "is SIGKILLed" : "exits"} the moment run resolved leaves its result replayable by the next process`, async () => {
      const db = join(dir, `${mode}-after.db`);
      const gone = await runChild(db, {
        MODE: mode,
        CALL: JSON.stringify(write("k1")),
      });
      expect(mode === "kill" ? gone.signal : gone.code).toBe(
        mode === "kill" ? "SIGKILL" : 0,
      );
      const first = JSON.parse(gone.stdout.trim()) as CallResult;
      expect(first).toMatchObject({ status: "ok", replayed: false });
      const next = await once(db, write("k1"));
      expect(next).toEqual({ ...first, replayed: true });
      expect(next.text).toBe(first.text);
      expect(handlerLog(db)).toHaveLength(1);
      // A read too (a read whose record were lost would simply run again: here it must not).
      const read1 = JSON.parse(
        (
          await runChild(db, { MODE: mode, CALL: JSON.stringify(read("k2")) })
        ).stdout.trim(),
      ) as CallResult;
      expect(await once(db, read("k2"), { STALE_MS: "0" })).toEqual({
        ...read1,
        replayed: true,
      });
      expect(handlerLog(db)).toHaveLength(2);
    });
  }

  it("a write killed inside its handler is outcome-unknown after a restart and never runs again", async () => {
    const db = join(dir, "crash-write.db");
    const killed = await runChild(
      db,
      { MODE: "hang", CALL: JSON.stringify(write("w2")) },
      true,
    );
    expect(killed.signal).toBe("SIGKILL");
    expect(handlerLog(db)).toHaveLength(1);
    // Right after the crash the claim may still be someone's running call…
    expect((await once(db, write("w2"))).status).toBe("in-progress");
    // …once it is older than staleClaimMs it is taken as abandoned: a write is never re-run.
    const after = await once(db, write("w2"), { STALE_MS: "0" });
    expect(after.status).toBe("outcome-unknown");
    expect(after.text).toContain("its outcome is unknown");
    expect(handlerLog(db)).toHaveLength(1);
  });

  it("a read killed inside its handler runs again after a restart", async () => {
    const db = join(dir, "crash-read.db");
    await runChild(
      db,
      { MODE: "hang", CALL: JSON.stringify(read("r1")) },
      true,
    );
    const after = await once(db, read("r1"), { STALE_MS: "0" });
    expect(after).toMatchObject({ status: "ok", replayed: false });
    expect(handlerLog(db)).toHaveLength(2);
    expect((await once(db, read("r1"))).replayed).toBe(true);
    expect(handlerLog(db)).toHaveLength(2);
  });

  it("two processes on one file racing the same call ids run each handler exactly once", async () => {
    const db = join(dir, "race.db");
    const rounds = 150;
    // The file and its table exist before the race (as in an app that opened its database).
    await sqliteCallStore(new Database(db)).claim(
      { target: "anthropic", id: "warm-up" },
      { tool: "none", owner: "test", at: 0 },
    );
    const env = { MODE: "race", ROUNDS: String(rounds), SLOT: "6" };
    // The start is sent once both processes have loaded (a fixed moment after spawning was missed
    // by a child that loaded slowly on a loaded machine, which then only replayed).
    const starts: ((at: number) => void)[] = [];
    const bothReady = (start: (at: number) => void) => {
      starts.push(start);
      if (starts.length === 2) {
        const at = Date.now() + 100;
        for (const s of starts) s(at);
      }
    };
    const [a, b] = await Promise.all([
      runChild(db, env, false, bothReady),
      runChild(db, env, false, bothReady),
    ]);
    const results = [
      JSON.parse(a.stdout) as {
        id: string;
        status: string;
        replayed: boolean;
      }[],
      JSON.parse(b.stdout) as {
        id: string;
        status: string;
        replayed: boolean;
      }[],
    ];
    const log = handlerLog(db);
    const ran = log.map((l) => l.split(" ")[2]);
    expect(ran.length).toBe(rounds);
    expect(new Set(ran).size).toBe(rounds);
    let contended = 0;
    for (let i = 0; i < rounds; i++) {
      const pair = results.map((r) => r[i]!);
      const fresh = pair.filter((r) => r.status === "ok" && !r.replayed);
      expect(fresh, `round ${i}`).toHaveLength(1);
      const other = pair.find((r) => r !== fresh[0])!;
      expect(
        other.status === "in-progress" ||
          (other.status === "ok" && other.replayed),
        `round ${i}: ${JSON.stringify(other)}`,
      ).toBe(true);
      if (other.status === "in-progress") contended++;
    }
    // Both processes won some rounds: they really ran side by side.
    const pids = new Set(log.map((l) => l.split(" ")[0]));
    expect(pids.size).toBe(2);
    console.log(
      `sqlite race: ${rounds} rounds, ${contended} answered in-progress, the rest replayed`,
    );
  });
});

describe("SQLite store in one process", () => {
  storeContract("sqlite", () => sqliteCallStore(new Database(":memory:")));

  it("sets WAL and busy_timeout on the app's database", () => {
    const db = new Database(join(dir, "pragmas.db"));
    sqliteCallStore(db, { busyTimeoutMs: 1234 });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("busy_timeout", { simple: true })).toBe(1234);
    db.close();
  });

  it("turns down a table name that is not a plain identifier (it is spliced into SQL)", () => {
    expect(() =>
      sqliteCallStore(new Database(":memory:"), {
        table: "calls; DROP TABLE users",
      }),
    ).toThrow(/plain SQL identifier/);
  });

  it("a refused call writes nothing to the database", async () => {
    const db = new Database(":memory:");
    const app = exampleApp({}, { store: sqliteCallStore(db) });
    await app.dispatcher.run({
      target: "openai-chat",
      id: "c",
      name: "write_measurement",
      arguments: "{",
    });
    await app.dispatcher.run({
      target: "anthropic",
      id: "c",
      name: "nope",
      arguments: {},
    });
    expect(db.prepare("SELECT count(*) AS n FROM toolcat_calls").get()).toEqual(
      { n: 0 },
    );
  });

  it("works as the dispatcher's store with the app's Database type (structural, no import)", async () => {
    const db = new Database(":memory:");
    const d = createDispatcher(exampleApp().handlers, {
      confirm: () => true,
      store: sqliteCallStore(db),
    });
    await d.run(write("x"));
    const row = db
      .prepare("SELECT tool, state, result FROM toolcat_calls WHERE key = ?")
      .get("anthropic|x") as { state: string; result: string };
    expect(row.state).toBe("completed");
    // The output is kept once, as the result's text; a replay reads it back.
    expect(JSON.parse(row.result)).toEqual({
      status: "ok",
      isError: false,
      text: '{"saved":["weight_kg"]}',
      hasOutput: true,
    });
    const again = await d.run(write("x"));
    expect(again).toMatchObject({
      status: "ok",
      replayed: true,
      output: { saved: ["weight_kg"] },
    });
  });

  it("a result is committed before run resolves: nothing waits for a later call or the event loop", async () => {
    const db = new Database(join(dir, "durable.db"));
    const store = sqliteCallStore(db);
    const d = createDispatcher(exampleApp().handlers, {
      confirm: () => true,
      store,
    });
    // Another connection on the file sees only what was committed.
    const reader = new Database(join(dir, "durable.db"), { readonly: true });
    for (const id of ["d-1", "d-2"]) {
      await d.run(write(id));
      expect(
        reader
          .prepare("SELECT state FROM toolcat_calls WHERE key = ?")
          .get(`anthropic|${id}`),
        id,
      ).toEqual({ state: "completed" });
    }
    reader.close();
    db.close();
  });

  it("a sequential call costs two writes of its one row (the claim, then the result), each committed on its own", async () => {
    const db = new Database(join(dir, "two-writes.db"));
    const ran: string[] = [];
    const counted = watched(db, (sql) => void ran.push(sql.split(" ")[0]!));
    const store = sqliteCallStore(counted);
    const d = createDispatcher(exampleApp().handlers, {
      confirm: () => true,
      store,
    });
    for (let i = 0; i < 5; i++) await d.run(write(`two-${i}`));
    expect(ran).toEqual(
      Array.from({ length: 5 }, () => ["INSERT", "INSERT"]).flat(),
    );
    const states = db
      .prepare("SELECT state, count(*) AS n FROM toolcat_calls GROUP BY state")
      .all();
    expect(states).toEqual([{ state: "completed", n: 5 }]);
    db.close();
  });

  it("64 concurrent calls share one commit of their claims and one of their results (group commit)", async () => {
    const db = new Database(join(dir, "group.db"));
    const ran: string[] = [];
    const counted = watched(db, (sql) => void ran.push(sql.split(" ")[0]!));
    const store = sqliteCallStore(counted);
    const d = createDispatcher(exampleApp().handlers, {
      confirm: () => true,
      store,
    });
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) => d.run(write(`g-${i}`))),
    );
    expect(results.every((r) => r.status === "ok")).toBe(true);
    // One transaction around the 64 claims, then one around the 64 results.
    const together = ["BEGIN", ...Array(64).fill("INSERT"), "COMMIT"];
    expect(ran).toEqual([...together, ...together]);
    expect(
      db
        .prepare(
          "SELECT count(*) AS n FROM toolcat_calls WHERE state = 'completed'",
        )
        .get(),
    ).toEqual({ n: 64 });
    db.close();
  });

  it("a call id sent again right after its call replays it", async () => {
    const db = new Database(":memory:");
    const app = exampleApp({}, { store: sqliteCallStore(db) });
    const first = await app.dispatcher.run(write("again"));
    const second = await app.dispatcher.run(write("again"));
    expect(second).toEqual({ ...first, replayed: true });
    expect(app.handlers.write_measurement).toHaveBeenCalledTimes(1);
  });

  it("a call id sent again while its call runs is in-progress", async () => {
    const db = new Database(":memory:");
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const app = exampleApp(
      {
        write_measurement: async (args) => {
          await gate;
          return { saved: Object.keys(args.data) as "weight_kg"[] };
        },
      },
      { store: sqliteCallStore(db) },
    );
    const first = app.dispatcher.run(write("slow"));
    await new Promise((r) => setImmediate(r));
    expect((await app.dispatcher.run(write("slow"))).status).toBe(
      "in-progress",
    );
    open();
    expect((await first).status).toBe("ok");
    expect(app.handlers.write_measurement).toHaveBeenCalledTimes(1);
  });

  it("a result whose claim was taken over while the handler ran is not written over the new owner's claim", async () => {
    const db = new Database(":memory:");
    const app = exampleApp(
      {
        write_measurement: async () => {
          // Another dispatcher took the claim over meanwhile (its owner changed).
          db.prepare(
            "UPDATE toolcat_calls SET owner = 'someone-else' WHERE key = ?",
          ).run("anthropic|taken");
          return { saved: ["weight_kg" as const] };
        },
      },
      { store: sqliteCallStore(db) },
    );
    expect((await app.dispatcher.run(write("taken"))).status).toBe("ok");
    expect(
      db
        .prepare("SELECT state, owner, result FROM toolcat_calls WHERE key = ?")
        .get("anthropic|taken"),
    ).toEqual({ state: "claimed", owner: "someone-else", result: null });
  });

  it("a result whose claim the app deleted while the handler ran is written whole: the id is never run again", async () => {
    const db = new Database(":memory:");
    let claimed: unknown;
    const app = exampleApp(
      {
        write_measurement: async () => {
          claimed = db
            .prepare(
              "SELECT tool, owner, claimed_at, digest FROM toolcat_calls WHERE key = ?",
            )
            .get("anthropic|gone");
          db.prepare("DELETE FROM toolcat_calls WHERE key = ?").run(
            "anthropic|gone",
          );
          return { saved: ["weight_kg" as const] };
        },
      },
      { store: sqliteCallStore(db) },
    );
    expect((await app.dispatcher.run(write("gone"))).status).toBe("ok");
    const row = db
      .prepare(
        "SELECT tool, owner, claimed_at, digest, state FROM toolcat_calls WHERE key = ?",
      )
      .get("anthropic|gone");
    expect(row).toEqual({ ...(claimed as object), state: "completed" });
    expect(await app.dispatcher.run(write("gone"))).toMatchObject({
      status: "ok",
      replayed: true,
    });
    expect(app.handlers.write_measurement).toHaveBeenCalledTimes(1);
  });

  it("a result that cannot be committed: the call's outcome stands, the app hears why, and the id is never run again", async () => {
    const db = new Database(":memory:");
    let failResults = false;
    const flaky = watched(db, (sql) => {
      if (failResults && sql.includes("'completed'"))
        throw new Error("SQLITE_FULL: database or disk is full");
    });
    const events: CallEvent[] = [];
    const app = exampleApp(
      {},
      { store: sqliteCallStore(flaky), onEvent: (e) => void events.push(e) },
    );
    failResults = true;
    const r = await app.dispatcher.run(write("full"));
    expect(r.status).toBe("ok");
    expect(String(events[0]!.error)).toContain("SQLITE_FULL");
    expect(r.text).not.toContain("SQLITE");
    failResults = false;
    // The claim stands: the same id is in progress, then (its claimer gone) of unknown outcome.
    expect((await app.dispatcher.run(write("full"))).status).toBe(
      "in-progress",
    );
    expect(app.handlers.write_measurement).toHaveBeenCalledTimes(1);
  });

  it("a claim that cannot be written: the call is not run, and the model's text holds nothing of the store's error", async () => {
    const db = new Database(":memory:");
    const flaky = watched(db, (sql) => {
      if (sql.startsWith("INSERT"))
        throw new Error(
          "SQLITE_IOERR: disk I/O error at /var/lib/secret/app.db",
        );
    });
    const events: CallEvent[] = [];
    const app = exampleApp(
      {},
      { store: sqliteCallStore(flaky), onEvent: (e) => void events.push(e) },
    );
    const r = await app.dispatcher.run(write("io"));
    expect(r).toMatchObject({ status: "handler-failed", isError: true });
    expect(r.text).toContain("was not run");
    expect(r.text).not.toMatch(/SQLITE|secret|disk I\/O/);
    expect(String(events[0]!.error)).toContain("SQLITE_IOERR");
    expect(app.handlers.write_measurement).not.toHaveBeenCalled();
  });
});
