/**
 * The emit worker's finished files sent to the main thread as what changed since the text it
 * sent last for the same path, on a thread kept from run to run (`generate --watch`, EmitThread).
 * After a one-tool edit each of the sixteen provider files (about 5 MB on the real tools) differs
 * from the run before in one tool's declaration; copying all of it between the threads cost about
 * 20 ms of the worker's and the main thread's time, every run. A changed file is sent as the
 * length of the text it is based on, the lengths of the start and end it shares with it, and the
 * text between them; an unchanged one as nothing but those numbers.
 *
 * Exact by construction: both threads keep, for each path, the last text that crossed — the
 * worker when it posts a reply, the main thread when it takes one (every reply, in the order
 * posted, whichever run it belongs to) — so both hold the same text; a reply whose base does not
 * match what the main thread holds (which cannot happen unless a message is lost) is not used:
 * the run's emitters run on the main thread and the worker is started afresh (EmitThread.fail).
 * Only finished text is sent so (`verbatim` files, without chunks or data); a thread for one run
 * keeps nothing and sends every file whole.
 */
import type { OutputFile } from "../core/emit/artifact.js";

/** How one file's text differs from the text sent last for its path. */
export interface TextDelta {
  /** The length of the text it is based on (checked by the receiver). */
  readonly base: number;
  /** Characters shared at the start and at the end. */
  readonly prefix: number;
  readonly suffix: number;
  /** The text between them. */
  readonly middle: string;
}

/** A reply's file; with `delta`, `contents` is empty and the text is made from the delta. */
export type SentFile = OutputFile & { readonly delta?: TextDelta };

/**
 * For tests only: leave the suffix out of what is compared (a stale end must then show);
 * `forgetReceived`: the main thread's next decode finds none of its kept texts, as if a reply had
 * been lost (the worker and the main thread then disagree on a delta's base).
 */
export const replyDeltaTesting: {
  wrongSuffix: boolean;
  forgetReceived: boolean;
} = {
  wrongSuffix: false,
  forgetReceived: false,
};

/** Whether a file is finished text that may cross as a delta. */
function deltaable(file: OutputFile): boolean {
  return (
    file.language === "verbatim" &&
    file.chunks === undefined &&
    file.json === undefined
  );
}

/** A text as the parts it is the concatenation of, with its length. */
interface Parts {
  readonly parts: readonly string[];
  readonly length: number;
}

/**
 * The worker's side: the last text sent for each path — or the parts it was the concatenation
 * of, when the file came as parts (`partsOf`, formatFileParts): then what changed is found by
 * comparing parts, most of them the very strings of the run before, and the text is never joined
 * (5 MB of two-byte strings on the real tools, allocated and compared every run).
 */
export class SentTexts {
  private readonly last = new Map<string, string | Parts>();

  /**
   * The files as they cross to the main thread (recorded as sent). `partsOf` gives a file's text
   * as parts (then its `contents` are not read); undefined: the file's `contents`.
   */
  encode(
    files: readonly OutputFile[],
    partsOf: (file: OutputFile) => readonly string[] | undefined = () =>
      undefined,
  ): readonly SentFile[] {
    return files.map((file) => {
      if (!deltaable(file)) return file;
      const parts = partsOf(file);
      const base = this.last.get(file.path);
      if (parts === undefined) {
        this.last.set(file.path, file.contents);
        if (base === undefined) return file;
        const delta = textDelta(joined(base), file.contents);
        return { ...file, contents: "", delta };
      }
      let length = 0;
      for (const part of parts) length += part.length;
      this.last.set(file.path, { parts, length });
      // Built field by field: `contents` may be a getter that joins the parts (finishedFile).
      const sent = {
        path: file.path,
        language: file.language,
        ...(file.review === undefined ? {} : { review: file.review }),
      };
      if (base === undefined) return { ...sent, contents: parts.join("") };
      const delta =
        typeof base === "string"
          ? textDelta(base, parts.join(""))
          : partsDelta(base, parts);
      return { ...sent, contents: "", delta };
    });
  }
}

function joined(text: string | Parts): string {
  return typeof text === "string" ? text : text.parts.join("");
}

/**
 * How the concatenation of `parts` differs from that of `base.parts`: the parts shared at the
 * start, then those shared at the end of the rest (compared as strings, by identity first); the
 * parts between them joined. Exact whatever the parts: the shared start and end are the same
 * characters in both texts.
 */
export function partsDelta(base: Parts, parts: readonly string[]): TextDelta {
  const before = base.parts;
  const most = Math.min(before.length, parts.length);
  let start = 0;
  let prefix = 0;
  while (start < most && before[start] === parts[start])
    prefix += parts[start++]!.length;
  let end = 0;
  let suffix = 0;
  while (
    end < most - start &&
    (replyDeltaTesting.wrongSuffix ||
      before[before.length - 1 - end] === parts[parts.length - 1 - end])
  ) {
    suffix += parts[parts.length - 1 - end]!.length;
    end++;
  }
  return {
    base: base.length,
    prefix,
    suffix,
    middle: parts.slice(start, parts.length - end).join(""),
  };
}

/** The main thread's side: the last text taken for each path (see the module's comment). */
export class ReceivedTexts {
  private readonly last = new Map<string, string>();

  /** The files with their texts, or undefined when a delta's base is not the text kept here. */
  decode(files: readonly SentFile[]): readonly OutputFile[] | undefined {
    if (replyDeltaTesting.forgetReceived) {
      replyDeltaTesting.forgetReceived = false;
      this.last.clear();
    }
    const out: OutputFile[] = [];
    for (const file of files) {
      if (!deltaable(file)) {
        out.push(file);
        continue;
      }
      let contents = file.contents;
      const { delta } = file;
      if (delta !== undefined) {
        const base = this.last.get(file.path);
        if (
          base === undefined ||
          base.length !== delta.base ||
          delta.prefix + delta.suffix > base.length
        )
          return undefined;
        contents =
          delta.middle === "" && delta.prefix + delta.suffix === base.length
            ? base
            : base.slice(0, delta.prefix) +
              delta.middle +
              base.slice(base.length - delta.suffix);
      }
      this.last.set(file.path, contents);
      const { delta: _, ...rest } = file;
      out.push({ ...rest, contents });
    }
    return out;
  }
}

/** How `text` differs from `base`: the longest shared start, then the longest shared end of the rest. */
export function textDelta(base: string, text: string): TextDelta {
  if (base === text)
    return { base: base.length, prefix: base.length, suffix: 0, middle: "" };
  const most = Math.min(base.length, text.length);
  const prefix = sharedLength(most, (from, to) =>
    same(base, from, text, from, to - from),
  );
  const rest = most - prefix;
  const suffix = replyDeltaTesting.wrongSuffix
    ? rest
    : sharedLength(rest, (from, to) =>
        same(base, base.length - to, text, text.length - to, to - from),
      );
  return {
    base: base.length,
    prefix,
    suffix,
    middle: text.slice(prefix, text.length - suffix),
  };
}

/**
 * The largest n ≤ most with `agree(0, n)`, found by halving: `agree(from, to)` tells whether the
 * range [from, to) is shared, given that [0, from) is. Each step compares a range once (as slices,
 * compared natively), so the whole search reads each text about once.
 */
function sharedLength(
  most: number,
  agree: (from: number, to: number) => boolean,
): number {
  let known = 0;
  let step = most;
  while (step > 0 && known < most) {
    const to = Math.min(most, known + step);
    if (agree(known, to)) known = to;
    else step = Math.floor(step / 2);
    if (step === 0) break;
  }
  return known;
}

function same(
  a: string,
  aFrom: number,
  b: string,
  bFrom: number,
  length: number,
): boolean {
  return a.slice(aFrom, aFrom + length) === b.slice(bFrom, bFrom + length);
}

const partsOfFile = new WeakMap<OutputFile, readonly string[]>();

/**
 * A finished (`verbatim`) file whose text is the concatenation of `parts` (formatFileParts): its
 * `contents` are joined only when read, and a kept thread's SentTexts compares its parts instead
 * (`finishedParts`).
 */
export function finishedFile(
  file: Pick<OutputFile, "path" | "review">,
  parts: readonly string[],
): OutputFile {
  let text: string | undefined;
  const finished = {
    path: file.path,
    language: "verbatim",
    ...(file.review === undefined ? {} : { review: file.review }),
  } as { -readonly [K in keyof OutputFile]: OutputFile[K] };
  Object.defineProperty(finished, "contents", {
    enumerable: true,
    get: () => (text ??= parts.join("")),
  });
  partsOfFile.set(finished, parts);
  return finished;
}

/** The parts of a file made by finishedFile; undefined for any other. */
export function finishedParts(file: OutputFile): readonly string[] | undefined {
  return partsOfFile.get(file);
}
