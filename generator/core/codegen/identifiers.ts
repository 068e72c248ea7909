/**
 * Identifiers in generated code are a checked type: they are made only here, from a pattern
 * check and a reserved-word check, so catalog text can never become raw code.
 */
import { Code } from "./code.js";

/** Words that cannot name a value or a type in TypeScript/JavaScript, or that shadow globals we use. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "as implements interface let package private protected public static yield await async of get set declare " +
    "module namespace require type from keyof infer is readonly unique abstract asserts satisfies accessor out " +
    "any unknown never object string number boolean symbol bigint undefined arguments eval constructor prototype " +
    "__proto__ NaN Infinity globalThis " +
    // Global types and values a generated file may rely on: a catalog name must not shadow them.
    "Array Object String Number Boolean Symbol BigInt Date RegExp Error Map Set WeakMap WeakSet Promise JSON Math " +
    "Record Partial Required Readonly Pick Omit Exclude Extract NonNullable ReturnType Parameters InstanceType " +
    "Function ReadonlyArray PropertyKey Uint8Array ArrayBuffer Intl Reflect Proxy"
  ).split(" "),
);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A checked identifier. */
export class Name extends Code {
  private constructor(text: string) {
    super(text);
  }
  /** Accepts only ASCII identifiers that are not reserved; throws on anything else (a generator bug). */
  static of(text: string): Name {
    if (!IDENTIFIER.test(text) || RESERVED.has(text))
      throw new Error(
        `internal: not a safe identifier: ${JSON.stringify(text)}`,
      );
    return new Name(text);
  }
}

/** Splits catalog text into ASCII words: `get_weather-v2` -> [get, weather, v2]. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** PascalCase from catalog text, never empty and never starting with a digit. */
export function pascalCase(text: string, fallback = "Unnamed"): string {
  const joined = words(text)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");
  if (joined.length === 0) return fallback;
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** camelCase from catalog text. */
export function camelCase(text: string, fallback = "unnamed"): string {
  const pascal = pascalCase(
    text,
    fallback[0]!.toUpperCase() + fallback.slice(1),
  );
  if (pascal.startsWith("_")) return pascal;
  return pascal[0]!.toLowerCase() + pascal.slice(1);
}

/**
 * Hands out unique identifiers in one namespace. Catalog-derived names are mapped
 * deterministically (same input order, same names); a collision gets a counter suffix.
 */
export class NameScope {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.taken.add(r);
  }

  /** Reserves exactly `text` (which must be free) — for fixed names like `ToolName`. */
  claim(text: string): Name {
    if (this.taken.has(text))
      throw new Error(`internal: identifier already taken: ${text}`);
    this.taken.add(text);
    return Name.of(text);
  }

  /**
   * A unique identifier based on `base` (already identifier-shaped), suffixed 2, 3, … on
   * collision; `same`, when its text is the one handed out, is given back instead of a new Name
   * (a Name is its text: a name kept from a run before, not checked again).
   */
  unique(base: string, same?: Name): Name {
    let candidate = base;
    for (let n = 2; this.taken.has(candidate) || RESERVED.has(candidate); n++)
      candidate = `${base}${n}`;
    this.taken.add(candidate);
    return same !== undefined && same.text === candidate
      ? same
      : Name.of(candidate);
  }

  has(text: string): boolean {
    return this.taken.has(text);
  }
}

/**
 * The members TypeScript's `Object` interface declares (lib.es5.d.ts). A type with an optional
 * property of one of these names rejects an object that leaves it out: TypeScript checks the
 * inherited member instead (`toString?: string` meets `() => string`).
 */
export const TYPESCRIPT_OBJECT_MEMBERS: ReadonlySet<string> = new Set([
  "constructor",
  "toString",
  "toLocaleString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
]);
