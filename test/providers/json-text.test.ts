/** The JSON copies' text: JSON.stringify(value, null, 2), the line separators escaped so the text is safe wherever JSON is pasted. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonText } from "../../generator/core/providers/json-text.js";
import type { Json } from "../../generator/core/schema/json.js";

const seed = Number(process.env.FC_SEED ?? 20261129);

const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom("\u2028", "\u2029", '"', "\\", "\n", "é", "__proto__"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  ),
});
const value = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom<Json>(null, true, false, 0, -0, 1.5, 1e21, -3),
    text,
    fc.array(tie("json")),
    fc.dictionary(text, tie("json")),
  ),
})).json;

describe("jsonText", () => {
  it("reads back as the value, holds no raw line separator, and is indented like JSON.stringify", () => {
    fc.assert(
      fc.property(value, (v) => {
        const out = jsonText(v);
        expect(out.endsWith("\n")).toBe(true);
        expect(out).not.toMatch(/[\u2028\u2029]/);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(v)));
        expect(out.replace(/\\u2028|\\u2029/g, "x")).toBe(
          JSON.stringify(v, null, 2).replace(/[\u2028\u2029]/g, "x") + "\n",
        );
      }),
      { seed, numRuns: 500 },
    );
  });

  it("writes the separators as escapes", () => {
    expect(jsonText({ a: "x\u2028y\u2029" })).toBe(
      '{\n  "a": "x\\u2028y\\u2029"\n}\n',
    );
  });

  it("leaves out what JSON.stringify leaves out (undefined in an object, null for it in an array)", () => {
    const doc = {
      a: undefined,
      b: [undefined, 1],
      c: { d: undefined },
    } as unknown as Json;
    expect(jsonText(doc)).toBe(
      '{\n  "b": [\n    null,\n    1\n  ],\n  "c": {}\n}\n',
    );
  });
});
