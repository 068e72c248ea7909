// The validators bench's top-level-checks bound (test/bench/top-level-checks.js) is quoted as
// "work no validator with Ajv's verdicts can skip": these tests pin what it checks (so that it is
// not a cheaper loop than it says) and what it leaves out (so that it stays a bound).
import { describe, expect, it } from "vitest";
import { topLevelChecksOnly } from "../bench/top-level-checks.js";

const schema = {
  type: "object",
  $defs: { Meal: { type: "string", enum: ["lunch", "dinner"] } },
  properties: {
    day: { type: "string", format: "date" },
    meal: { $ref: "#/$defs/Meal" },
    count: { type: "integer", maximum: 3 },
    note: { type: ["string", "null"], minLength: 2 },
    items: { type: "array", items: { type: "number" } },
    who: { type: "object", properties: { id: { type: "string" } } },
  },
  required: ["day", "meal"],
  additionalProperties: false,
};
const open = { type: "object", properties: { a: { type: "string" } } };
const schemas = [
  { label: "closed", schema },
  { label: "open", schema: open },
  { label: "list", schema: { type: "array", items: { type: "string" } } },
  { label: "untyped", schema: { properties: { a: { type: "string" } } } },
];
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const bound = (valid: (readonly [number, unknown])[] = []) =>
  topLevelChecksOnly(schemas, { isDate }, { date: "isDate" }, valid);
const accepts = (i: number, data: unknown) =>
  bound().check(i, JSON.parse(JSON.stringify(data))) === 1;

describe("the top-level-checks bound", () => {
  const ok = { day: "2024-05-01", meal: "lunch" };

  it("accepts valid input", () => {
    expect(accepts(0, ok)).toBe(true);
    expect(accepts(0, { ...ok, count: 2, note: null, items: [1] })).toBe(true);
    expect(accepts(1, { a: "x", extra: 1 })).toBe(true);
    expect(accepts(2, ["x"])).toBe(true);
    expect(accepts(3, 7)).toBe(true);
    expect(accepts(3, { a: "x" })).toBe(true);
  });

  it("checks what every validator must at the top level", () => {
    expect(accepts(0, { meal: "lunch" })).toBe(false); // required
    expect(accepts(0, { ...ok, count: 1.5 })).toBe(false); // type
    expect(accepts(0, { ...ok, note: 3 })).toBe(false); // one of two types
    expect(accepts(0, { ...ok, meal: "brunch" })).toBe(false); // enum behind a $ref
    expect(accepts(0, { ...ok, day: "May 1" })).toBe(false); // format
    expect(accepts(0, { ...ok, extra: true })).toBe(false); // undeclared key
    expect(accepts(0, [ok])).toBe(false); // not an object
    expect(accepts(1, { a: 1 })).toBe(false);
    expect(accepts(2, { 0: "x" })).toBe(false); // a schema of another type: its type
    expect(accepts(3, { a: 1 })).toBe(false); // no type: properties where it is an object
  });

  it("leaves out bounds, lengths and everything nested (it stays a bound)", () => {
    expect(accepts(0, { ...ok, count: 9 })).toBe(true);
    expect(accepts(0, { ...ok, note: "x" })).toBe(true);
    expect(accepts(0, { ...ok, items: ["not a number"] })).toBe(true);
    expect(accepts(0, { ...ok, who: { id: 7 } })).toBe(true);
    expect(accepts(2, [1])).toBe(true);
  });

  it("refuses to be built on a valid input it would reject", () => {
    expect(() => bound([[0, { ...ok, extra: 1 }]])).toThrow(/closed rejects/);
    expect(() => bound([[0, ok]])).not.toThrow();
  });
});
