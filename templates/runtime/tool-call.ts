/**
 * The provider-neutral shapes shared by the dispatcher core (dispatch.ts) and the provider
 * adapters (adapters/<target>.ts): an adapter reads a provider's response into `ToolCall`s, the
 * core turns each into a `CallResult`, and the adapter writes the results back in the provider's
 * format. Copied into generated output (runtime/tool-call.ts); real TypeScript, no imports.
 */

/** The provider targets, as the catalog names them. */
export type TargetName =
  | "openai-chat"
  | "openai-responses"
  | "openai-agents"
  | "openai-compatible"
  | "anthropic"
  | "google-genai"
  | "google-interactions"
  | "mcp"
  /**
   * Calls that an SDK tool runner (the AI SDK's `generateText`/`streamText`) parsed and checked
   * with toolcat's Standard Schema before handing them on: arguments arrive as a value in the
   * catalog's shape, checked again with the catalog's validator.
   */
  | "ai-sdk";

/** One tool call as a provider sent it, before anything is checked. */
export interface ToolCall {
  readonly target: TargetName;
  /**
   * The provider's call id. Absent when the provider sent none (Gemini may omit ids): such a
   * call is answered by name and position and is never deduplicated.
   */
  readonly id?: string;
  /** The tool name exactly as sent (not yet known to be a tool). */
  readonly name: string;
  /**
   * The arguments exactly as sent: a JSON text (OpenAI, OpenAI-compatible servers) or an already
   * parsed value (Anthropic, Google, the Agents API, MCP). Never coerced.
   */
  readonly arguments: unknown;
  /**
   * Why the adapter could not read the arguments the provider sent (Gemini's streamed fragments
   * that do not fit together): the call is refused `invalid-arguments` with this reason, never run.
   */
  readonly argumentsProblem?: string;
  /** What else identifies the call (Agents API: session and turn), part of its store key. */
  readonly scope?: { readonly sessionId?: string; readonly turnId?: string };
  /**
   * False when the response this call came in was cut off (by the provider's own stop signal, or
   * a stream that ended before its final event): the call is answered `incomplete`, never run.
   */
  readonly complete?: boolean;
}

/** Every outcome of a call. Only `ok` (and a replayed `ok`) means the handler ran and succeeded. */
export type CallStatus =
  | "ok"
  | "incomplete"
  | "unknown-tool"
  | "invalid-arguments"
  | "check-failed"
  | "not-confirmed"
  | "handler-failed"
  | "outcome-unknown"
  | "invalid-output"
  | "in-progress";

/** One problem with a call's arguments (validator error or domain check), as the model reads it. */
export interface CallProblem {
  /** JSON Pointer into the arguments (`/data/weight_kg`), "" for the whole object. */
  readonly instancePath: string;
  readonly keyword: string;
  readonly message: string;
  readonly params?: { readonly [name: string]: unknown };
  readonly schemaPath?: string;
}

/** What the dispatcher answers for one call. */
export interface CallResult<Output = unknown> {
  readonly status: CallStatus;
  readonly target: TargetName;
  /** The tool name as sent (it may not be a tool: see `status`). */
  readonly tool: string;
  readonly id?: string;
  /** Whether the provider should be told this result is an error. */
  readonly isError: boolean;
  /** What the model reads. */
  readonly text: string;
  /** The handler's validated output (status `ok`). */
  readonly output?: Output;
  /** Why the arguments (or the output) were refused. */
  readonly errors?: readonly CallProblem[];
  /** True when a recorded result was returned instead of running the handler again. */
  readonly replayed: boolean;
}

/** What an adapter reads out of one provider response or stream. */
export interface ProviderTurn {
  /** False when the provider says the turn was cut off; then every call is `complete: false`. */
  readonly complete: boolean;
  /** The provider's own word for why the turn is incomplete (`length`, `max_tokens`, …). */
  readonly reason?: string;
  /** Every client tool call of the turn, in the order the provider sent them. */
  readonly calls: readonly ToolCall[];
}

/**
 * One provider's reading and writing. `read` and `readStream` never throw for anything the
 * provider can send (a malformed call becomes a call the core refuses); they throw a TypeError
 * only for a value that is not a response at all.
 */
export interface ProviderAdapter<Response, StreamEvent, Reply> {
  readonly target: TargetName;
  read(response: Response): ProviderTurn;
  readStream(events: AsyncIterable<StreamEvent>): Promise<ProviderTurn>;
  /** The reply to append to the conversation: one answer per call of `turn`, in its order. */
  reply(turn: ProviderTurn, results: readonly CallResult[]): Reply;
}

/** What `dispatcher.<target>.respond` and `respondToStream` return. */
export interface Responded<Reply> {
  readonly reply: Reply;
  readonly results: readonly CallResult[];
}
