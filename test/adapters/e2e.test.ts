/**
 * The whole loop through the official SDK clients, as an app runs it: each client has its
 * `baseURL` at a local replay server (127.0.0.1) that plays recorded responses in the provider's
 * wire format, streaming and not, and checks every result the client sends back (ids, error
 * flags, grouping). The example app's scenario: `write_measurement` with `"75,5"` is refused
 * naming `data.weight_kg`, the next turn sends 75.5 and the handler runs exactly once, storing it
 * in a real SQLite file that a new process then reads.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  appHandlers,
  openMeasurements,
  type MeasurementRow,
} from "./support/app.js";
import { createAppDispatcher, sqliteStore } from "./support/dispatch.js";
import { entryFor } from "./support/entries.js";
import { drivers, type Driver, type SentResult } from "./support/providers.js";
import { startReplay } from "./support/replay-server.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "toolcat-e2e-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const OTHER_ROWS: MeasurementRow[] = [
  { date: "2024-04-10", field: "weight_kg", value: 76.1 },
  { date: "2024-04-11", field: "waist_cm", value: 84 },
];

/** Checks what the client sent after a turn: one result per expected call, in order. */
function expectSent(
  driver: Driver,
  expected: readonly {
    call: string;
    error: boolean;
    says?: readonly string[];
  }[],
) {
  return (sent: SentResult[]) => {
    expect(sent.map((s) => s.id)).toEqual(
      expected.map((e) => driver.id(e.call)),
    );
    sent.forEach((s, i) => {
      const e = expected[i]!;
      if (s.isError !== undefined)
        expect(s.isError, `error flag of ${e.call}`).toBe(e.error);
      for (const word of e.says ?? []) expect(s.text).toContain(word);
    });
  };
}

/** Reads the measurements from a new process, as the app would after a reload. */
function rowsFromNewProcess(path: string): MeasurementRow[] {
  const script = `const D=require("better-sqlite3");const db=new D(process.argv[1],{readonly:true});process.stdout.write(JSON.stringify(db.prepare("SELECT date, field, value FROM measurements ORDER BY date, field").all()))`;
  return JSON.parse(
    execFileSync(process.execPath, ["-e", script, path], {
      cwd: process.cwd(),
      encoding: "utf8",
    }),
  ) as MeasurementRow[];
}

for (const driver of drivers) {
  for (const stream of [false, true]) {
    describe(`${driver.target} ${stream ? "streaming" : "non-streaming"}`, () => {
      it("refuses 75,5 naming data.weight_kg, then stores 75.5 once in SQLite", async () => {
        const file = join(dir, "app.sqlite");
        const measurements = openMeasurements(file);
        measurements.seed(OTHER_ROWS);
        const { handlers, runs } = appHandlers(measurements);
        const replay = await startReplay(
          driver.script(["weight-invalid", "weight-valid", "done"], stream, [
            expectSent(driver, [
              {
                call: "w1",
                error: true,
                says: ["data.weight_kg", "number", "not run"],
              },
            ]),
            expectSent(driver, [
              { call: "w2", error: false, says: ["weight_kg"] },
            ]),
          ]),
        );
        try {
          const turns = await driver.converse(
            replay.url,
            entryFor(driver.target, createAppDispatcher(handlers)),
            stream,
            5,
          );
          replay.finish();
          expect(turns.map((t) => t.map((r) => r.status))).toEqual([
            ["invalid-arguments"],
            ["ok"],
            [],
          ]);
          expect(
            new Set(turns[0]![0]!.errors?.map((e) => e.instancePath)),
          ).toEqual(new Set(["/data/weight_kg"]));
          expect(runs.write_measurement).toBe(1);
        } finally {
          measurements.close();
          await replay.close();
        }
        expect(rowsFromNewProcess(file)).toEqual([
          OTHER_ROWS[0],
          { date: "2024-04-11", field: "waist_cm", value: 84 },
          { date: "2024-04-11", field: "weight_kg", value: 75.5 },
        ]);
      });

      it("runs nothing from a truncated turn and answers it as the provider requires", async () => {
        const measurements = openMeasurements(join(dir, "app.sqlite"));
        const { handlers, runs } = appHandlers(measurements);
        const turns = driver.continuesAfterTruncated(stream)
          ? ["truncated", "done"]
          : ["truncated"];
        const replay = await startReplay(
          driver.script(turns, stream, [
            expectSent(driver, [
              { call: "t1", error: true, says: ["not run"] },
            ]),
          ]),
        );
        try {
          const results = await driver.converse(
            replay.url,
            entryFor(driver.target, createAppDispatcher(handlers)),
            stream,
            turns.length,
          );
          replay.finish();
          expect(results[0]!.map((r) => r.status)).toEqual(["incomplete"]);
          expect(runs.write_measurement).toBe(0);
        } finally {
          measurements.close();
          await replay.close();
        }
      });

      if (stream) {
        it("runs nothing from a stream cut before its final event", async () => {
          const measurements = openMeasurements(join(dir, "app.sqlite"));
          const { handlers, runs } = appHandlers(measurements);
          const replay = await startReplay(
            driver.script(["dropped"], true, []),
          );
          try {
            const results = await driver.converse(
              replay.url,
              entryFor(driver.target, createAppDispatcher(handlers)),
              true,
              1,
            );
            replay.finish();
            expect(results[0]!.every((r) => r.status === "incomplete")).toBe(
              true,
            );
            expect(runs).toEqual({ write_measurement: 0, list_exercises: 0 });
          } finally {
            measurements.close();
            await replay.close();
          }
        });
      }

      it("answers two calls of one turn, both, in order", async () => {
        const measurements = openMeasurements(join(dir, "app.sqlite"));
        const { handlers, runs } = appHandlers(measurements);
        const replay = await startReplay(
          driver.script(["parallel", "done"], stream, [
            expectSent(driver, [
              { call: "p1", error: false, says: ["waist_cm"] },
              { call: "p2", error: false, says: ["ex-squat"] },
            ]),
          ]),
        );
        try {
          const results = await driver.converse(
            replay.url,
            entryFor(driver.target, createAppDispatcher(handlers)),
            stream,
            2,
          );
          replay.finish();
          expect(results[0]!.map((r) => [r.tool, r.status])).toEqual([
            ["write_measurement", "ok"],
            ["list_exercises", "ok"],
          ]);
          expect(runs).toEqual({ write_measurement: 1, list_exercises: 1 });
        } finally {
          measurements.close();
          await replay.close();
        }
      });

      it("runs a repeated call id once, also after a restart with the SQLite call store", async () => {
        const measurements = openMeasurements(join(dir, "app.sqlite"));
        const { handlers, runs } = appHandlers(measurements);
        const storeFile = join(dir, "calls.sqlite");
        const once = async () => {
          const store = sqliteStore(storeFile);
          const replay = await startReplay(
            driver.script(["parallel"], stream, []),
          );
          try {
            const [turn] = await driver.converse(
              replay.url,
              entryFor(
                driver.target,
                createAppDispatcher(handlers, store.store),
              ),
              stream,
              1,
            );
            replay.finish();
            return turn!;
          } finally {
            store.close();
            await replay.close();
          }
        };
        const first = await once();
        const again = await once(); // a new store on the same file: the app restarted
        measurements.close();
        expect(first.map((r) => r.replayed)).toEqual([false, false]);
        expect(again[0]).toMatchObject({
          status: "ok",
          replayed: true,
          id: driver.id("p1"),
        });
        expect(runs.write_measurement).toBe(1);
        // A call without an id (Gemini's list_exercises here) is never deduplicated.
        expect(runs.list_exercises).toBe(driver.id("p2") === undefined ? 2 : 1);
      });
    });
  }
}
