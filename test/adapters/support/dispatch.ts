/**
 * The one place the adapter tests get a dispatcher from: the generated `createDispatcher`
 * (generated/dispatcher.ts) with the example app's handlers, and its SQLite call store over a
 * better-sqlite3 file, as an app would wire them.
 */
import Database from "better-sqlite3";
import {
  createDispatcher,
  type Dispatcher,
  type Handlers,
} from "../../../generated/dispatcher.js";
import { sqliteCallStore } from "../../../generated/runtime/sqlite-store.js";
import type { CallStore } from "../../../generated/runtime/call-store.js";
import type { appHandlers } from "./app.js";

export type { Dispatcher };

/** A tool the scenarios never call: running it fails the test that let it through. */
const never = (name: string) => () => {
  throw new Error(`${name} ran, but no scenario calls it`);
};

/** The dispatcher of the example app: its handlers, every other tool refusing to run. */
export function createAppDispatcher(
  app: ReturnType<typeof appHandlers>["handlers"],
  store?: CallStore,
): Dispatcher {
  const handlers: Handlers = {
    write_measurement: app.write_measurement,
    list_exercises: app.list_exercises,
    log_meal: never("log_meal"),
    get_workout_history: never("get_workout_history"),
    log_workout_set: never("log_workout_set"),
    delete_measurement: never("delete_measurement"),
    get_weather: never("get_weather"),
    get_customer: never("get_customer"),
  };
  return createDispatcher(handlers, {
    confirm: () => false,
    ...(store !== undefined ? { store } : {}),
  });
}

/** The dispatcher's SQLite call store in a file; `close` as the app does on shutdown. */
export function sqliteStore(path: string): { store: CallStore; close(): void } {
  const db = new Database(path);
  const store = sqliteCallStore(db);
  // The last result is committed with the next claim or when the event loop's turn ends: flush first.
  return {
    store,
    close: () => {
      store.flush();
      db.close();
    },
  };
}
