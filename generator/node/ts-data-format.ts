/**
 * A fast path for formatting TypeScript data declarations the way prettier does: one chunk
 * `${leading}${head} = ${jsonLiteral(value)};` (a comment, `const name: Type`, a JSON literal as
 * generator/core/codegen/code.ts writes it: every object and array on one line). For a large
 * catalog these chunks are megabytes of literals, and prettier takes seconds over them; printed
 * here they take milliseconds.
 *
 * This reproduces prettier's estree printing for exactly that input: object and array groups
 * fitted to the line (counting what follows them: `,`, `;`), arrays of two or more objects (or
 * arrays) with more than one entry always broken, arrays of numbers filled, the assignment layouts
 * of properties (`key: value`, a long string after a long key on its own line, a value after
 * `key:` moved to the next line when not even its first line fits), key quoting (`quoteProps`),
 * string quotes (`singleQuote`, fewer escapes) and number normalisation. Whatever it is not sure
 * about — other options, a plugin, a head or comment it does not know, a line-fitting decision
 * whose outcome depends on the display width of non-ASCII text it cannot bound — makes it return
 * undefined, and the caller uses prettier itself. A property test compares the two on random
 * values and options (test/unit/ts-data-format.test.ts).
 *
 * Kept (issue 13, `npm run bench -- stand-ins`): the 1,000-tool catalog's 15 MB of data
 * declarations take about 1.2 s here (load average 3.4, caches cold as in one run) and about 24 s
 * in prettier (12× on the same sample, more with the layouts shared across files) — far past
 * `generate`'s 3 s target. It also prints the wide rows of literals in code
 * (`formatArrayElement`, for ts-code-format.ts).
 */
import type { Options } from "prettier";
import {
  preferredQuote,
  requote,
  stringLiteral,
  type JsonValue,
} from "../core/codegen/code.js";
import type { DataChunk } from "../core/emit/artifact.js";

export type Json = JsonValue;

/**
 * One top-level data declaration: its source is `${leading}${head} = ${jsonLiteral(value)};`.
 * `leading` is "" or a comment block (one block comment, or `//` lines), each line ending in
 * "\n"; `head` is `const name`, `const name: Type`, `export const name: Type[]` (also let/var).
 */
export type TsDataChunk = DataChunk;

class Unsure extends Error {}

/**
 * An identifier (or `undefined`) inside a literal, as prettier prints it: a leaf of known width
 * whose assignment layout is prettier's for an identifier ("fluid", or "never-break" after a short
 * key). Only code-format's wide literal lines use it (see formatLiteralElement); data chunks are
 * JSON only.
 */
export class Verbatim {
  readonly lo: number;
  readonly hi: number;
  constructor(readonly text: string) {
    if (!IDENTIFIER.test(text))
      throw new Error(`internal: not an identifier: ${text}`);
    this.lo = this.hi = text.length;
  }
}

/** A JSON value whose leaves may also be identifiers. */
export type LiteralValue =
  | Json
  | Verbatim
  | readonly LiteralValue[]
  | { readonly [key: string]: LiteralValue };

/** Narrowed to what the printer's methods take (a JSON value or, as a leaf, an identifier). */
type Value = LiteralValue;

/** Options that leave these declarations alone, or that this printer reproduces. */
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
  "checkIgnorePragma",
  "editorconfig",
  "plugins",
  "$schema",
]);

/**
 * The chunk formatted exactly as `prettier.format(source, { ...options, parser: options.parser ??
 * "babel-ts" })` would (with its trailing newline), or undefined when this printer is not sure.
 */
export function formatTsDataFast(
  chunk: TsDataChunk,
  options: Options,
): string | undefined {
  const resolved = settingsOf(options);
  if (!resolved) return undefined;
  const { settings } = resolved;
  try {
    const leading = printLeading(chunk.leading);
    const head = checkHead(chunk.head);
    const printer = printerFor(chunk.scope, resolved);
    const statement = printer.assignment(
      head,
      " =",
      chunk.value,
      0,
      0,
      settings.semi ? 1 : 0,
      false,
    );
    return `${leading}${statement}${settings.semi ? ";" : ""}\n`;
  } catch (e) {
    if (e instanceof Unsure || e instanceof RangeError) return undefined; // RangeError: nesting too deep
    throw e;
  }
}

const scoped = new WeakMap<object, Map<string, DataPrinter>>();

/** Settings with the string that names them (a printer is shared by the chunks with equal settings). */
interface Resolved {
  readonly settings: Settings;
  readonly key: string;
}

/**
 * The settings of an options object, resolved once per object: a file's chunks are printed with
 * the same options object (formatFileParts makes one per file), and resolving them again for each
 * of the real tools' 1,880 declarations (the options' entries, then the settings' JSON for the
 * printer's key) was about 20 ms of a cold run's worker. An options object is read when first
 * used, so one changed afterwards is not seen: callers make a new one.
 */
const resolvedOf = new WeakMap<object, Resolved | null>();

function settingsOf(options: Options): Resolved | undefined {
  let resolved = resolvedOf.get(options);
  if (resolved === undefined) {
    const settings = understood(options);
    resolved = settings ? { settings, key: JSON.stringify(settings) } : null;
    resolvedOf.set(options, resolved);
  }
  return resolved ?? undefined;
}

/**
 * The printer for a chunk: shared by the chunks of one scope with the same settings (its caches
 * hold measurements and layouts of objects by identity, see DataChunk.scope), else a fresh one.
 */
function printerFor(
  scope: object | undefined,
  resolved: Resolved,
): DataPrinter {
  if (scope === undefined) return new DataPrinter(resolved.settings);
  let bySettings = scoped.get(scope);
  if (!bySettings) scoped.set(scope, (bySettings = new Map()));
  let printer = bySettings.get(resolved.key);
  if (!printer)
    bySettings.set(
      resolved.key,
      (printer = new DataPrinter(resolved.settings)),
    );
  return printer;
}

export interface Settings {
  readonly printWidth: number;
  readonly tabWidth: number;
  readonly useTabs: boolean;
  readonly semi: boolean;
  readonly singleQuote: boolean;
  readonly quoteProps: "as-needed" | "consistent" | "preserve";
  readonly trailingComma: boolean;
  readonly bracketSpacing: boolean;
}

function understood(options: Options): Settings | undefined {
  const o = options as Record<string, unknown>;
  for (const [key, value] of Object.entries(o)) {
    if (value !== undefined && !UNDERSTOOD.has(key)) return undefined;
  }
  const parser = o.parser ?? "babel-ts";
  if (parser !== "babel-ts" && parser !== "typescript") return undefined;
  if (
    o.plugins !== undefined &&
    !(Array.isArray(o.plugins) && o.plugins.length === 0)
  )
    return undefined;
  if (
    o.insertPragma ||
    o.requirePragma ||
    o.checkIgnorePragma ||
    o.experimentalTernaries
  )
    return undefined;
  if (
    o.experimentalOperatorPosition !== undefined &&
    o.experimentalOperatorPosition !== "end"
  )
    return undefined;
  if (
    o.endOfLine !== undefined &&
    o.endOfLine !== "lf" &&
    o.endOfLine !== "auto"
  )
    return undefined;
  if (
    o.objectWrap !== undefined &&
    o.objectWrap !== "preserve" &&
    o.objectWrap !== "collapse"
  )
    return undefined;
  const printWidth = o.printWidth ?? 80;
  const tabWidth = o.tabWidth ?? 2;
  if (
    typeof printWidth !== "number" ||
    !Number.isSafeInteger(printWidth) ||
    printWidth < 0
  )
    return undefined;
  if (
    typeof tabWidth !== "number" ||
    !Number.isSafeInteger(tabWidth) ||
    tabWidth < 1
  )
    return undefined;
  const quoteProps = o.quoteProps ?? "as-needed";
  if (
    quoteProps !== "as-needed" &&
    quoteProps !== "consistent" &&
    quoteProps !== "preserve"
  )
    return undefined;
  const trailingComma = o.trailingComma ?? "all";
  if (
    trailingComma !== "all" &&
    trailingComma !== "es5" &&
    trailingComma !== "none"
  )
    return undefined;
  const useTabs = o.useTabs ?? false;
  const semi = o.semi ?? true;
  const singleQuote = o.singleQuote ?? false;
  const bracketSpacing = o.bracketSpacing ?? true;
  if (
    typeof useTabs !== "boolean" ||
    typeof semi !== "boolean" ||
    typeof singleQuote !== "boolean" ||
    typeof bracketSpacing !== "boolean"
  )
    return undefined;
  return {
    printWidth,
    tabWidth,
    useTabs,
    semi,
    singleQuote,
    quoteProps,
    trailingComma: trailingComma !== "none",
    bracketSpacing,
  };
}

// ---------------------------------------------------------------------------------------------
// Comments and head

/**
 * The leading comments as prettier prints them at the top level. A block comment whose every
 * line starts with `*` is re-indented: each line left-trimmed and (but the first) prefixed with
 * one space, each line but the last right-trimmed — except that in a JSDoc comment (`/**`) a
 * middle line ending in two spaces keeps exactly two (a Markdown line break). Any other block
 * comment is kept verbatim; `//` comments are right-trimmed.
 */
function printLeading(leading: string): string {
  if (leading === "") return "";
  // Each tool's constant has its comment in every target's module (the same string, see
  // toolDocComment): printed once.
  let printed = leadings.get(leading);
  if (printed === undefined) {
    printed = printLeadingAfresh(leading);
    if (leadings.size >= LEADINGS) leadings.clear();
    leadings.set(leading, printed);
  }
  return printed;
}

/** Printed comments by their source (a comment prettier would not take as it is is never kept: it throws). */
const leadings = new Map<string, string>();
const LEADINGS = 4096;

function printLeadingAfresh(leading: string): string {
  // Line terminators prettier or the parser see differently, and ignore markers, go to prettier.
  if (
    !leading.endsWith("\n") ||
    /[\r\u2028\u2029]/.test(leading) ||
    leading.includes("prettier-ignore")
  )
    throw new Unsure();
  if (leading.startsWith("/*")) {
    if (!leading.endsWith("*/\n") || leading.length < 5) throw new Unsure();
    const value = leading.slice(2, -3);
    if (value.includes("*/")) throw new Unsure();
    const lines = `*${value}*`.split("\n").map((line) => line.trimStart());
    if (lines.length === 1 || !lines.every((line) => line.startsWith("*")))
      return `/*${value}*/\n`;
    const jsdoc = value[0] === "*" && value[1] !== "*";
    const printed = lines.map((line, i) => {
      if (i === 0) return line.trimEnd();
      if (i === lines.length - 1) return " " + line;
      const trimmed = line.trimEnd();
      return jsdoc && trimmed !== "*" && line.endsWith("  ")
        ? ` ${trimmed}  `
        : ` ${trimmed}`;
    });
    return `/${printed.join("\n")}/\n`;
  }
  const lines = leading.slice(0, -1).split("\n");
  if (!lines.every((line) => line.startsWith("//"))) throw new Unsure();
  return lines.map((line) => line.trimEnd() + "\n").join("");
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const HEAD =
  /^(export )?(const|let|var) ([A-Za-z_$][A-Za-z0-9_$]*)(?:: (?:readonly (?=[A-Za-z_$][A-Za-z0-9_$]*\[\]))?([A-Za-z_$][A-Za-z0-9_$]*)((?:\[\])*))?$/;
/** Reserved and strict-mode/module reserved words: not valid as these names (or not worth it). */
const RESERVED = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined".split(
    " ",
  ),
);

/** The head as prettier prints it (already canonical when it matches), or Unsure. */
function checkHead(head: string): string {
  const m = HEAD.exec(head);
  if (!m) throw new Unsure();
  if (RESERVED.has(m[3]!) || (m[4] !== undefined && RESERVED.has(m[4])))
    throw new Unsure();
  return head;
}

// ---------------------------------------------------------------------------------------------
// Widths

/** Code points whose display width prettier's getStringWidth counts as exactly 1. */
function narrow(cp: number): boolean {
  return (
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0x2ff) || // Latin-1 supplement, Latin extended A/B, IPA, modifier letters
    (cp >= 0x370 && cp <= 0x482) || // Greek and Coptic, Cyrillic (before its combining marks)
    (cp >= 0x48a && cp <= 0x52f) ||
    (cp >= 0x1e00 && cp <= 0x1eff) || // Latin extended additional
    (cp >= 0x2010 && cp <= 0x2027) || // dashes, quotation marks, bullet, ellipsis
    (cp >= 0x20a0 && cp <= 0x20bf) // currency symbols
  );
}

/**
 * Bounds on prettier's getStringWidth(text): exact for ASCII (and the narrow ranges above);
 * any other code point counts between 0 and 2 columns (prettier counts marks and controls as 0,
 * wide characters and emoji sequences as 2 for the whole sequence).
 * @internal exported for the test
 */
export function widthBounds(text: string): [number, number] {
  if (/^[\x20-\x7f]*$/.test(text)) return [text.length, text.length];
  let lo = 0;
  let hi = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (narrow(cp)) {
      lo++;
      hi++;
    } else hi += 2;
  }
  return [lo, hi];
}

// ---------------------------------------------------------------------------------------------
// Literals

/** prettier's number printing, for the text `numberLiteral` writes (finite numbers only). */
function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new Unsure();
  if (Object.is(n, -0)) return "-0";
  return String(n).replace("e+", "e");
}

/** A `-` in front: a UnaryExpression to prettier, not a NumericLiteral. */
function isNegative(n: number): boolean {
  return n < 0 || Object.is(n, -0);
}

interface Text {
  readonly text: string;
  readonly lo: number;
  readonly hi: number;
}

/** What is known about a non-empty object or array: its flat width, or that it must break. */
interface Info {
  readonly broken: boolean;
  readonly lo: number;
  readonly hi: number;
  /** Objects: the printed keys, in order. */
  readonly keys?: readonly Text[];
  /** Arrays: only numbers (prettier fills them). */
  readonly numbers?: boolean;
}

type AssignmentLayout =
  "never-break-after-operator" | "break-after-operator" | "fluid";

/** A broken layout of a value at one indentation level, with its decisions' margins (DataPrinter.laidOut). */
interface Layout {
  readonly text: string;
  readonly level: number;
  readonly fitSlack: number;
  readonly breakSlack: number;
}

class DataPrinter {
  private readonly strings = new Map<string, Text>();
  /** Printed keys by key (see keys). */
  private readonly keyTexts = new Map<string, Text>();
  private readonly infos = new Map<object, Info>();
  /** Broken layouts by object and indentation level: they depend on nothing else. */
  private readonly layouts = new Map<object, Layout[]>();
  /**
   * The least margin of the line-fitting decisions made since the layout being made began: by
   * how many columns what was put on a line fitted (`fitSlack`), and by how many what was broken
   * did not (`breakSlack`). See `laidOut`.
   */
  private fitSlack = Infinity;
  private breakSlack = Infinity;
  private readonly indents: string[] = [];
  private readonly width: number;
  private readonly tabWidth: number;

  constructor(private readonly s: Settings) {
    this.width = s.printWidth;
    this.tabWidth = s.tabWidth;
  }

  private indent(level: number): string {
    let text = this.indents[level];
    if (text === undefined) {
      text = this.s.useTabs
        ? "\t".repeat(level)
        : " ".repeat(level * this.tabWidth);
      this.indents[level] = text;
    }
    return text;
  }

  private columns(level: number): number {
    return level * this.tabWidth;
  }

  /**
   * Whether a flat text of width in [lo, hi] fits in `room` columns; Unsure when that depends.
   * Every line-fitting decision of a layout is made here, its margin kept (see `laidOut`).
   */
  private fits(lo: number, hi: number, room: number): boolean {
    if (hi <= room) {
      if (room - hi < this.fitSlack) this.fitSlack = room - hi;
      return true;
    }
    if (lo > room) {
      if (lo - room < this.breakSlack) this.breakSlack = lo - room;
      return false;
    }
    throw new Unsure();
  }

  /** prettier's printString for the literal stringLiteral writes: quote choice, then requote. */
  private string(value: string): Text {
    let known = this.strings.get(value);
    if (known) return known;
    const raw = stringLiteral(value);
    const content = raw.slice(1, -1);
    const quote = preferredQuote(content, this.s.singleQuote);
    const text = quote === '"' ? raw : requote(content, quote);
    const [lo, hi] = widthBounds(text);
    known = { text, lo, hi };
    this.strings.set(value, known);
    return known;
  }

  private scalar(v: Value): Text {
    if (v === null) return NULL;
    if (v instanceof Verbatim) return v;
    switch (typeof v) {
      case "boolean":
        return v ? TRUE : FALSE;
      case "number": {
        const text = numberText(v);
        return { text, lo: text.length, hi: text.length };
      }
      case "string":
        return this.string(v);
    }
    throw new Unsure(); // not JSON (undefined, a function, a bigint, an object…)
  }

  /**
   * The keys of an object as prettier prints them, under quoteProps. Outside `consistent` a key's
   * text depends on the key alone: kept per key, for the few names (`type`, `description`, …) that
   * nearly every object of a declaration repeats.
   */
  private keys(keys: readonly string[]): Text[] {
    if (this.s.quoteProps === "consistent") return this.keysOf(keys);
    const texts: Text[] = [];
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      let known = this.keyTexts.get(k);
      if (known === undefined) {
        known = this.keysOf([k])[0]!;
        this.keyTexts.set(k, known);
      }
      texts.push(known);
    }
    return texts;
  }

  private keysOf(keys: readonly string[]): Text[] {
    const kinds = keys.map((k) => {
      if (k === "__proto__") return "computed";
      if (IDENTIFIER.test(k)) return "identifier";
      // prettier unquotes string keys that are ES5 identifier names, which go beyond ASCII; a key
      // is surely none when it starts with a digit or holds a character no identifier has.
      if (
        /[^\x00-\x7f]/.test(k) &&
        !/^[0-9]|[\x00-\x23\x25-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f\u2028\u2029\ud800-\udfff]/.test(
          k,
        )
      )
        throw new Unsure();
      return "string";
    });
    // consistent: when some key must stay quoted (any string key in this source), quote them all.
    const quoteAll =
      this.s.quoteProps === "consistent" && kinds.includes("string");
    return keys.map((k, i) => {
      const kind = kinds[i]!;
      let text: string;
      if (kind === "identifier")
        text = quoteAll ? (this.s.singleQuote ? `'${k}'` : `"${k}"`) : k;
      else if (kind === "string") text = this.string(k).text;
      else text = `[${this.string(k).text}]`;
      // The key's width places what follows it on the line: it must be known exactly.
      const [lo, hi] = widthBounds(text);
      if (lo !== hi) throw new Unsure();
      return { text, lo, hi };
    });
  }

  private info(v: object, depth: number): Info {
    let known = this.infos.get(v);
    if (known) return known;
    if (depth > 200) throw new Unsure();
    if (Array.isArray(v)) {
      const items = v as readonly Value[];
      let broken = mustBreak(items);
      let lo = 2 + 2 * (items.length - 1);
      let hi = lo;
      let numbers = true;
      for (let i = 0; i < items.length; i++) {
        if (!(i in items)) throw new Unsure(); // a hole
        const m = this.measure(items[i]!, depth + 1);
        if (m === undefined) broken = true;
        else {
          lo += m.lo;
          hi += m.hi;
        }
        if (typeof items[i] !== "number") numbers = false;
      }
      known = { broken, lo, hi, numbers };
    } else {
      const record = v as { readonly [key: string]: Value };
      const names = Object.keys(record);
      const keys = this.keys(names);
      let broken = false;
      let lo = 2 + (this.s.bracketSpacing ? 2 : 0) + 2 * (names.length - 1);
      let hi = lo;
      for (let i = 0; i < names.length; i++) {
        const m = this.measure(record[names[i]!]!, depth + 1);
        if (m === undefined) broken = true;
        else {
          lo += keys[i]!.lo + 2 + m.lo;
          hi += keys[i]!.hi + 2 + m.hi;
        }
      }
      known = { broken, lo, hi, keys };
    }
    this.infos.set(v, known);
    return known;
  }

  /** Flat width bounds of a value; undefined when it contains a forced break. */
  private measure(
    v: Value,
    depth: number,
  ): { lo: number; hi: number } | undefined {
    if (isLeaf(v)) return this.scalar(v);
    if (isEmpty(v)) return EMPTY;
    const info = this.info(v, depth);
    return info.broken ? undefined : info;
  }

  /** The one-line text of a value that has no forced break. */
  private flat(v: Value): string {
    return isLeaf(v) ? this.scalar(v).text : this.flatText(v);
  }

  private flatText(
    v: Exclude<Value, null | boolean | number | string | Verbatim>,
  ): string {
    if (Array.isArray(v)) {
      const items = v as readonly Value[];
      if (items.length === 0) return "[]";
      let out = "[";
      for (let i = 0; i < items.length; i++)
        out += (i === 0 ? "" : ", ") + this.flat(items[i]!);
      return out + "]";
    }
    const record = v as { readonly [key: string]: Value };
    const names = Object.keys(record);
    if (names.length === 0) return "{}";
    const keys = this.info(v, 0).keys!;
    const space = this.s.bracketSpacing ? " " : "";
    let out = "{" + space;
    for (let i = 0; i < names.length; i++)
      out +=
        (i === 0 ? "" : ", ") +
        keys[i]!.text +
        ": " +
        this.flat(record[names[i]!]!);
    return out + space + "}";
  }

  /**
   * A value starting at `column` of a line indented `level` times; `trail` is the width of what
   * follows it on the line (`,` `;`), which counts when prettier decides whether a group fits.
   */
  value(
    v: Value,
    level: number,
    column: number,
    trail: number,
    known?: Info,
  ): string {
    if (isLeaf(v)) return this.scalar(v).text;
    if (known === undefined && isEmpty(v))
      return Array.isArray(v) ? "[]" : "{}";
    // `known`: the caller has looked it up already (one lookup fewer per object).
    const info = known ?? this.info(v, 0);
    if (
      !info.broken &&
      this.fits(info.lo, info.hi, this.width - column - trail)
    )
      return this.flat(v);
    return this.laidOut(v, info, level);
  }

  /**
   * The broken layout of `v` at indentation `level`. Its lines depend only on the level (not on
   * where it starts or what follows it): a value printed again at the same level (a shared
   * schema) is printed once. And at another level they are the same lines indented more or less
   * whenever every line-fitting decision made for them comes out the same with that many columns
   * less or more room: what fitted had at least that much room to spare (`fitSlack`), what was
   * broken missed by more (`breakSlack`). The targets that declare a schema alike one level
   * deeper (openai-compatible's `function.parameters` beside anthropic's `input_schema`; openai-chat
   * beside openai-responses) print it again only where some decision is that close.
   */
  private laidOut(v: object, info: Info, level: number): string {
    let layouts = this.layouts.get(v);
    if (layouts !== undefined) {
      const exact = layouts[level];
      if (exact !== undefined) return this.taken(exact);
      for (let i = 0; i < layouts.length; i++) {
        const known = layouts[i];
        if (known === undefined) continue;
        const shift = (level - known.level) * this.tabWidth;
        if (shift > 0 ? known.fitSlack >= shift : known.breakSlack > -shift) {
          const moved: Layout = {
            text: this.reindented(known.text, level - known.level),
            level,
            fitSlack: known.fitSlack - shift,
            breakSlack: known.breakSlack + shift,
          };
          layouts[level] = moved;
          return this.taken(moved);
        }
      }
    }
    const outerFit = this.fitSlack;
    const outerBreak = this.breakSlack;
    this.fitSlack = Infinity;
    this.breakSlack = Infinity;
    const text = this.broken(v, info, level);
    const made: Layout = {
      text,
      level,
      fitSlack: this.fitSlack,
      breakSlack: this.breakSlack,
    };
    this.fitSlack = outerFit;
    this.breakSlack = outerBreak;
    if (!layouts) this.layouts.set(v, (layouts = []));
    layouts[level] = made;
    return this.taken(made);
  }

  /** A layout used within the one being made: its decisions are that one's too. */
  private taken(layout: Layout): string {
    if (layout.fitSlack < this.fitSlack) this.fitSlack = layout.fitSlack;
    if (layout.breakSlack < this.breakSlack)
      this.breakSlack = layout.breakSlack;
    return layout.text;
  }

  /**
   * A layout's text `by` levels deeper (or shallower, by < 0): every line but the first starts
   * with its indentation, at least the layout's own level, and a line break is never inside a
   * literal (strings are escaped).
   */
  private reindented(text: string, by: number): string {
    const unit = this.indent(1);
    return by > 0
      ? text.replaceAll("\n", "\n" + unit.repeat(by))
      : text.replaceAll("\n" + unit.repeat(-by), "\n");
  }

  /** The layout of a non-empty object or array over several lines, at indentation `level`. */
  private broken(v: object, info: Info, level: number): string {
    const inner = this.indent(level + 1);
    const innerColumn = this.columns(level + 1);
    const comma = this.s.trailingComma;
    let out: string;
    if (Array.isArray(v)) {
      const items = v as readonly Value[];
      out = "[";
      if (info.numbers) {
        // fill: a number joins the line when it fits there with its comma (a pair-wise check in
        // prettier, which is this greedy rule); what follows the array does not count.
        let end = innerColumn;
        for (let i = 0; i < items.length; i++) {
          const text =
            numberText(items[i] as number) +
            (i < items.length - 1 || comma ? "," : "");
          if (
            i > 0 &&
            this.fits(end + 1 + text.length, end + 1 + text.length, this.width)
          ) {
            out += " " + text;
            end += 1 + text.length;
          } else {
            out += "\n" + inner + text;
            end = innerColumn + text.length;
          }
        }
      } else {
        for (let i = 0; i < items.length; i++) {
          const last = i === items.length - 1;
          out +=
            "\n" +
            inner +
            this.value(
              items[i]!,
              level + 1,
              innerColumn,
              last && !comma ? 0 : 1,
            ) +
            (last && !comma ? "" : ",");
        }
      }
      return out + "\n" + this.indent(level) + "]";
    }
    const record = v as { readonly [key: string]: Value };
    const names = Object.keys(record);
    const keys = info.keys!;
    out = "{";
    for (let i = 0; i < names.length; i++) {
      const last = i === names.length - 1;
      const key = keys[i]!;
      const short = key.hi < this.tabWidth + 3;
      out +=
        "\n" +
        inner +
        this.assignment(
          key.text,
          ":",
          record[names[i]!]!,
          level + 1,
          innerColumn,
          last && !comma ? 0 : 1,
          short,
        ) +
        (last && !comma ? "" : ",");
    }
    return out + "\n" + this.indent(level) + "}";
  }

  /**
   * `left op value` (a property `key: value`, or the declaration `head = value`) starting at
   * `column`, with prettier's assignment layouts (print/assignment.js chooseLayout).
   */
  assignment(
    left: string,
    op: string,
    v: Value,
    level: number,
    column: number,
    trail: number,
    shortKey: boolean,
  ): string {
    const prefix = left + op;
    const after = column + prefix.length;
    // measure(v), keeping the info of a non-empty object or array for value() below.
    let info: Info | undefined;
    let m: { lo: number; hi: number } | undefined;
    if (isLeaf(v)) m = this.scalar(v);
    else if (isEmpty(v)) m = EMPTY;
    else {
      info = this.info(v, 0);
      m = info.broken ? undefined : info;
    }
    if (
      m !== undefined &&
      this.fits(
        prefix.length + 1 + m.lo,
        prefix.length + 1 + m.hi,
        this.width - column - trail,
      )
    )
      return prefix + " " + this.flat(v);
    const layout = chooseLayout(v, shortKey);
    if (layout === "never-break-after-operator")
      return prefix + " " + this.value(v, level, after + 1, trail, info);
    if (layout === "break-after-operator")
      return prefix + "\n" + this.indent(level + 1) + this.scalar(v).text;
    // fluid: the value stays after the operator when its first line's start fits there (an
    // object or array up to its bracket, anything else whole, with what follows it).
    let lead: number;
    if (!isLeaf(v)) lead = isEmpty(v) ? 2 + trail : 1;
    else lead = this.scalar(v).text.length + trail;
    if (this.fits(1 + lead, 1 + lead, this.width - after))
      return prefix + " " + this.value(v, level, after + 1, trail, info);
    return (
      prefix +
      "\n" +
      this.indent(level + 1) +
      this.value(v, level + 1, this.columns(level + 1), trail, info)
    );
  }
}

const NULL: Text = { text: "null", lo: 4, hi: 4 };
const TRUE: Text = { text: "true", lo: 4, hi: 4 };
const FALSE: Text = { text: "false", lo: 5, hi: 5 };
const EMPTY = { lo: 2, hi: 2 };

/** A scalar or an identifier: printed as one piece of text. */
function isLeaf(v: Value): v is null | boolean | number | string | Verbatim {
  return v === null || typeof v !== "object" || v instanceof Verbatim;
}

function isEmpty(v: object): boolean {
  return Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
}

/** prettier breaks an array of two or more arrays (or objects) that each hold more than one entry. */
function mustBreak(items: readonly Value[]): boolean {
  if (items.length <= 1) return false;
  const kind = (e: Value) =>
    isLeaf(e)
      ? undefined
      : Array.isArray(e)
        ? e.length > 1
          ? "array"
          : undefined
        : Object.keys(e).length > 1
          ? "object"
          : undefined;
  const first = kind(items[0]!);
  return first !== undefined && items.every((e) => kind(e) === first);
}

/** prettier's layout for `left op value` that does not fit on one line, for a JSON value `v` (chooseLayout). */
function chooseLayout(v: Value, shortKey: boolean): AssignmentLayout {
  if (typeof v === "boolean" || (typeof v === "number" && !isNegative(v)))
    return "never-break-after-operator";
  if (shortKey) return "never-break-after-operator";
  if (typeof v === "string") return "break-after-operator";
  return "fluid";
}

/** The layout options this printer understands, resolved with prettier's defaults (undefined: an option it does not reproduce). */
export function layoutSettings(options: Options): Settings | undefined {
  return understood(options);
}

/**
 * A row of an expanded array (`[…],` or `{…},` alone on its line, `level` levels deep) as prettier
 * breaks it when it is wider than the print width: its lines, indented, the last ending in the
 * comma. Undefined when this printer is not sure (the caller asks prettier).
 */
export function formatArrayElement(
  value: LiteralValue,
  level: number,
  settings: Settings,
): string[] | undefined {
  // A printer of its own: its caches hold values by identity, and a parsed row is never seen again.
  const printer = new DataPrinter(settings);
  try {
    const indent = settings.useTabs
      ? "\t".repeat(level)
      : " ".repeat(level * settings.tabWidth);
    const text = printer.value(value, level, level * settings.tabWidth, 1);
    return `${indent}${text},`.split("\n");
  } catch (e) {
    if (e instanceof Unsure || e instanceof RangeError) return undefined;
    throw e;
  }
}
