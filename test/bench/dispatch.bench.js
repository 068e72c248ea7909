// The generated dispatcher (generated/, transpiled as it stands) against the least any correct
// checkpoint must do, in one process, interleaved, every result consumed into a checksum:
//   dispatcher   dispatcher.run(call): routing, the in-memory store (claim + record, a fresh call
//                id each time), the result and its text, an onEvent sink
//   checkpoint   JSON.parse, the same generated call validator (validateOpenaiChatCall: declared
//                schema, null-for-omitted, catalog schema), a direct await of the same handler, and
//                its result written as the text the model reads (JSON.stringify): a checkpoint
//                that stops before the text has not produced the answer, so the text is part of
//                the least it must do (the dispatcher's result is consumed as its text too)
//   -text        the checkpoint without the text (the handler's result consumed as a value)
//   +output      the checkpoint plus the same generated output validator (what run also checks)
//   toolcat text the checkpoint with the text written by generated/output-text.ts (what run writes
//                it with: JSON.stringify's bytes, compiled from the output schema) instead of
//                JSON.stringify — what the checkpoint costs when it uses toolcat's writer too
//   bare         JSON.parse and the handler, nothing checked
//   same duties  the checkpoint plus, written out by hand in one loop, what `run` must do besides:
//                the request's digest (callDigest: the call id is bound to its tool and canonical
//                arguments), claim and record in the same in-memory store, the three clock reads of the
//                event's two timings, the output validator, the text written as run writes it
//                (output-text.ts), one result object and one event. What
//                the dispatcher costs over this is its own structure (routing, steps, promises);
//                what this costs over the checkpoint is the price of the duties themselves.
//   … async      the same duties in an async function called per call, as `run` is: its promise
//                resolves a microtask after the handler's, a cost any promise-returning API pays.
// The call is OpenAI Chat's write_measurement (strict: JSON text with nulls for omitted fields).
// Budget (DESIGN.md, 2026-12-01): dispatcher / same duties <= 1.25. Also: an invalid call
// (dispatcher vs parse + validate + the same error text). The database stores are measured by
// test/bench/store.bench.js (`npm run bench -- store`).
// Timing: CPU time of this process per batch, and each ratio is the median of per-round ratios
// (both contenders of a round see the same machine); the spread of the rounds is printed beside
// it.
// Knobs: TOOLCAT_BENCH_ROUNDS (default 9), TOOLCAT_BENCH_BATCH (calls per contender per round).
import { loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generatedAsJs, removeGeneratedJs } from "../helpers/generated-js.js";

const ROUNDS = Number(process.env.TOOLCAT_BENCH_ROUNDS ?? 9);
const BATCH = Number(process.env.TOOLCAT_BENCH_BATCH ?? 20_000);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString("en-US");

/**
 * Runs each contender's batch in turn, ROUNDS times. Each batch is timed in this process's CPU
 * time (user + system), which a shared machine's other processes do not inflate the way they do
 * wall time. Returns the median ops/s per contender, and `ratio(i, j)`: the median over rounds of
 * contender i's time over contender j's in the same round (paired, so a slow round slows both).
 */
async function interleaved(
  contenders,
  batch = BATCH,
  rounds = ROUNDS,
  clock = cpuMs,
) {
  const times = contenders.map(() => []);
  for (let r = -1; r < rounds; r++) {
    for (const [i, c] of contenders.entries()) {
      const t = clock();
      await c.run(batch);
      if (r >= 0) times[i].push(clock() - t); // round -1 warms up
    }
  }
  const rates = times.map((ms) => (batch / median(ms)) * 1000);
  rates.times = times;
  rates.ratio = (i, j) => median(times[i].map((ms, r) => ms / times[j][r]));
  rates.spread = (i, j) => {
    const rs = times[i].map((ms, r) => ms / times[j][r]).sort((a, b) => a - b);
    return `${rs[0].toFixed(2)}–${rs[rs.length - 1].toFixed(2)}`;
  };
  return rates;
}

/** This process's CPU time (user + system), ms. */
function cpuMs() {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

export default async function bench() {
  const dir = generatedAsJs("bench-dispatch");
  const load = (p) => import(pathToFileURL(join(dir, p)).href);
  const { createDispatcher } = await load("dispatcher.js");
  const { validateOpenaiChatCall } = await load(
    "providers/openai-chat.calls.js",
  );
  const { validateOutput } = await load("validators.js");
  const { outputText } = await load("output-text.js");
  const { renderValidationErrors } = await load("runtime/validation-errors.js");
  const { memoryCallStore } = await load("runtime/memory-store.js");
  const { callDigest } = await load("runtime/call-store.js");

  let checksum = 0;
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
  let events = 0;
  const onEvent = (e) => {
    events += e.validationMs >= 0 ? 1 : 0;
  };
  const text = JSON.stringify({
    date: "2026-06-01",
    data: { weight_kg: 70.5, body_fat_pct: 18.2, waist_cm: null },
  });
  const invalidText = JSON.stringify({
    date: "2026-02-30",
    data: { weight_kg: -1, body_fat_pct: "18", waist_cm: null },
  });
  let seq = 0;
  const call = (args) => ({
    target: "openai-chat",
    id: `call_${seq++}`,
    name: "write_measurement",
    arguments: args,
  });

  const dispatcher = createDispatcher(handlers, {
    confirm: () => true,
    onEvent,
  });
  const dutyStore = memoryCallStore();
  /**
   * The checkpoint plus every other duty of `run`, by hand, in an async function as `run` must be
   * (the promise it returns resolves one microtask after the handler's); the "same duties"
   * contender is this body written out in its loop.
   */
  const dutiesOf = async (c) => {
    const started = clock.now();
    const checked = validateOpenaiChatCall(c.name, JSON.parse(c.arguments));
    if (!checked.ok) return undefined;
    const accepted = clock.now();
    if (
      dutyStore.claim(c, {
        tool: c.name,
        owner: "bench",
        at: accepted,
        digest: callDigest(c.name, checked.value),
      }).state !== "claimed"
    )
      return undefined;
    const ctx = {
      tool: c.name,
      target: c.target,
      callId: c.id,
      scope: NO_SCOPE,
      signal: undefined,
    };
    const output = await handler(checked.value, ctx);
    const done = clock.now();
    const out = validateOutput(c.name, output);
    if (!out.ok) return undefined;
    const result = {
      status: "ok",
      target: c.target,
      tool: c.name,
      isError: false,
      text: outputText(c.name, out.value),
      replayed: false,
      id: c.id,
      output: out.value,
    };
    dutyStore.complete(c, "bench", result);
    onEvent({
      status: result.status,
      tool: result.tool,
      target: result.target,
      id: result.id,
      replayed: false,
      validationMs: accepted - started,
      handlerMs: done - accepted,
      errors: NO_ERRORS,
      result,
    });
    return result;
  };
  const clock = performance;
  const NO_SCOPE = Object.freeze({});
  const NO_ERRORS = Object.freeze([]);
  /** Parse, the same call validator, the handler; optionally the result text (JSON.stringify's, or toolcat's writer) and the output validator. */
  const checkpoint = (name, withText, withOutput, writer = JSON.stringify) => ({
    name,
    async run(n) {
      for (let i = 0; i < n; i++) {
        const c = call(text);
        const checked = validateOpenaiChatCall(c.name, JSON.parse(c.arguments));
        if (!checked.ok) continue;
        const result = await handler(checked.value);
        if (!withOutput) {
          checksum += withText ? writer(result).length : result.saved.length;
          continue;
        }
        const out = validateOutput(c.name, result);
        if (out.ok) checksum += JSON.stringify(out.value).length;
      }
    },
  });
  const contenders = [
    {
      name: "dispatcher",
      async run(n) {
        for (let i = 0; i < n; i++)
          checksum += (await dispatcher.run(call(text))).text.length;
      },
    },
    checkpoint("checkpoint", true, false),
    checkpoint("checkpoint-text", false, false),
    checkpoint("checkpoint+output", true, true),
    checkpoint("checkpoint, toolcat's text", true, false, (value) =>
      outputText("write_measurement", value),
    ),
    {
      name: "same duties",
      async run(n) {
        // The body of `dutiesOf`, written out in the loop: its one await is the handler's.
        for (let i = 0; i < n; i++) {
          const c = call(text);
          const started = clock.now();
          const checked = validateOpenaiChatCall(
            c.name,
            JSON.parse(c.arguments),
          );
          if (!checked.ok) continue;
          const accepted = clock.now();
          if (
            dutyStore.claim(c, {
              tool: c.name,
              owner: "bench",
              at: accepted,
              digest: callDigest(c.name, checked.value),
            }).state !== "claimed"
          )
            continue;
          const ctx = {
            tool: c.name,
            target: c.target,
            callId: c.id,
            scope: NO_SCOPE,
            signal: undefined,
          };
          const output = await handler(checked.value, ctx);
          const done = clock.now();
          const out = validateOutput(c.name, output);
          if (!out.ok) continue;
          const result = {
            status: "ok",
            target: c.target,
            tool: c.name,
            isError: false,
            text: outputText(c.name, out.value),
            replayed: false,
            id: c.id,
            output: out.value,
          };
          dutyStore.complete(c, "bench", result);
          onEvent({
            status: result.status,
            tool: result.tool,
            target: result.target,
            id: result.id,
            replayed: false,
            validationMs: accepted - started,
            handlerMs: done - accepted,
            errors: NO_ERRORS,
            result,
          });
          checksum += result.text.length;
        }
      },
    },
    {
      name: "same duties, async",
      async run(n) {
        for (let i = 0; i < n; i++) {
          const result = await dutiesOf(call(text));
          if (result !== undefined) checksum += result.text.length;
        }
      },
    },
    {
      name: "bare",
      async run(n) {
        for (let i = 0; i < n; i++) {
          const c = call(text);
          checksum += (await handler(JSON.parse(c.arguments))).saved.length;
        }
      },
    },
  ];
  const valid = await interleaved(contenders);
  const [d, cp, cpv, cpo, cpt, duties, dutiesAsync, bare] = valid;
  const cost = (j) =>
    `dispatcher costs ${valid.ratio(0, j).toFixed(2)}x (rounds ${valid.spread(0, j)})`;
  console.log(
    `valid call (openai-chat write_measurement), CPU time, median of ${ROUNDS} interleaved rounds of ${fmt(BATCH)} (load average ${loadavg()[0].toFixed(1)}):`,
  );
  console.log(`  dispatcher.run          ${fmt(d)} calls/s`);
  console.log(
    `  checkpoint (with text)  ${fmt(cp)} calls/s   ${cost(1)} (not the budget: that is against the same duties, below)`,
  );
  console.log(`  … without the text      ${fmt(cpv)} calls/s   ${cost(2)}`);
  console.log(`  … plus output validator ${fmt(cpo)} calls/s   ${cost(3)}`);
  console.log(
    `  … text by output-text.ts ${fmt(cpt)} calls/s   ${cost(4)} (the generated text writer instead of JSON.stringify: ${valid.ratio(4, 1).toFixed(2)}x the checkpoint)`,
  );
  console.log(
    `  … plus every duty of run, hand-written (same store, clock reads, output check, text writer, result, event)`,
  );
  console.log(
    `                          ${fmt(duties)} calls/s   dispatcher costs ${valid.ratio(0, 5).toFixed(2)}x (rounds ${valid.spread(0, 5)}; budget <= 1.25: ${valid.ratio(0, 5) <= 1.25 ? "holds" : "EXCEEDED"}); the duties alone ${valid.ratio(5, 1).toFixed(2)}x the checkpoint`,
  );
  console.log(`  … the same in an async function, as run must be`);
  console.log(
    `                          ${fmt(dutiesAsync)} calls/s   dispatcher costs ${valid.ratio(0, 6).toFixed(2)}x (rounds ${valid.spread(0, 6)}); duties and the async layer ${valid.ratio(6, 1).toFixed(2)}x the checkpoint`,
  );
  console.log(`  bare JSON.parse + call  ${fmt(bare)} calls/s   ${cost(7)}`);

  const invalid = [
    {
      name: "dispatcher invalid",
      async run(n) {
        for (let i = 0; i < n; i++)
          checksum += (await dispatcher.run(call(invalidText))).text.length;
      },
    },
    {
      name: "checkpoint invalid",
      async run(n) {
        for (let i = 0; i < n; i++) {
          const c = call(invalidText);
          const args = JSON.parse(c.arguments);
          const checked = validateOpenaiChatCall(c.name, args);
          if (!checked.ok)
            checksum += renderValidationErrors(
              c.name,
              checked.errors,
              args,
            ).length;
        }
      },
    },
  ];
  const refused = await interleaved(invalid);
  const [di, ci] = refused;
  console.log(
    `invalid call (4 failing fields; refused with the rendered error text):`,
  );
  console.log(`  dispatcher.run          ${fmt(di)} calls/s`);
  console.log(
    `  parse + validate + text ${fmt(ci)} calls/s   dispatcher costs ${refused.ratio(0, 1).toFixed(2)}x (rounds ${refused.spread(0, 1)})`,
  );

  removeGeneratedJs("bench-dispatch");
  console.log(`(checksum ${checksum}, events ${events})`);
}
