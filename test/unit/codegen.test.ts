/** The escaping contract: no catalog string can break out of a literal, a key or a comment. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  code,
  jsonLiteral,
  member,
  propertyKey,
  raw,
  SharedLiterals,
  stringLiteral,
  typeKey,
  numberLiteral,
  type JsonValue,
} from "../../generator/core/codegen/code.js";
import {
  Name,
  NameScope,
  camelCase,
  pascalCase,
} from "../../generator/core/codegen/identifiers.js";
import {
  commentSafe,
  jsdoc,
  lineCommentSafe,
} from "../../generator/core/codegen/jsdoc.js";

const HOSTILE = [
  '"',
  "'",
  "`",
  "\\",
  "*/",
  "/*",
  "${x}",
  "\u2028",
  "\u2029",
  "\u0085",
  "__proto__",
  "constructor",
  "class",
  "😀",
  "1abc",
  "\n",
  "\r\n",
  "\0",
  "\ud800",
  "</script>",
  "-->",
  "*",
  "/",
  "\u0001",
  "\u007f",
  "*\u0000/",
];
const hostileString = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.constantFrom(...HOSTILE),
  fc.array(fc.constantFrom(...HOSTILE)).map((a) => a.join("")),
);
const seed = Number(process.env.FC_SEED ?? 20261129);

describe("code template", () => {
  it("quotes every interpolated string so it evaluates back to itself", () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const c = code`return ${s};`;
        expect(new Function(c.text)()).toBe(s);
        expect(c.text).not.toMatch(/[\u2028\u2029]/);
      }),
      { seed, numRuns: 500 },
    );
  });

  it("splices code and names, and spells non-finite numbers", () => {
    const x = Name.of("value");
    expect(code`if (${x} > ${3}) ${raw("go()")}`.text).toBe(
      "if (value > 3) go()",
    );
    expect(numberLiteral(Infinity)).toBe("Number.POSITIVE_INFINITY");
    expect(numberLiteral(-0)).toBe("-0");
    expect(new Function(`return ${numberLiteral(NaN)}`)()).toBeNaN();
  });

  it("builds object literals whose keys are own properties, __proto__ included", () => {
    fc.assert(
      fc.property(fc.dictionary(hostileString, fc.jsonValue()), (obj) => {
        const value = Object.fromEntries(Object.entries(obj)) as JsonValue;
        const built = new Function(`return ${jsonLiteral(value)};`)();
        expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
        expect(Object.keys(built).sort()).toEqual(
          Object.keys(value as object).sort(),
        );
      }),
      { seed, numRuns: 300 },
    );
    const proto = new Function(
      `return ${jsonLiteral(JSON.parse('{"__proto__": {"polluted": true}}'))};`,
    )();
    expect(Object.prototype.hasOwnProperty.call(proto, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(propertyKey("__proto__")).toBe('["__proto__"]');
  });

  it("reads members safely", () => {
    const obj = Name.of("o");
    expect(member(obj, "a").text).toBe("o.a");
    expect(member(obj, "__proto__").text).toBe('o["__proto__"]');
    fc.assert(
      fc.property(hostileString, (k) => {
        const read = new Function("o", `return ${member(obj, k).text};`);
        expect(read({ [k]: 1 })).toBe(1);
      }),
      { seed, numRuns: 300 },
    );
  });

  it("quotes type keys that are not identifiers", () => {
    expect(typeKey("a_b")).toBe("a_b");
    expect(typeKey("a-b")).toBe('"a-b"');
    expect(stringLiteral("\u2028")).toBe('"\\u2028"');
  });
});

describe("fast paths agree with the plain definitions", () => {
  /** stringLiteral as first written: JSON.stringify, then the line separators escaped. */
  const slowStringLiteral = (value: string) =>
    JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) =>
      c === "\u2028" ? "\\u2028" : "\\u2029",
    );
  /** jsonLiteral as first written, with map and join. */
  const slowJsonLiteral = (value: JsonValue): string => {
    if (value === null || typeof value !== "object") return jsonLiteral(value);
    if (Array.isArray(value))
      return `[${(value as readonly JsonValue[]).map(slowJsonLiteral).join(", ")}]`;
    const entries = Object.keys(value).map(
      (k) =>
        `${propertyKey(k)}: ${slowJsonLiteral((value as Record<string, JsonValue>)[k]!)}`,
    );
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  };
  // Mostly printable ASCII (the fast path), with the characters at its edges mixed in.
  const edgy = fc.string({
    unit: fc.oneof(
      fc.constantFrom(
        " ",
        "!",
        '"',
        "#",
        "[",
        "\\",
        "]",
        "~",
        "\x7f",
        "\x1f",
        "\u2028",
        "\u2029",
        "\ud800",
        "é",
      ),
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    ),
  });
  const anyString = fc.oneof(
    edgy,
    fc.string({ unit: "binary" }),
    hostileString,
  );

  it("stringLiteral: the plain-ASCII shortcut writes what JSON.stringify would", () => {
    fc.assert(
      fc.property(anyString, (s) => {
        expect(stringLiteral(s)).toBe(slowStringLiteral(s));
      }),
      { seed, numRuns: 2000 },
    );
  });

  it("jsonLiteral: the piecewise writer, with or without shared values, writes the same text", () => {
    const value = fc.letrec<{ json: JsonValue }>((tie) => ({
      json: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom<JsonValue>(null, true, false, 0, -0, 1.5, -7, 1e21),
        anyString,
        fc.array(tie("json")),
        fc.dictionary(anyString, tie("json")),
      ),
    })).json;
    fc.assert(
      fc.property(
        value,
        fc.array(fc.boolean(), { maxLength: 64 }),
        (v, picks) => {
          const expected = slowJsonLiteral(v);
          expect(jsonLiteral(v)).toBe(expected);
          // Share an arbitrary subset of its nested objects and arrays, then print it twice.
          const shared = new SharedLiterals();
          let i = 0;
          const visit = (x: JsonValue) => {
            if (x === null || typeof x !== "object") return;
            if (picks[i++ % Math.max(picks.length, 1)]) shared.add(x);
            for (const c of Object.values(x)) visit(c as JsonValue);
          };
          visit(v);
          expect(jsonLiteral(v, shared)).toBe(expected);
          expect(jsonLiteral(v, shared)).toBe(expected);
        },
      ),
      { seed, numRuns: 500 },
    );
  });
});

describe("identifiers", () => {
  it("accepts only safe identifiers", () => {
    expect(() => Name.of("class")).toThrow();
    expect(() => Name.of("a b")).toThrow();
    expect(() => Name.of("1a")).toThrow();
    expect(() => Name.of("Array")).toThrow();
    expect(Name.of("ok_1").text).toBe("ok_1");
  });

  it("maps any catalog text to an identifier, deterministically, with counters on collision", () => {
    fc.assert(
      fc.property(fc.array(hostileString, { maxLength: 20 }), (names) => {
        const run = () => {
          const scope = new NameScope(["ToolName"]);
          return names.map((n) => scope.unique(pascalCase(n, "Tool")).text);
        };
        const a = run();
        expect(run()).toEqual(a);
        expect(new Set(a).size).toBe(a.length);
        for (const id of a) expect(id).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
      }),
      { seed, numRuns: 300 },
    );
    expect(pascalCase("get_weather-v2")).toBe("GetWeatherV2");
    expect(pascalCase("123 go")).toBe("_123Go");
    expect(pascalCase("😀")).toBe("Unnamed");
    expect(camelCase("write_measurement")).toBe("writeMeasurement");
  });
});

describe("comments", () => {
  it("no description can end a block comment or add code after it", () => {
    fc.assert(
      fc.property(hostileString, (s) => {
        const src = `${jsdoc([s])}return 42;`;
        expect(new Function(src)()).toBe(42);
        expect(new Function(`// ${lineCommentSafe(s)}\nreturn 7;`)()).toBe(7);
      }),
      { seed, numRuns: 500 },
    );
    expect(commentSafe("a */ b")).toBe("a *\\/ b");
    // A control character between `*` and `/` is dropped before the check, not after (it used to
    // join them into a comment end: found with FC_SEED=22).
    expect(commentSafe("a *\u0000/ b")).toBe("a *\\/ b");
    expect(commentSafe("*\u0001\u007f/")).toBe("*\\/");
  });
});

describe("objectFromEntries", () => {
  it("makes own properties for every key, __proto__ included, in order", async () => {
    const { objectFromEntries } =
      await import("../../generator/core/schema/json.js");
    const o = objectFromEntries([
      ["a", 1],
      ["__proto__", 2],
      ["constructor", 3],
    ]);
    expect(Object.keys(o)).toEqual(["a", "__proto__", "constructor"]);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(o, "__proto__")?.value).toBe(2);
  });
});

describe("commentSafe's shortcut", () => {
  it("returns what the three rewrites give, for text with and without anything to rewrite", () => {
    const slow = (t: string) =>
      t
        .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
        .replace(/\*\//g, "*\\/");
    const unit = fc.constantFrom(
      "a",
      " ",
      "*",
      "/",
      "\r",
      "\n",
      "\t",
      "\u2028",
      "\u2029",
      "\u0085",
      "\u0000",
      "\u001f",
      "\u007f",
      "é",
      "\u000b",
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (t) => {
        expect(commentSafe(t)).toBe(slow(t));
      }),
      { seed: 20261201, numRuns: 2000 },
    );
  });
});
