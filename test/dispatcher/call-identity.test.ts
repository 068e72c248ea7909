/**
 * A call id is bound to its request, and a replay asks nothing: on every store (in-memory, SQLite;
 * PostgreSQL in postgres-store.test.ts), the same id with other arguments or another tool is
 * refused (`invalid-arguments`, never replayed, never run); the same request spelled otherwise
 * (key order, `1.0` for `1`, strict nulls for omitted fields) replays; a completed id is answered
 * before the domain check and `confirm`; ids are compared as sent (Unicode normalisation and case
 * make distinct ids), up to 512 characters. Plus the store's bad days: a read-only file, a lock
 * held longer than busyTimeoutMs, the file deleted while the app runs, a table written before
 * digests were kept.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callDigest,
  memoryCallStore,
  type CallStore,
} from "../../generated/runtime/call-store.js";
import { sqliteCallStore } from "../../generated/runtime/sqlite-store.js";
import type { CallEvent } from "../../generated/runtime/dispatch.js";
import type { ToolCall } from "../../generated/runtime/tool-call.js";
import {
  exampleApp,
  spiedStore,
  STRICT_WRITE_MEASUREMENT,
  VALID,
} from "./example-app.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "toolcat-identity-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REUSED =
  "its call id was already used for a different call (another tool or other arguments)";

const stores: [string, () => CallStore][] = [
  ["in-memory", () => memoryCallStore()],
  ["SQLite", () => sqliteCallStore(new Database(":memory:"))],
];

const anthropic = (id: string, name: string, args: unknown): ToolCall => ({
  target: "anthropic",
  id,
  name,
  arguments: args,
});
const chat = (id: string, text: string): ToolCall => ({
  target: "openai-chat",
  id,
  name: "write_measurement",
  arguments: text,
});

for (const [label, make] of stores) {
  describe(`a call id is bound to its request (${label} store)`, () => {
    it("the same id with other arguments is refused: not replayed, not run, and it says why", async () => {
      const app = exampleApp({}, { store: make() });
      const first = await app.dispatcher.run(
        anthropic("same", "write_measurement", {
          date: "2026-06-01",
          data: { weight_kg: 70 },
        }),
      );
      expect(first.status).toBe("ok");
      const other = await app.dispatcher.run(
        anthropic("same", "write_measurement", {
          date: "2026-06-01",
          data: { weight_kg: 71 },
        }),
      );
      expect(other).toMatchObject({
        status: "invalid-arguments",
        isError: true,
        replayed: false,
      });
      expect(other.text).toContain(REUSED);
      expect(other.text).toContain("was not run");
      expect(other.errors).toEqual([
        {
          instancePath: "",
          keyword: "callId",
          message: "was already used for a different call",
        },
      ]);
      expect(app.handlers.write_measurement).toHaveBeenCalledTimes(1);
      // The first request still replays.
      expect(
        await app.dispatcher.run(
          anthropic("same", "write_measurement", {
            date: "2026-06-01",
            data: { weight_kg: 70 },
          }),
        ),
      ).toEqual({ ...first, replayed: true });
    });

    it("the same id for another tool is refused, also while the first call runs", async () => {
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const app = exampleApp(
        {
          get_weather: async () => (
            await gate,
            { temperature: 1, conditions: "x", wind_speed: null }
          ),
        },
        { store: make() },
      );
      const running = app.dispatcher.run(
        anthropic("busy", "get_weather", VALID.get_weather),
      );
      await new Promise((r) => setImmediate(r));
      const other = await app.dispatcher.run(
        anthropic("busy", "get_customer", VALID.get_customer),
      );
      expect(other.status).toBe("invalid-arguments");
      expect(other.text).toContain(REUSED);
      // Other arguments while it runs: refused too, not "in progress".
      const moved = await app.dispatcher.run(
        anthropic("busy", "get_weather", { city: "Lisboa" }),
      );
      expect(moved.status).toBe("invalid-arguments");
      expect(
        (
          await app.dispatcher.run(
            anthropic("busy", "get_weather", VALID.get_weather),
          )
        ).status,
      ).toBe("in-progress");
      open();
      expect((await running).status).toBe("ok");
      expect(app.handlerCalls()).toBe(1);
    });

    it("the same request spelled otherwise replays: key order, 1.0 for 1, 70.50 for 70.5, nulls a strict model sends for omitted fields", async () => {
      const app = exampleApp({}, { store: make() });
      const first = await app.dispatcher.run(
        chat(
          "spelled",
          '{"date":"2026-06-01","data":{"weight_kg":70.5,"body_fat_pct":null,"waist_cm":null}}',
        ),
      );
      expect(first.status).toBe("ok");
      for (const text of [
        '{"data":{"waist_cm":null,"weight_kg":70.5,"body_fat_pct":null},"date":"2026-06-01"}',
        '{ "date" : "2026-06-01", "data" : { "weight_kg" : 70.50, "body_fat_pct" : null, "waist_cm" : null } }',
        '{"date":"2026-06-01","data":{"weight_kg":7.05e1,"body_fat_pct":null,"waist_cm":null}}',
      ])
        expect(await app.dispatcher.run(chat("spelled", text)), text).toEqual({
          ...first,
          replayed: true,
        });
      const integer = await app.dispatcher.run(
        anthropic("int", "write_measurement", {
          date: "2026-06-01",
          data: { weight_kg: 70 },
        }),
      );
      const app2 = exampleApp({}, { store: make() });
      await app2.dispatcher.run(
        chat(
          "one",
          '{"date":"2026-06-01","data":{"weight_kg":1,"body_fat_pct":null,"waist_cm":null}}',
        ),
      );
      expect(
        (
          await app2.dispatcher.run(
            chat(
              "one",
              '{"date":"2026-06-01","data":{"weight_kg":1.0,"body_fat_pct":null,"waist_cm":null}}',
            ),
          )
        ).replayed,
      ).toBe(true);
      expect(integer.status).toBe("ok");
      expect(app.handlers.write_measurement).toHaveBeenCalledTimes(2);
    });

    it("arguments equal after Unicode normalisation are still different text: a different call", async () => {
      const app = exampleApp({}, { store: make() });
      expect(
        (
          await app.dispatcher.run(
            anthropic("u", "get_weather", { city: "Bogot\u00e1" }),
          )
        ).status,
      ).toBe("ok");
      expect(
        (
          await app.dispatcher.run(
            anthropic("u", "get_weather", { city: "Bogota\u0301" }),
          )
        ).status,
      ).toBe("invalid-arguments");
      expect(app.handlers.get_weather).toHaveBeenCalledTimes(1);
    });

    it("ids are compared as sent: Unicode normalisation and case make distinct ids, each replayed on its own", async () => {
      const app = exampleApp({}, { store: make() });
      const ids = ["call_caf\u00e9", "call_cafe\u0301", "Call_A", "call_a"];
      for (const id of ids)
        expect(
          (
            await app.dispatcher.run(
              anthropic(id, "get_weather", VALID.get_weather),
            )
          ).replayed,
          id,
        ).toBe(false);
      for (const id of ids)
        expect(
          (
            await app.dispatcher.run(
              anthropic(id, "get_weather", VALID.get_weather),
            )
          ).replayed,
          id,
        ).toBe(true);
      expect(app.handlers.get_weather).toHaveBeenCalledTimes(4);
    });

    it("an id of exactly 512 characters is kept and replayed; 513 is refused before anything runs", async () => {
      const app = exampleApp({}, { store: make() });
      const long = "é".repeat(256) + "x".repeat(256);
      expect(
        (
          await app.dispatcher.run(
            anthropic(long, "get_weather", VALID.get_weather),
          )
        ).replayed,
      ).toBe(false);
      expect(
        (
          await app.dispatcher.run(
            anthropic(long, "get_weather", VALID.get_weather),
          )
        ).replayed,
      ).toBe(true);
      const tooLong = await app.dispatcher.run(
        anthropic(`${long}y`, "get_weather", VALID.get_weather),
      );
      expect(tooLong.status).toBe("invalid-arguments");
      expect(tooLong.text).toContain("longer than 512 characters");
      expect(app.handlers.get_weather).toHaveBeenCalledTimes(1);
    });
  });

  describe(`a replay asks nothing (${label} store)`, () => {
    it("a completed destructive call sent again is replayed without confirm: a user who would now decline is not told not-confirmed", async () => {
      const app = exampleApp({}, { store: make() });
      const first = await app.dispatcher.run(
        anthropic("del", "delete_measurement", VALID.delete_measurement),
      );
      expect(first.status).toBe("ok");
      app.confirm.mockImplementation(() => false);
      const again = await app.dispatcher.run(
        anthropic("del", "delete_measurement", VALID.delete_measurement),
      );
      expect(again).toEqual({ ...first, replayed: true });
      expect(app.confirm).toHaveBeenCalledTimes(1);
      expect(app.handlers.delete_measurement).toHaveBeenCalledTimes(1);
    });

    it("a completed call with a domain check is replayed without checking again (the day's rule may have changed)", async () => {
      const app = exampleApp({}, { store: make() });
      const first = await app.dispatcher.run(
        anthropic("chk", "write_measurement", VALID.write_measurement),
      );
      app.checks.write_measurement.mockImplementation(() => [
        { instancePath: "/date", message: "closed" },
      ]);
      expect(
        await app.dispatcher.run(
          anthropic("chk", "write_measurement", VALID.write_measurement),
        ),
      ).toEqual({ ...first, replayed: true });
      expect(app.checks.write_measurement).toHaveBeenCalledTimes(1);
    });

    it("a call in progress is answered in-progress without asking", async () => {
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const app = exampleApp(
        { delete_measurement: async () => (await gate, { deleted: 1 }) },
        { store: make() },
      );
      const running = app.dispatcher.run(
        anthropic("slow-del", "delete_measurement", VALID.delete_measurement),
      );
      await new Promise((r) => setImmediate(r));
      expect(
        (
          await app.dispatcher.run(
            anthropic(
              "slow-del",
              "delete_measurement",
              VALID.delete_measurement,
            ),
          )
        ).status,
      ).toBe("in-progress");
      expect(app.confirm).toHaveBeenCalledTimes(1);
      open();
      await running;
    });

    it("a declined call writes nothing, and the same id asked again is asked again", async () => {
      const app = exampleApp({}, { store: make() });
      app.confirm.mockImplementation(() => false);
      expect(
        (
          await app.dispatcher.run(
            anthropic("no", "delete_measurement", VALID.delete_measurement),
          )
        ).status,
      ).toBe("not-confirmed");
      expect(app.storeWrites()).toBe(0);
      app.confirm.mockImplementation(() => true);
      expect(
        (
          await app.dispatcher.run(
            anthropic("no", "delete_measurement", VALID.delete_measurement),
          )
        ).status,
      ).toBe("ok");
      expect(app.confirm).toHaveBeenCalledTimes(2);
    });
  });
}

describe("a store without find (written before it existed) still replays and binds, after the checks", () => {
  it("replays a completed id from its claim, refuses other arguments", async () => {
    const inner = memoryCallStore();
    const store: CallStore = {
      claim: (c, k) => inner.claim(c, k),
      takeOver: (c, p, k) => inner.takeOver(c, p, k),
      complete: (c, o, r) => inner.complete(c, o, r),
    };
    const app = exampleApp({}, { store });
    const first = await app.dispatcher.run(
      anthropic("nf", "delete_measurement", VALID.delete_measurement),
    );
    expect(
      await app.dispatcher.run(
        anthropic("nf", "delete_measurement", VALID.delete_measurement),
      ),
    ).toEqual({ ...first, replayed: true });
    expect(
      (
        await app.dispatcher.run(
          anthropic("nf", "delete_measurement", {
            ...VALID.delete_measurement,
            date: "2026-06-02",
          }),
        )
      ).status,
    ).toBe("invalid-arguments");
    expect(app.handlers.delete_measurement).toHaveBeenCalledTimes(1);
  });
});

describe("the request digest", () => {
  it("ignores key order and number spelling, and nothing else", () => {
    const d = (args: unknown, tool = "t") => callDigest(tool, args);
    expect(d({ a: 1, b: [1, { c: "x", d: null }] })).toBe(
      d({ b: [1.0, { d: null, c: "x" }], a: 1 }),
    );
    expect(d(JSON.parse('{"x":1.0}'))).toBe(d({ x: 1 }));
    expect(d({ x: -0 })).toBe(d({ x: 0 }));
    const distinct = [
      {},
      { a: 1 },
      { a: "1" },
      { a: true },
      { a: null },
      { a: [] },
      { a: {} },
      { a: [1, 2] },
      { a: [[1], 2] },
      { a: [1, [2]] },
      { a: 1.5 },
      { a: 2 ** 40 },
      { ab: "" },
      { a: "b" },
      { a: "\u00e9" },
      { a: "e\u0301" },
      { A: 1 },
    ];
    const digests = distinct.map((v) => d(v));
    expect(new Set(digests).size).toBe(distinct.length);
    expect(d({}, "other")).not.toBe(d({}));
    for (const x of digests)
      expect(Number.isSafeInteger(x) && x >= 0).toBe(true);
  });
});

describe("the SQLite store's bad days", () => {
  it("a table written before digests were kept: migrated in place, its completed rows replay as before, its claims answer as before", async () => {
    const file = join(dir, "old-format.db");
    const old = new Database(file);
    // The table and rows exactly as the store wrote them before it kept a digest.
    old.exec(
      "CREATE TABLE toolcat_calls (key TEXT PRIMARY KEY, tool TEXT NOT NULL, state TEXT NOT NULL, owner TEXT NOT NULL, claimed_at INTEGER NOT NULL, result TEXT)",
    );
    old
      .prepare(
        "INSERT INTO toolcat_calls VALUES (?, ?, 'completed', 'old-owner', 1, ?)",
      )
      .run(
        "anthropic|old-done",
        "write_measurement",
        JSON.stringify({
          status: "ok",
          isError: false,
          text: '{"saved":["weight_kg"]}',
          hasOutput: true,
        }),
      );
    old
      .prepare(
        "INSERT INTO toolcat_calls VALUES (?, ?, 'claimed', 'old-owner', 1, NULL)",
      )
      .run("anthropic|old-claimed", "write_measurement");
    old.close();
    const db = new Database(file);
    const app = exampleApp({}, { store: sqliteCallStore(db), staleClaimMs: 0 });
    const replayed = await app.dispatcher.run(
      anthropic("old-done", "write_measurement", {
        date: "2026-06-02",
        data: { weight_kg: 1 },
      }),
    );
    expect(replayed).toMatchObject({
      status: "ok",
      replayed: true,
      text: '{"saved":["weight_kg"]}',
      output: { saved: ["weight_kg"] },
    });
    expect(
      (
        await app.dispatcher.run(
          anthropic(
            "old-claimed",
            "write_measurement",
            VALID.write_measurement,
          ),
        )
      ).status,
    ).toBe("outcome-unknown");
    expect(app.handlers.write_measurement).not.toHaveBeenCalled();
    const columns = db
      .prepare("SELECT name FROM pragma_table_info('toolcat_calls')")
      .all();
    expect(columns).toContainEqual({ name: "digest" });
    // A second store on the migrated file migrates nothing and answers the same.
    expect(
      (
        await sqliteCallStore(new Database(file)).claim(
          { target: "anthropic", id: "old-done" },
          { tool: "write_measurement", owner: "x", at: 2 },
        )
      ).state,
    ).toBe("completed");
    db.close();
  });

  it("a read-only store file: every call with an id is handler-failed and not run, the model reads a clear text, the app hears why", async () => {
    const file = join(dir, "read-only.db");
    const setup = new Database(file);
    sqliteCallStore(setup);
    setup.close();
    const events: CallEvent[] = [];
    const app = exampleApp(
      {},
      {
        store: sqliteCallStore(new Database(file, { readonly: true })),
        onEvent: (e) => void events.push(e),
      },
    );
    const r = await app.dispatcher.run(
      anthropic("ro", "write_measurement", VALID.write_measurement),
    );
    expect(r).toMatchObject({
      status: "handler-failed",
      isError: true,
      replayed: false,
    });
    expect(r.text).toBe(
      'The tool "write_measurement" was not run: the app could not record the call. Try again later.',
    );
    expect(String((events[0]!.error as { code?: string }).code)).toMatch(
      /SQLITE_READONLY/,
    );
    expect(app.handlerCalls()).toBe(0);
  });

  it("a lock held longer than busyTimeoutMs: the claim is handler-failed and not run; once released the call runs once", async () => {
    const file = join(dir, "locked.db");
    const db = new Database(file);
    const app = exampleApp(
      {},
      { store: sqliteCallStore(db, { busyTimeoutMs: 50 }) },
    );
    const holder = new Database(file);
    holder.exec("BEGIN IMMEDIATE");
    const started = Date.now();
    const r = await app.dispatcher.run(
      anthropic("lk", "write_measurement", VALID.write_measurement),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(r.status).toBe("handler-failed");
    expect(r.text).toContain("was not run");
    expect(app.handlerCalls()).toBe(0);
    holder.exec("COMMIT");
    expect(
      (
        await app.dispatcher.run(
          anthropic("lk", "write_measurement", VALID.write_measurement),
        )
      ).status,
    ).toBe("ok");
    expect(
      (
        await app.dispatcher.run(
          anthropic("lk", "write_measurement", VALID.write_measurement),
        )
      ).replayed,
    ).toBe(true);
    expect(app.handlerCalls()).toBe(1);
    holder.close();
    db.close();
  });

  it("a lock taken while the handler runs and held past busyTimeoutMs: the result stands, the app hears it was not recorded, the id is never run again", async () => {
    const file = join(dir, "locked-late.db");
    const db = new Database(file);
    const holder = new Database(file);
    const events: CallEvent[] = [];
    const app = exampleApp(
      {
        write_measurement: async () => {
          holder.exec("BEGIN IMMEDIATE");
          return { saved: ["weight_kg" as const] };
        },
      },
      {
        store: sqliteCallStore(db, { busyTimeoutMs: 50 }),
        onEvent: (e) => void events.push(e),
        staleClaimMs: 0,
      },
    );
    const r = await app.dispatcher.run(
      anthropic("late", "write_measurement", VALID.write_measurement),
    );
    expect(r.status).toBe("ok");
    expect(String((events[0]!.error as { code?: string }).code)).toMatch(
      /SQLITE_BUSY/,
    );
    holder.exec("COMMIT");
    // The claim was committed, its result was not: never run again (a write: outcome unknown).
    const again = await app.dispatcher.run(
      anthropic("late", "write_measurement", VALID.write_measurement),
    );
    expect(again.status).toBe("in-progress");
    const other = exampleApp(
      {},
      { store: sqliteCallStore(new Database(file)), staleClaimMs: 0 },
    );
    expect(
      (
        await other.dispatcher.run(
          anthropic("late", "write_measurement", VALID.write_measurement),
        )
      ).status,
    ).toBe("outcome-unknown");
    expect(app.handlerCalls() + other.handlerCalls()).toBe(1);
    holder.close();
    db.close();
  });

  it("the store file deleted while the app runs: the open file keeps answering (replays, new calls), nothing runs twice in the process", async () => {
    const file = join(dir, "deleted.db");
    const db = new Database(file);
    const app = exampleApp({}, { store: sqliteCallStore(db) });
    const first = await app.dispatcher.run(
      anthropic("before", "write_measurement", VALID.write_measurement),
    );
    for (const suffix of ["", "-wal", "-shm"])
      rmSync(file + suffix, { force: true });
    expect(
      await app.dispatcher.run(
        anthropic("before", "write_measurement", VALID.write_measurement),
      ),
    ).toEqual({ ...first, replayed: true });
    expect(
      (
        await app.dispatcher.run(
          anthropic("after", "write_measurement", VALID.write_measurement),
        )
      ).status,
    ).toBe("ok");
    expect(
      (
        await app.dispatcher.run(
          anthropic("after", "write_measurement", VALID.write_measurement),
        )
      ).replayed,
    ).toBe(true);
    expect(app.handlers.write_measurement).toHaveBeenCalledTimes(2);
    db.close();
  });
});

describe("spied example store", () => {
  it("find is a read: asked only for a tool with a check or confirm, never counted as a write", async () => {
    const store = spiedStore();
    const app = exampleApp({}, { store });
    await app.dispatcher.run(anthropic("w", "get_weather", VALID.get_weather));
    expect(store.spies.find).not.toHaveBeenCalled();
    await app.dispatcher.run(
      anthropic("d", "delete_measurement", VALID.delete_measurement),
    );
    expect(store.spies.find).toHaveBeenCalledTimes(1);
  });
});

// The strict call (nulls for omitted fields) is the same request as the catalog-shaped call.
it("an OpenAI strict call and the same values without its nulls are one request", () => {
  const {
    body_fat_pct: _b,
    waist_cm: _w,
    ...data
  } = STRICT_WRITE_MEASUREMENT.data;
  expect(
    callDigest("write_measurement", {
      date: STRICT_WRITE_MEASUREMENT.date,
      data,
    }),
  ).toBe(
    callDigest("write_measurement", {
      data,
      date: STRICT_WRITE_MEASUREMENT.date,
    }),
  );
});
