/** Pieces of the types emitter: the cycle check and deferral of eager tuple elements (recursion.ts), and the operator scan that decides parentheses (type-expression.ts). */
import { describe, expect, it } from "vitest";
import {
  Deferral,
  namesOnCycles,
  referencedNames,
} from "../../generator/core/emit/types/recursion.js";
import { TypeWriter } from "../../generator/core/emit/types/type-expression.js";

describe("namesOnCycles", () => {
  it("finds self references and longer cycles, and nothing else", () => {
    const cyclic = namesOnCycles([
      { name: "Self", references: ["Self"] },
      { name: "A", references: ["B"] },
      { name: "B", references: ["C", "Leaf"] },
      { name: "C", references: ["A"] },
      { name: "Leaf", references: [] },
      { name: "UsesCycle", references: ["A"] },
      { name: "Dangling", references: ["NotDeclared"] },
    ]);
    expect([...cyclic].sort()).toEqual(["A", "B", "C", "Self"]);
  });

  it("handles a long chain closing on itself without deep recursion", () => {
    const n = 50_000;
    const declarations = Array.from({ length: n }, (_, i) => ({
      name: `T${i}`,
      references: [`T${(i + 1) % n}`],
    }));
    expect(namesOnCycles(declarations).size).toBe(n);
    declarations[n - 1] = { name: `T${n - 1}`, references: [] };
    expect(namesOnCycles(declarations).size).toBe(0);
  });
});

describe("referencedNames", () => {
  it("collects named refs from subschemas, not from data", () => {
    const names = referencedNames(
      {
        anyOf: [{ $ref: "#/$defs/A" }, { items: { $ref: "#/$defs/B" } }],
        enum: [{ $ref: "#/$defs/C" }],
        properties: { x: { $ref: "#/properties/y" } },
      },
      (ref) => (ref.startsWith("#/$defs/") ? ref.slice(8) : undefined),
    );
    expect(names.sort()).toEqual(["A", "B"]);
  });
});

describe("Deferral", () => {
  it("wraps an eager element type only when it holds an array or tuple and names a cyclic type", () => {
    const d = new Deferral("Deferred", new Set(["Nested", "$Odd"]));
    expect(d.eager("Nested")).toBe("Nested");
    expect(d.used).toBe(false);
    expect(d.eager("Unit[]")).toBe("Unit[]");
    expect(d.eager("NestedMore[]")).toBe("NestedMore[]");
    expect(d.used).toBe(false);
    expect(d.eager("string | Nested[]")).toBe("Deferred<string | Nested[]>");
    expect(d.used).toBe(true);
    expect(new Deferral("D", new Set(["$Odd"])).eager("[$Odd?]")).toBe(
      "D<[$Odd?]>",
    );
    expect(new Deferral("D", new Set()).eager("Nested[]")).toBe("Nested[]");
  });
});

describe("hasTopLevelOperator", () => {
  it("sees unions and intersections outside brackets, strings and comments only", async () => {
    const { hasTopLevelOperator } =
      await import("../../generator/core/emit/types/type-expression.js");
    expect(hasTopLevelOperator("A | B")).toBe(true);
    expect(hasTopLevelOperator("{ a: A | B }")).toBe(false);
    expect(hasTopLevelOperator('"a | b"')).toBe(false);
    expect(
      hasTopLevelOperator("{\n/** it's */\na: string;\n} | {\nb: number;\n}"),
    ).toBe(true);
    expect(hasTopLevelOperator("{\n/** { ( */\na: string;\n}")).toBe(false);
    expect(hasTopLevelOperator("{\n/** a | b */\na: string;\n}")).toBe(false);
    expect(hasTopLevelOperator("Deferred<A | B>")).toBe(false);
  });
});

describe("TypeWriter: references without a name", () => {
  const scope = (root: unknown) => ({
    root: root as never,
    refName: (ref: string) =>
      ref.startsWith("#/$defs/") ? ref.slice(8) : undefined,
  });

  it("writes a pointer that leads back to itself out once, then `unknown` where it recurs (it used to be written out 200 levels deep, or for ever when it branched)", () => {
    const single = {
      type: "object",
      properties: {
        value: {
          type: "object",
          properties: { a: { $ref: "#/properties/value" } },
        },
      },
    };
    const once = new TypeWriter(scope(single)).typeOf(single as never);
    expect(once).toBe(
      "{\nvalue?: {\na?: {\na?: unknown;\n[key: string]: unknown;\n};\n[key: string]: unknown;\n};\n[key: string]: unknown;\n}",
    );
    // Three references to its own target in each copy: written out to depth 200, 3^200 copies.
    const value = {
      type: "object",
      properties: {
        a: { $ref: "#/properties/value" },
        b: {
          type: "array",
          prefixItems: [
            { $ref: "#/properties/value" },
            { $ref: "#/properties/value" },
          ],
        },
      },
    };
    const root = { type: "object", properties: { value } };
    expect(
      new TypeWriter(scope(root)).typeOf(root as never).length,
    ).toBeLessThan(2_000);
  });

  it("stays within a bounded size when each target uses the next one twice (no cycle, but 2^18 copies written out)", () => {
    const depth = 18;
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < depth; i++)
      properties[`p${i}`] =
        i === depth - 1
          ? { type: "string" }
          : {
              type: "object",
              properties: {
                left: { $ref: `#/properties/p${i + 1}` },
                right: { $ref: `#/properties/p${i + 1}` },
              },
            };
    const root = { type: "object", properties };
    const text = new TypeWriter(scope(root)).typeOf(root as never);
    expect(text.length).toBeLessThan(2_000_000);
    expect(text).toContain("unknown");
  });

  it("still writes a named ($defs) reference as its name", () => {
    const root = {
      type: "object",
      properties: { node: { $ref: "#/$defs/Node" } },
    };
    expect(new TypeWriter(scope(root)).typeOf(root as never)).toBe(
      "{\nnode?: Node;\n[key: string]: unknown;\n}",
    );
  });
});
