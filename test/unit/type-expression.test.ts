/** Pieces of the types emitter: the cycle check and deferral of eager tuple elements (recursion.ts), and the operator scan that decides parentheses (type-expression.ts). */
import { describe, expect, it } from "vitest";
import { Deferral, namesOnCycles, referencedNames } from "../../generator/core/emit/types/recursion.js";

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
    const declarations = Array.from({ length: n }, (_, i) => ({ name: `T${i}`, references: [`T${(i + 1) % n}`] }));
    expect(namesOnCycles(declarations).size).toBe(n);
    declarations[n - 1] = { name: `T${n - 1}`, references: [] };
    expect(namesOnCycles(declarations).size).toBe(0);
  });
});

describe("referencedNames", () => {
  it("collects named refs from subschemas, not from data", () => {
    const names = referencedNames(
      { anyOf: [{ $ref: "#/$defs/A" }, { items: { $ref: "#/$defs/B" } }], enum: [{ $ref: "#/$defs/C" }], properties: { x: { $ref: "#/properties/y" } } },
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
    expect(new Deferral("D", new Set(["$Odd"])).eager("[$Odd?]")).toBe("D<[$Odd?]>");
    expect(new Deferral("D", new Set()).eager("Nested[]")).toBe("Nested[]");
  });
});

describe("hasTopLevelOperator", () => {
  it("sees unions and intersections outside brackets, strings and comments only", async () => {
    const { hasTopLevelOperator } = await import("../../generator/core/emit/types/type-expression.js");
    expect(hasTopLevelOperator("A | B")).toBe(true);
    expect(hasTopLevelOperator("{ a: A | B }")).toBe(false);
    expect(hasTopLevelOperator('"a | b"')).toBe(false);
    expect(hasTopLevelOperator("{\n/** it's */\na: string;\n} | {\nb: number;\n}")).toBe(true);
    expect(hasTopLevelOperator("{\n/** { ( */\na: string;\n}")).toBe(false);
    expect(hasTopLevelOperator("{\n/** a | b */\na: string;\n}")).toBe(false);
    expect(hasTopLevelOperator("Deferred<A | B>")).toBe(false);
  });
});
