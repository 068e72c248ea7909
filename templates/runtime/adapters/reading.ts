/**
 * What every provider adapter (adapters/<target>.ts) needs the same way: reading untrusted
 * values without throwing, reassembling a call's arguments from stream deltas, draining a stream
 * that may fail or stop early, and pairing a turn's calls with their results.
 *
 * Copied into generated output (runtime/adapters/reading.ts) with the adapters; real
 * TypeScript, no package imports.
 */
import type {
  CallResult,
  ProviderTurn,
  TargetName,
  ToolCall,
} from "../tool-call.js";

/** A plain object (not an array, not null): the only shape a response, an event or arguments may have. */
export function isRecord(
  value: unknown,
): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The string at `value[key]`, or undefined when it is missing or not a string. */
export function stringField(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === "string" ? field : undefined;
}

/** The array at `value[key]`, or an empty one: providers omit empty lists, and a wrong type is no list. */
export function arrayField(value: unknown, key: string): readonly unknown[] {
  if (!isRecord(value)) return [];
  const field = value[key];
  return Array.isArray(field) ? field : [];
}

/** The value at `value[key]` when `value` is an object. */
export function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

/** A non-empty string or undefined: OpenAI-compatible servers repeat `id: ""` and `name: ""` on continuation deltas. */
export function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Throws the one error an adapter may throw: the value is not a response of this provider at all. */
export function requireRecord(
  value: unknown,
  what: string,
): { readonly [key: string]: unknown } {
  if (!isRecord(value))
    throw new TypeError(
      `expected ${what}, got ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`,
    );
  return value;
}

/** Throws unless `value` can be iterated with `for await` (a stream of events or an array of them). */
export function requireStream(value: unknown, what: string): void {
  const iterable =
    value !== null &&
    (typeof value === "object" || typeof value === "function");
  if (
    !iterable ||
    (typeof (value as { [Symbol.asyncIterator]?: unknown })[
      Symbol.asyncIterator
    ] !== "function" &&
      typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] !==
        "function")
  ) {
    throw new TypeError(`expected an async iterable of ${what}`);
  }
}

/**
 * Parses reassembled argument text that the provider defines as an object (Anthropic
 * `input_json_delta`, Interactions `arguments_delta`). Empty text is the start block's value.
 * Text that does not parse is passed on as the string it is: the core then refuses it as
 * arguments that are not an object, and nothing runs.
 */
export function parsedArguments(text: string, whenEmpty: unknown): unknown {
  if (text === "") return whenEmpty;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One call being reassembled from stream deltas. */
export interface PendingCall {
  id: string | undefined;
  name: string | undefined;
  /** The argument fragments so far, joined once at the end (string `+=` per tiny delta costs more). */
  readonly fragments: string[];
  /** An already-parsed value from a start event, used when no fragment arrives. */
  initial: unknown;
  /** Arguments the provider sent whole at the end (a `.done` event), replacing the fragments. */
  final: { readonly value: unknown } | undefined;
  /** Where the provider placed the call (output index, content-block index); ties keep arrival order. */
  readonly position: number;
}

/**
 * Calls reassembled from deltas, keyed the provider's way (Chat: `index`; Responses: item id;
 * Anthropic and Interactions: content-block or step index). Calls are returned by position,
 * then arrival.
 */
export class PendingCalls<Key> {
  private readonly byKey = new Map<Key, PendingCall>();
  private readonly order: PendingCall[] = [];

  /** The call at `key`, created at `position` on its first delta. */
  at(key: Key, position: number): PendingCall {
    let call = this.byKey.get(key);
    if (call === undefined) {
      call = {
        id: undefined,
        name: undefined,
        fragments: [],
        initial: undefined,
        final: undefined,
        position,
      };
      this.byKey.set(key, call);
      this.order.push(call);
    }
    return call;
  }

  has(key: Key): boolean {
    return this.byKey.has(key);
  }

  /** Forgets the call at `key` (a new call reuses it: some servers send every call at index 0). */
  release(key: Key): void {
    this.byKey.delete(key);
  }

  get size(): number {
    return this.order.length;
  }

  /** The calls in order, arguments joined (text) or as sent (parsed providers, through `parse`). */
  calls(
    target: TargetName,
    parse: (text: string, initial: unknown) => unknown,
    extra?: (call: PendingCall) => Partial<ToolCall>,
  ): ToolCall[] {
    const sorted = this.order
      .map((call, arrival) => ({ call, arrival }))
      .sort(
        (a, b) => a.call.position - b.call.position || a.arrival - b.arrival,
      );
    return sorted.map(({ call }) => {
      const args =
        call.final !== undefined
          ? call.final.value
          : parse(call.fragments.join(""), call.initial);
      return {
        target,
        ...(call.id !== undefined ? { id: call.id } : {}),
        name: call.name ?? "",
        arguments: args,
        ...(extra ? extra(call) : {}),
      };
    });
  }
}

/** Arguments kept as the JSON text the provider sent (OpenAI and compatible servers). */
export function joinedText(text: string, initial: unknown): unknown {
  return text === "" && typeof initial === "string" ? initial : text;
}

/** The turn, with every call marked incomplete when the turn is. */
export function turn(
  complete: boolean,
  calls: readonly ToolCall[],
  reason?: string,
): ProviderTurn {
  const marked = complete
    ? calls
    : calls.map((call) => ({ ...call, complete: false }));
  return {
    complete,
    ...(reason !== undefined ? { reason } : {}),
    calls: marked,
  };
}

/**
 * The turn of a stream whose reader took its completeness from a terminal event: that event's
 * verdict, or, when none came, incomplete with why the stream ended.
 */
export function streamTurn(
  calls: readonly ToolCall[],
  end: StreamEnd,
  verdict: { readonly complete: boolean; readonly reason?: string } | undefined,
  missing: string,
): ProviderTurn {
  if (verdict === undefined) return turn(false, calls, end.reason ?? missing);
  return turn(verdict.complete, calls, verdict.reason);
}

/** How a stream ended: after its final event, or not (cut, or failed with an error). */
export interface StreamEnd {
  /** True when the provider's final event arrived. */
  readonly finished: boolean;
  /** Why not: the provider's error event, the client's error (a dropped connection), or a plain end. */
  readonly reason?: string;
}

/**
 * Feeds every event of a stream to `onEvent`, which answers true at the provider's final event.
 * Events after it are not read into the turn, but the stream is still read to its end, so that an
 * SDK helper consuming the same stream (`finalChatCompletion()`, `finalMessage()`) completes;
 * with `closeAtFinal` (Agents API session events: the stream stays open) reading stops there.
 * A stream that throws (the SDK raises a dropped connection or an error event) ends the turn
 * incomplete instead of throwing. Events that are not objects are skipped.
 */
export async function drain(
  events: AsyncIterable<unknown> | Iterable<unknown>,
  onEvent: (event: { readonly [key: string]: unknown }) => boolean,
  closeAtFinal = false,
): Promise<StreamEnd> {
  let finished = false;
  try {
    for await (const event of events) {
      if (finished || !isRecord(event)) continue;
      finished = onEvent(event);
      if (finished && closeAtFinal) break;
    }
    return finished
      ? { finished }
      : { finished, reason: "the stream ended before its final event" };
  } catch (error) {
    return { finished, reason: `the stream failed: ${errorSummary(error)}` };
  }
}

/** A short, safe description of a stream error (its class and message, cut). */
export function errorSummary(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : isRecord(error)
        ? (stringField(error, "message") ?? "error event")
        : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The provider's error event, as a reason (`error.message`, or the code). */
export function errorEventReason(event: unknown): string {
  const error = field(event, "error");
  const message =
    stringField(error, "message") ??
    stringField(error, "code") ??
    stringField(event, "message");
  return `the provider sent an error event${message !== undefined ? `: ${message.slice(0, 200)}` : ""}`;
}

/**
 * Pairs each call of a turn with its result, by position (the dispatcher answers every call, in
 * order). A missing result — the app passed fewer — is answered as not run, so the reply still
 * answers every call the provider expects an answer for.
 */
export function answered(
  turnRead: ProviderTurn,
  results: readonly CallResult[],
): { readonly call: ToolCall; readonly result: CallResult }[] {
  return turnRead.calls.map((call, i) => ({
    call,
    result: results[i] ?? notAnswered(call),
  }));
}

function notAnswered(call: ToolCall): CallResult {
  return {
    status: "incomplete",
    target: call.target,
    tool: call.name,
    ...(call.id !== undefined ? { id: call.id } : {}),
    isError: true,
    text: `The tool ${call.name} was not run: no result was produced for this call.`,
    replayed: false,
  };
}

/** The value of a successful call for providers that take an object or text: its output, else its text. */
export function successValue(result: CallResult): unknown {
  return result.status === "ok" && result.output !== undefined
    ? result.output
    : result.text;
}
