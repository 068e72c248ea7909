/**
 * The example app of catalog/tools.yaml (a fitness coach) as the dispatcher tests use it:
 * handlers for every tool, its domain checks (no measurement dated in the future, no sets for an
 * exercise that does not exist) and its confirmation, each wrapped in a spy, and a store whose
 * writes are spied on too, so a test can prove that a refused call touched nothing.
 */
import { vi, type Mock } from "vitest";
import {
  createDispatcher,
  type Checks,
  type ConfirmCall,
  type DispatcherOptions,
  type Handlers,
} from "../../generated/dispatcher.js";
import {
  memoryCallStore,
  type CallStore,
} from "../../generated/runtime/call-store.js";
import type { CallEvent } from "../../generated/runtime/dispatch.js";

/** "Today" for the domain check, fixed so tests do not depend on the clock. */
export const TODAY = "2026-06-15";

/** The exercises the app knows (what `list_exercises` returns and `log_workout_set` accepts). */
export const EXERCISES = [
  { id: "ex-squat", name: "Back squat", muscle_group: "legs" as const },
  { id: "ex-bench-press", name: "Bench press", muscle_group: "chest" as const },
];

export const UUID = "3f1b7a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b";

/** Valid arguments for each tool, as objects (JSON.stringify them for OpenAI). */
export const VALID = {
  write_measurement: { date: "2026-06-01", data: { weight_kg: 70.5 } },
  log_meal: {
    day: "2026-06-01",
    meal: "Cena",
    items: [{ food: "Arroz", grams: 150, kcal: 190 }],
  },
  list_exercises: { muscle_group: "legs" },
  get_workout_history: {
    from: "2026-05-01",
    to: "2026-06-01",
    page_token: null,
  },
  log_workout_set: {
    workout_id: UUID,
    exercise_id: "ex-squat",
    sets: [{ reps: 5, load_kg: 100 }],
  },
  delete_measurement: { date: "2026-06-01", confirm: true },
  get_weather: { city: "Madrid" },
  get_customer: { customer_id: UUID },
} as const;

/** OpenAI strict declares every optional field required and nullable: what the model sends then. */
export const STRICT_WRITE_MEASUREMENT = {
  date: "2026-06-01",
  data: { weight_kg: 70.5, body_fat_pct: null, waist_cm: null },
};

export function exampleHandlers(): Handlers {
  return {
    write_measurement: async (args) => ({
      saved: Object.keys(args.data) as (
        "weight_kg" | "body_fat_pct" | "waist_cm"
      )[],
    }),
    log_meal: (args) => ({
      entry_id: UUID,
      total_kcal: args.items.reduce((n, i) => n + (i.kcal ?? 0), 0),
    }),
    list_exercises: (args) => ({
      exercises: EXERCISES.filter(
        (e) =>
          args.muscle_group === undefined ||
          e.muscle_group === args.muscle_group,
      ),
    }),
    get_workout_history: () => ({ workouts: [], next_page_token: null }),
    log_workout_set: (args) => ({ set_ids: args.sets.map(() => UUID) }),
    delete_measurement: async () => ({ deleted: 2 }),
    get_weather: (args) => ({
      temperature: args.units === "imperial" ? 68 : 20,
      conditions: "clear",
      wind_speed: null,
    }),
    get_customer: (args) => ({
      customer_id: args.customer_id,
      email: "ana@example.com",
      name: "Ana",
      goal: "health",
      birth_date: null,
      homepage: null,
    }),
  };
}

export function exampleChecks(): Checks {
  return {
    write_measurement: (args) =>
      args.date > TODAY
        ? [
            {
              instancePath: "/date",
              message: `The date ${args.date} is in the future; measurements can only be recorded for ${TODAY} or earlier.`,
            },
          ]
        : [],
    // Async, as a database lookup would be.
    log_workout_set: async (args) => {
      await Promise.resolve();
      return EXERCISES.some((e) => e.id === args.exercise_id)
        ? []
        : [
            {
              instancePath: "/exercise_id",
              message: `There is no exercise ${args.exercise_id}; call list_exercises to find one.`,
            },
          ];
    },
  };
}

/** A store whose every method is a spy over an in-memory store (`find`, a read, too). */
export function spiedStore(inner: CallStore = memoryCallStore()): CallStore & {
  spies: { claim: Mock; takeOver: Mock; complete: Mock; find: Mock };
} {
  const spies = {
    claim: vi.fn(inner.claim.bind(inner)),
    takeOver: vi.fn(inner.takeOver.bind(inner)),
    complete: vi.fn(inner.complete.bind(inner)),
    find: vi.fn(
      inner.find !== undefined ? inner.find.bind(inner) : () => undefined,
    ),
  };
  return { ...spies, spies };
}

/** The example app with every part spied on; `override` replaces handlers. */
export function exampleApp(
  override: Partial<Handlers> = {},
  options: Partial<DispatcherOptions> = {},
) {
  const base = { ...exampleHandlers(), ...override };
  const handlers = Object.fromEntries(
    Object.entries(base).map(([k, h]) => [
      k,
      vi.fn(h as (...a: unknown[]) => unknown),
    ]),
  ) as unknown as Handlers & { [K in keyof Handlers]: Mock };
  const checksBase = exampleChecks();
  const checks = {
    write_measurement: vi.fn(checksBase.write_measurement!),
    log_workout_set: vi.fn(checksBase.log_workout_set!),
  };
  const confirm = vi.fn(
    (_call: ConfirmCall) => true as boolean | Promise<boolean>,
  );
  const store = spiedStore();
  const events: CallEvent[] = [];
  const dispatcher = createDispatcher(handlers, {
    checks,
    confirm,
    store,
    onEvent: (e) => void events.push(e),
    ...options,
  });
  const handlerCalls = () =>
    Object.values(handlers as unknown as Record<string, Mock>).reduce(
      (n, h) => n + h.mock.calls.length,
      0,
    );
  const storeWrites = () =>
    store.spies.claim.mock.calls.length +
    store.spies.takeOver.mock.calls.length +
    store.spies.complete.mock.calls.length;
  return {
    dispatcher,
    handlers,
    checks,
    confirm,
    store,
    events,
    handlerCalls,
    storeWrites,
  };
}
