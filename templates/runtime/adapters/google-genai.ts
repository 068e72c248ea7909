/**
 * Google Gemini through `@google/genai` (`models.generateContent`, `generateContentStream`):
 * reads the `functionCall` parts of the first candidate — in a stream each call arrives whole in
 * one chunk, so the chunks' parts are read in order — and answers with one user `Content` whose
 * parts are one `functionResponse` per call, in order, each with the call's name, its `id` when
 * it had one, and `response` always an object: `{ output }` or `{ error }`
 * (https://ai.google.dev/gemini-api/docs/function-calling). Gemini often omits `id` (the call is
 * then answered by name and position, and never deduplicated) and leaves out `args` for a
 * function without parameters (read as `{}`, then validated). Only `finishReason: "STOP"` ends a
 * turn normally; `MAX_TOKENS`, `MALFORMED_FUNCTION_CALL`, `UNEXPECTED_TOOL_CALL`, `SAFETY`, … and
 * a stream without a `finishReason` leave it incomplete.
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
  requireStream,
  stringField,
  successValue,
  turn,
} from "./reading.js";

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

function callsOf(candidate: unknown, into: ToolCall[]): void {
  for (const part of arrayField(field(candidate, "content"), "parts")) {
    const call = field(part, "functionCall");
    if (!isRecord(call)) continue;
    const id = stringField(call, "id");
    // `args` left out is the empty object (a function without parameters); any other value is passed on to be checked.
    into.push({
      target: "google-genai",
      ...(id !== undefined && id !== "" ? { id } : {}),
      name: stringField(call, "name") ?? "",
      arguments:
        "args" in call && call["args"] !== undefined ? call["args"] : {},
    });
  }
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
  const calls: ToolCall[] = [];
  callsOf(candidate, calls);
  const { complete, reason } = completeness(
    field(candidate, "finishReason"),
    body,
  );
  return turn(complete, calls, reason);
}

async function readStream(
  events: AsyncIterable<GenerateContentResponseLike>,
): Promise<ProviderTurn> {
  requireStream(events, "generateContent stream chunks");
  const calls: ToolCall[] = [];
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
    callsOf(candidate, calls);
    const reason = field(candidate, "finishReason");
    if (typeof reason === "string") finishReason = reason;
    return false;
  });
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
