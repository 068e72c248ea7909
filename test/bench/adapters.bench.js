// Provider adapters: the cost of reading a turn's calls and building its reply, per provider,
// against the parsing any client does anyway, on the same recorded bytes
// (test/data/recordings/<target>/parallel.{json,sse}: text, two calls, 3-character argument deltas;
// and for Gemini on Vertex AI with streamed arguments, google-genai/streamed-meal.{json,sse}: one
// log_meal call in 30 partialArgs fragments, objects in an array).
//   Non-streaming: adapter.read + adapter.reply on the parsed body vs JSON.parse of the body (what
//   every SDK does with it). Streaming: adapter.readStream over the events + adapter.reply vs
//   JSON.parse of each SSE event. Printed: ns per turn and the ratio adapter / parse.
//   Round trip: the official SDK client (maxRetries 0) against a local HTTP server on 127.0.0.1
//   that answers every request with the same recording; printed: the adapter's share of one round
//   trip (adapter time / round-trip time). Target: <= 10%.
// Knobs: TOOLCAT_BENCH_ROUNDS (default 5), TOOLCAT_BENCH_TRIPS (round trips per round, default 40).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ROUNDS = Number(process.env.TOOLCAT_BENCH_ROUNDS ?? 5);
const TRIPS = Number(process.env.TOOLCAT_BENCH_TRIPS ?? 40);
const adapter = async (file, name) =>
  (
    await import(
      pathToFileURL(
        join(root, "dist", "templates", "runtime", "adapters", `${file}.js`),
      ).href
    )
  )[name];
const recording = (target, ext, scenario = "parallel") =>
  readFileSync(
    join(root, "test", "data", "recordings", target, `${scenario}.${ext}`),
    "utf8",
  );
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let sink = 0;

/** ns per call of `fn`, median of ROUNDS batches of ~50 ms. */
async function time(fn) {
  const rounds = [];
  let n = 1;
  for (let start = performance.now(); performance.now() - start < 20; n *= 2)
    for (let i = 0; i < n; i++) await fn();
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    let count = 0;
    while (performance.now() - t0 < 50) {
      for (let i = 0; i < 64; i++) await fn();
      count += 64;
    }
    rounds.push(((performance.now() - t0) * 1e6) / count);
  }
  return median(rounds);
}

/** The data of each SSE event (skipping OpenAI's [DONE]). */
function sseData(text) {
  return text
    .split(/\r?\n\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n"),
    )
    .filter((d) => d !== "" && d !== "[DONE]");
}

async function* iterate(events) {
  for (const e of events) yield e;
}

function okResults(turn) {
  return turn.calls.map((c) => ({
    status: "ok",
    target: c.target,
    tool: c.name,
    id: c.id,
    isError: false,
    text: '{"saved":["waist_cm"]}',
    output: { saved: ["waist_cm"] },
    replayed: false,
  }));
}

const providers = [
  {
    target: "openai-chat",
    file: "openai-chat",
    name: "openaiChatAdapter",
    trip: (c, s) =>
      s
        ? drainAll(
            c.openai.chat.completions.create({
              model: "m",
              messages: [],
              stream: true,
            }),
          )
        : c.openai.chat.completions.create({ model: "m", messages: [] }),
  },
  {
    target: "openai-responses",
    file: "openai-responses",
    name: "openaiResponsesAdapter",
    trip: (c, s) =>
      s
        ? drainAll(
            c.openai.responses.create({ model: "m", input: "x", stream: true }),
          )
        : c.openai.responses.create({ model: "m", input: "x" }),
  },
  {
    target: "openai-agents",
    file: "openai-agents",
    name: "openaiAgentsAdapter",
    trip: (c, s) =>
      s
        ? drainAll(c.openai.beta.agents.sessions.events.stream("sess_1"))
        : c.openai.beta.agents.sessions.retrieve("sess_1"),
  },
  {
    target: "openai-compatible",
    file: "openai-compatible",
    name: "openaiCompatibleAdapter",
    trip: (c, s) =>
      s
        ? drainAll(
            c.openai.chat.completions.create({
              model: "m",
              messages: [],
              stream: true,
            }),
          )
        : c.openai.chat.completions.create({ model: "m", messages: [] }),
  },
  {
    target: "anthropic",
    file: "anthropic",
    name: "anthropicAdapter",
    trip: (c, s) =>
      s
        ? drainAll(
            c.anthropic.messages.create({
              model: "m",
              max_tokens: 10,
              messages: [],
              stream: true,
            }),
          )
        : c.anthropic.messages.create({
            model: "m",
            max_tokens: 10,
            messages: [],
          }),
  },
  {
    target: "google-genai",
    file: "google-genai",
    name: "googleGenaiAdapter",
    trip: (c, s) =>
      s
        ? drainAll(
            c.google.models.generateContentStream({
              model: "m",
              contents: "x",
            }),
          )
        : c.google.models.generateContent({ model: "m", contents: "x" }),
  },
  {
    target: "google-genai",
    label: "google-genai args",
    scenario: "streamed-meal",
    file: "google-genai",
    name: "googleGenaiAdapter",
    trip: (c, s) =>
      s
        ? drainAll(
            c.vertex.models.generateContentStream({
              model: "m",
              contents: "x",
            }),
          )
        : c.vertex.models.generateContent({ model: "m", contents: "x" }),
  },
  {
    target: "google-interactions",
    file: "google-interactions",
    name: "googleInteractionsAdapter",
    trip: (c, s) =>
      s
        ? drainAll(
            c.google.interactions.create({
              model: "m",
              input: "x",
              stream: true,
            }),
          )
        : c.google.interactions.create({ model: "m", input: "x" }),
  },
];

async function drainAll(promise) {
  for await (const e of await promise) sink += e ? 1 : 0;
}

export default async function run() {
  let body = "";
  let sse = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, {
        "content-type": sse ? "text/event-stream" : "application/json",
      });
      res.end(body);
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${server.address().port}`;
  const clients = {
    openai: new OpenAI({
      apiKey: "bench",
      baseURL: `${url}/v1`,
      maxRetries: 0,
    }),
    anthropic: new Anthropic({ apiKey: "bench", baseURL: url, maxRetries: 0 }),
    google: new GoogleGenAI({ apiKey: "bench", httpOptions: { baseUrl: url } }),
    // Streamed arguments are Vertex AI's (express mode: an API key, no credentials lookup).
    vertex: new GoogleGenAI({
      vertexai: true,
      apiKey: "bench",
      httpOptions: { baseUrl: url },
    }),
  };
  console.log(
    "provider             | mode   | parse ns | adapter ns | adapter/parse | round trip µs | adapter share",
  );
  try {
    for (const p of providers) {
      const a = await adapter(p.file, p.name);
      const json = recording(p.target, "json", p.scenario);
      const data = sseData(recording(p.target, "sse", p.scenario));
      const parsed = JSON.parse(json);
      const events = data.map((d) => JSON.parse(d));
      const results = okResults(a.read(parsed));
      const streamResults = okResults(await a.readStream(iterate(events)));
      const rows = [
        {
          mode: "json",
          parse: () => void (sink += JSON.parse(json) ? 1 : 0),
          work: () => void (sink += a.reply(a.read(parsed), results) ? 1 : 0),
          sse: false,
          text: json,
        },
        {
          mode: "stream",
          parse: () => void (sink += data.map((d) => JSON.parse(d)).length),
          work: async () =>
            void (sink += a.reply(
              await a.readStream(iterate(events)),
              streamResults,
            )
              ? 1
              : 0),
          sse: true,
          text: recording(p.target, "sse", p.scenario),
        },
      ];
      for (const row of rows) {
        const parseNs = await time(row.parse);
        const workNs = await time(row.work);
        body = row.text;
        sse = row.sse;
        const trips = [];
        for (let r = 0; r < ROUNDS; r++) {
          const t0 = performance.now();
          for (let i = 0; i < TRIPS; i++) await p.trip(clients, row.sse);
          trips.push(((performance.now() - t0) * 1000) / TRIPS);
        }
        const tripUs = median(trips);
        console.log(
          `${(p.label ?? p.target).padEnd(20)} | ${row.mode.padEnd(6)} | ${parseNs.toFixed(0).padStart(8)} | ${workNs.toFixed(0).padStart(10)} | ${(workNs / parseNs).toFixed(2).padStart(12)}× | ${tripUs.toFixed(0).padStart(13)} | ${((workNs / 1000 / tripUs) * 100).toFixed(2).padStart(12)}%`,
        );
      }
    }
  } finally {
    server.close();
  }
  if (sink === 0.5) console.log("");
}
