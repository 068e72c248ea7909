/**
 * The runtime helpers of generated validators (templates/validators/helpers.ts) against the Ajv
 * runtime they stand in for, and the region template itself.
 */
import fc from "fast-check";
import ajvEqual from "ajv/dist/runtime/equal.js";
import ajvUcs2length from "ajv/dist/runtime/ucs2length.js";
import { describe, expect, it } from "vitest";
import { parseHelperTemplate } from "../../generator/core/emit/validators/helpers.js";
import {
  addError,
  addErrorAtItem,
  deepEqual,
  errorAt,
  errorAtItem,
  errorTable,
  errorWith,
  errorWithAtItem,
  escapeKey,
  findDuplicate,
  freezeJson,
  ucs2length,
} from "../../templates/validators/helpers.js";
import { anyJson } from "../differential/arbitraries.js";
import { compileAll, readTemplate } from "./harness.js";
import { referenceValidator } from "./reference.js";

/** Ajv's runtime equality, i.e. fast-deep-equal. */
const fastDeepEqual = ((
  ajvEqual as unknown as { default?: (a: unknown, b: unknown) => boolean }
).default ?? ajvEqual) as unknown as (a: unknown, b: unknown) => boolean;
const ucs2 = ((ajvUcs2length as unknown as { default?: (s: string) => number })
  .default ?? ajvUcs2length) as (s: string) => number;

/** fast-deep-equal calls an own valueOf/toString member (and throws on JSON data); those values are left out. */
function callsMember(v: unknown): boolean {
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== "object" || x === null) continue;
    if (
      !Array.isArray(x) &&
      (Object.prototype.hasOwnProperty.call(x, "valueOf") ||
        Object.prototype.hasOwnProperty.call(x, "toString"))
    )
      return true;
    stack.push(...Object.values(x));
  }
  return false;
}

/** Ajv's pair search for uniqueItems (for (i = n; i--;) for (j = i; j--;)). */
function pairSearch(items: readonly unknown[]): [number, number] | undefined {
  for (let i = items.length; i-- > 0;)
    for (let j = i; j-- > 0;) if (deepEqual(items[i], items[j])) return [i, j];
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
    expect(
      deepEqual(
        JSON.parse('{"constructor": {"a": 1}}'),
        JSON.parse('{"constructor": {"a": 1}}'),
      ),
    ).toBe(false);
    expect(
      deepEqual(
        JSON.parse('{"constructor": 1, "a": [0]}'),
        JSON.parse('{"a": [-0], "constructor": 1}'),
      ),
    ).toBe(true);
  });

  it("deepEqual compares own valueOf/toString members instead of calling them, and never overflows", () => {
    expect(
      deepEqual(JSON.parse('{"valueOf": 1}'), JSON.parse('{"valueOf": 1}')),
    ).toBe(true);
    expect(
      deepEqual(JSON.parse('{"toString": 1}'), JSON.parse('{"toString": 2}')),
    ).toBe(false);
    let a: unknown = [];
    let b: unknown = [];
    for (let i = 0; i < 200_000; i++) {
      a = [a];
      b = [b];
    }
    expect(deepEqual(a, b)).toBe(true);
  });

  it("findDuplicate finds Ajv's pair, in linear time for long arrays", () => {
    const item = fc.oneof(
      fc.integer({ min: 0, max: 6 }),
      fc.constantFrom("a", "b", "", "__proto__"),
      fc.constantFrom(null, true),
      anyJson,
    );
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 0, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(59), fc.nat(59)), { maxLength: 3 }),
        (items, copies) => {
          const arr = [...items];
          for (const [from, to] of copies)
            if (arr.length > 0)
              arr.splice(
                to % (arr.length + 1),
                0,
                structuredClone(arr[from % arr.length]!),
              );
          expect(findDuplicate(arr)).toEqual(pairSearch(arr));
        },
      ),
      { seed: 2, numRuns: 3000 },
    );
    const big = Array.from({ length: 20_000 }, (_, i) => ({
      id: i,
      tags: [String(i)],
    }));
    big.push({ id: 7, tags: ["7"] });
    const t = performance.now();
    expect(findDuplicate(big)).toEqual([20_000, 7]);
    expect(performance.now() - t).toBeLessThan(1000);
    expect(
      findDuplicate([
        JSON.parse('{"constructor": {}}'),
        JSON.parse('{"constructor": {}}'),
        ...Array.from({ length: 20 }, (_, i) => i),
      ]),
    ).toBeUndefined();
  });

  it("ucs2length counts code points as Ajv does (lone surrogates count one)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.string({ unit: "grapheme" }),
          fc.string(),
        ),
        (s) => {
          expect(ucs2length(s)).toBe(ucs2(s));
        },
      ),
      { seed: 3, numRuns: 3000 },
    );
    expect(ucs2length("😀\ud800a")).toBe(3);
  });

  it("the emitted multipleOf check answers as Ajv's `q !== parseInt(q)`, at the 1e21 boundary and elsewhere", async () => {
    // The validators toolcat emits (keywords/multiple-of.ts), loaded and run, not a copy of the expression.
    const divisors = [1, 2, 0.5, 0.1, 0.01, 3, 7.5, 1e-9, 1e20, 5e-324];
    const emitted = await compileAll(divisors.map((m) => ({ multipleOf: m })));
    const ajv = divisors.map((m) => referenceValidator({ multipleOf: m })!);
    const quotient = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer().map((n) => n * 1e15),
      fc.constantFrom(
        1e21,
        -1e21,
        1e21 - 65536,
        999999999999999900000,
        2 ** 53,
        2 ** 53 + 2,
        -(2 ** 53),
        1e-7,
        0.5,
        -0,
        0,
        1,
        3,
      ),
    );
    const data = fc.oneof(
      fc
        .tuple(fc.nat(divisors.length - 1), quotient)
        .map(([i, q]) => [i, q * divisors[i]!] as const),
      fc.tuple(
        fc.nat(divisors.length - 1),
        fc.constantFrom(
          1e21,
          -1e21,
          2e21,
          5e20,
          1e20,
          2 ** 53,
          -0,
          5e-324,
          1e-7,
          0.3,
          Number.MAX_VALUE,
        ),
      ),
    );
    fc.assert(
      fc.property(data, ([i, x]) => {
        const ours = emitted[i]!(x);
        expect({ m: divisors[i], x, ok: ours.ok }).toEqual({
          m: divisors[i],
          x,
          ok: (ajv[i]!(x) as { ok: boolean }).ok,
        });
      }),
      { seed: 4, numRuns: 20_000 },
    );
    // The boundary itself: 1e21 is written "1e+21", which parseInt reads as 1, so Ajv rejects it.
    expect(emitted[0]!(1e21).ok).toBe(false);
    expect(emitted[0]!(-1e21).ok).toBe(false);
    expect(emitted[0]!(999999999999999900000).ok).toBe(true);
    expect(emitted[1]!(2e21).ok).toBe(false);
  });

  it("escapeKey writes JSON Pointer segments", () => {
    expect(escapeKey("a/b~c")).toBe("a~1b~0c");
    expect(escapeKey("plain")).toBe("plain");
  });

  it("freezeJson freezes deeply", () => {
    const v = freezeJson({ a: [{ b: 1 }] });
    expect(
      Object.isFrozen(v) && Object.isFrozen(v.a) && Object.isFrozen(v.a[0]),
    ).toBe(true);
  });

  it("the template's regions follow the grammar the emitter relies on", () => {
    const t = parseHelperTemplate(readTemplate("validators/helpers.ts"));
    expect(t.types).toMatch(/export interface ValidationError/);
    expect([...t.regions.keys()].sort()).toEqual(
      [
        "addError",
        "addErrorAt",
        "addErrorAtItem",
        "deepEqual",
        "errorAt",
        "errorAtItem",
        "errorTable",
        "errorWith",
        "errorWithAtItem",
        "escapeKey",
        "findDuplicate",
        "formatDate",
        "formatDatePart",
        "formatDateTime",
        "formatDigits",
        "formatDuration",
        "formatEmail",
        "formatHostname",
        "formatIpv4",
        "formatIpv6",
        "formatTime",
        "formatTimePart",
        "formatUri",
        "formatUuid",
        "freezeJson",
        "hasOwn",
        "insertError",
        "makeError",
        "ownValue",
        "resultOf",
        "ucs2length",
      ].sort(),
    );
    for (const r of t.regions.values()) {
      expect(r.text).not.toMatch(/^export /m);
      for (const u of r.uses) expect(t.regions.has(u)).toBe(true);
    }
    expect(() =>
      parseHelperTemplate(
        "// #region helper x\nconst y = 1;\n// #endregion\n// #region types\n// #endregion",
      ),
    ).toThrow(/must declare x/);
  });
});

describe("error table helpers", () => {
  it("build Ajv's error objects, frozen: standard rows derived from the schema path and one value, others as written", () => {
    const [required, sibling, falseSchema, written] = errorTable([
      ["#/properties/a/required", "b"],
      ["minProperties", 2, "/x"],
      ["#/properties/c/false schema", null],
      [
        "/d",
        "#/properties/d/contains",
        "contains",
        { minContains: 1 },
        "must contain at least 1 valid item(s)",
      ],
    ]);
    expect(required).toEqual({
      instancePath: "/a",
      schemaPath: "#/properties/a/required",
      keyword: "required",
      params: { missingProperty: "b" },
      message: "must have required property 'b'",
    });
    // A schema path without `#` continues the previous row's parent; a given instance path wins.
    expect(sibling).toEqual({
      instancePath: "/x",
      schemaPath: "#/properties/a/minProperties",
      keyword: "minProperties",
      params: { limit: 2 },
      message: "must NOT have fewer than 2 properties",
    });
    // Ajv's field order, which a caller printing the object sees.
    expect(Object.keys(required!)).toEqual([
      "instancePath",
      "schemaPath",
      "keyword",
      "params",
      "message",
    ]);
    expect(Object.isFrozen(required) && Object.isFrozen(required!.params)).toBe(
      true,
    );
    expect(falseSchema).toEqual({
      instancePath: "/c",
      schemaPath: "#/properties/c/false schema",
      keyword: "false schema",
      params: {},
      message: "boolean schema is false",
    });
    expect(Object.isFrozen(written) && Object.isFrozen(written!.params)).toBe(
      true,
    );
    expect(written!.params).toEqual({ minContains: 1 });
    const moved = errorAt(required!, "/x/1");
    expect(moved).toEqual({ ...required, instancePath: "/x/1" });
    expect(Object.keys(moved)).toEqual(Object.keys(required!));
    expect(errorWith(required!, "/y", "z")).toEqual({
      ...required,
      instancePath: "/y",
      params: { additionalProperty: "z" },
    });
    expect(() => errorTable([["#/uniqueItems", null]])).toThrow(
      /no standard error/,
    );
  });

  it("addError creates the list on the first error and appends after", () => {
    const e = errorTable([["#/type", "object"]])[0]!;
    const list = addError(null, e);
    expect(list).toEqual([e]);
    expect(addError(list, e)).toBe(list);
    expect(list).toHaveLength(2);
  });

  it("errorAtItem makes a row's error at an item once per index below 64, frozen, as errorAt would", () => {
    const table = errorTable([
      ["#/items/type", "string"],
      ["#/items/properties/a/minimum", 0],
    ]);
    // The kept errors are not enumerable: the table still reads as its rows.
    expect(Object.keys(table)).toEqual(["0", "1"]);
    const at3 = errorAtItem(table, 1, 3, "/list/", "/a");
    expect(at3).toEqual(errorAt(table[1]!, "/list/3/a"));
    expect(Object.isFrozen(at3)).toBe(true);
    expect(errorAtItem(table, 1, 3, "/list/", "/a")).toBe(at3);
    expect(errorAtItem(table, 0, 3, "/list/", "")).toEqual(
      errorAt(table[0]!, "/list/3"),
    );
    expect(errorAtItem(table, 1, 4, "/list/", "/a").instancePath).toBe(
      "/list/4/a",
    );
    // From index 64 on, nothing is kept: a fresh error each time.
    const at64 = errorAtItem(table, 1, 64, "/list/", "/a");
    expect(at64).toEqual(errorAt(table[1]!, "/list/64/a"));
    expect(errorAtItem(table, 1, 64, "/list/", "/a")).not.toBe(at64);
    expect(addErrorAtItem(null, table, 1, 3, "/list/", "/a")).toEqual([at3]);
    expect(errorWithAtItem(table, 0, 7, "/list/", "", "x")).toEqual(
      errorWith(table[0]!, "/list/7", "x"),
    );
  });
});
