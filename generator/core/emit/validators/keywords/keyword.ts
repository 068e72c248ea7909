/** The interface every keyword module implements, and small shared pieces of keyword code. */
import { code, join, member, numberLiteral, raw, type Code } from "../../../codegen/code.js";
import { not, or } from "../../../codegen/expr.js";
import type { Name } from "../../../codegen/identifiers.js";
import type { SimpleType, SchemaObject } from "../../../schema/schema.js";
import { patternConstant } from "./pattern.js";
import type { SchemaCx } from "../context.js";
import type { TypeGroup } from "../rules.js";
import type { Slot, Writer } from "../writer.js";

/** `any` runs for every instance; a type group runs only when the instance has that type (Ajv rule groups). */
export type Group = "any" | TypeGroup;

/**
 * Per-subschema, per-group memo shared by the keywords of one schema object. For the object group
 * it owns a prelude (a slot at the top of the group's block, filled by `finish` with only what the
 * emitted code used): `Object.keys(data)`, each property's value and presence, and — when the
 * schema has `additionalProperties` — the list of additional keys.
 *
 * Presence is Ajv's `ownProperties` test, `value !== undefined && hasOwnProperty(data, name)`.
 * When the keys are listed anyway, one pass over them (a `switch`, comparing interned strings)
 * marks the names that are own enumerable keys and collects the keys that are additional (neither
 * a property nor matched by a pattern, in key order); `hasOwnProperty` is then only called for a
 * defined value that pass did not see (a non-enumerable own property, or one inherited from a
 * polluted prototype). Same answers as Ajv's separate loops, one pass over the keys.
 */
export class NodeState {
  private prelude: Slot | undefined;
  private keysName: Name | undefined;
  private extraName: Name | undefined;
  private schema: SchemaObject | undefined;
  private readonly names = new Map<string, { readonly value: Name; readonly present: Name; readonly seen: Name }>();

  constructor(private readonly cx: SchemaCx) {}

  /** Reserves the prelude at the current position (the driver calls this at the top of the object group). */
  openPrelude(w: Writer, schema: SchemaObject): void {
    this.prelude = w.slot();
    this.schema = schema;
  }

  private requirePrelude(): void {
    if (!this.prelude) throw new Error("internal: object keyword outside the object group");
  }

  /** `Object.keys(data)` (declared in the prelude if used). */
  keys(): Code {
    this.requirePrelude();
    return (this.keysName ??= this.cx.fn.local("k"));
  }

  /** The additional keys (`string[] | undefined`, undefined when there are none), collected by the prelude's pass. */
  additionalKeys(): Code {
    this.requirePrelude();
    return (this.extraName ??= this.cx.fn.local("k"));
  }

  private entry(name: string) {
    this.requirePrelude();
    let e = this.names.get(name);
    if (!e) this.names.set(name, (e = { value: this.cx.fn.local("d"), present: this.cx.fn.local("p"), seen: this.cx.fn.local("n") }));
    return e;
  }

  /** The property's value (`data.name`). */
  value(name: string): Code {
    return this.entry(name).value;
  }

  /** True when the property is an own property with a value other than undefined. */
  present(name: string): Code {
    return this.entry(name).present;
  }

  /** Settles the prelude once every keyword of the group was emitted into `w`. */
  finish(w: Writer): void {
    if (!this.prelude) return;
    const d = this.cx.data;
    const hasOwn = () => this.cx.comp.helper("hasOwn");
    const used = [...this.names].filter(([, e]) => w.uses(e.present) || w.uses(e.value));
    const tested = new Map(used.filter(([, e]) => w.uses(e.present)));
    const extraUsed = this.extraName !== undefined && w.uses(this.extraName);
    const keysUsed = extraUsed || (this.keysName !== undefined && w.uses(this.keysName));
    const scan = extraUsed || (tested.size > 0 && keysUsed);
    const lines: Code[] = [];
    const keys = (this.keysName ??= this.cx.fn.local("k"));
    if (keysUsed || scan) lines.push(code`const ${keys} = Object.keys(${d});`);
    if (scan) {
      for (const [, e] of tested) lines.push(code`let ${e.seen} = false;`);
      const key = this.cx.fn.local("k");
      const declared = Object.keys(this.schema?.properties ?? {});
      const cases: Code[] = [];
      const extra = this.extraName;
      if (extra) lines.push(code`let ${extra}: string[] | undefined;`);
      // A key that is not a declared property is additional unless a pattern matches it.
      const patterns = extra ? Object.keys(this.schema?.patternProperties ?? {}).map((p) => code`${patternConstant(this.cx, p)}.test(${key})`) : [];
      const pushExtra = extra ? (patterns.length === 0 ? code`(${extra} ??= []).push(${key});` : code`if (${not(or(...patterns))}) (${extra} ??= []).push(${key});`) : undefined;
      // One statement per line, as prettier lays out a switch.
      for (const n of new Set([...declared, ...tested.keys()])) {
        if (!tested.has(n) && !extra) continue;
        cases.push(code`    case ${n}:`);
        if (tested.has(n)) cases.push(code`      ${tested.get(n)!.seen} = true;`);
        if (pushExtra && !declared.includes(n)) cases.push(code`      ${pushExtra}`);
        cases.push(code`      break;`);
      }
      if (pushExtra) cases.push(code`    default:`, code`      ${pushExtra}`);
      const i = this.cx.fn.local("i");
      lines.push(code`for (let ${i} = 0; ${i} < ${keys}.length; ${i}++) {`, code`  const ${key} = ${keys}[${i}]!;`, code`  switch (${key}) {`, ...cases, code`  }`, code`}`);
    }
    for (const [n, e] of used) {
      lines.push(code`const ${e.value} = ${member(d, n)};`);
      if (!tested.has(n)) continue;
      const own = code`${hasOwn()}.call(${d}, ${n})`;
      lines.push(scan ? code`const ${e.present} = ${e.value} !== undefined && (${e.seen} || ${own});` : code`const ${e.present} = ${e.value} !== undefined && ${own};`);
    }
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

export interface KeywordEmitter<K extends keyof SchemaObject = keyof SchemaObject> {
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
 * for `and`/`or`/`not` (generator/core/codegen/expr.ts), which add the parentheses it needs. The
 * value is tested as `(data as unknown)` so TypeScript does not narrow the `any` local: after an
 * early exit in test mode a narrowed local would make later checks of other types ill-typed
 * (`never`). The assertion is erased from the emitted JavaScript.
 */
export function typeTest(type: SimpleType, data: Code): Code {
  const d = code`(${data} as unknown)`;
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
      return code`Array.isArray(${data} as unknown)`;
    case "object":
      // `typeof` narrows an `any` only to primitive types, and `=== null` not at all.
      return code`typeof ${data} === "object" && ${data} !== null && !Array.isArray(${data} as unknown)`;
  }
}

/** True when `data` has one of the types (`integer` is implied by `number`). */
export function typesTest(types: readonly SimpleType[], data: Code): Code {
  const effective = types.includes("number") ? types.filter((t) => t !== "integer") : types;
  return or(...effective.map((t) => typeTest(t, data)));
}

/** Condition under which a type group's keywords apply (Ajv checks `number` with `isFinite`). */
export function groupTest(group: TypeGroup, data: Code): Code {
  return typeTest(group, data);
}
