/**
 * The example app's handlers, as the fitness-coach app would write them: measurements are kept
 * in a real SQLite file (better-sqlite3), one row per day and field. `runs` counts how many times
 * each handler body ran, which is what the end-to-end tests assert on.
 */
import Database from "better-sqlite3";
import type {
  ListExercisesOutput,
  WriteMeasurementInput,
} from "../../../generated/types.js";

export interface MeasurementRow {
  readonly date: string;
  readonly field: string;
  readonly value: number;
}

export function openMeasurements(path: string) {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.exec(
    "CREATE TABLE IF NOT EXISTS measurements (date TEXT NOT NULL, field TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (date, field))",
  );
  const upsert = db.prepare(
    "INSERT INTO measurements (date, field, value) VALUES (?, ?, ?) ON CONFLICT (date, field) DO UPDATE SET value = excluded.value",
  );
  const all = db.prepare<[], MeasurementRow>(
    "SELECT date, field, value FROM measurements ORDER BY date, field",
  );
  return {
    rows: (): MeasurementRow[] => all.all(),
    seed(rows: readonly MeasurementRow[]) {
      for (const r of rows) upsert.run(r.date, r.field, r.value);
    },
    close: () => db.close(),
    write(
      input: WriteMeasurementInput,
    ): ("weight_kg" | "body_fat_pct" | "waist_cm")[] {
      const saved: ("weight_kg" | "body_fat_pct" | "waist_cm")[] = [];
      db.transaction(() => {
        for (const key of ["weight_kg", "body_fat_pct", "waist_cm"] as const) {
          const value = input.data[key];
          if (value === undefined) continue;
          upsert.run(input.date, key, value);
          saved.push(key);
        }
      })();
      return saved;
    },
  };
}

export type Measurements = ReturnType<typeof openMeasurements>;

/** Handlers for the tools the scenarios call, counting runs per tool (and telling `onRun`). */
export function appHandlers(
  measurements: Measurements,
  onRun: (tool: string) => void = () => undefined,
) {
  const runs = { write_measurement: 0, list_exercises: 0 };
  const handlers = {
    write_measurement: (args: WriteMeasurementInput) => {
      runs.write_measurement += 1;
      onRun("write_measurement");
      return { saved: measurements.write(args) };
    },
    list_exercises: (): ListExercisesOutput => {
      runs.list_exercises += 1;
      onRun("list_exercises");
      return {
        exercises: [{ id: "ex-squat", name: "Squat", muscle_group: "legs" }],
      };
    },
  };
  return { handlers, runs };
}
