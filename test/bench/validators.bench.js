// Generated validators vs Ajv on the same schemas and inputs, in one process, interleaved.
//   Schemas: the example catalog (every tool input and output), the test fixtures, and a
//   deterministic sample of the public tool corpus (test/data/tool-corpus/tools.jsonl).
//   Inputs: near-valid and mutated instances (test/differential/arbitraries.ts, fixed seed),
//   round-tripped through JSON text as tool-call arguments are, split by Ajv's verdict into a
//   valid set and an invalid set (the targets' sets). Also shown: the valid instances with one
//   typical model mistake each (a required property left out, a wrong type, an unknown property,
//   a string slightly off), which tells what a real failing tool call costs.
//   Contenders, each compiled once: toolcat (generated TypeScript, transpiled with the TypeScript
//   API); Ajv allErrors (the same semantics: ownProperties, ajv-formats full); Ajv allErrors with
//   its default own-property lookups; Ajv's default (stop at the first error).
//   Every result is consumed into a checksum. Reported: median ops/s over interleaved rounds, each
//   round cut into turns that the contenders take in rotation (interleave.js says why).
// Targets (issue 25): toolcat >= 2x Ajv allErrors on valid and on invalid inputs.
// Also, for the invalid set: a bound that is not a validator (top-level keys and copies of Ajv's
// error objects, nothing else), the most any validator returning Ajv's errors could reach.
// Also: emitted bytes per example-catalog tool vs Ajv standalone code + the Ajv runtime files it requires;
// the example catalog's validators.ts + call-validator files as `generate` writes them (target <= 40% of
// the 205,781 bytes before issue 13); the public corpus's validators in one module vs Ajv standalone
// of the same schemas + its runtime files (target <= 1.0x, goal 0.7x), and per schema on the sample.
// Knobs: TOOLCAT_BENCH_ROUNDS, TOOLCAT_BENCH_CORPUS (corpus sample size), TOOLCAT_BENCH_BATCH_MS (each contender's time per round),
// TOOLCAT_BENCH_SLICES (the turns a round is cut into, 12; 1 = one batch per contender, as before),
// TOOLCAT_BENCH_PER_SCHEMA=<group title> (whose schemas are also timed one by one; the example catalog, 0 = none),
// TOOLCAT_BENCH_WARMUP_MS, TOOLCAT_BENCH_CPU=1 (CPU time instead of wall time); TOOLCAT_BENCH_ONLY=<group title> runs one group;
// TOOLCAT_BENCH_SAMPLES=1 prints every round's ops/s per contender as measured; TOOLCAT_BENCH_SEEN_BOTH=1
// first runs every validator over the invalid and valid inputs, untimed (a service's steady state); TOOLCAT_BENCH_BASELINE=<dir>
// adds the validators compiled by another build of toolcat (a `dist` directory, e.g. main's) as a
// contender, for a same-process before/after comparison; TOOLCAT_BENCH_TWO=1
// keeps only toolcat and the same-semantics Ajv; TOOLCAT_BENCH_PROFILE=<group title> (with
// TOOLCAT_BENCH_PROFILE_SET=valid|invalid, TOOLCAT_BENCH_PROFILE_WHO=<contender index>) loops one
// contender for 4 s and exits, for `node --cpu-prof`.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getHeapSpaceStatistics } from "node:v8";
import { ts } from "ts-morph";
import fc from "fast-check";
import { passesFor, slicedRound } from "./interleave.js";
import { formatHelper, topLevelChecksOnly } from "./top-level-checks.js";
import { Ajv2020, _ } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import standaloneModule from "ajv/dist/standalone/index.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const tmp = join(root, "test", ".tmp", "bench");
const require = createRequire(import.meta.url);
const addFormats = addFormatsModule.default ?? addFormatsModule;
const standaloneCode = standaloneModule.default ?? standaloneModule;
const dist = (p) => import(pathToFileURL(join(root, "dist", p)).href);

const ROUNDS = Number(process.env.TOOLCAT_BENCH_ROUNDS ?? 7);
const CORPUS = Number(process.env.TOOLCAT_BENCH_CORPUS ?? 300);
const SEED = 20240601;

let counter = 0;
function transpileTo(source, name) {
  const out = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
    },
  });
  mkdirSync(tmp, { recursive: true });
  const file = join(tmp, `${name}-${process.pid}-${counter++}.mjs`);
  writeFileSync(file, out.outputText);
  return file;
}

async function load(source, name) {
  return import(pathToFileURL(transpileTo(source, name)).href);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function ajvWith(options) {
  const ajv = new Ajv2020({ strict: false, logger: false, ...options });
  addFormats(ajv, { mode: "full" });
  return ajv;
}

/** Schemas of the example catalog and the fixtures, through toolcat's own pipeline (IR). */
async function catalogSchemas(readTemplate, runPipeline) {
  const files = [
    "catalog/tools.yaml",
    ...readdirSync(join(root, "test/fixtures")).map(
      (d) => `test/fixtures/${d}/catalog.yaml`,
    ),
  ];
  const out = { catalog: [], fixtures: [] };
  for (const file of files) {
    const result = await runPipeline({
      catalogPath: file,
      source: readFileSync(join(root, file)),
      readTemplate,
      emitters: [],
    });
    if (!result.ir) continue;
    for (const tool of result.ir.tools) {
      for (const which of ["input", "output"]) {
        if (!tool[which]) continue;
        (file === "catalog/tools.yaml" ? out.catalog : out.fixtures).push({
          label: `${tool.name} ${which}`,
          schema: tool[which].schema,
        });
      }
    }
  }
  return out;
}

/**
 * The generate bench's real-tool catalog (corpus-catalog.js: the corpus's agent and MCP tools,
 * all eight targets), every tool's input schema through toolcat's own pipeline (IR).
 */
async function realToolSchemas(readTemplate, runPipeline) {
  const { importTools } = await dist("generator/core/import/import-tools.js");
  const { loadCatalog } = await dist("generator/core/load/load-catalog.js");
  const { corpusCatalog } = await import(
    pathToFileURL(join(root, "test", "bench", "corpus-catalog.js")).href
  );
  const result = await runPipeline({
    catalogPath: "catalog/tools.yaml",
    source: corpusCatalog({ importTools, loadCatalog }).text,
    readTemplate,
    emitters: [],
  });
  if (!result.ir) throw new Error("the real-tool catalog did not build");
  return result.ir.tools.map((tool) => ({
    label: tool.name,
    schema: tool.input.schema,
  }));
}

function corpusSchemas(validatorProblems) {
  const lines = readFileSync(
    join(root, "test", "data", "tool-corpus", "tools.jsonl"),
    "utf8",
  )
    .split("\n")
    .filter((l) => l.trim());
  const seen = new Set();
  const all = [];
  for (const line of lines) {
    const e = JSON.parse(line);
    const text = JSON.stringify(e.input_schema);
    if (seen.has(text) || validatorProblems(e.input_schema).length > 0)
      continue;
    seen.add(text);
    all.push({ label: `${e.source}/${e.name}`, schema: e.input_schema });
  }
  const step = Math.max(1, Math.floor(all.length / CORPUS));
  return all.filter((_, i) => i % step === 0).slice(0, CORPUS);
}

/** Instances per schema, split into valid / invalid by Ajv's verdict. */
function instances(schemas, arbitraries, reference) {
  const valid = [];
  const invalid = [];
  schemas.forEach((s, i) => {
    // As a tool call delivers them: parsed from JSON text.
    const sample = fc
      .sample(arbitraries.dataArbitrary(s.schema), {
        seed: SEED + i,
        numRuns: 24,
      })
      .map((d) => JSON.parse(JSON.stringify(d)));
    let v = 0;
    let n = 0;
    for (const data of sample) {
      if (reference[i](data)) {
        if (v++ < 6) valid.push([i, data]);
      } else if (n++ < 6) invalid.push([i, data]);
    }
  });
  return { valid, invalid };
}

/**
 * Invalid inputs of another kind, shown beside the main set (which is the target's): one typical
 * mistake of a model in an otherwise valid call (the valid set's instances): a required property
 * left out, a property given a value of another type, an unknown property added, or a string value
 * slightly off. Deterministic (round robin over the mistakes); kept only when Ajv rejects it.
 */
function typicalMistakes(valid, schemas, reference) {
  const out = [];
  valid.forEach(([i, data], n) => {
    if (data === null || typeof data !== "object" || Array.isArray(data))
      return;
    const schema = schemas[i].schema;
    const keys = Object.keys(data);
    const required = Array.isArray(schema.required)
      ? schema.required.filter((k) => Object.hasOwn(data, k))
      : [];
    const strings = keys.filter((k) => typeof data[k] === "string");
    const copy = structuredClone(data);
    switch (n % 4) {
      case 0:
        if (required.length === 0) return;
        delete copy[required[n % required.length]];
        break;
      case 1: {
        if (keys.length === 0) return;
        const k = keys[n % keys.length];
        const v = copy[k];
        copy[k] =
          typeof v === "string"
            ? 42
            : typeof v === "number"
              ? String(v)
              : Array.isArray(v)
                ? {}
                : typeof v === "object" && v !== null
                  ? []
                  : "yes";
        break;
      }
      case 2:
        copy.extra_field = "x";
        break;
      case 3:
        if (strings.length === 0) return;
        copy[strings[n % strings.length]] += "?";
        break;
    }
    const input = JSON.parse(JSON.stringify(copy));
    if (!reference[i](input)) out.push([i, input]);
  });
  return out;
}

/**
 * Not a validator: a bound on what any validator with Ajv's results can reach on `pairs`. Per call
 * it does only work such a validator cannot skip, and less of it: it lists the top-level keys (as
 * Ajv's `for…in`, without an own-property test) and builds a copy of each error object Ajv reports
 * for that input (with Ajv's five fields; params shared, not rebuilt), then returns a result.
 * Nested objects, types, bounds and formats are not checked at all, so a real validator is slower.
 * The errors are taken beforehand from `reference`; benchSet visits `pairs` in order, so a cursor
 * finds them (checked against the input on every call).
 */
function errorObjectsOnly(pairs, reference) {
  const expected = pairs.map(([i, data]) =>
    reference[i](data) ? [] : reference[i].errors.map((e) => ({ ...e })),
  );
  let at = 0;
  return {
    name: "bound: top-level keys + Ajv's error objects, nothing else",
    check: (i, data) => {
      if (pairs[at][1] !== data)
        throw new Error("errorObjectsOnly: inputs visited out of order");
      let keys = 0;
      if (typeof data === "object" && data !== null && !Array.isArray(data))
        for (const _key in data) keys++;
      const source = expected[at];
      at = at + 1 === pairs.length ? 0 : at + 1;
      const errors = [];
      for (let k = 0; k < source.length; k++) {
        const e = source[k];
        errors.push({
          instancePath: e.instancePath,
          schemaPath: e.schemaPath,
          keyword: e.keyword,
          params: e.params,
          message: e.message,
        });
      }
      const result =
        errors.length === 0 ? { ok: true, value: data } : { ok: false, errors };
      return result.ok ? 1 : result.errors.length + (keys & 1);
    },
  };
}

/**
 * Not a validator: a bound on what any validator with toolcat's API can reach on valid input of an
 * object schema with `additionalProperties: false` (every example-catalog schema; on other sets it
 * is only a reference point). Per call it does only work such a validator cannot skip, and less of
 * it: the object test, a `for…in` that counts the keys (without an own-property test or a key
 * compared) and a fresh `{ ok: true, value }` (a result per call, as the API promises); no value
 * is read or checked. One function per schema, each compiled on its own (`new Function`), called
 * and its result read as toolcat's are: a call site that sees them all does not inline them (so
 * the result is made, as a validator's is, and the call costs what a validator's call costs).
 */
function keysAndResultOnly(count) {
  const body = `let keys = 0;
if (typeof data === "object" && data !== null && !Array.isArray(data))
  for (const key in data) keys++;
return keys < 0 ? null : { ok: true, value: data };`;
  const fns = Array.from(
    { length: count },
    (_, i) => new Function("data", `// bound ${i}\n${body}`),
  );
  return {
    name: "bound: object test + key count + a fresh result, nothing else",
    check: (i, data) => {
      const r = fns[i](data);
      return r.ok ? 1 : 0;
    },
  };
}

/**
 * The bound above and, besides, the format checks toolcat makes on each schema's top-level string
 * properties (its own helpers, `formatUuid`, `formatDate`…, named by the compiler's FORMAT_HELPERS
 * (`formatNames`), from a copy of the module under test `mod`):
 * what is left of a validator's work once the keys' count, the result and the characters of the
 * format-checked values are paid for. Nested formats and every other keyword are still left out,
 * so it too is a bound. It shows how much of the valid set's figure the format checks decide: a
 * validator can skip neither reading a uuid or a date nor the result.
 */
function keysFormatsAndResultOnly(schemas, mod, formatNames) {
  const fns = schemas.map(({ schema }, i) => {
    const properties =
      schema && typeof schema === "object" && schema.properties
        ? schema.properties
        : {};
    const helpers = [];
    const checks = [];
    for (const [key, sub] of Object.entries(properties)) {
      const helper = formatHelper(sub, mod, formatNames);
      if (!helper) continue;
      // A failed check changes the result, so the compiler cannot drop the check as dead code.
      checks.push(
        `{ const v = data[${JSON.stringify(key)}]; if (typeof v === "string" && !f${helpers.length}(v)) keys = -1; }`,
      );
      helpers.push(helper);
    }
    return new Function(
      ...helpers.map((_, k) => `f${k}`),
      `return function (data) { // bound with formats ${i}
let keys = 0;
if (typeof data === "object" && data !== null && !Array.isArray(data)) {
  for (const key in data) keys++;
  ${checks.join("\n  ")}
}
return keys < 0 ? { ok: false } : { ok: true, value: data };
};`,
    )(...helpers);
  });
  return {
    name: "bound with formats: the bound + toolcat's checks of top-level formats",
    check: (i, data) => {
      const r = fns[i](data);
      return r.ok ? 1 : 0;
    },
  };
}

const BATCH_MS = Number(process.env.TOOLCAT_BENCH_BATCH_MS ?? 60);
const WARMUP_MS = Number(process.env.TOOLCAT_BENCH_WARMUP_MS ?? 600);

/**
 * The clock: wall time, or with TOOLCAT_BENCH_CPU=1 the process's CPU time (ms), which leaves out
 * the time other processes on a shared machine hold the cores (it counts V8's helper threads too).
 */
const now = process.env.TOOLCAT_BENCH_CPU
  ? () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    }
  : () => performance.now();

/** Bytes in use in V8's old generation: they only go down when a major collection ran. */
function oldGenerationUsed() {
  let used = 0;
  for (const space of getHeapSpaceStatistics())
    if (space.space_name === "old_space") used += space.space_used_size;
  return used;
}

/**
 * ops/s of `run` (one pass over `pairs`) over a batch of at least BATCH_MS. A batch inside which a
 * major collection ran (the old generation is smaller after it than before) is timed again, up to
 * three times: the old generation fills with what every contender's batches leave (from about 70
 * to 310 MB in 14 s on the real-tool catalog) until a Mark-Compact fires inside whichever batch is
 * running then, which ran at a tenth of its speed (`--trace-gc` beside TOOLCAT_BENCH_SAMPLES=1: an
 * Ajv batch at 0.21 M ops/s beside 1.4–1.8 M, with the Mark-Compact in it; the previous round's
 * 0.49× toolcat round on the real-tool valid set was one of these). Young-generation collections
 * stay inside the batches: they are each contender's own cost. (A full `gc()` before every batch
 * was tried instead: with CPU time the collector's sweeping threads then ran into the batches, and
 * the rounds spread wider.)
 */
function timeIt(run, pairs) {
  let reps = 1;
  let retries = 0;
  for (;;) {
    const before = oldGenerationUsed();
    const t = now();
    for (let r = 0; r < reps; r++) run();
    const ms = now() - t;
    if (retries < 3 && oldGenerationUsed() < before) {
      retries++;
      continue;
    }
    if (ms > BATCH_MS) return (pairs.length * reps) / (ms / 1000);
    reps *= ms < BATCH_MS / 8 ? 4 : 2;
  }
}

/** The turns a round is cut into (interleave.js says why). */
const SLICES = Math.max(1, Number(process.env.TOOLCAT_BENCH_SLICES ?? 12));

/** A check `slicedRound` makes around each slice: did a major collection run in it? */
function majorCollectionRan() {
  const before = oldGenerationUsed();
  return () => oldGenerationUsed() < before;
}

function benchSet(title, pairs, contenders) {
  if (pairs.length === 0) return undefined;
  let sink = 0;
  const runners = contenders.map((c) => () => {
    for (const [i, data] of pairs) sink += c.check(i, data);
  });
  const samples = contenders.map(() => []);
  // Warm-up: every contender, interleaved, ~WARMUP_MS each, so the JIT has settled before measuring.
  for (let w = 0; w < Math.ceil(WARMUP_MS / BATCH_MS); w++)
    for (const run of runners) timeIt(run, pairs);
  // Each round gives every contender about BATCH_MS, in SLICES turns.
  const reps = runners.map((run) => passesFor(run, BATCH_MS / SLICES, now));
  for (let round = 0; round < ROUNDS; round++) {
    const order = contenders.map((_, k) => (k + round) % contenders.length);
    const opsPerSecond = slicedRound(runners, reps, order, {
      slices: SLICES,
      now,
      perPass: pairs.length,
      majorCollectionRan,
    });
    for (const k of order) {
      samples[k].push(opsPerSecond[k]);
      if (process.env.TOOLCAT_BENCH_SAMPLES)
        console.log(
          `    round ${round} ${contenders[k].name}: ${Math.round(samples[k].at(-1)).toLocaleString("en-US")} ops/s`,
        );
    }
  }
  const ops = samples.map(median);
  const base = ops[0];
  const cells = contenders.map(
    (c, k) =>
      `${c.name}: ${Math.round(ops[k]).toLocaleString("en-US")} ops/s${k === 0 ? "" : ` (toolcat ${(base / ops[k]).toFixed(2)}x)`}`,
  );
  if (title !== undefined)
    console.log(
      `  ${title} [${pairs.length} inputs]\n    ${cells.join("\n    ")}`,
    );
  // Per contender, the median over rounds of toolcat's ops/s over its: within a round the two ran
  // back to back, so a slow phase of the machine divides out.
  const rounds = samples.map((s) => s.map((x, r) => samples[0][r] / x));
  const perRound = rounds.map(median);
  return { ops, sink, perRound, rounds };
}

/**
 * The group whose schemas are also timed one by one (TOOLCAT_BENCH_PER_SCHEMA=<group title>; the
 * example catalog unless set, `0` for none).
 */
const perSchemaGroup =
  process.env.TOOLCAT_BENCH_PER_SCHEMA === "0"
    ? undefined
    : (process.env.TOOLCAT_BENCH_PER_SCHEMA ?? "example catalog");

/**
 * Each schema's inputs on their own: toolcat, Ajv allErrors and the bound of the set (valid:
 * keysAndResultOnly, with keysFormatsAndResultOnly and topLevelChecksOnly beside it; invalid:
 * errorObjectsOnly), in turns as the sets are. A set's ratio is the
 * harmonic mix of these (its time is the sum of each input's time), so this tells which schemas
 * the set's figure rests on, and where the bound itself is below 2x Ajv — there no validator with
 * toolcat's result can reach 2x, whatever its code.
 */
function perSchema(schemas, sets, contenders, ajvAll, mod, formatNames) {
  const ours = contenders[0];
  const ajv = contenders[2];
  const withFormats = keysFormatsAndResultOnly(schemas, mod, formatNames);
  const topLevel = topLevelChecksOnly(schemas, mod, formatNames, sets.valid);
  for (const [which, pairsOf, bound] of [
    ["valid", sets.valid, () => keysAndResultOnly(schemas.length)],
    ["invalid", sets.invalid, (pairs) => errorObjectsOnly(pairs, ajvAll)],
  ]) {
    console.log(
      `\n  per schema, ${which} inputs, timed after the sets above (so on validators that have seen both kinds of input): toolcat, Ajv allErrors, the bound, M ops/s; ratios are medians of the per-round ratios:`,
    );
    for (let i = 0; i < schemas.length; i++) {
      const pairs = pairsOf.filter(([j]) => j === i);
      if (pairs.length === 0) continue;
      const r = benchSet(undefined, pairs, [
        ours,
        ajv,
        bound(pairs),
        ...(which === "valid" ? [withFormats, topLevel] : []),
      ]);
      const formats =
        which === "valid" && r.ops[3] < r.ops[2] * 0.98
          ? `  with its formats ${(r.ops[3] / r.ops[1]).toFixed(2)}x ajv, toolcat ${Math.round((100 * r.ops[0]) / r.ops[3])}% of it`
          : "";
      const checks =
        which === "valid"
          ? `  top-level checks ${(r.ops[4] / r.ops[1]).toFixed(2)}x ajv${r.ops[4] / r.ops[1] < 2 ? " (2x above them)" : ""}, toolcat ${Math.round((100 * r.ops[0]) / r.ops[4])}% of them`
          : "";
      const m = (k) => (r.ops[k] / 1e6).toFixed(1).padStart(5);
      const [lo, hi] = [Math.min(...r.rounds[1]), Math.max(...r.rounds[1])];
      console.log(
        `    ${schemas[i].label.padEnd(28)} ${String(pairs.length).padStart(2)} inputs  toolcat ${m(0)}  ajv ${m(1)}  bound ${m(2)}   toolcat/ajv ${r.perRound[1].toFixed(2)}x (${lo.toFixed(2)}–${hi.toFixed(2)})  bound/ajv ${(r.ops[2] / r.ops[1]).toFixed(2)}x${r.ops[2] / r.ops[1] < 2 ? " (2x above the bound)" : ""}  toolcat ${Math.round((100 * r.ops[0]) / r.ops[2])}% of the bound${formats}${checks}`,
      );
    }
  }
}

/**
 * TOOLCAT_BENCH_SEEN_BOTH=1: before any set is timed, every validator (not the bounds) runs over the
 * invalid and the valid inputs, interleaved, for about WARMUP_MS each, untimed, as in a service that
 * receives both kinds of call. Without it the valid set is timed first, on validators that have only
 * seen valid input, and V8 keeps the feedback a function has seen: after the invalid set, both
 * toolcat and Ajv run valid input slower (example catalog, one run at load 4-6: toolcat 33.1 -> 25.3
 * M ops/s, Ajv allErrors 16.7 -> 11.7), Ajv more so. The figures of the two modes are not
 * comparable; the issue's targets were set on the default mode.
 */
function seenBoth(sets, contenders) {
  const pairs = [];
  for (let i = 0; i < Math.max(sets.valid.length, sets.invalid.length); i++)
    for (const set of [sets.invalid, sets.valid])
      if (set[i]) pairs.push(set[i]);
  let sink = 0;
  for (let w = 0; w < Math.ceil(WARMUP_MS / BATCH_MS); w++)
    for (const c of contenders)
      timeIt(() => {
        for (const [i, data] of pairs) sink += c.check(i, data);
      }, pairs);
  console.log(
    `  (TOOLCAT_BENCH_SEEN_BOTH: every validator ran over the invalid and valid inputs first, untimed; checksum ${sink})`,
  );
}

function fileSize(path) {
  return statSync(path).size;
}

export default async function bench() {
  // Each format's helper in the generated module, as the validator compiler names them.
  const { FORMAT_HELPERS } = await dist(
    "generator/core/emit/validators/helpers.js",
  );
  const { validatorProblems } = await dist(
    "generator/core/emit/validators/compile.js",
  );
  const { readTemplate } = await dist("generator/node/package-root.js");
  const { runPipeline } = await dist("generator/core/pipeline.js");
  const arbitraries = await load(
    readFileSync(join(root, "test/differential/arbitraries.ts"), "utf8"),
    "arbitraries",
  );

  const compile = await moduleCompiler(join(root, "dist"));
  const baselineCompile = process.env.TOOLCAT_BENCH_BASELINE
    ? await moduleCompiler(baselineDist(process.env.TOOLCAT_BENCH_BASELINE))
    : undefined;
  // As generate compiles validators.ts: its helpers exported (the call validators import them),
  // so the module timed is the one a user gets.
  const sourceFor = (schemas) =>
    compile(
      schemas.map((s) => s.schema),
      { exportHelpers: true },
    );

  const { catalog, fixtures } = await catalogSchemas(readTemplate, runPipeline);
  const groups = [
    ["example catalog", catalog],
    ["fixtures", fixtures],
    ["tool corpus sample", corpusSchemas(validatorProblems)],
    ["real-tool catalog", await realToolSchemas(readTemplate, runPipeline)],
  ];
  const ajvSame = ajvWith({ allErrors: true, ownProperties: true });
  const ajvAll = ajvWith({ allErrors: true });
  const ajvFast = ajvWith({});

  console.log(
    `node ${process.version}, ${ROUNDS} interleaved rounds of ${SLICES} turns per contender (about ${BATCH_MS} ms each per round), median ops/s (one op = one validation)`,
  );
  const summary = [];
  for (const [title, schemas] of groups) {
    const only =
      process.env.TOOLCAT_BENCH_PROFILE ?? process.env.TOOLCAT_BENCH_ONLY;
    if (only && only !== title) continue;
    const source = sourceFor(schemas);
    const mod = await load(source, "bench-validators");
    const ours = schemas.map((_, i) => mod[`v${i}`]);
    const baselineModule = baselineCompile
      ? await load(
          baselineCompile(
            schemas.map((s) => s.schema),
            { exportHelpers: true },
          ),
          "bench-baseline",
        )
      : undefined;
    const baseline = baselineModule
      ? schemas.map((_, i) => baselineModule[`v${i}`])
      : undefined;
    const same = schemas.map((s) => ajvSame.compile(s.schema));
    const all = schemas.map((s) => ajvAll.compile(s.schema));
    const fast = schemas.map((s) => ajvFast.compile(s.schema));
    const sets = instances(schemas, arbitraries, same);
    const contenders = [
      {
        name: "toolcat",
        check: (i, d) => {
          const r = ours[i](d);
          return r.ok ? 1 : r.errors.length;
        },
      },
      {
        name: "ajv allErrors+ownProperties",
        check: (i, d) => (same[i](d) ? 1 : same[i].errors.length),
      },
      {
        name: "ajv allErrors",
        check: (i, d) => (all[i](d) ? 1 : all[i].errors.length),
      },
      {
        name: "ajv default (fail-fast)",
        check: (i, d) => (fast[i](d) ? 1 : fast[i].errors.length),
      },
    ];
    if (process.env.TOOLCAT_BENCH_TWO) contenders.splice(2);
    if (baseline)
      contenders.push({
        name: "toolcat baseline build",
        check: (i, d) => {
          const r = baseline[i](d);
          return r.ok ? 1 : r.errors.length;
        },
      });
    console.log(`\n${title}: ${schemas.length} schemas`);
    if (process.env.TOOLCAT_BENCH_PROFILE === title) {
      const which =
        process.env.TOOLCAT_BENCH_PROFILE_SET === "valid"
          ? sets.valid
          : sets.invalid;
      const k = Number(process.env.TOOLCAT_BENCH_PROFILE_WHO ?? 0);
      let sink = 0;
      const t = performance.now();
      while (performance.now() - t < 4000)
        for (const [i, d] of which) sink += contenders[k].check(i, d);
      console.log("profiled", sink);
      return;
    }
    if (process.env.TOOLCAT_BENCH_SEEN_BOTH) seenBoth(sets, contenders);
    // The bounds need Ajv allErrors (contender 2) beside them to be read.
    const v = benchSet("valid inputs", sets.valid, [
      ...contenders,
      ...(contenders.length > 2
        ? [
            // The module exports its helpers, the format helpers these bounds call among them.
            topLevelChecksOnly(schemas, mod, FORMAT_HELPERS, sets.valid),
            keysFormatsAndResultOnly(schemas, mod, FORMAT_HELPERS),
            keysAndResultOnly(schemas.length),
          ]
        : []),
    ]);
    const bound =
      contenders.length > 2 ? [errorObjectsOnly(sets.invalid, all)] : [];
    const n = benchSet("invalid inputs", sets.invalid, [
      ...contenders,
      ...bound,
    ]);
    const t = benchSet(
      "invalid inputs, one typical mistake each (not the target's set)",
      typicalMistakes(sets.valid, schemas, same),
      contenders,
    );
    if (perSchemaGroup === title && contenders.length > 2)
      perSchema(schemas, sets, contenders, all, mod, FORMAT_HELPERS);
    summary.push({
      title,
      v,
      n,
      t,
      baseIndex: baseline ? contenders.length - 1 : undefined,
    });
  }

  console.log(
    "\nratios (toolcat / Ajv allErrors+ownProperties, toolcat / Ajv allErrors, toolcat / Ajv fail-fast):",
  );
  for (const { title, v, n, t } of summary) {
    const r = (x, k) =>
      x && x.ops[k] !== undefined
        ? (x.ops[0] / x.ops[k]).toFixed(2) + "x"
        : "n/a";
    console.log(
      `  ${title.padEnd(20)} valid ${r(v, 1)} / ${r(v, 2)} / ${r(v, 3)}   invalid ${r(n, 1)} / ${r(n, 2)} / ${r(n, 3)}   one typical mistake ${r(t, 1)} / ${r(t, 2)} / ${r(t, 3)}`,
    );
  }
  if (summary.some((x) => x.baseIndex !== undefined)) {
    console.log(
      "toolcat / the baseline build (TOOLCAT_BENCH_BASELINE), same process (in brackets: the median of the per-round ratios):",
    );
    const both = (x, b) =>
      x
        ? `${(x.ops[0] / x.ops[b]).toFixed(2)}x [${x.perRound[b].toFixed(2)}x]`
        : "n/a";
    for (const { title, v, n, t, baseIndex: b } of summary)
      console.log(
        `  ${title.padEnd(20)} valid ${both(v, b)}   invalid ${both(n, b)}   one typical mistake ${both(t, b)}`,
      );
  }
  // The issue's targets are against Ajv allErrors (contender 2): >= 2x on valid and on invalid
  // input (issue 25). Each round ran toolcat and Ajv back to back, so the per-round ratios show the
  // spread: a claim holds when the whole range clears it, and is short when the whole range misses.
  const spread = (x, k) => {
    if (!x || x.rounds[k] === undefined) return "n/a";
    const r = [...x.rounds[k]].sort((a, b) => a - b);
    return `${x.perRound[k].toFixed(2)}x (rounds ${r[0].toFixed(2)}–${r[r.length - 1].toFixed(2)}, ${r.length} rounds)`;
  };
  const verdict = (x, target, k = 2) => {
    if (!x || x.rounds[k] === undefined) return "n/a";
    const r = x.rounds[k];
    return Math.min(...r) >= target
      ? "met"
      : Math.max(...r) < target
        ? "NOT met"
        : "not told apart from noise (range straddles it)";
  };
  console.log(
    "targets vs Ajv allErrors (issue 25: valid >= 2x, invalid >= 2x), median of per-round ratios with their range:",
  );
  for (const { title, v, n } of summary)
    console.log(
      `  ${title.padEnd(20)} valid ${spread(v, 2)}: ${verdict(v, 2)}; invalid ${spread(n, 2)}: ${verdict(n, 2)}`,
    );
  if (summary.some((x) => x.baseIndex !== undefined)) {
    console.log(
      "toolcat / the baseline build, per-round ratios with their range (a regression shows when the whole range is below 1):",
    );
    for (const { title, v, n, baseIndex: b } of summary)
      console.log(
        `  ${title.padEnd(20)} valid ${spread(v, b)}   invalid ${spread(n, b)}`,
      );
  }
  // The bound (last contender of the invalid set) against Ajv allErrors: the most any validator that
  // returns Ajv's error objects could reach on these inputs, and the share of it toolcat reaches.
  console.log(
    "valid inputs: bound for any validator with toolcat's result (object test + key count + a fresh result only) vs Ajv allErrors:",
  );
  for (const { title, v } of summary) {
    if (!v || v.ops.length < 5) continue;
    const bound = v.ops[v.ops.length - 1];
    const shares = v.rounds[v.ops.length - 1]
      .map((r) => 100 * r)
      .sort((a, b) => a - b);
    console.log(
      `  ${title.padEnd(20)} bound ${(bound / v.ops[2]).toFixed(2)}x Ajv allErrors; toolcat ${(v.ops[0] / v.ops[2]).toFixed(2)}x = ${Math.round((v.ops[0] / bound) * 100)}% of the bound's speed (rounds ${Math.round(shares[0])}–${Math.round(shares[shares.length - 1])}%; 2x needs ${Math.round(((2 * v.ops[2]) / bound) * 100)}%)`,
    );
  }
  console.log(
    "valid inputs: the bound with the top-level format checks toolcat makes (its own helpers) vs Ajv allErrors:",
  );
  for (const { title, v } of summary) {
    if (!v || v.ops.length < 6) continue;
    const bound = v.ops[v.ops.length - 2];
    console.log(
      `  ${title.padEnd(20)} bound with formats ${(bound / v.ops[2]).toFixed(2)}x Ajv allErrors${bound / v.ops[2] < 2 ? " (2x is above it)" : ""}; toolcat = ${Math.round((v.ops[0] / bound) * 100)}% of it; 2x needs ${Math.round(((2 * v.ops[2]) / bound) * 100)}%`,
    );
  }
  console.log(
    "valid inputs: the top-level checks no validator with Ajv's verdicts can skip (required, types, enums, formats, no undeclared key; nothing nested), written as toolcat writes them, vs Ajv allErrors:",
  );
  for (const { title, v } of summary) {
    if (!v || v.ops.length < 7) continue;
    const bound = v.ops[v.ops.length - 3];
    const ratios = v.rounds[2]
      .map((r, k) => r / v.rounds[v.ops.length - 3][k])
      .sort((a, b) => a - b);
    console.log(
      `  ${title.padEnd(20)} top-level checks ${(bound / v.ops[2]).toFixed(2)}x Ajv allErrors (rounds ${ratios[0].toFixed(2)}–${ratios[ratios.length - 1].toFixed(2)})${ratios[ratios.length - 1] < 2 ? " (2x is above every round: a validator would need all its work done faster than these checks alone, written as toolcat writes them)" : bound / v.ops[2] < 2 ? " (its median is below 2x, its range straddles it)" : ""}; toolcat = ${Math.round((v.ops[0] / bound) * 100)}% of it; 2x needs ${Math.round(((2 * v.ops[2]) / bound) * 100)}%`,
    );
  }
  console.log(
    "invalid inputs: bound for any validator returning Ajv's errors (top-level keys + error objects only) vs Ajv allErrors:",
  );
  for (const { title, n } of summary) {
    if (!n || n.ops.length < 5) continue;
    const bound = n.ops[n.ops.length - 1];
    const shares = n.rounds[n.ops.length - 1]
      .map((r) => 100 * r)
      .sort((a, b) => a - b);
    console.log(
      `  ${title.padEnd(20)} bound ${(bound / n.ops[2]).toFixed(2)}x Ajv allErrors; toolcat ${(n.ops[0] / n.ops[2]).toFixed(2)}x = ${Math.round((n.ops[0] / bound) * 100)}% of the bound's speed (rounds ${Math.round(shares[0])}–${Math.round(shares[shares.length - 1])}%; goal >= 70%; 2x needs ${Math.round(((2 * n.ops[2]) / bound) * 100)}%)`,
    );
  }

  // Emitted bytes per tool of the example catalog: toolcat's standalone module for that one schema
  // vs Ajv standalone code (formats referenced from ajv-formats) plus the runtime files it requires.
  console.log(
    "\nemitted bytes per example-catalog schema: toolcat's standalone TypeScript module (its JavaScript after",
  );
  console.log(
    "type erasure in brackets; both include the ValidationError/ValidationResult declarations and every helper)",
  );
  console.log(
    "vs Ajv standalone code (ajv allErrors+ownProperties, formats from ajv-formats) + the runtime files it requires:",
  );
  const ajvStandalone = ajvWith({
    allErrors: true,
    ownProperties: true,
    code: {
      source: true,
      esm: false,
      formats: _`require("ajv-formats/dist/formats").fullFormats`,
    },
  });
  let totalOurs = 0;
  let totalAjv = 0;
  for (const s of catalog) {
    const tsSource = sourceFor([s]).replace(/^\/\/ bench\n/, "");
    const ours = Buffer.byteLength(tsSource);
    const oursJs = Buffer.byteLength(
      ts.transpileModule(tsSource, {
        compilerOptions: {
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.ESNext,
          removeComments: false,
        },
      }).outputText,
    );
    const validate = ajvStandalone.compile(s.schema);
    const standalone = standaloneCode(ajvStandalone, validate);
    const requires = [
      ...new Set(
        [...standalone.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]),
      ),
    ];
    const runtime =
      requires
        .map((r) => fileSize(require.resolve(r)))
        .reduce((a, b) => a + b, 0) +
      (requires.some((r) => r.includes("runtime/equal"))
        ? fileSize(require.resolve("fast-deep-equal"))
        : 0);
    const ajvBytes = Buffer.byteLength(standalone) + runtime;
    totalOurs += ours;
    totalAjv += ajvBytes;
    console.log(
      `  ${s.label.padEnd(28)} toolcat ${String(ours).padStart(6)} [${String(oursJs).padStart(6)}]   ajv ${String(Buffer.byteLength(standalone)).padStart(6)} + runtime ${String(runtime).padStart(6)} (${requires.join(", ") || "none"})`,
    );
  }
  console.log(
    `  ${"total".padEnd(28)} toolcat ${String(totalOurs).padStart(6)}            ajv ${String(totalAjv).padStart(6)} (incl. runtime)`,
  );

  await outputSizes({
    runPipeline,
    readTemplate,
    compile,
    validatorProblems,
    ajvStandalone,
  });
}

/**
 * The baseline's `dist` directory, checked before anything is imported from it: its compiler reads
 * the templates of its own checkout (found from `dist` upwards, as package-root.ts does), so a
 * copy of `dist` alone fails deep inside with "cannot find the package root" — say what is needed.
 */
function baselineDist(dir) {
  const dist = resolve(root, dir);
  const usage = `TOOLCAT_BENCH_BASELINE=${dir} must be the built dist/ directory of another toolcat checkout or worktree (its package.json and templates/ beside it), e.g. git worktree add /tmp/base <commit> && cd /tmp/base && npm ci`;
  if (!existsSync(join(dist, "generator/core/emit/validators/compile.js")))
    throw new Error(`${usage}: ${dist} holds no built compiler`);
  for (let at = dirname(dist); ; at = dirname(at)) {
    const manifest = join(at, "package.json");
    if (
      existsSync(manifest) &&
      JSON.parse(readFileSync(manifest, "utf8")).name === "toolcat"
    ) {
      if (existsSync(join(at, "templates", "validators"))) return dist;
      throw new Error(`${usage}: ${at} has no templates/validators`);
    }
    if (dirname(at) === at)
      throw new Error(`${usage}: no toolcat package.json above ${dist}`);
  }
}

/**
 * The validator compiler of the toolcat build in `dist` (this one's, or TOOLCAT_BENCH_BASELINE's):
 * `(schemas, { exportHelpers })` → the text of one module validating each schema as `v<i>`.
 */
async function moduleCompiler(dist) {
  const at = (p) => import(pathToFileURL(join(dist, p)).href);
  const { compileValidators } = await at(
    "generator/core/emit/validators/compile.js",
  );
  const { GeneratedFile } = await at("generator/core/emit/generated-file.js");
  const { Name } = await at("generator/core/codegen/identifiers.js");
  const { code } = await at("generator/core/codegen/code.js");
  const { readTemplate } = await at("generator/node/package-root.js");
  return (schemas, { exportHelpers = false } = {}) => {
    const file = new GeneratedFile(
      "validators.ts",
      "// bench",
      schemas.map((_, i) => `v${i}`),
    );
    compileValidators(
      schemas.map((schema, i) => ({
        name: Name.of(`v${i}`),
        type: code`unknown`,
        schema,
      })),
      file,
      { readTemplate, exportHelpers },
    );
    return file.toString();
  };
}

/** Bytes of the whole Ajv runtime a standalone module requires (each file once). */
function runtimeBytes(standalone) {
  const requires = [
    ...new Set(
      [...standalone.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]),
    ),
  ];
  return (
    requires
      .map((r) => fileSize(require.resolve(r)))
      .reduce((a, b) => a + b, 0) +
    (requires.some((r) => r.includes("runtime/equal"))
      ? fileSize(require.resolve("fast-deep-equal"))
      : 0)
  );
}

/** Issue 13's size targets. */
async function outputSizes({
  runPipeline,
  readTemplate,
  compile,
  validatorProblems,
  ajvStandalone,
}) {
  // The example catalog as `generate` writes it (formatted): validators.ts + providers/*.calls.ts.
  const { prettierFormatter } = await dist("generator/node/format.js");
  const result = await runPipeline({
    catalogPath: "catalog/tools.yaml",
    source: readFileSync(join(root, "catalog/tools.yaml")),
    readTemplate,
    format: prettierFormatter(join(root, "generated"), { cache: false }),
  });
  const BEFORE = 205781; // validators.ts 129,333 + openai-chat.calls.ts 75,180 + openai-responses.calls.ts 1,268 (main before issue 13)
  const files = [...result.files].filter(
    ([path]) =>
      path === "validators.ts" || /^providers\/.*\.calls\.ts$/.test(path),
  );
  const bytes = files.reduce((n, [, text]) => n + Buffer.byteLength(text), 0);
  console.log(
    "\nexample catalog, as generated: " +
      files
        .map(
          ([path, text]) =>
            `${path} ${Buffer.byteLength(text).toLocaleString("en-US")}`,
        )
        .join(", "),
  );
  console.log(
    `  validators.ts + call validators: ${bytes.toLocaleString("en-US")} bytes = ${Math.round((bytes / BEFORE) * 100)}% of ${BEFORE.toLocaleString("en-US")} (target <= 40%: ${bytes <= 0.4 * BEFORE ? "met" : "NOT met"})`,
  );

  // The public corpus: every distinct schema toolcat compiles, in one module, vs Ajv standalone of
  // the same schemas in one module + the runtime files it requires (each once). Emitter text, not
  // formatted (prettier on 3,000 schemas takes minutes; it only re-wraps long lines).
  const lines = readFileSync(
    join(root, "test", "data", "tool-corpus", "tools.jsonl"),
    "utf8",
  )
    .split("\n")
    .filter((l) => l.trim());
  const seen = new Set();
  const all = [];
  for (const line of lines) {
    const schema = JSON.parse(line).input_schema;
    const text = JSON.stringify(schema);
    if (seen.has(text) || validatorProblems(schema).length > 0) continue;
    seen.add(text);
    all.push(schema);
  }
  const ours = Buffer.byteLength(compile(all));
  const refs = {};
  all.forEach((schema, i) => {
    ajvStandalone.addSchema(schema, `corpus${i}`);
    refs[`v${i}`] = `corpus${i}`;
  });
  const standalone = standaloneCode(ajvStandalone, refs);
  const ajvBytes = Buffer.byteLength(standalone) + runtimeBytes(standalone);
  console.log(
    `public corpus (${all.length} schemas, one module): toolcat ${ours.toLocaleString("en-US")} bytes, ajv standalone + runtime ${ajvBytes.toLocaleString("en-US")} = ${(ours / ajvBytes).toFixed(2)}x (target <= 1.0x, goal 0.7x)`,
  );

  // Per schema, on the bench's sample: what a one-tool catalog gets (each with its helpers and types).
  let oursEach = 0;
  let ajvEach = 0;
  for (const { schema } of corpusSchemas(validatorProblems)) {
    oursEach += Buffer.byteLength(compile([schema]));
    const sa = standaloneCode(ajvStandalone, ajvStandalone.compile(schema));
    ajvEach += Buffer.byteLength(sa) + runtimeBytes(sa);
  }
  console.log(
    `public corpus sample, one module per schema: toolcat ${oursEach.toLocaleString("en-US")} bytes, ajv standalone + runtime ${ajvEach.toLocaleString("en-US")} = ${(oursEach / ajvEach).toFixed(2)}x`,
  );
}
