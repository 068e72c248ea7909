/**
 * The one place the adapter tests get a dispatcher from. Until the dispatcher core (run, stores,
 * bindAdapter) is merged, this is a small test-local stand-in with the same contract: every call
 * checked in the documented order (complete, known tool, a JSON object, the target's call
 * validator), claimed by id in a call store, run once, its output validated. Swapping in the
 * real dispatcher changes this file only.
 */
import Database from "better-sqlite3";
import type { CallResult, ProviderAdapter, Responded, TargetName, ToolCall } from "../../../templates/runtime/tool-call.js";
import { renderValidationErrors } from "../../../templates/runtime/validation-errors.js";
import { validateOpenaiChatCall } from "../../../generated/providers/openai-chat.calls.js";
import { validateOpenaiResponsesCall } from "../../../generated/providers/openai-responses.calls.js";
import { validate, validateOutput, validators } from "../../../generated/validators.js";
import type { ToolName } from "../../../generated/types.js";

export type Handler = (args: never) => unknown;
export type Handlers = { readonly [K in ToolName]?: (args: never) => unknown };

/** Records finished calls by key; `claim` answers the recorded result of a key already done. */
export interface CallStore {
  recorded(key: string): CallResult | undefined;
  record(key: string, result: CallResult): void;
}

export function memoryStore(): CallStore {
  const done = new Map<string, CallResult>();
  return { recorded: (key) => done.get(key), record: (key, result) => void done.set(key, result) };
}

/** A call store in a SQLite file, as an app keeps across restarts. */
export function sqliteStore(path: string): CallStore & { close(): void } {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE IF NOT EXISTS tool_calls (key TEXT PRIMARY KEY, result TEXT NOT NULL)");
  const get = db.prepare<[string], { result: string }>("SELECT result FROM tool_calls WHERE key = ?");
  const put = db.prepare("INSERT OR IGNORE INTO tool_calls (key, result) VALUES (?, ?)");
  return {
    recorded: (key) => {
      const row = get.get(key);
      return row === undefined ? undefined : (JSON.parse(row.result) as CallResult);
    },
    record: (key, result) => void put.run(key, JSON.stringify(result)),
    close: () => db.close(),
  };
}

const TEXT_TARGETS: ReadonlySet<TargetName> = new Set(["openai-chat", "openai-responses", "openai-compatible"]);

function checkArguments(target: TargetName, name: ToolName, args: unknown) {
  if (target === "openai-chat") return validateOpenaiChatCall(name, args);
  if (target === "openai-responses") return validateOpenaiResponsesCall(name, args);
  return validate(name, args);
}

function refused(call: ToolCall, status: CallResult["status"], text: string, extra: Partial<CallResult> = {}): CallResult {
  return { status, target: call.target, tool: call.name, ...(call.id !== undefined ? { id: call.id } : {}), isError: true, text, replayed: false, ...extra };
}

export interface Dispatcher {
  run(call: ToolCall): Promise<CallResult>;
}

export function createTestDispatcher(handlers: Handlers, store: CallStore = memoryStore()): Dispatcher {
  return {
    async run(call) {
      if (call.complete === false) return refused(call, "incomplete", `The tool ${call.name} was not run: the response was cut off before the call was complete.`);
      if (!Object.prototype.hasOwnProperty.call(validators, call.name)) return refused(call, "unknown-tool", `The tool ${call.name} was not run: there is no such tool. Tools: ${Object.keys(validators).join(", ")}.`);
      const name = call.name as ToolName;
      let args: unknown = call.arguments;
      if (TEXT_TARGETS.has(call.target)) {
        if (typeof args !== "string") return refused(call, "invalid-arguments", `The tool ${name} was not run: the arguments are not JSON text.`);
        try {
          args = args === "" ? {} : (JSON.parse(args) as unknown);
        } catch {
          return refused(call, "invalid-arguments", `The tool ${name} was not run: the arguments are not valid JSON.`);
        }
      }
      if (typeof args !== "object" || args === null || Array.isArray(args)) return refused(call, "invalid-arguments", `The tool ${name} was not run: the arguments must be a JSON object.`);
      const checked = checkArguments(call.target, name, args);
      if (!checked.ok) return refused(call, "invalid-arguments", renderValidationErrors(name, checked.errors, args), { errors: checked.errors });
      const key = call.id === undefined ? undefined : JSON.stringify([call.target, call.scope?.sessionId ?? "", call.scope?.turnId ?? "", call.id]);
      const recorded = key === undefined ? undefined : store.recorded(key);
      if (recorded !== undefined) return { ...recorded, replayed: true };
      const handler = handlers[name] as ((args: unknown) => unknown) | undefined;
      if (handler === undefined) return refused(call, "handler-failed", `The tool ${name} was not run: no handler.`);
      let output: unknown;
      try {
        output = await handler(checked.value);
      } catch {
        return refused(call, "handler-failed", `The tool ${name} failed.`);
      }
      const outputChecked = validateOutput(name, output);
      const result: CallResult = outputChecked.ok
        ? { status: "ok", target: call.target, tool: name, ...(call.id !== undefined ? { id: call.id } : {}), isError: false, text: JSON.stringify(output), output, replayed: false }
        : refused(call, "invalid-output", `The tool ${name} ran but returned an invalid result.`);
      if (key !== undefined) store.record(key, result);
      return result;
    },
  };
}

/** `dispatcher.<target>`: a whole response (or a stream) in, the reply and every call's result out. */
export function bindAdapter<R, E, Reply>(adapter: ProviderAdapter<R, E, Reply>, run: (call: ToolCall) => Promise<CallResult>) {
  const answer = async (read: ReturnType<typeof adapter.read>): Promise<Responded<Reply>> => {
    const results: CallResult[] = [];
    for (const call of read.calls) results.push(await run(call));
    return { reply: adapter.reply(read, results), results };
  };
  return {
    respond: (response: R) => answer(adapter.read(response)),
    respondToStream: async (events: AsyncIterable<E>) => answer(await adapter.readStream(events)),
  };
}
