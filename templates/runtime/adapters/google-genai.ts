/**
 * Google Gemini through `@google/genai` (`models.generateContent`, `generateContentStream`):
 * reads the `functionCall` parts of the first candidate, in order (in a stream, across chunks),
 * and answers with one user `Content` whose parts are one `functionResponse` per call, in order,
 * each with the call's name, its `id` when it had one, and `response` always an object:
 * `{ output }` or `{ error }` (https://ai.google.dev/gemini-api/docs/function-calling). Gemini
 * often omits `id` (the call is then answered by name and position, and never deduplicated) and
 * leaves out `args` for a function without parameters (read as `{}`, then validated). Only
 * `finishReason: "STOP"` ends a turn normally; `MAX_TOKENS`, `MALFORMED_FUNCTION_CALL`,
 * `UNEXPECTED_TOOL_CALL`, `SAFETY`, … and a stream without a `finishReason` leave it incomplete.
 *
 * Streamed arguments (Vertex AI, `toolConfig.functionCallingConfig.streamFunctionCallArguments`):
 * a call starts at a part whose `functionCall` has a `name` and `willContinue: true` (that part
 * carries the call's `thoughtSignature`); the `partialArgs` fragments of the parts that follow
 * build its arguments by JSON path (partial-args.ts); bare `{ willContinue: true }` parts
 * continue it; it ends at an empty `functionCall: {}`, at a part that no longer continues (and
 * whose fragments do not either), or at the end of the response or stream. Such a call is one
 * call, answered once, like a call sent whole. Fragments that do not fit together, fragments no
 * named call started, and a call cut off by another one before its end give a call whose
 * `argumentsProblem` says why: the dispatcher refuses it and nothing runs. Nothing runs before
 * the stream has ended either: the dispatcher reads the whole turn first.
 *
 * Copied into generated output (runtime/adapters/google-genai.ts); no package imports.
 */
import type {
  CallResult,
  ProviderAdapter,
  ProviderTurn,
  ToolCall,
} from "../tool-call.js";
import {
  answered,
  arrayField,
  drain,
  errorEventReason,
  field,
  isRecord,
  requireRecord,
  nonEmpty,
  requireStream,
  stringField,
  successValue,
  turn,
} from "./reading.js";
import { fragmentContinues, PartialArgs } from "./partial-args.js";

/** The fields of a response (or stream chunk) this adapter reads (`GenerateContentResponse` fits). */
export interface GenerateContentResponseLike {
  readonly candidates?:
    | readonly {
        readonly finishReason?: string | null | undefined;
        readonly content?:
          | {
              readonly parts?:
                | readonly {
                    readonly functionCall?:
                      | {
                          readonly id?: string | undefined;
                          readonly name?: string | undefined;
                          readonly args?: unknown;
                          readonly partialArgs?: readonly unknown[] | undefined;
                          readonly willContinue?: boolean | undefined;
                        }
                      | undefined;
                  }[]
                | undefined;
            }
          | undefined;
      }[]
    | undefined;
}

/** One `functionResponse` part (`Part`). */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: { output: unknown } | { error: string };
  };
}

/** The user content that answers a turn (`Content`). */
export interface GeminiFunctionResponseContent {
  role: "user";
  parts: GeminiFunctionResponsePart[];
}

function firstCandidate(response: unknown): unknown {
  return arrayField(response, "candidates")[0];
}

/** One call of a turn as it is read: sent whole, or streamed in fragments. */
interface ReadCall {
  readonly id: string | undefined;
  readonly name: string;
  /** The `args` of a call sent whole (`{}` when left out). */
  readonly whole?: unknown;
  /** The arguments of a streamed call, built from its fragments. */
  readonly streamed?: PartialArgs;
  /** Why the call cannot be run, besides what its fragments say. */
  problem?: string;
  /** Positions (in the turn's parts) of the parts that make up the call, the first one first. */
  readonly parts: number[];
}

/**
 * Reads the `functionCall` parts of one turn in order and keeps the calls they make: whole calls
 * as they are, streamed calls reassembled. At most one streamed call is open at a time (Gemini
 * sends a call's parts one after another); `end()` closes it when the turn ends.
 */
class GeminiCallReader {
  readonly calls: ReadCall[] = [];
  private open: ReadCall | undefined;
  private position = 0;

  /** Reads one part of the candidate's content (parts without `functionCall` are not calls). */
  part(part: unknown): void {
    const at = this.position++;
    const call = field(part, "functionCall");
    if (!isRecord(call)) return;
    const name = nonEmpty(call["name"]);
    const hasArgs = "args" in call && call["args"] !== undefined;
    const fragments = call["partialArgs"];
    const hasFragments = fragments !== undefined && fragments !== null;
    const continues = call["willContinue"] === true;
    const open = this.open;
    if (open !== undefined) {
      if (name === undefined && !hasArgs) {
        open.parts.push(at);
        this.feed(open, fragments, hasFragments, continues);
        return;
      }
      // A new call while this one still promised more: it was cut off before its last fragment.
      open.problem ??=
        "its arguments stopped before their last fragment (another call began)";
      this.open = undefined;
    }
    const id = nonEmpty(call["id"]);
    if (name !== undefined && !hasArgs && (continues || hasFragments)) {
      this.start(
        { id, name, streamed: new PartialArgs(), parts: [at] },
        fragments,
        hasFragments,
        continues,
      );
    } else if (name !== undefined || hasArgs) {
      const streamedToo = hasFragments || continues;
      const whole: ReadCall = {
        id,
        name: name ?? "",
        // `args` left out is the empty object (a function without parameters); any other value is passed on to be checked.
        whole: hasArgs ? call["args"] : {},
        parts: [at],
      };
      if (streamedToo)
        whole.problem =
          "it sent whole arguments and streamed ones in the same part";
      this.calls.push(whole);
      // Its fragments, if any follow, belong to it (and are refused with it), not to a call of their own.
      if (streamedToo && continues)
        this.open = this.calls[this.calls.length - 1];
    } else if (hasFragments || continues) {
      this.start(
        {
          id,
          name: "",
          streamed: new PartialArgs(),
          problem:
            "its argument fragments came without a call that named a tool",
          parts: [at],
        },
        fragments,
        hasFragments,
        continues,
      );
    }
    // An empty `functionCall: {}` with no call open ends nothing.
  }

  /** Ends the turn: a call still open ends here (the provider's final event, or the stream's end). */
  end(): void {
    this.open = undefined;
  }

  /** The turn's calls, in order, as the dispatcher takes them. */
  toolCalls(): ToolCall[] {
    // Object literals of a few fixed shapes, not spreads: this is on every turn's path.
    return this.calls.map((read): ToolCall => {
      const problem = read.problem ?? read.streamed?.problem;
      const { id, name } = read;
      if (problem !== undefined)
        return id !== undefined
          ? {
              target: "google-genai",
              id,
              name,
              arguments: undefined,
              argumentsProblem: problem,
            }
          : {
              target: "google-genai",
              name,
              arguments: undefined,
              argumentsProblem: problem,
            };
      const args =
        read.streamed !== undefined ? read.streamed.value() : read.whole;
      return id !== undefined
        ? { target: "google-genai", id, name, arguments: args }
        : { target: "google-genai", name, arguments: args };
    });
  }

  private start(
    read: ReadCall,
    fragments: unknown,
    hasFragments: boolean,
    continues: boolean,
  ): void {
    this.calls.push(read);
    this.open = read;
    this.feed(read, fragments, hasFragments, continues);
  }

  /** Adds a part's fragments to the open call and closes it when neither the part nor a fragment continues. */
  private feed(
    read: ReadCall,
    fragments: unknown,
    hasFragments: boolean,
    continues: boolean,
  ): void {
    let more = continues;
    if (hasFragments) {
      if (!Array.isArray(fragments))
        read.problem ??= "its partialArgs are not a list";
      else
        for (const fragment of fragments) {
          read.streamed?.add(fragment);
          if (fragmentContinues(fragment)) more = true;
        }
    }
    if (!more) this.open = undefined;
  }
}

/** A response or stream chunk with its parts typed as the caller's (the SDK's `Part`). */
export interface GeminiChunkWithParts<Part> {
  readonly candidates?:
    | readonly {
        readonly content?:
          { readonly parts?: readonly Part[] | undefined } | undefined;
      }[]
    | undefined;
}

/** The model's turn to append to the history (`Content`, role `model`). */
export interface GeminiModelContent<Part> {
  role: "model";
  parts: Part[];
}

/**
 * The model's turn as one `Content` for the history, from the chunks of a stream (or one whole
 * response): the first candidate's parts in order, with each streamed call — its start part,
 * fragments and terminator — replaced by one `functionCall` part with its `id`, `name` and the
 * reassembled `args`, which keeps the start part's other fields, its `thoughtSignature` above
 * all (Gemini 3 refuses a history whose calls lost theirs). A streamed call whose fragments do
 * not fit together keeps its parts as sent: nothing is made up for it.
 */
export function googleGenaiModelContent<Part extends object>(
  chunks: Iterable<GeminiChunkWithParts<Part>>,
): GeminiModelContent<Part> {
  const parts: Part[] = [];
  for (const chunk of chunks)
    for (const part of arrayField(
      field(firstCandidate(chunk), "content"),
      "parts",
    ))
      parts.push(part as Part);
  const reader = new GeminiCallReader();
  for (const part of parts) reader.part(part);
  reader.end();
  // Position of a part -> its replacement (a whole call part), or null when it is dropped.
  const replaced = new Map<number, object | null>();
  for (const read of reader.calls) {
    if (
      read.streamed === undefined ||
      read.problem !== undefined ||
      read.streamed.problem !== undefined
    )
      continue;
    const [first, ...rest] = read.parts as [number, ...number[]];
    const signature = [first, ...rest]
      .map((at) => field(parts[at], "thoughtSignature"))
      .find((s) => typeof s === "string");
    replaced.set(first, {
      ...parts[first],
      functionCall: {
        ...(read.id !== undefined ? { id: read.id } : {}),
        name: read.name,
        args: read.streamed.value(),
      },
      ...(signature !== undefined ? { thoughtSignature: signature } : {}),
    });
    for (const at of rest) replaced.set(at, null);
  }
  const out: Part[] = [];
  parts.forEach((part, at) => {
    const replacement = replaced.get(at);
    if (replacement === undefined) out.push(part);
    else if (replacement !== null) out.push(replacement as Part);
  });
  return { role: "model", parts: out };
}

function callsOf(candidate: unknown, reader: GeminiCallReader): void {
  for (const part of arrayField(field(candidate, "content"), "parts"))
    reader.part(part);
}

function completeness(
  finishReason: unknown,
  response: unknown,
): { complete: boolean; reason?: string } {
  if (finishReason === "STOP") return { complete: true };
  if (typeof finishReason === "string")
    return { complete: false, reason: finishReason };
  const blocked = stringField(field(response, "promptFeedback"), "blockReason");
  return {
    complete: false,
    reason:
      blocked !== undefined ? `prompt blocked: ${blocked}` : "no finishReason",
  };
}

function read(response: GenerateContentResponseLike): ProviderTurn {
  const body = requireRecord(response, "a generateContent response");
  if (body["error"] !== undefined)
    return turn(false, [], errorEventReason(body));
  const candidate = firstCandidate(body);
  const reader = new GeminiCallReader();
  callsOf(candidate, reader);
  reader.end();
  const { complete, reason } = completeness(
    field(candidate, "finishReason"),
    body,
  );
  return turn(complete, reader.toolCalls(), reason);
}

async function readStream(
  events: AsyncIterable<GenerateContentResponseLike>,
): Promise<ProviderTurn> {
  requireStream(events, "generateContent stream chunks");
  const reader = new GeminiCallReader();
  let finishReason: unknown;
  let last: unknown;
  let errorReason: string | undefined;
  const end = await drain(events, (chunk) => {
    if (chunk["error"] !== undefined) {
      errorReason = errorEventReason(chunk);
      return true;
    }
    last = chunk;
    const candidate = firstCandidate(chunk);
    callsOf(candidate, reader);
    const reason = field(candidate, "finishReason");
    if (typeof reason === "string") finishReason = reason;
    return false;
  });
  reader.end();
  const calls = reader.toolCalls();
  if (errorReason !== undefined) return turn(false, calls, errorReason);
  if (
    finishReason === undefined &&
    !end.finished &&
    end.reason !== undefined &&
    end.reason.startsWith("the stream failed")
  )
    return turn(false, calls, end.reason);
  const { complete, reason } = completeness(finishReason, last);
  return turn(
    complete,
    calls,
    reason === "no finishReason"
      ? "the stream ended before a chunk with a finishReason"
      : reason,
  );
}

function reply(
  turnRead: ProviderTurn,
  results: readonly CallResult[],
): GeminiFunctionResponseContent {
  return {
    role: "user",
    parts: answered(turnRead, results).map(({ call, result }) => {
      // Built without object spread: spreading a fresh object per result cost more than the rest of the reply.
      const functionResponse: GeminiFunctionResponsePart["functionResponse"] = {
        name: call.name,
        response: result.isError
          ? { error: result.text }
          : { output: successValue(result) },
      };
      if (call.id !== undefined) functionResponse.id = call.id;
      return { functionResponse };
    }),
  };
}

export const googleGenaiAdapter: ProviderAdapter<
  GenerateContentResponseLike,
  GenerateContentResponseLike,
  GeminiFunctionResponseContent
> = {
  target: "google-genai",
  read,
  readStream,
  reply,
};
