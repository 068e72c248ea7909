// A child process of test/dispatcher/sqlite-store.test.ts: an app that runs the generated
// dispatcher (compiled to JS at argv[2]) with the SQLite store on the file argv[3].
//   MODE=once  CALL=<ToolCall JSON>      run one call, print its result as a JSON line
//   MODE=kill  CALL=<ToolCall JSON>      the same, then SIGKILL itself the moment `run` resolved
//   MODE=exit  CALL=<ToolCall JSON>      the same, then process.exit(0) at once (no close, no flush)
//   MODE=hang  CALL=<ToolCall JSON>      the handler prints IN_HANDLER and never returns (the test kills it)
//   MODE=race  ROUNDS=n                  print READY, read START (ms) from stdin, run call ids
//                                        race-0..n-1, round i at START + i*SLOT ms; print the results
// Every handler invocation is appended to <db>.handlers.log before it does anything else.
// STALE_MS sets staleClaimMs.
import { appendFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";

const [dir, dbPath] = process.argv.slice(2);
const load = (p) => import(pathToFileURL(join(dir, p)).href);
const { createDispatcher } = await load("dispatcher.js");
const { sqliteCallStore } = await load("runtime/sqlite-store.js");

const mode = process.env.MODE;
const hang = () => {
  process.stdout.write("IN_HANDLER\n");
  return new Promise(() => setInterval(() => {}, 1000));
};
const log = (tool, ctx) =>
  appendFileSync(
    `${dbPath}.handlers.log`,
    `${process.pid} ${tool} ${ctx.callId}\n`,
  );
const handler = (tool, result) => async (_args, ctx) => {
  log(tool, ctx);
  if (mode === "hang") return hang();
  // In a race the handler takes a moment, so the other process may find the claim still open.
  if (mode === "race") await new Promise((r) => setTimeout(r, 1));
  return result;
};
const handlers = {
  write_measurement: handler("write_measurement", { saved: ["weight_kg"] }),
  log_meal: handler("log_meal", {
    entry_id: "3f1b7a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
    total_kcal: null,
  }),
  list_exercises: handler("list_exercises", { exercises: [] }),
  get_workout_history: handler("get_workout_history", {
    workouts: [],
    next_page_token: null,
  }),
  log_workout_set: handler("log_workout_set", { set_ids: [] }),
  delete_measurement: handler("delete_measurement", { deleted: 1 }),
  get_weather: handler("get_weather", {
    temperature: 20,
    conditions: "clear",
    wind_speed: null,
  }),
  get_customer: handler("get_customer", {}),
};

const db = new Database(dbPath);
const store = sqliteCallStore(db);
const dispatcher = createDispatcher(handlers, {
  store,
  confirm: () => true,
  ...(process.env.STALE_MS
    ? { staleClaimMs: Number(process.env.STALE_MS) }
    : {}),
});

if (mode === "kill" || mode === "exit") {
  const result = await dispatcher.run(JSON.parse(process.env.CALL));
  // Written synchronously, then gone before anything else of the event loop runs.
  writeSync(1, JSON.stringify(result) + "\n");
  if (mode === "kill") process.kill(process.pid, "SIGKILL");
  else process.exit(0);
} else if (mode === "once" || mode === "hang") {
  const result = await dispatcher.run(JSON.parse(process.env.CALL));
  process.stdout.write(JSON.stringify(result) + "\n");
} else if (mode === "race") {
  const rounds = Number(process.env.ROUNDS);
  process.stdout.write("READY\n");
  let line = "";
  for await (const chunk of process.stdin) line += chunk;
  const start = Number(line.trim());
  const slot = Number(process.env.SLOT ?? 5);
  const results = [];
  for (let i = 0; i < rounds; i++) {
    const at = start + i * slot;
    while (Date.now() < at - 2) await new Promise((r) => setTimeout(r, 1));
    while (Date.now() < at) {} // the last moment spun, so both processes leave together
    const id = `race-${i}`;
    const r = await dispatcher.run({
      target: "anthropic",
      id,
      name: "write_measurement",
      arguments: { date: "2026-06-01", data: { weight_kg: i + 1 } },
    });
    results.push({ id, status: r.status, replayed: r.replayed });
  }
  process.stdout.write(JSON.stringify(results) + "\n");
}
// Every result was committed before its `run` resolved: nothing to flush.
db.close();
