// Standard Schema: what `~standard.validate` costs on top of the generated validator, and how it
// compares with zod 4 schemas of the same tools, side by side in one process, interleaved.
//   Tools: write_measurement, log_meal, list_exercises, get_weather of the example catalog (the
//   zod schemas below are hand-written to say what the catalog says, formats and all).
//   Inputs: per tool, valid arguments and invalid ones (a wrong type, a missing field, an unknown
//   key, a value out of range, a bad date), parsed from JSON text as tool-call arguments are.
//   Before timing, every input is checked: toolcat's verdict = zod's verdict, or the bench stops.
//   Contenders: the plain generated validator (validators.ts), toolcat's `~standard.validate`
//   (verdict only, and with every issue's message and path read), zod's `~standard.validate` and
//   `safeParse` (every issue read on failure).
//   Printed: median ns per call over interleaved rounds (every other round in reverse order), the
//   ratios of the summed medians, and each ratio's spread over the rounds (median, min, max).
// Targets: ~standard ≤ 1.1× the plain validator; zod ≥ 3× toolcat's ~standard, valid and invalid,
// both sides reading every issue's message and path (toolcat words its issues when first read,
// zod inside validate: the verdict-only ratio prints too, but it is not the comparison).
// Knobs: TOOLCAT_BENCH_ROUNDS (default 7), TOOLCAT_BENCH_BATCH_MS (default 40).
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { z } from "zod";
import { generatedAsJs, removeGeneratedJs } from "../helpers/generated-js.js";

const ROUNDS = Number(process.env.TOOLCAT_BENCH_ROUNDS ?? 7);
const BATCH_MS = Number(process.env.TOOLCAT_BENCH_BATCH_MS ?? 40);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let sink = 0;

// The catalog's schemas in zod 4 (strict objects: additionalProperties false; z.iso.date: a real day).
const day = z.iso.date();
const zodSchemas = {
  write_measurement: z.strictObject({
    date: day,
    data: z
      .strictObject({
        weight_kg: z.number().gt(0).max(500).optional(),
        body_fat_pct: z.number().min(0).max(100).optional(),
        waist_cm: z.number().gt(0).max(300).optional(),
      })
      .refine((d) => Object.keys(d).length >= 1, "at least one measurement"),
  }),
  log_meal: z.strictObject({
    day,
    meal: z.enum(["Desayuno", "Almuerzo", "Cena", "Merienda"]),
    items: z
      .array(
        z.strictObject({
          food: z.string().min(1).max(120),
          grams: z.number().gt(0).max(5000),
          kcal: z.int().min(0).max(10000).nullable(),
        }),
      )
      .min(1)
      .max(50),
    notes: z.string().max(500).optional(),
  }),
  list_exercises: z.strictObject({
    muscle_group: z
      .enum(["chest", "back", "legs", "shoulders", "arms", "core", "full_body"])
      .optional(),
    equipment: z
      .array(
        z.enum([
          "none",
          "dumbbells",
          "barbell",
          "kettlebell",
          "bands",
          "machine",
        ]),
      )
      .refine((a) => new Set(a).size === a.length, "unique items")
      .optional(),
    limit: z.int().min(1).max(100).optional(),
  }),
  get_weather: z.strictObject({
    city: z.string().min(1).max(100),
    units: z.enum(["metric", "imperial"]).optional(),
  }),
};

const INPUTS = {
  write_measurement: {
    valid: [
      { date: "2024-04-11", data: { weight_kg: 75.5 } },
      { date: "2024-02-29", data: { body_fat_pct: 18.2, waist_cm: 84 } },
      {
        date: "2023-12-31",
        data: { weight_kg: 80, body_fat_pct: 20, waist_cm: 90 },
      },
    ],
    invalid: [
      { date: "2024-04-11", data: { weight_kg: "75,5" } },
      { date: "2023-02-29", data: { weight_kg: 70 } },
      { date: "2024-04-11", data: {} },
      { data: { weight_kg: 70 } },
      { date: "2024-04-11", data: { weight_kg: 70, height: 180 } },
      { date: "2024-04-11", data: { weight_kg: -1, waist_cm: 900 } },
    ],
  },
  log_meal: {
    valid: [
      {
        day: "2024-04-11",
        meal: "Cena",
        items: [
          { food: "rice", grams: 150, kcal: 200 },
          { food: "salad", grams: 80, kcal: null },
        ],
      },
      {
        day: "2024-04-12",
        meal: "Desayuno",
        items: [{ food: "oats", grams: 60, kcal: 230 }],
        notes: "with milk",
      },
    ],
    invalid: [
      {
        day: "2024-04-11",
        meal: "Dinner",
        items: [{ food: "rice", grams: 150, kcal: 200 }],
      },
      { day: "2024-04-11", meal: "Cena", items: [] },
      {
        day: "2024-04-11",
        meal: "Cena",
        items: [{ food: "", grams: 0, kcal: 1.5 }],
      },
      {
        day: "2024-04-11",
        meal: "Cena",
        items: [{ food: "rice", grams: 150 }],
      },
    ],
  },
  list_exercises: {
    valid: [
      {},
      { muscle_group: "legs", equipment: ["none", "dumbbells"], limit: 10 },
      { equipment: [] },
    ],
    invalid: [
      { muscle_group: "glutes" },
      { equipment: ["none", "none"] },
      { limit: 0 },
      { limit: 5.5, extra: true },
    ],
  },
  get_weather: {
    valid: [{ city: "Madrid" }, { city: "Oslo", units: "imperial" }],
    invalid: [
      { city: "" },
      { city: "Madrid", units: "kelvin" },
      { units: "metric" },
      { city: 7 },
    ],
  },
};

/** Reads every issue's message and path, as a runner formatting them does. */
function readAll(issues) {
  let n = 0;
  for (const issue of issues)
    n += issue.message.length + (issue.path?.length ?? 0);
  return n > 0;
}

/** ns per call of `fn` over `inputs`, for one round: a batch of ~BATCH_MS. */
function round(fn, inputs) {
  const n = inputs.length;
  let count = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < BATCH_MS) {
    for (let i = 0; i < 256; i++) sink += fn(inputs[i % n]) ? 1 : 0;
    count += 256;
  }
  return ((performance.now() - t0) * 1e6) / count;
}

export default async function main() {
  const dir = generatedAsJs("bench-standard-schema");
  try {
    const { validators } = await import(
      pathToFileURL(join(dir, "validators.js")).href
    );
    const { standardSchemas } = await import(
      pathToFileURL(join(dir, "standard-schema.js")).href
    );
    const contenders = (name) => {
      const plain = validators[name];
      const standard = standardSchemas[name]["~standard"];
      const zod = zodSchemas[name];
      const zodStandard = zod["~standard"];
      return [
        ["generated validator", (x) => plain(x).ok],
        ["toolcat ~standard (verdict)", (x) => "value" in standard.validate(x)],
        [
          "toolcat ~standard (+ issues read)",
          (x) => {
            const r = standard.validate(x);
            return r.issues === undefined || readAll(r.issues);
          },
        ],
        [
          "zod ~standard (+ issues read)",
          (x) => {
            const r = zodStandard.validate(x);
            return r.issues === undefined || readAll(r.issues);
          },
        ],
        [
          "zod safeParse (+ issues read)",
          (x) => {
            const r = zod.safeParse(x);
            return r.success || readAll(r.error.issues);
          },
        ],
      ];
    };
    // Same verdicts first: a comparison of schemas that disagree would measure nothing.
    for (const [name, sets] of Object.entries(INPUTS)) {
      for (const [kind, inputs] of Object.entries(sets)) {
        for (const input of inputs) {
          const ours = validators[name](input).ok;
          const theirs = zodSchemas[name].safeParse(input).success;
          if (ours !== (kind === "valid") || theirs !== ours)
            throw new Error(
              `${name}: toolcat says ${ours}, zod says ${theirs}, expected ${kind} for ${JSON.stringify(input)}`,
            );
        }
      }
    }
    console.log(
      `verdicts checked: toolcat = zod on ${Object.values(INPUTS).reduce((n, s) => n + s.valid.length + s.invalid.length, 0)} inputs of ${Object.keys(INPUTS).length} tools`,
    );
    for (const kind of ["valid", "invalid"]) {
      const totals = new Map();
      // Per contender, per round: ns summed over the tools (what the ratios' spread is read from).
      const perRound = new Map();
      for (const [name, sets] of Object.entries(INPUTS)) {
        const inputs = sets[kind].map((v) => JSON.parse(JSON.stringify(v)));
        const list = contenders(name);
        for (const [, fn] of list) round(fn, inputs); // warm-up
        const samples = list.map(() => []);
        for (let r = 0; r < ROUNDS; r++) {
          // Every other round in reverse order: no contender always runs right after another.
          const order = list.map((_, i) =>
            r % 2 === 0 ? i : list.length - 1 - i,
          );
          for (const i of order) samples[i].push(round(list[i][1], inputs));
        }
        list.forEach(([label], i) => {
          totals.set(label, (totals.get(label) ?? 0) + median(samples[i]));
          const rounds = perRound.get(label) ?? Array(ROUNDS).fill(0);
          samples[i].forEach((ns, r) => (rounds[r] += ns));
          perRound.set(label, rounds);
        });
      }
      /** "median (min–max over rounds)" of a/b, each round's sums divided. */
      const spread = (a, b) => {
        const ratios = perRound.get(a).map((ns, r) => ns / perRound.get(b)[r]);
        const sorted = [...ratios].sort((x, y) => x - y);
        return `${median(ratios).toFixed(2)}x per round (min ${sorted[0].toFixed(2)}x, max ${sorted[sorted.length - 1].toFixed(2)}x)`;
      };
      const plain = totals.get("generated validator");
      const standard = totals.get("toolcat ~standard (verdict)");
      const standardIssues = totals.get("toolcat ~standard (+ issues read)");
      console.log(
        `\n${kind} inputs (ns per call, summed over the ${Object.keys(INPUTS).length} tools' medians):`,
      );
      for (const [label, ns] of totals)
        console.log(`  ${label.padEnd(36)} ${ns.toFixed(0).padStart(7)} ns`);
      console.log(
        `  ratio ~standard / generated validator: ${(standard / plain).toFixed(2)}x (target <= 1.1x)`,
      );
      console.log(
        `    spread: ${spread("toolcat ~standard (verdict)", "generated validator")}`,
      );
      console.log(
        `  ratio zod ~standard / toolcat ~standard (validate): ${(totals.get("zod ~standard (+ issues read)") / standard).toFixed(2)}x (toolcat words its issues when they are read)`,
      );
      console.log(
        `  ratio zod ~standard / toolcat ~standard (both reading every issue): ${(totals.get("zod ~standard (+ issues read)") / standardIssues).toFixed(2)}x (target >= 3x)`,
      );
      console.log(
        `    spread: ${spread("zod ~standard (+ issues read)", "toolcat ~standard (+ issues read)")}`,
      );
      console.log(
        `  ratio zod safeParse / toolcat ~standard (both reading issues): ${(totals.get("zod safeParse (+ issues read)") / standardIssues).toFixed(2)}x`,
      );
    }
    if (sink === 0.5) console.log("");
  } finally {
    removeGeneratedJs("bench-standard-schema");
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
