/**
 * The runtime helpers of generated validators (templates/validators/helpers.ts) against the Ajv
 * runtime they stand in for, and the region template itself.
 */
import fc from "fast-check";
import ajvEqual from "ajv/dist/runtime/equal.js";
import ajvUcs2length from "ajv/dist/runtime/ucs2length.js";
import { describe, expect, it } from "vitest";
import { parseHelperTemplate } from "../../generator/core/emit/validators/helpers.js";
import { addError, deepEqual, errorAt, errorTable, errorWith, escapeKey, findDuplicate, freezeJson, ucs2length } from "../../templates/validators/helpers.js";
import { anyJson } from "../differential/arbitraries.js";
import { readTemplate } from "./harness.js";

/** Ajv's runtime equality, i.e. fast-deep-equal. */
const fastDeepEqual = ((ajvEqual as unknown as { default?: (a: unknown, b: unknown) => boolean }).default ?? ajvEqual) as unknown as (a: unknown, b: unknown) => boolean;
const ucs2 = ((ajvUcs2length as unknown as { default?: (s: string) => number }).default ?? ajvUcs2length) as (s: string) => number;

/** fast-deep-equal calls an own valueOf/toString member (and throws on JSON data); those values are left out. */
function callsMember(v: unknown): boolean {
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== "object" || x === null) continue;
    if (!Array.isArray(x) && (Object.prototype.hasOwnProperty.call(x, "valueOf") || Object.prototype.hasOwnProperty.call(x, "toString"))) return true;
    stack.push(...Object.values(x));
  }
  return false;
}

/** Ajv's pair search for uniqueItems (for (i = n; i--;) for (j = i; j--;)). */
function pairSearch(items: readonly unknown[]): [number, number] | undefined {
  for (let i = items.length; i-- > 0; ) for (let j = i; j-- > 0; ) if (deepEqual(items[i], items[j])) return [i, j];
  return undefined;
}

const jsonPair = fc.oneof(
  fc.tuple(anyJson, anyJson),
  anyJson.map((v) => [v, structuredClone(v)] as const),
  anyJson.map((v) => [v, JSON.parse(JSON.stringify(v)) as unknown] as const),
);

describe("validator runtime helpers", () => {
  it("deepEqual answers as fast-deep-equal on JSON values (constructor quirk included)", () => {
    fc.assert(
      fc.property(jsonPair, ([a, b]) => {
        if (callsMember(a) || callsMember(b)) return;
        expect(deepEqual(a, b)).toBe(fastDeepEqual(a, b));
      }),
      { seed: 1, numRuns: 5000 },
    );
    expect(deepEqual(JSON.parse('{"constructor": {"a": 1}}'), JSON.parse('{"constructor": {"a": 1}}'))).toBe(false);
    expect(deepEqual(JSON.parse('{"constructor": 1, "a": [0]}'), JSON.parse('{"a": [-0], "constructor": 1}'))).toBe(true);
  });

  it("deepEqual compares own valueOf/toString members instead of calling them, and never overflows", () => {
    expect(deepEqual(JSON.parse('{"valueOf": 1}'), JSON.parse('{"valueOf": 1}'))).toBe(true);
    expect(deepEqual(JSON.parse('{"toString": 1}'), JSON.parse('{"toString": 2}'))).toBe(false);
    let a: unknown = [];
    let b: unknown = [];
    for (let i = 0; i < 200_000; i++) {
      a = [a];
      b = [b];
    }
    expect(deepEqual(a, b)).toBe(true);
  });

  it("findDuplicate finds Ajv's pair, in linear time for long arrays", () => {
    const item = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom("a", "b", "", "__proto__"), fc.constantFrom(null, true), anyJson);
    fc.assert(
      fc.property(fc.array(item, { minLength: 0, maxLength: 60 }), fc.array(fc.tuple(fc.nat(59), fc.nat(59)), { maxLength: 3 }), (items, copies) => {
        const arr = [...items];
        for (const [from, to] of copies) if (arr.length > 0) arr.splice(to % (arr.length + 1), 0, structuredClone(arr[from % arr.length]!));
        expect(findDuplicate(arr)).toEqual(pairSearch(arr));
      }),
      { seed: 2, numRuns: 3000 },
    );
    const big = Array.from({ length: 20_000 }, (_, i) => ({ id: i, tags: [String(i)] }));
    big.push({ id: 7, tags: ["7"] });
    const t = performance.now();
    expect(findDuplicate(big)).toEqual([20_000, 7]);
    expect(performance.now() - t).toBeLessThan(1000);
    expect(findDuplicate([JSON.parse('{"constructor": {}}'), JSON.parse('{"constructor": {}}'), ...Array.from({ length: 20 }, (_, i) => i)])).toBeUndefined();
  });

  it("ucs2length counts code points as Ajv does (lone surrogates count one)", () => {
    fc.assert(fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), fc.string()), (s) => {
          expect(ucs2length(s)).toBe(ucs2(s));
        }), { seed: 3, numRuns: 3000 });
    expect(ucs2length("😀\ud800a")).toBe(3);
  });

  it("the multipleOf test equals Ajv's `q !== parseInt(q)`", () => {
    const ours = (q: number) => !Number.isInteger(q) || Math.abs(q) >= 1e21;
    const ajv = (q: number) => q !== parseInt(String(q));
    const q = fc.oneof(fc.double({ noNaN: true }), fc.integer().map((n) => n * 1e15), fc.constantFrom(1e21, -1e21, 999999999999999900000, 1e-7, 5e-324, -0, 2 ** 53 + 2, Infinity, -Infinity));
    fc.assert(
      fc.property(q, (x) => {
        expect([x, ours(x)]).toEqual([x, ajv(x)]);
      }),
      { seed: 4, numRuns: 20_000 },
    );
  });

  it("escapeKey writes JSON Pointer segments", () => {
    expect(escapeKey("a/b~c")).toBe("a~1b~0c");
    expect(escapeKey("plain")).toBe("plain");
  });

  it("freezeJson freezes deeply", () => {
    const v = freezeJson({ a: [{ b: 1 }] });
    expect(Object.isFrozen(v) && Object.isFrozen(v.a) && Object.isFrozen(v.a[0])).toBe(true);
  });

  it("the template's regions follow the grammar the emitter relies on", () => {
    const t = parseHelperTemplate(readTemplate("validators/helpers.ts"));
    expect(t.types).toMatch(/export interface ValidationError/);
    expect([...t.regions.keys()].sort()).toEqual(
      ["addError", "deepEqual", "errorAt", "errorTable", "errorWith", "escapeKey", "findDuplicate", "formatDate", "formatDateTime", "formatDigits", "formatDuration", "formatEmail", "formatHostname", "formatIpv4", "formatIpv6", "formatTime", "formatUri", "formatUuid", "freezeJson", "hasOwn", "insertError", "makeError", "ucs2length"].sort(),
    );
    for (const r of t.regions.values()) {
      expect(r.text).not.toMatch(/^export /m);
      for (const u of r.uses) expect(t.regions.has(u)).toBe(true);
    }
    expect(() => parseHelperTemplate("// #region helper x\nconst y = 1;\n// #endregion\n// #region types\n// #endregion")).toThrow(/must declare x/);
  });
});

describe("error table helpers", () => {
  it("build Ajv's error objects, frozen, the keyword taken from the schema path unless given", () => {
    const [required, falseSchema] = errorTable([
      ["/a", "#/properties/a/required", { missingProperty: "b" }, "must have required property 'b'"],
      ["/c", "#/properties/c", {}, "boolean schema is false", "false schema"],
    ]);
    expect(required).toEqual({ instancePath: "/a", schemaPath: "#/properties/a/required", keyword: "required", params: { missingProperty: "b" }, message: "must have required property 'b'" });
    // Ajv's field order, which a caller printing the object sees.
    expect(Object.keys(required!)).toEqual(["instancePath", "schemaPath", "keyword", "params", "message"]);
    expect(Object.isFrozen(required) && Object.isFrozen(required!.params)).toBe(true);
    expect(falseSchema!.keyword).toBe("false schema");
    const moved = errorAt(required!, "/x/1");
    expect(moved).toEqual({ ...required, instancePath: "/x/1" });
    expect(Object.keys(moved)).toEqual(Object.keys(required!));
    expect(errorWith(required!, "/y", { additionalProperty: "z" })).toEqual({ ...required, instancePath: "/y", params: { additionalProperty: "z" } });
  });

  it("addError creates the list on the first error and appends after", () => {
    const e = errorTable([["", "#/type", { type: "object" }, "must be object"]])[0]!;
    const list = addError(null, e);
    expect(list).toEqual([e]);
    expect(addError(list, e)).toBe(list);
    expect(list).toHaveLength(2);
  });
});
