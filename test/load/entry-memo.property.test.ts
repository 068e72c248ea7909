/**
 * The subset parser with an entry memo (fast-yaml/entry-memo.ts, `generate --watch`'s parse)
 * against a parse of the same text without one: after any edit of the text the memo's parse read,
 * the same value (key order and `-0` included), the same position of every JSON Pointer, and the
 * same verdict (declined or not). Random catalog-like documents, each edited at random (the fast
 * path test's damage, lines removed, repeated, indented, commented, an entry's value changed) and
 * parsed in turn; then the real tools with the edits the bench times. Replay with FC_SEED.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  EntryMemo,
  entryMemoTesting,
} from "../../generator/core/load/fast-yaml/entry-memo.js";
import { parseYamlSubset } from "../../generator/core/load/fast-yaml/subset-parser.js";
import type { Json } from "../../generator/core/schema/json.js";
import { mulberry32, YamlPrinter, type Random } from "./yaml-printer.js";
import { EDITS } from "../helpers/edits.js";
import { corpusCatalog } from "../bench/corpus-catalog.js";
import { importTools } from "../../generator/core/import/import-tools.js";
import { loadCatalog } from "../../generator/core/load/load-catalog.js";

const seed = Number(process.env.FC_SEED ?? 20261202);
const runs = Number(process.env.FC_RUNS ?? 600);
const timeout = Math.max(60_000, runs * 100);

afterEach(() => {
  entryMemoTesting.lengthOnly = false;
});

/** Throws unless a parse of `text` with `memo` equals one without (and then updates the memo). */
function expectAsFresh(memo: EntryMemo, text: string): boolean {
  const fresh = parseYamlSubset(text);
  const kept = parseYamlSubset(text, memo);
  expect(kept === undefined).toBe(fresh === undefined);
  if (!kept || !fresh) return false;
  expect(sameJson(kept.value, fresh.value)).toBe(true);
  expect([...kept.locations]).toStrictEqual([...fresh.locations]);
  return true;
}

/** Equal JSON values, key order and `-0` told apart. */
function sameJson(a: Json, b: Json): boolean {
  const text = (v: Json) =>
    JSON.stringify(v, (_, x) => (Object.is(x, -0) ? "-0\u0000" : x));
  return text(a) === text(b);
}

/** One random edit: the fast path test's damage, or a whole line removed, repeated, re-indented or commented. */
function edit(text: string, rnd: Random, printer: YamlPrinter): string {
  const lines = text.split("\n");
  const at = Math.floor(rnd() * lines.length);
  switch (Math.floor(rnd() * 6)) {
    case 0:
      return printer.mutate(text);
    case 1:
      lines.splice(at, 1);
      break;
    case 2:
      lines.splice(at, 0, lines[at]!);
      break;
    case 3:
      lines[at] = (rnd() < 0.5 ? " " : "  ") + lines[at];
      break;
    case 4:
      lines[at] = lines[at]!.replace(/^ {1,2}/, "");
      break;
    default:
      lines.splice(at, 0, `${" ".repeat(Math.floor(rnd() * 8))}# c`);
  }
  return lines.join("\n");
}

const leaf: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 300 }),
  fc.constantFrom(-0, 0.5, "a b", "#x", "- a", "", "string", "object"),
  fc.string({ maxLength: 6 }),
);
const json: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { maxDepth: 3 },
    leaf,
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom("type", "description", "items", "a", "b", "-x"),
      tie("v"),
      { maxKeys: 4 },
    ),
  ),
})).v;
const entries = fc.dictionary(
  fc.constantFrom("t1", "t2", "t3", "t4", "t5", "t6", "x y", "'q'"),
  fc.dictionary(
    fc.constantFrom("description", "input", "output", "effect"),
    json,
    { minKeys: 1, maxKeys: 3 },
  ),
  { minKeys: 1, maxKeys: 6 },
);
const catalog = fc.record(
  {
    version: fc.constant(1),
    $defs: entries,
    tools: entries,
    other: json,
  },
  { requiredKeys: ["tools"] },
);

describe("the subset parser's entry memo", () => {
  it(
    "parses every edit of the text it read as a parse without it does",
    () => {
      let taken = 0;
      fc.assert(
        fc.property(catalog, fc.integer(), (value, style) => {
          const rnd = mulberry32(style);
          const printer = new YamlPrinter(rnd);
          const memo = new EntryMemo();
          let text = printer.document(value as Json);
          const before = entryMemoTesting.taken;
          expectAsFresh(memo, text);
          for (let k = 0; k < 4; k++) {
            const edited = edit(text, rnd, printer);
            expectAsFresh(memo, edited);
            // Back, as an undo in the editor: mostly what the memo read the time before.
            expectAsFresh(memo, text);
            if (rnd() < 0.5) text = edited;
          }
          taken += entryMemoTesting.taken - before;
        }),
        { seed, numRuns: runs },
      );
      // The property means little if the memo is hardly ever used.
      expect(taken).toBeGreaterThan(runs);
    },
    timeout,
  );

  it("parses every one-line edit of small catalogs with comments and blank lines at each depth as a parse without it does", () => {
    const texts = [
      "tools:\n  a:\n    description: x\n    # trailing\nb: 1\n",
      "tools:\n  a:\n    input:\n      type: object\n      # deep\n  # mid\n  b:\n    description: y\n\n# top\n$defs:\n  d:\n    type: string\n",
      "$defs:\n  d:\n    - 1\n    - x: 2\n      # c\ntools:\n  a:\n    description: x\n  b: null\n  c:\n    k: [1, 2]\n    # c\n",
      "tools:\n  a:\n    d: 1\n  b:\n    d: 2\n  c:\n    d: 3",
      "tools:\r\n  a:\r\n    d: 1\r\n    # c\r\n  b:\r\n    d: 2\r\n",
      "tools:\n  a:\n    d: 1\n-x: 1\n.y: 2\n",
    ];
    const edits: ((lines: string[], i: number) => void)[] = [
      (l, i) => void l.splice(i, 1),
      (l, i) => void l.splice(i, 0, l[i]!),
      (l, i) => void (l[i] = ` ${l[i]}`),
      (l, i) => void (l[i] = `  ${l[i]}`),
      (l, i) => void (l[i] = l[i]!.replace(/^ {1,2}/, "")),
      (l, i) => void (l[i] = `${l[i]}x`),
      (l, i) => void (l[i] = `${l[i]} # c`),
      ...[0, 2, 4, 6].map(
        (n) => (l: string[], i: number) =>
          void l.splice(i, 0, `${" ".repeat(n)}# c`),
      ),
      (l, i) => void l.splice(i, 0, ""),
      // A root key the parser reads as a document marker (`---` or `...` first): declined.
      (l, i) => void l.splice(i, 0, "---"),
      (l, i) => void l.splice(i, 0, "---a: 1"),
      (l, i) => void l.splice(i, 0, "...: 1"),
      (l, i) => void (l[i] = `--${l[i]}`),
      (l, i) => void (l[i] = `..${l[i]}`),
    ];
    let taken = 0;
    for (const text of texts) {
      const lines = text.split("\n");
      for (let i = 0; i < lines.length; i++)
        for (const e of edits) {
          const edited = [...lines];
          e(edited, i);
          const memo = new EntryMemo();
          const before = entryMemoTesting.taken;
          expectAsFresh(memo, text);
          expectAsFresh(memo, edited.join("\n"));
          expectAsFresh(memo, text);
          taken += entryMemoTesting.taken - before;
        }
    }
    expect(taken).toBeGreaterThan(500);
  });

  it("parses the real tools after each kind of edit as a parse without it does, and reuses every other tool", () => {
    const real = corpusCatalog({ importTools, loadCatalog }).text;
    const memo = new EntryMemo();
    expectAsFresh(memo, real);
    for (const [kind, make] of Object.entries(EDITS)) {
      const edited = make(real);
      if (edited === undefined || edited === real) continue;
      const before = entryMemoTesting.taken;
      expect(expectAsFresh(memo, edited), kind).toBe(true);
      // Every tool but the edited one (a description, a bound) or none moved (an added tool last).
      expect(entryMemoTesting.taken - before, kind).toBeGreaterThan(200);
      expectAsFresh(memo, real);
    }
  });

  it("shows a stale entry when kept entries are taken by their text's length alone", () => {
    const memo = new EntryMemo();
    const text =
      "tools:\n  a:\n    description: one\n  b:\n    description: two\n";
    parseYamlSubset(text, memo);
    entryMemoTesting.lengthOnly = true;
    const edited = text.replace("one", "six");
    expect(() => expectAsFresh(memo, edited)).toThrow();
  });
});
