/** The interface every keyword module implements, and small shared pieces of keyword code. */
import {
  code,
  indented,
  member,
  numberLiteral,
  raw,
  type Code,
} from "../../../codegen/code.js";
import { not, or } from "../../../codegen/expr.js";
import type { Name } from "../../../codegen/identifiers.js";
import type { SimpleType, SchemaObject } from "../../../schema/schema.js";
import { patternConstant } from "./pattern.js";
import { ERROR_COUNT, record } from "../apply.js";
import { ERROR_TYPE, type SchemaCx } from "../context.js";
import type { TypeGroup } from "../rules.js";
import type { Slot, Writer } from "../writer.js";

/** `any` runs for every instance; a type group runs only when the instance has that type (Ajv rule groups). */
export type Group = "any" | TypeGroup;

/**
 * From this many used names on, the prelude reads them in one pass over the keys instead of by
 * name (V8: each named read of data in many shapes is a global cache probe, often a miss).
 */
const SCAN_NAMES = 3;

/** Up to this many names missed by the pass are read by name; more first ask `Object.getOwnPropertyNames`. */
const FEW_MISSING = 4;

/**
 * Per-subschema, per-group memo shared by the keywords of one schema object. For the object group
 * it owns a prelude (a slot at the top of the group's block, filled by `finish` with only what the
 * emitted code used): each property's value and presence, the number of own keys, and — when the
 * schema has `additionalProperties` — the list of additional keys.
 *
 * Presence is Ajv's `ownProperties` test, `value !== undefined && hasOwnProperty(data, name)`.
 * With fewer than `SCAN_NAMES` used names and no keyword that needs the keys, each used name is
 * read (`data.name`) and tested with `hasOwnProperty`. Otherwise one `for…in` pass over the
 * data's own enumerable keys (the same keys, in the same order, as `Object.keys`) reads the value
 * of each used name (a `switch`, comparing interned strings), counts the keys when
 * `min/maxProperties` needs it and handles the additional keys (neither a property nor matched
 * by a pattern, in key order): with `additionalProperties: false` it records their errors (or, in
 * test mode, fails) on the spot; with a subschema it collects them for the keyword. Inside
 * `for…in`, V8 answers `hasOwnProperty(data, key)` and `data[key]` from the map's enumeration
 * cache: no list of keys is allocated and no name is looked up. A used name the pass did not find is then read by name, as a missing property costs
 * anyway (when more than `FEW_MISSING` are missing, only if `Object.getOwnPropertyNames` counts
 * more own keys than the pass did); only a defined value (an own property that is not enumerable,
 * or an inherited one) is tested with `hasOwnProperty`. Same answers as Ajv's separate loops and
 * lookups.
 */
/** What the pass does at an additional key (`additionalProperties` chooses one). */
type AdditionalKeys =
  /** Collects the keys (`string[] | undefined`) for a subschema. */
  | { readonly kind: "keys"; readonly list: Name }
  /** Records the key's error: appended to the error list, or gathered in `list` when there is one. */
  | {
      readonly kind: "errors";
      readonly list: Name | undefined;
      readonly error: (key: Code) => Code;
    }
  /** Test mode: fails. */
  | { readonly kind: "fail"; readonly failure: Code };

export class NodeState {
  private prelude: Slot | undefined;
  private countName: Name | undefined;
  private additional: AdditionalKeys | undefined;
  /** Set when the pass appends the additional-key errors to the error list itself (see `openPrelude`). */
  private insertAt: Name | undefined;
  private schema: SchemaObject | undefined;
  private readonly names = new Map<string, { readonly value: Name }>();

  constructor(private readonly cx: SchemaCx) {}

  /** Reserves the prelude at the current position (the driver calls this at the top of the object group). */
  openPrelude(w: Writer, schema: SchemaObject): void {
    this.prelude = w.slot();
    this.schema = schema;
    // `additionalProperties: false` while collecting: the pass appends each additional key's
    // error to the error list as it meets the key. The keywords Ajv orders before it (only
    // `required` and `min/maxProperties` here: `propertyNames` has subschemas) then insert theirs
    // in front, at an index taken before the pass.
    if (
      schema.additionalProperties === false &&
      this.cx.mode === "collect" &&
      schema.propertyNames === undefined
    )
      this.insertAt = this.cx.fn.local("a");
  }

  /** The context for a keyword Ajv orders before `additionalProperties` in the object group. */
  beforeAdditional(cx: SchemaCx): SchemaCx {
    return this.insertAt ? { ...cx, insertAt: this.insertAt } : cx;
  }

  private requirePrelude(): void {
    if (!this.prelude)
      throw new Error("internal: object keyword outside the object group");
  }

  /** The number of own enumerable keys (`Object.keys(data).length`), counted by the prelude's pass. */
  keyCount(): Code {
    this.requirePrelude();
    return (this.countName ??= this.cx.fn.local("c"));
  }

  private handleAdditional(handling: AdditionalKeys): void {
    this.requirePrelude();
    if (this.additional)
      throw new Error("internal: additional keys handled twice");
    this.additional = handling;
  }

  /** The additional keys (`string[] | undefined`, undefined when there are none), collected by the prelude's pass. */
  additionalKeys(): Code {
    const list = this.cx.fn.local("k");
    this.handleAdditional({ kind: "keys", list });
    return list;
  }

  /**
   * Collect mode, `additionalProperties: false`: the error of each additional key, built by the
   * prelude's pass as it meets the key, so no list of keys is kept and walked a second time.
   * `error(key)` is the error object expression. Either the pass appends them to the error list
   * (returns undefined), or it gathers them in a list (`ValidationError[] | undefined`, returned)
   * that the keyword puts where it stands in Ajv's order (see additional-properties.ts).
   */
  additionalKeyErrors(error: (key: Code) => Code): Code | undefined {
    const list = this.insertAt ? undefined : this.cx.fn.local("k");
    this.handleAdditional({ kind: "errors", list, error });
    return list;
  }

  /**
   * Test mode, `additionalProperties: false`: the pass fails at the first additional key (a test
   * only answers valid or not, so where it stops does not matter). `failure` is the fail statement.
   */
  failOnAdditionalKey(failure: Code): void {
    this.handleAdditional({ kind: "fail", failure });
  }

  private entry(name: string) {
    this.requirePrelude();
    let e = this.names.get(name);
    if (!e) this.names.set(name, (e = { value: this.cx.fn.local("d") }));
    return e;
  }

  /** The property's value (`data.name` when it is an own property, else undefined). */
  value(name: string): Code {
    return this.entry(name).value;
  }

  /** True when the property is an own property with a value other than undefined. */
  present(name: string): Code {
    return code`${this.entry(name).value} !== undefined`;
  }

  /** The negation of `present`. */
  absent(name: string): Code {
    return code`${this.entry(name).value} === undefined`;
  }

  /** Settles the prelude once every keyword of the group was emitted into `w`. */
  finish(w: Writer): void {
    if (!this.prelude) return;
    const d = this.cx.data;
    const hasOwn = () => this.cx.comp.helper("hasOwn");
    const used = [...this.names].filter(([, e]) => w.uses(e.value));
    // A list nothing reads needs no pass (the keyword emitted nothing that uses it).
    const a = this.additional;
    const additional =
      a && (a.kind === "fail" || a.list === undefined || w.uses(a.list))
        ? a
        : undefined;
    const countUsed = this.countName !== undefined && w.uses(this.countName);
    const lines: Code[] = [];
    if (additional === undefined && !countUsed && used.length < SCAN_NAMES) {
      // No pass over the keys is needed: read each used name (undefined unless an own property).
      // Written out: this runs for every name on every call (ownValue measured a few % slower).
      for (const [n, e] of used)
        lines.push(
          code`let ${e.value} = ${member(d, n)};`,
          code`if (${e.value} !== undefined && !${hasOwn()}.call(${d}, ${n})) ${e.value} = undefined;`,
        );
      this.prelude.fill(lines);
      return;
    }
    for (const [, e] of used) lines.push(code`let ${e.value}: any;`);
    // Many names: when many are missing, one question (are there own keys the pass did not list?)
    // is cheaper than reading each missing name; that needs the count of listed keys.
    const many = used.length > FEW_MISSING;
    const count =
      countUsed || many
        ? (this.countName ??= this.cx.fn.local("c"))
        : undefined;
    if (count) lines.push(code`let ${count} = 0;`);
    // With few names, each missed one is told by its `undefined` value: no count of found names.
    const found = many ? this.cx.fn.local("f") : undefined;
    if (found) lines.push(code`let ${found} = 0;`);
    if (additional?.kind === "keys")
      lines.push(code`let ${additional.list}: string[] | undefined;`);
    if (additional?.kind === "errors" && additional.list)
      lines.push(code`let ${additional.list}: ${ERROR_TYPE}[] | undefined;`);
    if (this.insertAt && w.uses(this.insertAt))
      lines.push(code`let ${this.insertAt} = ${ERROR_COUNT};`);
    const key = this.cx.fn.local("k");
    const declared = Object.keys(this.schema?.properties ?? {});
    // A key that is not a declared property is additional unless a pattern matches it.
    const patterns = additional
      ? Object.keys(this.schema?.patternProperties ?? {}).map(
          (p) => code`${patternConstant(this.cx, p)}.test(${key})`,
        )
      : [];
    // Statements one per line, as prettier lays out a switch (the prelude is indented as a whole).
    const append = (list: Name, item: Code) => [
      code`if (${list} === undefined) ${list} = [${item}];`,
      code`else ${list}.push(${item});`,
    ];
    const add = (a: AdditionalKeys): Code[] => {
      if (a.kind === "keys") return append(a.list, key);
      if (a.kind === "fail") return [a.failure];
      if (!a.list) return [record(this.cx, a.error(key))];
      return append(a.list, a.error(key));
    };
    const atAdditional = (a: AdditionalKeys): Code[] => {
      const lines = add(a);
      return patterns.length === 0
        ? lines
        : [
            code`if (${not(or(...patterns))}) {`,
            ...lines.map((l) => indented("  ", l)),
            code`}`,
          ];
    };
    const values = new Map(used);
    const cases: Code[] = [];
    const body = (statements: readonly Code[]) =>
      statements.map((l) => indented("      ", l));
    for (const n of new Set([...declared, ...values.keys()])) {
      const e = values.get(n);
      if (!e && !additional) continue;
      cases.push(code`    case ${n}:`);
      const isAdditional = additional !== undefined && !declared.includes(n);
      // A test that fails at every additional key jumps out: nothing after it is reachable.
      if (isAdditional && additional.kind === "fail" && patterns.length === 0) {
        cases.push(...body(atAdditional(additional)));
        continue;
      }
      if (e)
        cases.push(
          ...body(
            found
              ? [code`${e.value} = ${d}[${key}];`, code`${found}++;`]
              : [code`${e.value} = ${d}[${key}];`],
          ),
        );
      if (isAdditional) cases.push(...body(atAdditional(additional)));
      cases.push(code`      break;`);
    }
    if (additional)
      cases.push(code`    default:`, ...body(atAdditional(additional)));
    lines.push(
      code`for (const ${key} in ${d}) {`,
      code`  if (!${hasOwn()}.call(${d}, ${key})) continue;`,
    );
    if (count) lines.push(code`  ${count}++;`);
    if (cases.length > 0)
      lines.push(code`  switch (${key}) {`, ...cases, code`  }`);
    lines.push(code`}`);
    // A used name the pass did not find may still be an own property that is not enumerable:
    // read by name (undefined, the usual answer, settles it), then tested with hasOwnProperty.
    const readMissed = (indent: string) => {
      for (const [n, e] of used)
        lines.push(
          code`${raw(indent)}if (${e.value} === undefined) ${e.value} = ${this.cx.comp.helper("ownValue")}(${member(d, n)}, ${d}, ${n});`,
        );
    };
    if (found) {
      lines.push(
        code`if (${found} !== ${used.length} && (${found} >= ${used.length - FEW_MISSING} || Object.getOwnPropertyNames(${d}).length !== ${count!})) {`,
      );
      readMissed("  ");
      lines.push(code`}`);
    } else readMissed("");
    this.prelude.fill(lines);
  }
}

export interface KeywordContext {
  readonly cx: SchemaCx;
  /** The group being emitted (a keyword listed in two groups, like `format`, sees both). */
  readonly group: Group;
  readonly schema: SchemaObject;
  readonly w: Writer;
  readonly node: NodeState;
}

export interface KeywordEmitter<
  K extends keyof SchemaObject = keyof SchemaObject,
> {
  /** The keywords of this module, in Ajv's evaluation order. */
  readonly keywords: readonly K[];
  readonly group: Group;
  /** Emits the checks for `keyword` (present in `schema`). */
  emit(k: KeywordContext, keyword: K): void;
}

/** A schema number as Ajv puts it in `params`: the literal of its JavaScript text (so -0 becomes 0). */
export function paramNumber(n: number): Code {
  return raw(numberLiteral(Object.is(n, -0) ? 0 : n));
}

/** A schema number as Ajv writes it in a message. */
export function messageNumber(n: number): string {
  return String(n);
}

/**
 * True when `data` has the JSON type (Ajv `checkDataType` with `strictNumbers`), as an expression
 * for `and`/`or`/`not` (generator/core/codegen/expr.ts), which add the parentheses it needs. In
 * test mode the value is tested as `(data as unknown)` so TypeScript does not narrow the `any`
 * local: after an early exit a narrowed local would make later checks of other types ill-typed
 * (`never`). Collect mode never leaves a block early (`cast` false): a narrowing ends with its
 * `if`, so the plain test is enough. The assertion is erased from the emitted JavaScript.
 */
export function typeTest(type: SimpleType, data: Code, cast = true): Code {
  const d = cast ? code`(${data} as unknown)` : data;
  switch (type) {
    case "string":
      return code`typeof ${d} === "string"`;
    case "number":
      return code`typeof ${d} === "number" && isFinite(${data})`;
    case "integer":
      return code`Number.isInteger(${data})`;
    case "boolean":
      return code`typeof ${d} === "boolean"`;
    case "null":
      return code`${data} === null`;
    case "array":
      return cast
        ? code`Array.isArray(${data} as unknown)`
        : code`Array.isArray(${data})`;
    case "object":
      // Written out, not a helper call: a shared `isObject` measured 10-30% slower on the corpus.
      // `typeof` narrows an `any` only to primitive types, and `=== null` not at all.
      return cast
        ? code`typeof ${data} === "object" && ${data} !== null && !Array.isArray(${data} as unknown)`
        : code`typeof ${data} === "object" && ${data} !== null && !Array.isArray(${data})`;
  }
}

/** True when `data` has one of the types (`integer` is implied by `number`). */
export function typesTest(
  types: readonly SimpleType[],
  data: Code,
  cast = true,
): Code {
  const effective = types.includes("number")
    ? types.filter((t) => t !== "integer")
    : types;
  return or(...effective.map((t) => typeTest(t, data, cast)));
}

/** Condition under which a type group's keywords apply (Ajv checks `number` with `isFinite`). */
export function groupTest(group: TypeGroup, data: Code, cast = true): Code {
  return typeTest(group, data, cast);
}
