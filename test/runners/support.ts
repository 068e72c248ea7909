/**
 * What the runner E2E tests share: the example app's dispatcher over a real SQLite file (its
 * handlers count their runs), the replay server playing a provider's recorded turns, and
 * readers for what the runner sent back to the model.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appHandlers, openMeasurements } from "../adapters/support/app.js";
import { createAppDispatcher } from "../adapters/support/dispatch.js";
import { recording } from "../adapters/support/providers.js";
import {
  startReplay,
  type Exchange,
  type Replay,
} from "../adapters/support/replay-server.js";

export { recording };

/** The app: measurements in SQLite, its dispatcher (in-memory call store), the run counts. */
export function openApp() {
  const dir = mkdtempSync(join(tmpdir(), "toolcat-runners-"));
  const measurements = openMeasurements(join(dir, "app.sqlite"));
  const { handlers, runs } = appHandlers(measurements);
  const dispatcher = createAppDispatcher(handlers);
  return {
    dispatcher,
    runs,
    rows: () => measurements.rows(),
    close() {
      measurements.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The recorded turns of `target`, served in order; `check[i]` sees request i's body. */
export function turns(
  target: string,
  names: readonly string[],
  stream: boolean,
  path: RegExp,
  check: readonly (((body: unknown) => void) | undefined)[] = [],
): Exchange[] {
  return names.map((name, i) => ({
    path,
    body: recording(target, name, stream),
    sse: stream,
    ...(check[i] ? { check: check[i] } : {}),
  }));
}

export async function withReplay<T>(
  script: readonly Exchange[],
  body: (replay: Replay) => Promise<T>,
): Promise<T> {
  const replay = await startReplay(script);
  try {
    const out = await body(replay);
    replay.finish();
    return out;
  } finally {
    await replay.close();
  }
}

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The Chat Completions tool messages of a request: call id → content text. */
export function chatToolMessages(body: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of asArray(asRecord(body)["messages"])) {
    const r = asRecord(m);
    if (r["role"] === "tool")
      out.set(
        String(r["tool_call_id"]),
        typeof r["content"] === "string"
          ? r["content"]
          : JSON.stringify(r["content"]),
      );
  }
  return out;
}

/** The Responses API function_call_output items of a request: call id → output text. */
export function responsesOutputs(body: unknown): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of asArray(asRecord(body)["input"])) {
    const r = asRecord(item);
    if (r["type"] === "function_call_output")
      out.set(
        String(r["call_id"]),
        typeof r["output"] === "string"
          ? r["output"]
          : JSON.stringify(r["output"]),
      );
  }
  return out;
}

/** Anthropic tool_result blocks of a request's last user message: tool_use id → { text, isError }. */
export function anthropicResults(
  body: unknown,
): Map<string, { text: string; isError: boolean }> {
  const out = new Map<string, { text: string; isError: boolean }>();
  for (const m of asArray(asRecord(body)["messages"])) {
    for (const block of asArray(asRecord(m)["content"])) {
      const b = asRecord(block);
      if (b["type"] !== "tool_result") continue;
      const content = b["content"];
      const text =
        typeof content === "string"
          ? content
          : asArray(content)
              .map((c) => String(asRecord(c)["text"] ?? ""))
              .join("");
      out.set(String(b["tool_use_id"]), {
        text,
        isError: b["is_error"] === true,
      });
    }
  }
  return out;
}

/** The exact refusal line toolcat writes for the 75,5 call. */
export const WEIGHT_LINE =
  'data.weight_kg: type — expected a number; received "75,5"';
/** The dispatcher's whole refusal text for it. */
export const WEIGHT_REFUSAL = [
  'The tool "write_measurement" was not run: its arguments are invalid (1 problem).',
  `- ${WEIGHT_LINE}`,
  "Fix these fields and call the tool again.",
].join("\n");
