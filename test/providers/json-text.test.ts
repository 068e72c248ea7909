/** The JSON copies' printer writes exactly what JSON.stringify(value, null, 2) does, shared texts or not. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonText, SharedJson } from "../../generator/core/providers/json-text.js";
import type { Json } from "../../generator/core/schema/json.js";

const seed = Number(process.env.FC_SEED ?? 20261129);

/** The definition: the native serialiser, with the line separators escaped. */
const expected = (v: Json) => JSON.stringify(v, null, 2).replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029")) + "\n";

const text = fc.string({ unit: fc.oneof(fc.constantFrom("\u2028", "\u2029", '"', "\\", "\n", "é", "__proto__"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })) });
const value = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof({ depthSize: "small" }, fc.constantFrom<Json>(null, true, false, 0, -0, 1.5, 1e21, -3), text, fc.array(tie("json")), fc.dictionary(text, tie("json"))),
})).json;

describe("jsonText", () => {
  it("equals JSON.stringify(value, null, 2) with an arbitrary subset of its objects and arrays shared", () => {
    fc.assert(
      fc.property(value, fc.array(fc.boolean(), { maxLength: 64 }), (v, picks) => {
        expect(jsonText(v)).toBe(expected(v));
        const shared = new SharedJson();
        let i = 0;
        const visit = (x: Json) => {
          if (x === null || typeof x !== "object") return;
          if (picks[i++ % Math.max(picks.length, 1)]) shared.add(x);
          for (const c of Object.values(x)) visit(c as Json);
        };
        visit(v);
        // Twice (texts made, then reused), and with the value nested so shared texts sit deeper.
        expect(jsonText(v, shared)).toBe(expected(v));
        expect(jsonText(v, shared)).toBe(expected(v));
        const nested: Json = { a: [v, { b: v }] };
        expect(jsonText(nested, shared)).toBe(expected(nested));
      }),
      { seed, numRuns: 500 },
    );
  });

  it("reuses one shared object at several depths", () => {
    const schema: Json = { type: "object", properties: { a: { type: "string", enum: ["x", "\u2028"] } }, required: [] };
    const shared = new SharedJson();
    shared.add(schema);
    const doc: Json = { tools: [{ parameters: schema }, { function: { parameters: schema } }], top: schema };
    expect(jsonText(doc, shared)).toBe(expected(doc));
  });

  it("leaves out what JSON.stringify leaves out (undefined in an object, null for it in an array)", () => {
    const doc = { a: undefined, b: [undefined, 1], c: { d: undefined } } as unknown as Json;
    expect(jsonText(doc)).toBe(expected(doc));
  });
});
