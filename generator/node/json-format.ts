/**
 * A fast path for formatting JSON output the way prettier's `json` parser does, for the shape
 * toolcat emits (`JSON.stringify(value, null, 2)`: every non-empty object on several lines). At
 * that shape prettier keeps every object expanded, so the native serialiser's text (indented with
 * the app's unit) is already prettier's except for arrays, which prettier lays out as groups: on
 * one line when they fit, else one element per line; arrays of only numbers are filled. So the
 * text is made by `JSON.stringify` and only its arrays are laid out again here: JSON.stringify
 * is native and fast, while walking megabytes of declarations in JavaScript was most of the cost.
 * Whatever this printer is not sure about — other options, non-ASCII text in a line-fitting
 * decision — makes it return undefined, and the caller uses prettier itself. A property test
 * compares the two on random values and options (test/unit/json-format.test.ts).
 *
 * Kept (issue 13, `npm run bench -- stand-ins`): on the 1,000-tool catalog's 28 MB of JSON
 * declarations this printer takes about 0.3 s and prettier about 35 s — without it `generate`
 * could not come near its 3 s target.
 */
import type { Options } from "prettier";
import { escapeLineSeparators } from "../core/codegen/code.js";

class Unsure extends Error {}

/** Options this printer reproduces; any other option set (or a plugin) means "ask prettier". */
const UNDERSTOOD = new Set([
  "printWidth",
  "tabWidth",
  "useTabs",
  "endOfLine",
  "parser",
  "filepath",
  "semi",
  "singleQuote",
  "jsxSingleQuote",
  "quoteProps",
  "trailingComma",
  "bracketSpacing",
  "bracketSameLine",
  "arrowParens",
  "proseWrap",
  "htmlWhitespaceSensitivity",
  "vueIndentScriptAndStyle",
  "embeddedLanguageFormatting",
  "singleAttributePerLine",
  "experimentalTernaries",
  "experimentalOperatorPosition",
  "objectWrap",
  "insertPragma",
  "requirePragma",
  "editorconfig",
]);

/** The text `JSON.stringify(value, null, 2) + "\n"` of a JSON value formatted as prettier would, or undefined. */
export function formatJsonFast(
  text: string,
  options: Options,
): string | undefined {
  const settings = jsonSettings(options);
  if (settings === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // Only the expanded shape toolcat writes: then prettier's "keep objects expanded" applies.
  if (JSON.stringify(value, null, 2) + "\n" !== text) return undefined;
  return print(value, settings, false);
}

/**
 * What formatJsonFast answers for the text of `value` as toolcat writes it (jsonText:
 * JSON.stringify's, U+2028/U+2029 escaped), made from the value without reading text back: an
 * output file kept as data (OutputFile.json).
 */
export function formatJsonValue(
  value: unknown,
  options: Options,
): string | undefined {
  const settings = jsonSettings(options);
  return settings === undefined ? undefined : print(value, settings, true);
}

interface Settings {
  readonly printWidth: number;
  /** One level of indentation. */
  readonly unit: string;
  /** Columns one level counts for. */
  readonly columns: number;
}

/**
 * The settings of an options object, resolved once per object: a provider's JSON copy is printed
 * element by element with the same options object (one per file, formatFileParts), 1,880 times
 * on the real tools. An options object is read when first used, so one changed afterwards is not
 * seen: callers make a new one.
 */
const settingsOf = new WeakMap<object, Settings | null>();

function jsonSettings(options: Options): Settings | undefined {
  let settings = settingsOf.get(options);
  if (settings === undefined)
    settingsOf.set(options, (settings = resolveSettings(options) ?? null));
  return settings ?? undefined;
}

function resolveSettings(options: Options): Settings | undefined {
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (!UNDERSTOOD.has(key)) return undefined;
  }
  if (
    options.parser !== "json" ||
    options.objectWrap === "collapse" ||
    options.insertPragma ||
    options.requirePragma
  )
    return undefined;
  const tabWidth = options.tabWidth ?? 2;
  return {
    printWidth: options.printWidth ?? 80,
    unit: options.useTabs ? "\t" : " ".repeat(tabWidth),
    columns: tabWidth,
  };
}

/** `escape`: U+2028/U+2029 as jsonText writes them (prettier keeps a string's text as it is). */
function print(
  value: unknown,
  settings: Settings,
  escape: boolean,
): string | undefined {
  const stringified = JSON.stringify(value, null, settings.unit) as
    string | undefined;
  if (stringified === undefined) return undefined;
  let text = escape ? escapeLineSeparators(stringified) : stringified;
  // prettier prints numbers normalised: no `+` in the exponent (strings are left alone).
  if (hasExponentSign(text))
    text = text.replace(
      /"(?:[^"\\]|\\.)*"|(\d)e\+/g,
      (m, digit: string | undefined) => (digit === undefined ? m : `${digit}e`),
    );
  try {
    return new ArrayLayout(text, settings).text("\n");
  } catch (e) {
    if (e instanceof Unsure || e instanceof RangeError) return undefined; // RangeError: nesting too deep
    throw e;
  }
}

/**
 * Whether the text holds `e+` (an exponent's sign, or the same two characters in a string). Found
 * from the `+`, which these texts hardly have, rather than from the `e`, which is on nearly every
 * line: `includes("e+")` stopped at every `e` and took about 2 ms of the emit worker's thread for
 * the real tools' eight JSON copies (2.7 M characters), this about 0.2 ms.
 */
export function hasExponentSign(text: string): boolean {
  for (let i = text.indexOf("+", 1); i >= 0; i = text.indexOf("+", i + 1))
    if (text.charCodeAt(i - 1) === 101 /* e */) return true;
  return false;
}

/**
 * An array read back from the serialiser's text, when it holds no non-empty object: its elements
 * as their text (scalars, `[]`, `{}`) or as arrays again.
 */
type Items = (string | Items)[];

const NEWLINE = 10;
const COMMA = 44;
const QUOTE = 34;

// An element's end found by a native sticky match, not a loop over its characters in JavaScript
// (which runs mostly unoptimised in a one-shot run): a string literal as the serialiser writes
// it, or a scalar up to the comma or line break after it.
const STRING = /"(?:[^"\\]|\\[\s\S])*"/y;
const SCALAR = /[^,\n]*/y;

/** The serialiser's text with each array laid out as prettier does. */
class ArrayLayout {
  private readonly indents: string[] = [];

  constructor(
    private readonly source: string,
    private readonly s: Settings,
  ) {}

  /**
   * The laid-out text followed by `end`, joined in one piece: appended afterwards, it would make a
   * two-part string that the caller's first read (an element's lines cut out of it) copies again.
   */
  text(end: string): string {
    const { source } = this;
    const parts: string[] = [];
    let pos = 0;
    for (;;) {
      // A newline is never inside a string (the serialiser escapes it), so "[\n" opens an array.
      const open = source.indexOf("[\n", pos);
      if (open < 0) break;
      const read = this.read(open);
      if (read === undefined) {
        // It holds an object: prettier breaks it, one element per line as the serialiser wrote
        // them; arrays inside are met on the way.
        parts.push(source.slice(pos, open + 2));
        pos = open + 2;
        continue;
      }
      const lineStart = source.lastIndexOf("\n", open) + 1;
      let level = 0;
      let k = lineStart;
      while (source.startsWith(this.s.unit, k)) {
        level++;
        k += this.s.unit.length;
      }
      // What precedes the array on its line: indentation, and `"key": ` in an object.
      const column = level * this.s.columns + width(source.slice(k, open));
      const trail = source.charCodeAt(read.end) === COMMA ? 1 : 0;
      parts.push(
        source.slice(pos, open),
        this.array(read.items, level, column, trail),
      );
      pos = read.end;
    }
    parts.push(source.slice(pos), end);
    return parts.join("");
  }

  /** The array opening at `open` ("[\n"), or undefined when it holds a non-empty object. */
  private read(
    open: number,
  ): { readonly items: Items; readonly end: number } | undefined {
    const { source } = this;
    const items: Items = [];
    let i = open + 2;
    for (;;) {
      i = this.skipIndent(i);
      const c = source.charCodeAt(i);
      if (c === QUOTE) {
        STRING.lastIndex = i;
        if (!STRING.test(source)) throw new Unsure(); // never: the serialiser closes its strings
        items.push(source.slice(i, STRING.lastIndex));
        i = STRING.lastIndex;
      } else if (c === 91 /* [ */ || c === 123 /* { */) {
        const next = source.charCodeAt(i + 1);
        if (next !== NEWLINE) {
          items.push(c === 91 ? "[]" : "{}");
          i += 2;
        } else if (c === 123) return undefined;
        else {
          const inner = this.read(i);
          if (inner === undefined) return undefined;
          items.push(inner.items);
          i = inner.end;
        }
      } else {
        SCALAR.lastIndex = i;
        SCALAR.test(source);
        items.push(source.slice(i, SCALAR.lastIndex));
        i = SCALAR.lastIndex;
      }
      if (source.charCodeAt(i) === COMMA)
        i += 2; // ",\n"
      else {
        i = this.skipIndent(i + 1); // "\n", indentation, "]"
        return { items, end: i + 1 };
      }
    }
  }

  private skipIndent(i: number): number {
    const { source } = this;
    for (;;) {
      const c = source.charCodeAt(i);
      if (c !== 32 && c !== 9) return i;
      i++;
    }
  }

  private indent(level: number): string {
    return (this.indents[level] ??= this.s.unit.repeat(level));
  }

  /**
   * Prints an array starting at column `column` of a line indented `level` times; `trail` is the
   * width of what follows on the same line (a comma) and counts when deciding whether it fits.
   */
  private array(
    items: Items,
    level: number,
    column: number,
    trail: number,
  ): string {
    const flat = flatText(items);
    if (flat !== undefined && column + width(flat) + trail <= this.s.printWidth)
      return flat;
    const inner = this.indent(level + 1);
    const innerColumn = (level + 1) * this.s.columns;
    if (items.length > 1 && items.every(isNumber)) {
      // fill: as many numbers per line as fit, separated by ", ".
      const lines: string[] = [];
      let line = items[0] as string;
      for (let i = 1; i < items.length; i++) {
        const candidate = `${line}, ${items[i] as string}`;
        const lastTrail = i === items.length - 1 ? 0 : 1;
        if (innerColumn + candidate.length + lastTrail <= this.s.printWidth)
          line = candidate;
        else {
          lines.push(line + ",");
          line = items[i] as string;
        }
      }
      lines.push(line);
      return `[\n${lines.map((l) => inner + l).join("\n")}\n${this.indent(level)}]`;
    }
    let out = "[";
    for (let i = 0; i < items.length; i++) {
      const comma = i < items.length - 1 ? 1 : 0;
      const item = items[i]!;
      out += `\n${inner}${typeof item === "string" ? item : this.array(item, level + 1, innerColumn, comma)}${comma ? "," : ""}`;
    }
    return `${out}\n${this.indent(level)}]`;
  }
}

function isNumber(item: string | Items): boolean {
  if (typeof item !== "string") return false;
  const c = item.charCodeAt(0);
  return c === 45 /* - */ || (c >= 48 && c <= 57);
}

/** One-line text of an array; undefined when prettier must break it (or an array inside). */
function flatText(items: Items): string | undefined {
  if (items.length === 0) return "[]";
  if (mustBreak(items)) return undefined;
  let out = "[";
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const text = typeof item === "string" ? item : flatText(item);
    if (text === undefined) return undefined;
    out += i === 0 ? text : `, ${text}`;
  }
  return out + "]";
}

/**
 * prettier breaks an array of two or more arrays (or objects) that each hold more than one entry;
 * the arrays read here hold no non-empty object, so only arrays count.
 */
function mustBreak(items: Items): boolean {
  return (
    items.length > 1 &&
    items.every((e) => typeof e !== "string" && e.length > 1)
  );
}

function width(text: string): number {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Unsure();
  return text.length;
}
