/**
 * The generator's error-table rows (generator/core/emit/validators/error-table.ts) read back by the
 * template's `errorTable`: the shortened schema paths, the derived or written instance paths and the
 * standard params and messages must give back exactly the errors the rows stand for, including for
 * property names that need escaping in either path and names that are keywords.
 */
import { describe, expect, it } from "vitest";
import { code, raw, type Code } from "../../generator/core/codegen/code.js";
import {
  namedInstancePath,
  rowExpressions,
  STANDARD_KEYWORDS,
  type TableRow,
} from "../../generator/core/emit/validators/error-table.js";
import { schemaPathSegment } from "../../generator/core/emit/validators/context.js";
import { escapePointerSegment } from "../../generator/core/schema/json.js";
import { errorTable } from "../../templates/validators/helpers.js";

const NAMES = [
  "a",
  "a/b",
  "~x",
  "100%",
  "é ü",
  "properties",
  "$defs",
  "prefixItems",
  "__proto__",
  "constructor",
  "",
  "type",
];

/** An expression's value (rows hold literals only). */
function value(c: Code): unknown {
  return new Function(`return ${c.text};`)();
}

/** A standard error as a keyword emitter describes it. */
function standard(
  keyword: string,
  arg: unknown,
  params: string,
  message: string,
) {
  return {
    keyword,
    arg: arg === null ? null : code`${arg as string}`,
    params: raw(params),
    message: code`${message}`,
  };
}

const KEYWORDS = [
  standard("type", "string", `{ type: "string" }`, "must be string"),
  standard(
    "required",
    "x/y",
    `{ missingProperty: "x/y" }`,
    "must have required property 'x/y'",
  ),
  standard("maximum", 5, `{ comparison: "<=", limit: 5 }`, "must be <= 5"),
  standard(
    "exclusiveMinimum",
    -1.5,
    `{ comparison: ">", limit: -1.5 }`,
    "must be > -1.5",
  ),
  standard(
    "minLength",
    2,
    `{ limit: 2 }`,
    "must NOT have fewer than 2 characters",
  ),
  standard("items", 3, `{ limit: 3 }`, "must NOT have more than 3 items"),
  standard(
    "maxProperties",
    1,
    `{ limit: 1 }`,
    "must NOT have more than 1 properties",
  ),
  standard(
    "pattern",
    "^a$%",
    `{ pattern: "^a$%" }`,
    'must match pattern "^a$%"',
  ),
  standard("format", "date", `{ format: "date" }`, 'must match format "date"'),
  standard(
    "multipleOf",
    0.25,
    `{ multipleOf: 0.25 }`,
    "must be multiple of 0.25",
  ),
  standard(
    "if",
    "then",
    `{ failingKeyword: "then" }`,
    'must match "then" schema',
  ),
  standard("anyOf", null, "{}", "must match a schema in anyOf"),
  standard(
    "additionalProperties",
    null,
    "{}",
    "must NOT have additional properties",
  ),
  standard("false schema", null, "{}", "boolean schema is false"),
];

/** Schema paths (without the keyword) and the instance paths they stand for. */
function locations(): [string, string][] {
  const out: [string, string][] = [["#", ""]];
  for (const n of NAMES) {
    const s = schemaPathSegment(n);
    const i = "/" + escapePointerSegment(n);
    out.push([`#/properties/${s}`, i]);
    out.push([`#/properties/${s}/properties/${s}`, i + i]);
    out.push([`#/$defs/${s}/properties/${s}`, i]);
    out.push([`#/properties/${s}/prefixItems/2`, `${i}/2`]);
    out.push([`#/anyOf/1/properties/${s}/allOf/0`, i]);
    out.push([`#/patternProperties/${s}/properties/${s}`, i]);
    out.push([`#/dependentSchemas/${s}/then/properties/${s}`, i]);
  }
  return out;
}

describe("error table rows", () => {
  it("read back as the errors they stand for", () => {
    const rows: TableRow[] = [];
    const expected: unknown[] = [];
    for (const [at, instancePath] of locations()) {
      for (const k of KEYWORDS) {
        const schemaPath = `${at}/${k.keyword}`;
        // A static path (kept or derived), and a row that only lends its fields (any path).
        for (const given of [instancePath, undefined]) {
          rows.push({
            schemaPath,
            keyword: k.keyword,
            params: k.params,
            message: k.message,
            arg: k.arg,
            instancePath: given,
          });
          expected.push({
            instancePath: given ?? namedInstancePath(schemaPath),
            schemaPath,
            keyword: k.keyword,
            params: value(k.params),
            message: value(k.message),
          });
        }
      }
    }
    // A keyword without a standard derivation is written out.
    rows.push({
      schemaPath: "#/properties/a/contains",
      keyword: "contains",
      params: raw("{ minContains: 2 }"),
      message: code`${"must contain at least 2 valid item(s)"}`,
      instancePath: "/a",
    });
    expected.push({
      instancePath: "/a",
      schemaPath: "#/properties/a/contains",
      keyword: "contains",
      params: { minContains: 2 },
      message: "must contain at least 2 valid item(s)",
    });
    const texts = rowExpressions(rows);
    const table = errorTable(
      texts.map((t) => value(t)) as Parameters<typeof errorTable>[0],
    );
    expect(table).toEqual(expected);
    // Sibling keywords share the parent: most rows do not repeat it.
    expect(
      texts.filter((t) => !t.text.startsWith('["#')).length,
    ).toBeGreaterThan(rows.length / 2);
    expect(
      texts.at(-1)!.text.startsWith('["/a", "#/properties/a/contains"'),
    ).toBe(true);
  });

  it("cover exactly the keywords the template derives", () => {
    for (const keyword of STANDARD_KEYWORDS)
      expect(() => errorTable([[`#/${keyword}`, 1]])).not.toThrow();
    expect(() => errorTable([["#/contains", 1]])).toThrow(/no standard error/);
  });
});
