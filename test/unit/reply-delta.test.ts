/**
 * A kept emit thread's finished files cross to the main thread as what changed since the text
 * sent last for the same path (generator/node/reply-delta.ts): whatever the two texts, the main
 * thread must rebuild the worker's text exactly; a base that is not the one kept is refused; a
 * delta that leaves out a piece of what differs must show. (The whole runs on a kept thread,
 * compared with cold runs after each kind of edit: watch-memo.test.ts, edit-memo.test.ts.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../generator/core/codegen/code.js";
import type { OutputFile } from "../../generator/core/emit/artifact.js";
import { normaliseText } from "../../generator/core/emit/line-ends.js";
import {
  finishedFile,
  finishedParts,
  partsDelta,
  ReceivedTexts,
  replyDeltaTesting,
  SentTexts,
  textDelta,
} from "../../generator/node/reply-delta.js";
import {
  sameJson,
  sameOutputFile,
  sameOutputFileTesting,
} from "../../generator/node/same-output-file.js";

const file = (path: string, contents: string): OutputFile => ({
  path,
  contents,
  language: "verbatim",
});

/** Texts like the provider files: long, with one region changed, or anything at all. */
const texts = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .tuple(
      fc.string({ maxLength: 300 }),
      fc.string({ maxLength: 20 }),
      fc.string({ maxLength: 300 }),
    )
    .map(([a, b, c]) => `${a}${b}${c}`),
);

describe("reply deltas", () => {
  it("the main thread rebuilds every text the worker sends, run after run", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("a.ts", "b.json"), texts), {
          minLength: 1,
          maxLength: 8,
        }),
        (runs) => {
          const sent = new SentTexts();
          const received = new ReceivedTexts();
          for (const [path, text] of runs) {
            const crossed = sent.encode([file(path, text)]);
            const taken = received.decode(structuredClone(crossed));
            expect(taken?.[0]).toEqual(file(path, text));
          }
        },
      ),
      { seed: 25, numRuns: 300 },
    );
  });

  it("sends only what changed: one edit in a long text", () => {
    const base = "x".repeat(100_000) + "middle" + "y".repeat(100_000);
    const text = base.replace("middle", "edited middle");
    const delta = textDelta(base, text);
    expect(delta).toEqual({
      base: base.length,
      prefix: 100_000,
      suffix: "middle".length + 100_000,
      middle: "edited ",
    });
    expect(textDelta(base, base).middle).toBe("");
  });

  it("sends a chunked or data file the same as the run before's as a reference, a changed one whole", () => {
    const sent = new SentTexts();
    const received = new ReceivedTexts();
    const chunked = (canonical: string): OutputFile => ({
      path: "a.ts",
      contents: `${canonical}\n`,
      language: "typescript",
      chunks: [{ canonical }, "b"],
    });
    const data = (value: JsonValue): OutputFile => ({
      path: "a.json",
      contents: "{}\n",
      language: "json",
      json: { value },
    });
    const first = [chunked("a"), data({ k: [1, 2] })];
    expect(received.decode(structuredClone(sent.encode(first)))).toEqual(first);
    // Made afresh, the same field by field: nothing of it crosses, the main thread's is taken again.
    const again = sent.encode([chunked("a"), data({ k: [1, 2] })]);
    expect(again.every((f) => f.unchanged && f.contents === "")).toBe(true);
    expect(received.decode(structuredClone(again))).toEqual(first);
    const changed = [chunked("c"), data({ k: [1, 3] })];
    const crossed = sent.encode(changed);
    expect(crossed).toEqual(changed);
    expect(received.decode(structuredClone(crossed))).toEqual(changed);
    // A reference to a file the main thread never took is refused.
    expect(
      new ReceivedTexts().decode(sent.encode([chunked("c")])),
    ).toBeUndefined();
  });

  it("a file whose chunks changed under the same text crosses whole (compared without them, the main thread keeps a stale chunk)", () => {
    const withChunks = (chunks: OutputFile["chunks"]): OutputFile => ({
      path: "a.ts",
      contents: "a\n\nb\n",
      language: "typescript",
      chunks,
    });
    const run = () => {
      const sent = new SentTexts();
      const received = new ReceivedTexts();
      received.decode(sent.encode([withChunks(["a", "b"])]));
      return received.decode(
        structuredClone(
          sent.encode([withChunks([{ canonical: "a", width: 80 }, "b"])]),
        ),
      )?.[0]?.chunks;
    };
    expect(run()).toEqual([{ canonical: "a", width: 80 }, "b"]);
    sameOutputFileTesting.textOnly = true;
    try {
      expect(run()).not.toEqual([{ canonical: "a", width: 80 }, "b"]);
    } finally {
      sameOutputFileTesting.textOnly = false;
    }
  });

  it("compares files field by field", () => {
    const base: OutputFile = {
      path: "a.ts",
      contents: "x\n",
      language: "typescript",
      chunks: [{ leading: "", head: "const a", value: { b: [1, null] } }],
    };
    expect(sameOutputFile(base, structuredClone(base))).toBe(true);
    for (const other of [
      { ...base, path: "b.ts" },
      { ...base, review: "machine" as const },
      { ...base, contents: "y\n" },
      { ...base, chunks: undefined },
      {
        ...base,
        chunks: [{ leading: "", head: "const a", value: { b: [1, 0] } }],
      },
      {
        ...base,
        chunks: [{ leading: "", head: "const a", value: { c: [1, null] } }],
      },
      { ...base, chunks: [{ canonical: "const a = { b: [1, null] };" }] },
      { ...base, json: { value: 1 } },
    ])
      expect(sameOutputFile(base, other)).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson([1, [2]], [1, [2]])).toBe(true);
  });

  it("refuses a delta whose base is not the text kept", () => {
    const sent = new SentTexts();
    const received = new ReceivedTexts();
    received.decode(sent.encode([file("a.ts", "one two three")]));
    const lost = sent.encode([file("a.ts", "one 2 three")]);
    // The reply above never reached the main thread: the next one is based on it.
    void lost;
    const next = sent.encode([file("a.ts", "one 2 three four")]);
    const other = new ReceivedTexts();
    expect(other.decode(next)).toBeUndefined();
    expect(received.decode(next)).toBeUndefined();
  });

  it("a delta that leaves out part of the change rebuilds a stale text: the comparison fails", () => {
    replyDeltaTesting.wrongSuffix = true;
    try {
      const sent = new SentTexts();
      const received = new ReceivedTexts();
      received.decode(sent.encode([file("a.ts", "start old end")]));
      const taken = received.decode(
        sent.encode([file("a.ts", "start new end")]),
      );
      expect(taken?.[0]?.contents).not.toBe("start new end");
    } finally {
      replyDeltaTesting.wrongSuffix = false;
    }
  });

  describe("texts sent as their parts (formatFileParts)", () => {
    /** Parts like a provider file's: kept strings, some replaced, added or dropped from run to run. */
    const pool = [
      "a",
      "bc",
      "\n",
      "",
      "déf",
      "—",
      "x".repeat(50),
      "a\nb",
      "\r",
      "c\r\n",
      "\n\n",
    ];
    const partLists = fc.array(fc.constantFrom(...pool), { maxLength: 12 });
    const asParts = (path: string, parts: readonly string[]) =>
      finishedFile({ path }, parts);

    it("the main thread rebuilds every text, run after run, whether a file came as parts or as text", () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.tuple(
              fc.constantFrom("a.ts", "b.json"),
              partLists,
              fc.boolean(),
            ),
            { minLength: 1, maxLength: 8 },
          ),
          (runs) => {
            const sent = new SentTexts();
            const received = new ReceivedTexts();
            for (const [path, parts, whole] of runs) {
              const text = parts.join("");
              const crossed = sent.encode(
                [whole ? file(path, text) : asParts(path, parts)],
                finishedParts,
              );
              const taken = received.decode(structuredClone(crossed));
              const { normalised, ...rest } = taken![0]!;
              expect(rest).toEqual(file(path, text));
              // Marked normalised exactly when normaliseText would keep the text as it is.
              if (!whole)
                expect(normalised === true).toBe(normaliseText(text) === text);
              else expect(normalised).toBeUndefined();
            }
          },
        ),
        { seed: 25, numRuns: 300 },
      );
    });

    it("a text rebuilt from parts and taken as normalised without looking keeps its CR: the check fails", () => {
      replyDeltaTesting.claimNormal = true;
      try {
        const sent = new SentTexts();
        const received = new ReceivedTexts();
        received.decode(
          sent.encode([asParts("a.ts", ["one", "\n"])], finishedParts),
        );
        const [taken] = received.decode(
          sent.encode([asParts("a.ts", ["one\r", "\n"])], finishedParts),
        )!;
        expect(taken!.normalised).toBe(true);
        expect(normaliseText(taken!.contents)).not.toBe(taken!.contents);
      } finally {
        replyDeltaTesting.claimNormal = false;
      }
    });

    it("a finished file's contents are its parts joined; other files have no parts", () => {
      const finished = asParts("a.ts", ["one", "\n", "two"]);
      expect(finished.contents).toBe("one\ntwo");
      expect(structuredClone(finished)).toEqual(file("a.ts", "one\ntwo"));
      expect(finishedParts(finished)).toEqual(["one", "\n", "two"]);
      expect(finishedParts(file("a.ts", "one"))).toBeUndefined();
    });

    it("sends only the parts that changed, without joining the rest", () => {
      const kept = Array.from({ length: 100 }, (_, i) => `part ${i}\n`);
      const base = { parts: kept, length: kept.join("").length };
      const edited = [...kept];
      edited[40] = "edited\n";
      const delta = partsDelta(base, edited);
      expect(delta).toEqual({
        baseParts: 100,
        base: base.length,
        start: 40,
        end: 59,
        middle: ["edited\n"],
      });
      expect(partsDelta(base, kept).middle).toEqual([]);
    });

    /** Long parts (declarations: a run of the base's can start at them) and separators. */
    const declaration = (i: number) =>
      `/** tool ${i} */\nconst tool${i} = ${"x".repeat(60 + (i % 7))};\n`;
    const longParts = fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 30 }).map(declaration),
        fc.constantFrom("\n", "", "—", "\r\n"),
      ),
      { maxLength: 40 },
    );
    /** A list edited as a catalog edit edits a module's parts: some dropped, added, replaced. */
    const edits = fc.array(
      fc.tuple(
        fc.constantFrom("drop", "add", "replace"),
        fc.nat(),
        fc.integer({ min: 0, max: 40 }).map(declaration),
      ),
      { maxLength: 4 },
    );
    const edited = (
      parts: readonly string[],
      changes: readonly (readonly [string, number, string])[],
    ) => {
      const out = [...parts];
      for (const [kind, at, part] of changes) {
        const i = out.length === 0 ? 0 : at % out.length;
        if (kind === "drop") out.splice(i, 1);
        else if (kind === "add") out.splice(i, 0, part, "\n");
        else out[i] = part;
      }
      return out;
    };

    it("the main thread rebuilds every text whose parts moved (tools dropped, added, replaced), run after run", () => {
      fc.assert(
        fc.property(
          longParts,
          fc.array(edits, { minLength: 1, maxLength: 6 }),
          (first, runs) => {
            const sent = new SentTexts();
            const received = new ReceivedTexts();
            let parts: readonly string[] = first;
            for (const changes of [[], ...runs]) {
              parts = edited(parts, changes);
              const crossed = sent.encode(
                [asParts("a.ts", parts)],
                finishedParts,
              );
              const taken = received.decode(structuredClone(crossed));
              expect(taken?.[0]?.contents).toBe(parts.join(""));
            }
          },
        ),
        { seed: 25, numRuns: 500 },
      );
    });

    it("a tool removed: only the changed end crosses, the declarations below it as a run of the base's", () => {
      const kept = Array.from({ length: 100 }, (_, i) => declaration(i));
      kept.push("export const tools = [all];\n");
      const base = { parts: kept, length: kept.join("").length };
      const removed = [...kept];
      removed.splice(40, 1);
      removed[removed.length - 1] = "export const tools = [all but one];\n";
      const delta = partsDelta(base, removed);
      expect(delta).toMatchObject({ start: 40, end: 0 });
      expect(delta.middle).toEqual(["export const tools = [all but one];\n"]);
      expect(delta.moved).toEqual([{ at: 40, from: 41, count: 59 }]);
      // A short middle is sent as it is.
      const one = [...kept];
      one[40] = declaration(500);
      expect(partsDelta(base, one).moved).toBeUndefined();
    });

    it("a base that has fewer parts than a run names is refused", () => {
      const sent = new SentTexts();
      const received = new ReceivedTexts();
      const kept = Array.from({ length: 20 }, (_, i) => declaration(i));
      received.decode(sent.encode([asParts("a.ts", kept)], finishedParts));
      const [crossed] = sent.encode(
        [asParts("a.ts", [...kept.slice(1), "end"])],
        finishedParts,
      ) as unknown as [{ partsDelta: { moved: { from: number }[] } }];
      crossed.partsDelta.moved[0]!.from = 15;
      expect(
        received.decode([crossed as unknown as OutputFile]),
      ).toBeUndefined();
    });

    it("a run of moved parts that goes on past a part that differs rebuilds a stale text: the comparison fails", () => {
      replyDeltaTesting.movedTooFar = true;
      try {
        const sent = new SentTexts();
        const received = new ReceivedTexts();
        const kept = Array.from({ length: 20 }, (_, i) => declaration(i));
        received.decode(sent.encode([asParts("a.ts", kept)], finishedParts));
        const next = [...kept.slice(1, 10), declaration(99), ...kept.slice(11)];
        next.push("end");
        const taken = received.decode(
          sent.encode([asParts("a.ts", next)], finishedParts),
        );
        expect(taken?.[0]?.contents).not.toBe(next.join(""));
      } finally {
        replyDeltaTesting.movedTooFar = false;
      }
    });

    it("a delta that leaves out part of the change rebuilds a stale text: the comparison fails", () => {
      replyDeltaTesting.wrongSuffix = true;
      try {
        const sent = new SentTexts();
        const received = new ReceivedTexts();
        received.decode(
          sent.encode(
            [asParts("a.ts", ["start ", "old", " end"])],
            finishedParts,
          ),
        );
        const taken = received.decode(
          sent.encode(
            [asParts("a.ts", ["start ", "new", " end"])],
            finishedParts,
          ),
        );
        expect(taken?.[0]?.contents).not.toBe("start new end");
      } finally {
        replyDeltaTesting.wrongSuffix = false;
      }
    });
  });
});
