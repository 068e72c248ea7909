/**
 * Gemini's streamed function-call arguments, written from the wire format as @google/genai's types
 * document it (`FunctionCall.partialArgs`, `PartialArg`): a turn's calls, each streamed in
 * fragments or sent whole, turned into the stream chunks Vertex AI would send, with every choice
 * (how strings are cut, how fragments are grouped into parts and parts into chunks, dot or
 * bracket paths, how a call ends) taken from `pick`, so a property test can try them all.
 */

/** A number in [min, max], chosen by the test (fast-check's `fc.gen()`, or a fixed choice). */
export type Pick = (min: number, max: number) => number;

export interface TurnCall {
  readonly name: string;
  /** `streamed`: in fragments; `whole`: `args` in one part; `no-args`: a part without `args`. */
  readonly mode: "streamed" | "whole" | "no-args";
  readonly args: { readonly [key: string]: unknown };
  readonly thoughtSignature?: string;
}

export interface Options {
  /** Only `$.name` and `[index]` paths, for readers that know no other form (the AI SDK's). */
  readonly dotOnly?: boolean;
  /** Never leave the last call open for the final chunk to end (the AI SDK drops such a call). */
  readonly closeEveryCall?: boolean;
}

type Part = { [key: string]: unknown };
export type Chunk = {
  candidates: {
    content: { role: "model"; parts: Part[] };
    finishReason?: string;
    index: 0;
  }[];
};

const SHORTHAND = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/;

/** A member name as an RFC 9535 bracketed string literal, in the quote the test picks. */
function bracketed(key: string, pick: Pick): string {
  const quote = pick(0, 1) === 0 ? "'" : '"';
  let out = "";
  for (const c of key) {
    const code = c.codePointAt(0)!;
    if (c === quote || c === "\\") out += `\\${c}`;
    else if (c === "\n") out += "\\n";
    else if (c === "\t") out += "\\t";
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += c;
  }
  return `[${quote}${out}${quote}]`;
}

function segmentText(
  segment: string | number,
  pick: Pick,
  options: Options,
): string {
  if (typeof segment === "number") return `[${segment}]`;
  if (options.dotOnly) return `.${segment}`;
  return SHORTHAND.test(segment) && pick(0, 1) === 0
    ? `.${segment}`
    : bracketed(segment, pick);
}

/** One value per leaf, in the order Gemini sends them (depth first, arrays by index), as fragments. */
function fragmentsOf(
  value: unknown,
  at: readonly (string | number)[],
  pick: Pick,
  options: Options,
  out: Part[],
): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => fragmentsOf(v, [...at, i], pick, options, out));
    return;
  }
  if (typeof value === "object" && value !== null) {
    for (const key of Object.keys(value))
      fragmentsOf(
        (value as { [k: string]: unknown })[key],
        [...at, key],
        pick,
        options,
        out,
      );
    return;
  }
  // Each fragment writes the path its own way: the reader must take every spelling.
  const path = () =>
    "$" + at.map((s) => segmentText(s, pick, options)).join("");
  if (typeof value === "string") {
    const chars = Array.from(value);
    const pieces: string[] = [];
    let i = 0;
    while (i < chars.length) {
      const n = pick(1, Math.max(1, chars.length - i));
      pieces.push(chars.slice(i, i + n).join(""));
      i += n;
    }
    if (pieces.length === 0) pieces.push("");
    // The last piece either ends the string itself or announces an empty closing fragment.
    const closed = pick(0, 1) === 0;
    pieces.forEach((p, k) => {
      const lastPiece = k === pieces.length - 1;
      out.push({
        jsonPath: path(),
        stringValue: p,
        ...(lastPiece && !closed ? {} : { willContinue: true }),
      });
    });
    if (closed) out.push({ jsonPath: path(), stringValue: "" });
  } else if (typeof value === "number")
    out.push({ jsonPath: path(), numberValue: value });
  else if (typeof value === "boolean")
    out.push({ jsonPath: path(), boolValue: value });
  else out.push({ jsonPath: path(), nullValue: "NULL_VALUE" });
}

/** The parts of one streamed call: start, fragment parts (and bare continuations), and its end. */
function streamedParts(
  call: TurnCall,
  lastCall: boolean,
  pick: Pick,
  options: Options,
): Part[] {
  const fragments: Part[] = [];
  fragmentsOf(call.args, [], pick, options, fragments);
  const start: Part = {
    functionCall: { name: call.name, willContinue: true },
    ...(call.thoughtSignature !== undefined
      ? { thoughtSignature: call.thoughtSignature }
      : {}),
  };
  const parts: Part[] = [start];
  let i = 0;
  while (i < fragments.length) {
    const n = pick(1, 3);
    parts.push({
      functionCall: {
        partialArgs: fragments.slice(i, i + n),
        willContinue: true,
      },
    });
    i += n;
    if (pick(0, 4) === 0) parts.push({ functionCall: { willContinue: true } });
  }
  // How it ends: an empty functionCall, its last part no longer continuing, or (last call only) the final chunk.
  const last = parts[parts.length - 1]!;
  const lastFragments = (last["functionCall"] as Part)["partialArgs"] as
    Part[] | undefined;
  const canStopOnLast =
    last !== start &&
    lastFragments !== undefined &&
    lastFragments.every((f) => f["willContinue"] !== true);
  const end = pick(0, 2);
  if (end === 1 && canStopOnLast)
    delete (last["functionCall"] as Part)["willContinue"];
  else if (end === 2 && lastCall && options.closeEveryCall !== true) {
    // Left open: the final chunk ends it.
  } else parts.push({ functionCall: {} });
  return parts;
}

function wholePart(call: TurnCall): Part {
  return {
    functionCall: {
      name: call.name,
      ...(call.mode === "whole" ? { args: call.args } : {}),
    },
    ...(call.thoughtSignature !== undefined
      ? { thoughtSignature: call.thoughtSignature }
      : {}),
  };
}

const chunk = (parts: Part[], finishReason?: string): Chunk => ({
  candidates: [
    {
      content: { role: "model", parts },
      ...(finishReason !== undefined ? { finishReason } : {}),
      index: 0,
    },
  ],
});

/** The stream of one turn: text, then the calls, then the final chunk (`STOP`). */
export function streamedTurn(
  calls: readonly TurnCall[],
  pick: Pick,
  options: Options = {},
): Chunk[] {
  const parts: Part[] = [{ text: "Sure." }];
  calls.forEach((call, i) =>
    parts.push(
      ...(call.mode === "streamed"
        ? streamedParts(call, i === calls.length - 1, pick, options)
        : [wholePart(call)]),
    ),
  );
  const chunks: Chunk[] = [];
  let i = 0;
  while (i < parts.length) {
    const n = pick(1, 3);
    chunks.push(chunk(parts.slice(i, i + n)));
    i += n;
  }
  // The final chunk: on its own, or the last chunk of parts carrying the finishReason.
  if (pick(0, 1) === 0)
    chunks[chunks.length - 1]!.candidates[0]!.finishReason = "STOP";
  else chunks.push(chunk([{ text: "" }], "STOP"));
  return chunks;
}

/** The same turn as generateContent sends it: every call whole (a call without arguments without `args`). */
export function wholeTurn(calls: readonly TurnCall[]): Chunk {
  return chunk(
    [
      { text: "Sure." },
      ...calls.map((c) =>
        wholePart({ ...c, mode: c.mode === "no-args" ? "no-args" : "whole" }),
      ),
    ],
    "STOP",
  );
}

/** SSE bytes as Gemini's `alt=sse` sends them (CRLF). */
export function sse(chunks: readonly Chunk[]): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join("");
}
