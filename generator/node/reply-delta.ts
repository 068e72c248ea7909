/**
 * The emit worker's finished files sent to the main thread as what changed since the text it
 * sent last for the same path, on a thread kept from run to run (`generate --watch`, EmitThread).
 * After a one-tool edit each of the sixteen provider files (about 5 MB on the real tools) differs
 * from the run before in one tool's declaration; copying all of it between the threads cost about
 * 20 ms of the worker's and the main thread's time, every run. A changed file is sent as the
 * length of the text it is based on, the lengths of the start and end it shares with it, and the
 * text between them; an unchanged one as nothing but those numbers. A file the worker made as parts
 * (formatFileParts) crosses as the parts that changed (PartsDelta), and the main thread keeps
 * its parts too: its text is a rope of them, not copied into one string nor read again to be
 * normalised (OutputFile.normalised) — writing it is the first thing that reads it.
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
import { trailingNewlines } from "../core/emit/line-ends.js";
import { ropeOf } from "./rope-parts.js";
import { sameOutputFile } from "./same-output-file.js";

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

/**
 * How a text sent as parts (formatFileParts) differs from the parts sent last for its path: how
 * many of them it shares at the start and at the end, and the parts between them. The main
 * thread keeps the parts too, so its text is a rope of the same strings from run to run, never
 * copied into one (normalisedJoin's reason).
 */
export interface PartsDelta {
  /** The number of parts it is based on, and their length (checked by the receiver). */
  readonly baseParts: number;
  readonly base: number;
  /** Parts shared at the start and at the end. */
  readonly start: number;
  readonly end: number;
  /** The parts between them, less those `moved` says are the base's. */
  readonly middle: readonly string[];
  /**
   * Runs of the parts between them that are runs of the base's own parts, in order: after a tool
   * removed or added, every declaration below it is the same string one place earlier or later,
   * and the base's end (the module's export list) differs, so without them the middle was a third
   * of each provider file (1.8 MB of the real tools' 5 MB copied between the threads).
   */
  readonly moved?: readonly MovedParts[];
}

/** Parts `at` … `at + count - 1` of the new list are the base's parts `from` … `from + count - 1`. */
export interface MovedParts {
  readonly at: number;
  readonly from: number;
  readonly count: number;
}

/**
 * A reply's file; with `delta`, `parts` or `partsDelta`, `contents` is empty and the text is made
 * from them (`parts`: the whole text as its parts). With `unchanged`, `contents` is empty and the
 * file is the one taken last for its path (a chunked or data file, the same as the run before's).
 */
export type SentFile = OutputFile & {
  readonly delta?: TextDelta;
  readonly parts?: readonly string[];
  readonly partsDelta?: PartsDelta;
  readonly unchanged?: true;
};

/**
 * For tests only: leave the suffix out of what is compared (a stale end must then show);
 * `forgetReceived`: the main thread's next decode finds none of its kept texts, as if a reply had
 * been lost (the worker and the main thread then disagree on a delta's base); `claimNormal`: the
 * main thread takes every text rebuilt from parts as normalised without looking (a text with a CR
 * must then show); `movedTooFar`: a run of moved parts goes on past the first part that differs
 * (a stale part must then show).
 */
export const replyDeltaTesting: {
  wrongSuffix: boolean;
  forgetReceived: boolean;
  claimNormal: boolean;
  movedTooFar: boolean;
} = {
  movedTooFar: false,
  wrongSuffix: false,
  forgetReceived: false,
  claimNormal: false,
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
  /** The chunked and data files sent last, by path: one the same again crosses as a reference. */
  private readonly whole = new Map<string, OutputFile>();

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
      if (!deltaable(file)) {
        const before = this.whole.get(file.path);
        this.whole.set(file.path, file);
        return before !== undefined && sameOutputFile(before, file)
          ? unchangedFile(file)
          : file;
      }
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
        contents: "",
      };
      return base === undefined || typeof base === "string"
        ? { ...sent, parts }
        : { ...sent, partsDelta: partsDelta(base, parts) };
    });
  }
}

/** A reference to the file sent last for the path, with nothing of its text. */
function unchangedFile(file: OutputFile): SentFile {
  return {
    path: file.path,
    language: file.language,
    contents: "",
    unchanged: true,
  };
}

function joined(text: string | Parts): string {
  return typeof text === "string" ? text : text.parts.join("");
}

/**
 * How `parts` differ from `base.parts`: the parts shared at the start, then those shared at the
 * end of the rest (compared as strings, by identity first), and the parts between them. Exact
 * whatever the parts: the shared ones are the same strings on both sides.
 */
export function partsDelta(base: Parts, parts: readonly string[]): PartsDelta {
  const before = base.parts;
  const most = Math.min(before.length, parts.length);
  let start = 0;
  while (start < most && before[start] === parts[start]) start++;
  let end = 0;
  while (
    end < most - start &&
    (replyDeltaTesting.wrongSuffix ||
      before[before.length - 1 - end] === parts[parts.length - 1 - end])
  )
    end++;
  const delta = {
    baseParts: before.length,
    base: base.length,
    start,
    end,
  };
  const moved =
    parts.length - end - start > MOVED_FROM_PARTS
      ? movedParts(
          before,
          start,
          before.length - end,
          parts,
          start,
          parts.length - end,
        )
      : [];
  if (moved.length === 0)
    return { ...delta, middle: parts.slice(start, parts.length - end) };
  const middle: string[] = [];
  let at = start;
  for (const run of moved) {
    for (; at < run.at; at++) middle.push(parts[at]!);
    at += run.count;
  }
  for (; at < parts.length - end; at++) middle.push(parts[at]!);
  return { ...delta, middle, moved };
}

/**
 * A middle of more parts than this is looked through for runs of the base's (an edited tool's
 * declaration is one or two parts: nothing to find there).
 */
const MOVED_FROM_PARTS = 4;

/**
 * Parts shorter than this do not start a run (separators, blank lines: found everywhere); a run
 * started by a longer part goes on over them while the two lists agree.
 */
const MOVED_ANCHOR_LENGTH = 64;

/**
 * The runs of `parts[from, to)` that are runs of `before[baseFrom, baseTo)`, in order, found
 * through each long base part's first place: exact whatever the lists (a run is only what
 * compared equal, part by part), small when one list is the other with parts dropped or added.
 */
function movedParts(
  before: readonly string[],
  baseFrom: number,
  baseTo: number,
  parts: readonly string[],
  from: number,
  to: number,
): MovedParts[] {
  const firstAt = new Map<string, number>();
  for (let i = baseTo - 1; i >= baseFrom; i--)
    if (before[i]!.length >= MOVED_ANCHOR_LENGTH) firstAt.set(before[i]!, i);
  const runs: MovedParts[] = [];
  for (let at = from; at < to;) {
    const part = parts[at]!;
    const base =
      part.length >= MOVED_ANCHOR_LENGTH ? firstAt.get(part) : undefined;
    if (base === undefined) {
      at++;
      continue;
    }
    let count = 1;
    while (
      at + count < to &&
      base + count < baseTo &&
      (replyDeltaTesting.movedTooFar ||
        before[base + count] === parts[at + count])
    )
      count++;
    runs.push({ at, from: base, count });
    at += count;
  }
  return runs;
}

/** What the main thread keeps of a text that came as parts: them, and whether none holds a CR. */
interface KeptParts extends Parts {
  readonly crFree: boolean;
}

/** The main thread's side: the last text taken for each path (see the module's comment). */
export class ReceivedTexts {
  private readonly last = new Map<string, string | KeptParts>();
  /** The chunked and data files taken last, by path (SentTexts.whole's). */
  private readonly whole = new Map<string, OutputFile>();

  /**
   * The files with their texts, or undefined when a delta's base is not the text kept here. A
   * text that came as parts is a rope of them, marked `normalised` when it is (normalParts, told
   * from what changed: the CRs of the kept parts were looked for when they came).
   */
  decode(files: readonly SentFile[]): readonly OutputFile[] | undefined {
    if (replyDeltaTesting.forgetReceived) {
      replyDeltaTesting.forgetReceived = false;
      this.last.clear();
      this.whole.clear();
    }
    const out: OutputFile[] = [];
    for (const file of files) {
      if (!deltaable(file)) {
        if (file.unchanged) {
          const kept = this.whole.get(file.path);
          if (kept === undefined || kept.language !== file.language)
            return undefined;
          out.push(kept);
          continue;
        }
        this.whole.set(file.path, file);
        out.push(file);
        continue;
      }
      const { delta, parts, partsDelta, ...rest } = file;
      const base = this.last.get(file.path);
      if (parts !== undefined || partsDelta !== undefined) {
        const kept = keptParts(base, parts, partsDelta);
        if (kept === undefined) return undefined;
        this.last.set(file.path, kept);
        const normalised =
          replyDeltaTesting.claimNormal ||
          (kept.crFree && trailingNewlines(kept.parts) === 1);
        out.push({
          ...rest,
          contents: ropeOf(file.path, kept.parts),
          ...(normalised ? { normalised } : {}),
        });
        continue;
      }
      let contents = file.contents;
      if (delta !== undefined) {
        if (base === undefined) return undefined;
        const text = joined(base);
        if (
          text.length !== delta.base ||
          delta.prefix + delta.suffix > text.length
        )
          return undefined;
        contents =
          delta.middle === "" && delta.prefix + delta.suffix === text.length
            ? text
            : text.slice(0, delta.prefix) +
              delta.middle +
              text.slice(text.length - delta.suffix);
      }
      this.last.set(file.path, contents);
      out.push({ ...rest, contents });
    }
    return out;
  }
}

/** The parts a file came as, from the whole list or a delta on the parts kept; undefined when the base is not the one kept. */
function keptParts(
  base: string | KeptParts | undefined,
  parts: readonly string[] | undefined,
  delta: PartsDelta | undefined,
): KeptParts | undefined {
  const crFree = (list: readonly string[]) =>
    list.every((p) => !p.includes("\r"));
  let length = 0;
  if (parts !== undefined) {
    for (const part of parts) length += part.length;
    return { parts, length, crFree: crFree(parts) };
  }
  if (
    delta === undefined ||
    base === undefined ||
    typeof base === "string" ||
    base.parts.length !== delta.baseParts ||
    base.length !== delta.base ||
    delta.start + delta.end > base.parts.length
  )
    return undefined;
  const before = base.parts;
  const middle = delta.moved
    ? withMoved(before, delta.start, delta.middle, delta.moved)
    : delta.middle;
  if (middle === undefined) return undefined;
  const made = [
    ...before.slice(0, delta.start),
    ...middle,
    ...before.slice(before.length - delta.end),
  ];
  for (const part of made) length += part.length;
  return {
    parts: made,
    length,
    // Only the parts that came now are looked at, unless a kept one held a CR.
    crFree: base.crFree ? crFree(delta.middle) : crFree(made),
  };
}

/**
 * The parts between a delta's start and end: its own, with the runs `moved` names taken from the
 * base's; undefined when a run is not inside the base or not in order.
 */
function withMoved(
  before: readonly string[],
  start: number,
  own: readonly string[],
  moved: readonly MovedParts[],
): readonly string[] | undefined {
  const out: string[] = [];
  let next = 0;
  for (const run of moved) {
    const ownBefore = run.at - start - out.length;
    if (
      ownBefore < 0 ||
      next + ownBefore > own.length ||
      run.count < 1 ||
      run.from < 0 ||
      run.from + run.count > before.length
    )
      return undefined;
    for (let i = 0; i < ownBefore; i++) out.push(own[next++]!);
    for (let i = 0; i < run.count; i++) out.push(before[run.from + i]!);
  }
  while (next < own.length) out.push(own[next++]!);
  return out;
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
