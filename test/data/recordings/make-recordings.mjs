// Writes the recorded provider responses of this folder (see README.md): for each target and
// scenario, the non-streaming body (<target>/<scenario>.json) and the raw SSE bytes
// (<target>/<scenario>.sse), in the provider's wire format as its API documents it. Argument
// text is streamed in fragments of FRAGMENT characters. Deterministic: `node make-recordings.mjs`
// rewrites the same bytes.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const FRAGMENT = 3;
const pieces = (text) => { const out = []; for (let i = 0; i < text.length; i += FRAGMENT) out.push(text.slice(i, i + FRAGMENT)); return out; };

// The calls of each scenario (scenarios.json: the tests read them too).
const { $comment: _comment, ...scenarios } = JSON.parse(readFileSync(join(here, "scenarios.json"), "utf8"));
const argText = (call) => (typeof call.args === "string" ? call.args : JSON.stringify(call.args));
// OpenAI strict mode declares every property required, an omitted one as null: a strict model sends them all.
const STRICT_NULLS = { write_measurement: (a) => ({ ...a, data: { weight_kg: null, body_fat_pct: null, waist_cm: null, ...a.data } }), list_exercises: (a) => ({ muscle_group: null, equipment: null, limit: null, ...a }) };
const strictCall = (call) => (typeof call.args === "string" ? call : { ...call, args: STRICT_NULLS[call.name](call.args) });
const strictScenario = (s) => ({ ...s, calls: s.calls.map(strictCall) });
const argObject = (call) => (typeof call.args === "string" ? { date: "2024-04-11", data: {} } : call.args);

const files = {};
const put = (target, name, body) => { files[join(target, name)] = body; };
const json = (v) => JSON.stringify(v, null, 1) + "\n";
const sse = (events, { named = false, terminator = "" } = {}) =>
  events.map((e) => (named ? `event: ${e.type ?? e.event_type}\n` : "") + `data: ${JSON.stringify(e)}\n\n`).join("") + terminator;

// ---- OpenAI Chat Completions and OpenAI-compatible servers ----
function chat(target, key, s, { dropped = false } = {}) {
  const compat = target === "openai-compatible";
  const id = (c) => (compat ? `call-${c.id}` : `call_${c.id}`);
  const base = { id: `chatcmpl-${key}`, object: "chat.completion.chunk", created: 1712800000, model: compat ? "local-model" : "gpt-test" };
  const finish = s.cut ? "length" : s.calls.length > 0 ? "tool_calls" : "stop";
  put(target, `${key}.json`, json({
    id: `chatcmpl-${key}`, object: "chat.completion", created: 1712800000, model: base.model,
    choices: [{ index: 0, logprobs: null, finish_reason: finish, message: { role: "assistant", content: s.calls.length === 0 ? s.text : (s.text ?? null), refusal: null,
      ...(s.calls.length > 0 ? { tool_calls: s.calls.map((c) => ({ id: id(c), type: "function", function: { name: c.name, arguments: argText(c) } })) } : {}) } }],
    usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
  }));
  const chunk = (delta, finish_reason = null) => ({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason }] });
  const events = [chunk({ role: "assistant", content: "" })];
  if (s.text) for (const p of pieces(s.text)) events.push(chunk({ content: p }));
  s.calls.forEach((c, i) => {
    // Compatible servers number tools from 1 and repeat empty id/name on continuation deltas.
    const index = compat ? i + 1 : i;
    events.push(chunk({ tool_calls: [{ index, id: id(c), type: "function", function: { name: c.name, arguments: "" } }] }));
    for (const p of pieces(argText(c))) events.push(chunk({ tool_calls: [{ index, ...(compat ? { id: "", type: "function" } : {}), function: { ...(compat ? { name: "" } : {}), arguments: p } }] }));
  });
  if (dropped) { put(target, `${key}.sse`, sse(events.slice(0, -3))); return; }
  events.push(chunk({}, finish));
  put(target, `${key}.sse`, sse(events, { terminator: "data: [DONE]\n\n" }));
}

// ---- OpenAI Responses ----
function responses(key, s, { dropped = false } = {}) {
  const items = [{ type: "reasoning", id: `rs_${key}`, summary: [] }];
  if (s.text) items.push({ type: "message", id: `msg_${key}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: s.text, annotations: [] }] });
  for (const c of s.calls) items.push({ type: "function_call", id: `fc_${c.id}`, call_id: `call_${c.id}`, name: c.name, arguments: argText(c), status: "completed" });
  // The API can leave a finished call marked in_progress.
  if (key === "weight-valid") items[items.length - 1].status = "in_progress";
  const status = s.cut ? "incomplete" : "completed";
  const response = (st, output) => ({ id: `resp_${key}`, object: "response", created_at: 1712800000, status: st, model: "gpt-test", output,
    incomplete_details: st === "incomplete" ? { reason: "max_output_tokens" } : null, error: null, parallel_tool_calls: true, tool_choice: "auto", tools: [], temperature: 1, top_p: 1, metadata: {}, instructions: null, usage: null });
  put("openai-responses", `${key}.json`, json(response(status, items)));
  let n = 0;
  const ev = (type, body) => ({ type, sequence_number: n++, ...body });
  const events = [ev("response.created", { response: response("in_progress", []) })];
  items.forEach((item, output_index) => {
    if (item.type !== "function_call") {
      events.push(ev("response.output_item.added", { output_index, item }), ev("response.output_item.done", { output_index, item }));
      return;
    }
    events.push(ev("response.output_item.added", { output_index, item: { ...item, arguments: "", status: "in_progress" } }));
    for (const delta of pieces(item.arguments)) events.push(ev("response.function_call_arguments.delta", { item_id: item.id, output_index, delta }));
    events.push(ev("response.function_call_arguments.done", { item_id: item.id, output_index, name: item.name, arguments: item.arguments }));
    events.push(ev("response.output_item.done", { output_index, item }));
  });
  if (dropped) { put("openai-responses", `${key}.sse`, sse(events.slice(0, -3), { named: true })); return; }
  events.push(ev(s.cut ? "response.incomplete" : "response.completed", { response: response(status, items) }));
  put("openai-responses", `${key}.sse`, sse(events, { named: true }));
}

// ---- OpenAI Agents API ----
function agents(key, s, { dropped = false } = {}) {
  const session = (status, actions) => ({ id: "sess_1", object: "agent.session", status, created_at: 1712800000, last_active_at: 1712800001, error: null, metadata: {}, usage: null,
    agent: { id: "agent_1" }, environment: { type: "hosted" }, required_actions: actions });
  const actions = s.calls.map((c) => ({ type: "function_call", turn_id: `turn_${key}`, call_id: `call_${c.id}`, name: c.name, arguments: argObject(c) }));
  const status = s.cut ? "budget_reached" : s.calls.length > 0 ? "requires_action" : "idle";
  put("openai-agents", `${key}.json`, json(session(status, actions)));
  let n = 0;
  const ev = (type, body) => ({ event_id: `ev_${key}_${n++}`, type, ...body });
  const events = [ev("agent.session.in_progress", { session: session("in_progress", []) })];
  if (s.text) events.push(ev("agent.session.turn.output_text.delta", { turn_id: `turn_${key}`, delta: s.text }));
  if (!dropped) {
    if (status === "requires_action") events.push(ev("agent.session.requires_action", { session: session(status, actions) }));
    else if (status === "idle") events.push(ev("agent.session.idle", { session: session(status, []) }));
    else events.push(ev("agent.session.budget_reached", { session: session(status, actions) }));
  }
  put("openai-agents", `${key}.sse`, sse(events, { named: true }));
}

// ---- Anthropic Messages ----
function anthropic(key, s, { dropped = false } = {}) {
  const content = [];
  if (s.text) content.push({ type: "text", text: s.text });
  for (const c of s.calls) content.push({ type: "tool_use", id: `toolu_${c.id}`, name: c.name, input: argObject(c) });
  const stop = s.cut ? "max_tokens" : s.calls.length > 0 ? "tool_use" : "end_turn";
  const message = (blocks, stop_reason) => ({ id: `msg_${key}`, type: "message", role: "assistant", model: "claude-test", content: blocks, stop_reason, stop_sequence: null, usage: { input_tokens: 50, output_tokens: 20 } });
  put("anthropic", `${key}.json`, json(message(content, stop)));
  const events = [{ type: "message_start", message: message([], null) }];
  let index = 0;
  if (s.text) {
    events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
    for (const p of pieces(s.text)) events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text: p } });
    events.push({ type: "content_block_stop", index });
    index++;
  }
  for (const c of s.calls) {
    events.push({ type: "content_block_start", index, content_block: { type: "tool_use", id: `toolu_${c.id}`, name: c.name, input: {} } });
    for (const p of pieces(argText(c))) events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: p } });
    if (!s.cut) events.push({ type: "content_block_stop", index });
    index++;
  }
  if (dropped) { put("anthropic", `${key}.sse`, sse(events.slice(0, -3), { named: true })); return; }
  events.push({ type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } }, { type: "message_stop" });
  put("anthropic", `${key}.sse`, sse(events, { named: true }));
}

// ---- Google Gemini (generateContent) ----
function genai(key, s, { dropped = false } = {}) {
  // Gemini omits call ids; the parallel turn mixes one call with an id and one without `args`.
  const part = (c, i) => ({ functionCall: { ...(key === "parallel" && i === 0 ? { id: `gc_${c.id}` } : {}), name: c.name, ...(key === "parallel" && i === 1 ? {} : { args: argObject(c) }) }, ...(i === 0 ? { thoughtSignature: "c2lnbmF0dXJl" } : {}) });
  const parts = [...(s.text ? [{ text: s.text }] : []), ...s.calls.map(part)];
  const finishReason = s.cut ? "MAX_TOKENS" : "STOP";
  const usageMetadata = { promptTokenCount: 50, candidatesTokenCount: 20, totalTokenCount: 70 };
  put("google-genai", `${key}.json`, json({ candidates: [{ content: { role: "model", parts }, finishReason, index: 0 }], usageMetadata, modelVersion: "gemini-test", responseId: `resp-${key}` }));
  const chunk = (ps, finish) => ({ candidates: [{ content: { role: "model", parts: ps }, ...(finish ? { finishReason: finish } : {}), index: 0 }], usageMetadata, modelVersion: "gemini-test", responseId: `resp-${key}` });
  const events = [...(s.text ? pieces(s.text).map((p) => chunk([{ text: p }])) : []), ...s.calls.map((c, i) => chunk([part(c, i)]))];
  if (!dropped) events.push(chunk([{ text: "" }], finishReason));
  put("google-genai", `${key}.sse`, events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join(""));
}

// ---- Gemini on Vertex AI with streamed arguments (toolConfig.functionCallingConfig.streamFunctionCallArguments) ----
// The shape is @google/genai's FunctionCall { name, willContinue, partialArgs: PartialArg[] } and
// PartialArg { jsonPath, stringValue | numberValue | boolValue | nullValue, willContinue }; the
// sequence is the one public Vertex recordings show: the start part { name, willContinue: true }
// with the thoughtSignature, then one fragment per part, strings in pieces (willContinue: true)
// closed by an empty stringValue, bare { willContinue: true } parts between array elements, and
// an empty functionCall {} at the end — or no terminator: the last fragment's part stops
// continuing and the final chunk (finishReason STOP) follows.
const STREAMED = {
  "weight-invalid": { text: "Saving your weight.", end: "terminator", calls: [{ name: "write_measurement", args: scenarios["weight-invalid"].calls[0].args }] },
  "weight-valid": { end: "terminator-in-final", calls: [{ name: "write_measurement", args: scenarios["weight-valid"].calls[0].args }] },
  // The streamed call ends on its last fragment (no terminator), then a whole call without args.
  parallel: { text: "Two things at once.", end: "last-fragment", calls: [{ name: "write_measurement", args: scenarios.parallel.calls[0].args }, { name: "list_exercises", whole: true }] },
  // Nested objects in an array, a null, a string with quotes and a line break.
  meal: { end: "terminator", calls: [{ name: "log_meal", args: { day: "2024-04-11", meal: "Almuerzo", items: [{ food: "Lentejas", grams: 300, kcal: null }, { food: "Pan \"integral\"", grams: 50, kcal: 130 }], notes: "Con limón.\nSin sal." } }] },
};
// A path as Gemini writes it: $ then .name or [index].
const jsonPath = (segments) => "$" + segments.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("");
function fragmentsOf(value, at = []) {
  if (Array.isArray(value)) return value.flatMap((v, i) => [...(i > 0 ? [null] : []), ...fragmentsOf(v, [...at, i])]);
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => fragmentsOf(v, [...at, k]));
  const path = jsonPath(at);
  if (typeof value === "string") return [...pieces(value).map((p) => ({ jsonPath: path, stringValue: p, willContinue: true })), { jsonPath: path, stringValue: "" }];
  if (typeof value === "number") return [{ jsonPath: path, numberValue: value }];
  if (typeof value === "boolean") return [{ jsonPath: path, boolValue: value }];
  return [{ jsonPath: path, nullValue: "NULL_VALUE" }];
}
function genaiStreamed(stem, s, { cut = false, truncated = false } = {}) {
  const usageMetadata = { promptTokenCount: 50, candidatesTokenCount: 20, totalTokenCount: 70, trafficType: "ON_DEMAND" };
  const chunk = (ps, finish) => ({ candidates: [{ content: { role: "model", parts: ps }, ...(finish ? { finishReason: finish } : {}), index: 0 }], usageMetadata, modelVersion: "gemini-test", responseId: `resp-${stem}` });
  const signature = "c2lnbmF0dXJl";
  const whole = s.calls.map((c, i) => ({ functionCall: { name: c.name, ...(c.whole ? {} : { args: c.args }) }, ...(i === 0 ? { thoughtSignature: signature } : {}) }));
  // The same turn as generateContent sends it: each call whole.
  if (!cut && !truncated) put("google-genai", `${stem}.json`, json({ candidates: [{ content: { role: "model", parts: [...(s.text ? [{ text: s.text }] : []), ...whole] }, finishReason: "STOP", index: 0 }], usageMetadata, modelVersion: "gemini-test", responseId: `resp-${stem}` }));
  const events = s.text ? pieces(s.text).map((p) => chunk([{ text: p }])) : [];
  s.calls.forEach((c, i) => {
    if (c.whole) { events.push(chunk([whole[i]])); return; }
    events.push(chunk([{ functionCall: { name: c.name, willContinue: true }, ...(i === 0 ? { thoughtSignature: signature } : {}) }]));
    const fragments = fragmentsOf(c.args);
    fragments.forEach((f, j) => {
      const lastOne = j === fragments.length - 1;
      if (f === null) events.push(chunk([{ functionCall: { willContinue: true } }]));
      else events.push(chunk([{ functionCall: { partialArgs: [f], ...(lastOne && s.end === "last-fragment" ? {} : { willContinue: true }) } }]));
    });
    if (s.end === "terminator") events.push(chunk([{ functionCall: {} }]));
  });
  if (cut) { put("google-genai", `${stem}.sse`, events.slice(0, -4).map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join("")); return; }
  if (truncated) events.splice(-4, 4, chunk([{ text: "" }], "MAX_TOKENS"));
  else events.push(s.end === "terminator-in-final" ? chunk([{ functionCall: {} }], "STOP") : chunk([{ text: "" }], "STOP"));
  put("google-genai", `${stem}.sse`, events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join(""));
}

// ---- Google Interactions ----
function interactions(key, s, { dropped = false } = {}) {
  const steps = [];
  if (s.text) steps.push({ type: "model_output", content: [{ type: "text", text: s.text }] });
  for (const c of s.calls) steps.push({ type: "function_call", id: `fc-${c.id}`, name: c.name, arguments: argObject(c) });
  const status = s.cut ? "incomplete" : s.calls.length > 0 ? "requires_action" : "completed";
  const interaction = (st, st2) => ({ id: `int-${key}`, object: "interaction", model: "gemini-test", status: st, created: "2024-04-11T08:00:00Z", updated: "2024-04-11T08:00:01Z", ...(st2 ? { steps: st2 } : {}) });
  put("google-interactions", `${key}.json`, json(interaction(status, steps)));
  const events = [{ event_type: "interaction.created", interaction: interaction("in_progress") }];
  steps.forEach((step, index) => {
    if (step.type !== "function_call") {
      events.push({ event_type: "step.start", index, step: { type: "model_output", content: [] } });
      for (const p of pieces(s.text)) events.push({ event_type: "step.delta", index, delta: { type: "text", text: p } });
    } else {
      events.push({ event_type: "step.start", index, step: { ...step, arguments: {} } });
      const c = s.calls.find((x) => `fc-${x.id}` === step.id);
      for (const p of pieces(argText(c))) events.push({ event_type: "step.delta", index, delta: { type: "arguments_delta", arguments: p } });
    }
    events.push({ event_type: "step.stop", index });
  });
  if (!dropped) events.push({ event_type: "interaction.status_update", interaction_id: `int-${key}`, status }, { event_type: "interaction.completed", interaction: interaction(status) });
  put("google-interactions", `${key}.sse`, sse(events, { named: true }));
}

for (const [key, s] of Object.entries(scenarios)) {
  chat("openai-chat", key, strictScenario(s)); chat("openai-compatible", key, s); responses(key, strictScenario(s)); agents(key, s); anthropic(key, s); genai(key, s); interactions(key, s);
}
// Streams cut by a dropped connection: the parallel turn without its last events.
chat("openai-chat", "dropped", strictScenario(scenarios.parallel), { dropped: true }); chat("openai-compatible", "dropped", scenarios.parallel, { dropped: true });
responses("dropped", strictScenario(scenarios.parallel), { dropped: true }); agents("dropped", scenarios.parallel, { dropped: true });
anthropic("dropped", scenarios.parallel, { dropped: true }); genai("dropped", scenarios.parallel, { dropped: true }); interactions("dropped", scenarios.parallel, { dropped: true });
for (const [key, s] of Object.entries(STREAMED)) genaiStreamed(`streamed-${key}`, s);
// Streamed arguments cut: by a dropped connection in the middle of the date's pieces, and by the provider (MAX_TOKENS).
genaiStreamed("streamed-dropped", STREAMED["weight-valid"], { cut: true });
genaiStreamed("streamed-truncated", STREAMED["weight-valid"], { truncated: true });
for (const [name, body] of Object.entries(files)) {
  if (name.endsWith("dropped.json")) continue;
  mkdirSync(dirname(join(here, name)), { recursive: true });
  writeFileSync(join(here, name), body);
}
