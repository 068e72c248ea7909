/**
 * A kept emit thread's catalog crosses as the tools that changed (generator/node/catalog-delta.ts):
 * whatever the catalogs, run after run, the worker must rebuild the main thread's catalog exactly
 * (values, `-0`, key order), with each unchanged tool the object it took before; a tool known by
 * its name alone must show stale. (The whole runs on a kept thread, compared with cold runs after
 * each kind of edit: watch-memo.test.ts, edit-memo.test.ts.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  catalogDeltaTesting,
  ReceivedCatalog,
  SentCatalog,
} from "../../generator/node/catalog-delta.js";
import type { JsonObject } from "../../generator/core/schema/json.js";

/** Tools drawn from a few shapes and names, so that runs share, change, add and drop them. */
const tool = fc.oneof(
  fc.constant({ description: "a" }),
  fc.constant({ description: "b" }),
  fc.constant({ input: { type: "number", minimum: 0 } }),
  fc.constant({ input: { type: "number", minimum: -0 } }),
  fc.constant({ input: { minimum: 0, type: "number" } }),
);
const catalogs = fc.array(
  fc.dictionary(fc.constantFrom("a", "b", "c", "d", "10", "__proto__"), tool),
  { minLength: 1, maxLength: 8 },
);

/** The catalog with its tools in the document's place, and a key after them. */
const catalogOf = (tools: Record<string, unknown>): JsonObject =>
  JSON.parse(
    JSON.stringify({
      catalog: "1",
      tools: {},
      $defs: { x: { type: "string" } },
    }),
    (key, value) => (key === "tools" ? tools : value),
  ) as JsonObject;

/** Equal as the emitters see them: the same JSON in the same key order, `-0` told apart. */
const text = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (Object.is(v, -0) ? "-0" : v));

describe("catalog deltas", () => {
  it("the worker rebuilds every catalog, keeping the objects of unchanged tools", () => {
    fc.assert(
      fc.property(catalogs, (runs) => {
        const sent = new SentCatalog();
        const received = new ReceivedCatalog();
        let before: JsonObject | undefined;
        let beforeText: JsonObject | undefined;
        for (const tools of runs) {
          const catalog = catalogOf(tools);
          const taken = received.decode(
            structuredClone(sent.encode(catalog)!),
          )!;
          expect(text(taken)).toBe(text(catalog));
          expect(Object.keys(taken)).toEqual(Object.keys(catalog));
          const takenTools = taken.tools as JsonObject;
          for (const name of Object.keys(takenTools)) {
            const same =
              beforeText !== undefined &&
              Object.hasOwn(beforeText, name) &&
              text(beforeText[name]) ===
                text((catalog.tools as JsonObject)[name]);
            if (same)
              expect(takenTools[name]).toBe(
                (before!.tools as JsonObject)[name],
              );
          }
          before = taken;
          beforeText = catalog.tools as JsonObject;
        }
      }),
      { seed: 25, numRuns: 300 },
    );
  });

  it("a name the worker does not hold: no catalog", () => {
    const sent = new SentCatalog();
    sent.encode(catalogOf({ a: { description: "a" } }));
    const changes = sent.encode(
      catalogOf({ a: { description: "a" }, b: { description: "b" } }),
    )!;
    expect(changes.changed.map(([name]) => name)).toEqual(["b"]);
    expect(new ReceivedCatalog().decode(changes)).toBeUndefined();
  });

  it("a tool known by its name alone stays stale: the comparison fails", () => {
    catalogDeltaTesting.byNameOnly = true;
    try {
      const sent = new SentCatalog();
      const received = new ReceivedCatalog();
      received.decode(sent.encode(catalogOf({ a: { description: "old" } }))!);
      const edited = catalogOf({ a: { description: "new" } });
      expect(text(received.decode(sent.encode(edited)!))).not.toBe(
        text(edited),
      );
    } finally {
      catalogDeltaTesting.byNameOnly = false;
    }
  });
});
