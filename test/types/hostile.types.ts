/**
 * Type-level tests (checked by `npm run typecheck`, part of `npm test`): the types generated from
 * the hostile fixture mean exactly what the catalog says, whatever characters its strings hold.
 */
import type { Class, ConstructorInput, Mood, ProtoInput, Record2, ToolInput, ToolName, GetWeatherInput, GetWeatherInput2 } from "../fixtures/hostile/expected/types.js";
import type { Either, Nested, ShapesInput, Tree, Unit, LocalDefsInput, LocalDefsOutput, NoArgsInput } from "../fixtures/types-shapes/expected/types.js";
import type { PaintInput, Color } from "../fixtures/draft07/expected/types.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assert<T extends true>(): T | void {}

// Tool names, enum values and keys survive quoting exactly.
assert<Equal<ToolName, "constructor" | "__proto__" | "class" | "get-weather" | "get_weather" | "_1tool" | "toString">>();
assert<Equal<Class, 'a"b' | "c\\d" | "*/" | "${x}" | "\u2028" | "\u{1F600}" | "constructor" | "__proto__">>();
assert<Equal<ConstructorInput["__proto__"], string>>();
assert<Equal<ConstructorInput["constructor"], number>>();
assert<Equal<ConstructorInput["quote\"key"], string | undefined>>();
assert<Equal<ConstructorInput["back\\slash"], string | undefined>>();
assert<Equal<ConstructorInput["*/"], string | undefined>>();
assert<Equal<ConstructorInput["${x}"], string | undefined>>();
assert<Equal<ConstructorInput["line\u2028sep"], string | undefined>>();
assert<Equal<ConstructorInput["\u{1F600}"], string | undefined>>();
assert<Equal<ConstructorInput["1leading"], string | undefined>>();
assert<Equal<ConstructorInput["class"], Class>>();
assert<Equal<Record2, number>>();
assert<Equal<ToolInput["__proto__"], ProtoInput>>();
assert<Equal<keyof ConstructorInput, "__proto__" | "constructor" | "has space" | 'quote"key' | "back\\slash" | "*/" | "${x}" | "line\u2028sep" | "\u{1F600}" | "1leading" | "class" | "rec" | "mood" | "pattern">>();
// A definition named outside the BMP ("Mood 😀") is referenced and named like any other.
assert<Equal<ConstructorInput["mood"], Mood | undefined>>();
assert<Equal<Mood, "up" | "down">>();
// Names that collide after PascalCase get a counter, in catalog order.
assert<Equal<ToolInput["get-weather"], GetWeatherInput>>();
assert<Equal<ToolInput["get_weather"], GetWeatherInput2>>();

// Closed objects reject unknown keys; optional is not nullable; nullable is not optional.
const shapes: ShapesInput = { required_string: "a", nullable_integer: null, tree: { label: "root", children: [] } };
// @ts-expect-error closed object: no extra keys
const extra: ShapesInput = { ...shapes, surprise: 1 };
// @ts-expect-error optional_number is optional, not nullable
const notNullable: ShapesInput = { ...shapes, optional_number: null };
// @ts-expect-error nullable_integer is nullable but required
const notOptional: ShapesInput = { required_string: "a", tree: { label: "r", children: [] } };
assert<Equal<ShapesInput["optional_nullable"], string | null | undefined>>();
assert<Equal<ShapesInput["enum_mixed"], 1 | "two" | true | null | undefined>>();
assert<Equal<ShapesInput["tuple"], [string, number?] | undefined>>();
assert<Equal<ShapesInput["self"], ShapesInput | undefined>>();
assert<Equal<Unit, "kg" | "lb" | null>>();
assert<Equal<Tree["children"], Tree[]>>();
assert<Equal<LocalDefsInput["from"], LocalDefsInput["to"]>>();
assert<Equal<LocalDefsOutput, number[]>>();
assert<Equal<NoArgsInput, Record<string, never>>>();
assert<Equal<ShapesInput["never_value"], undefined>>();

// Draft-07 definitions become named types.
assert<Equal<Color, "red" | "green" | "blue">>();
assert<Equal<PaintInput["wall"], "north" | "south">>();

export { shapes, extra, notNullable, notOptional };

// An optional element holding an array of its own definition is wrapped in Deferred (TypeScript
// rejects `[null?, Nested[]?]` there as circular); it still means the same.
const nestedValues: Nested[] = ["a", [], [null], [null, ["b", [null, []]]], [true], [false, ["c", 0], 1, 2], [true, []]];
// @ts-expect-error the second element is an array of Nested, not a string
const nestedWrong: Nested = [null, "b"];
// @ts-expect-error no element beyond the prefix when items is false
const nestedLong: Nested = [null, [], null];
void nestedValues;
void nestedWrong;
void nestedLong;

// Member docs holding "it's", "|" and "{" do not change where a union needs parentheses.
assert<Equal<ShapesInput["alternatives"], ({ a?: string } | { b?: number })[] | undefined>>();
assert<Equal<Either, { left: string } | { right: number }>>();
assert<Equal<NonNullable<ShapesInput["pattern_required"]>["x-id"], string>>();
assert<Equal<NonNullable<ShapesInput["pattern_required"]>["y"], boolean>>();
