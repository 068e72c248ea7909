/**
 * Binds a provider adapter to the dispatcher core: a whole response (or stream) in, every call
 * run through `run` in the provider's order, the reply in the provider's format out. The calls of
 * a turn the provider cut off are answered `incomplete` and never run. Copied into generated
 * output (runtime/respond.ts); real TypeScript.
 */
import type {
  CallResult,
  ProviderAdapter,
  ProviderTurn,
  Responded,
  ToolCall,
} from "./tool-call.js";

/** What `dispatcher.<target>` offers for one provider. */
export interface BoundAdapter<Response, StreamEvent, Reply> {
  /** Runs every tool call of one response and builds the reply to send back. */
  respond(response: Response): Promise<Responded<Reply>>;
  /** The same for a stream of events (a stream that ends early is an incomplete turn). */
  respondToStream(
    events: AsyncIterable<StreamEvent>,
  ): Promise<Responded<Reply>>;
}

/** `dispatcher.<target>` for an adapter, as a type the generated dispatcher can name. */
export type BoundTo<A> =
  A extends ProviderAdapter<infer Response, infer StreamEvent, infer Reply>
    ? BoundAdapter<Response, StreamEvent, Reply>
    : never;

/** The core's entry point, as adapters need it. */
export type RunCall = (call: ToolCall) => Promise<CallResult>;

export function bindAdapter<Response, StreamEvent, Reply>(
  adapter: ProviderAdapter<Response, StreamEvent, Reply>,
  run: RunCall,
): BoundAdapter<Response, StreamEvent, Reply> {
  return {
    respond: async (response) =>
      answerTurn(adapter, run, adapter.read(response)),
    respondToStream: async (events) =>
      answerTurn(adapter, run, await adapter.readStream(events)),
  };
}

/** Runs a turn's calls one after another (a later call may depend on an earlier one's effect). */
export async function answerTurn<Reply>(
  adapter: { reply(turn: ProviderTurn, results: readonly CallResult[]): Reply },
  run: RunCall,
  turn: ProviderTurn,
): Promise<Responded<Reply>> {
  const results: CallResult[] = [];
  for (const call of turn.calls) {
    // `run` never throws; an incomplete turn marks every call so that none runs.
    results.push(
      await run(
        turn.complete || call.complete === false
          ? call
          : { ...call, complete: false },
      ),
    );
  }
  return { reply: adapter.reply(turn, results), results };
}
