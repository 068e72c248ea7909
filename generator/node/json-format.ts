/**
 * A fast path for formatting JSON output the way prettier's `json` parser does, for the shape
 * toolcat emits (`JSON.stringify(value, null, 2)`: every non-empty object on several lines). At
 * that shape prettier keeps objects expanded and lays out arrays as groups: on one line when they
 * fit, else one element per line; arrays of only numbers are filled. Formatting a megabyte of
 * declarations this way takes milliseconds instead of seconds. Whatever this printer is not sure
 * about — other options, non-ASCII text in a line-fitting decision, input not in the expected
 * shape — makes it return undefined, and the caller uses prettier itself. A property test
 * compares the two on random values and options.
 *
 * Kept (issue 13, `npm run bench -- stand-ins`): on the 1,000-tool catalog's 31 MB of JSON
 * declarations this printer takes about 1.6 s on the loaded 2-core machine and prettier about
 * 35 s (22× on the same sample) — without it `generate` could not come near its 3 s target.
 */
import type { Options } from "prettier";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

class Unsure extends Error {}

/** Options this printer reproduces; any other option set (or a plugin) means "ask prettier". */
const UNDERSTOOD = new Set(["printWidth", "tabWidth", "useTabs", "endOfLine", "parser", "filepath", "semi", "singleQuote", "jsxSingleQuote", "quoteProps", "trailingComma", "bracketSpacing", "bracketSameLine", "arrowParens", "proseWrap", "htmlWhitespaceSensitivity", "vueIndentScriptAndStyle", "embeddedLanguageFormatting", "singleAttributePerLine", "experimentalTernaries", "experimentalOperatorPosition", "objectWrap", "insertPragma", "requirePragma", "editorconfig"]);

export function formatJsonFast(text: string, options: Options): string | undefined {
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (!UNDERSTOOD.has(key)) return undefined;
  }
  if (options.parser !== "json" || options.objectWrap === "collapse" || options.insertPragma || options.requirePragma) return undefined;
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
  // Only the expanded shape toolcat writes: then prettier's "keep objects expanded" applies.
  if (JSON.stringify(value, null, 2) + "\n" !== text) return undefined;
  const printer = new JsonPrinter(options.printWidth ?? 80, options.useTabs ? "\t" : " ".repeat(options.tabWidth ?? 2), options.useTabs ? (options.tabWidth ?? 2) : undefined);
  try {
    return printer.value(value, 0, 0, 0) + "\n";
  } catch (e) {
    if (e instanceof Unsure) return undefined;
    throw e;
  }
}

function numberText(n: number): string {
  // prettier prints numbers normalised: lower-case `e`, no `+` in the exponent.
  return JSON.stringify(n).replace("e+", "e");
}

function width(text: string): number {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Unsure();
  return text.length;
}

class JsonPrinter {
  /** Indentation by level, and each key's `"key": ` with its width: the same few, over and over. */
  private readonly indents: string[] = [];
  private readonly prefixes = new Map<string, { readonly text: string; readonly width: number }>();

  constructor(
    private readonly printWidth: number,
    private readonly unit: string,
    /** Columns a tab counts for when indenting with tabs. */
    private readonly tabColumns: number | undefined,
  ) {}

  private indent(level: number): string {
    return (this.indents[level] ??= this.unit.repeat(level));
  }

  private prefix(key: string): { readonly text: string; readonly width: number } {
    let known = this.prefixes.get(key);
    if (known === undefined) {
      const text = `${JSON.stringify(key)}: `;
      this.prefixes.set(key, (known = { text, width: width(text) }));
    }
    return known;
  }

  private columns(level: number): number {
    return this.tabColumns !== undefined ? level * this.tabColumns : level * this.unit.length;
  }

  /** Flat (one-line) text of a value; undefined when it contains a hard break (an object). */
  private flat(v: Json): string | undefined {
    if (v === null || typeof v !== "object") return typeof v === "number" ? numberText(v) : JSON.stringify(v);
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      if (this.mustBreak(v)) return undefined;
      const parts: string[] = [];
      for (const e of v) {
        const f = this.flat(e);
        if (f === undefined) return undefined;
        parts.push(f);
      }
      return `[${parts.join(", ")}]`;
    }
    return Object.keys(v).length === 0 ? "{}" : undefined;
  }

  /** prettier breaks an array of two or more arrays (or objects) that each hold more than one entry. */
  private mustBreak(v: Json[]): boolean {
    if (v.length <= 1) return false;
    const kind = (e: Json) => (Array.isArray(e) ? (e.length > 1 ? "array" : undefined) : e !== null && typeof e === "object" ? (Object.keys(e).length > 1 ? "object" : undefined) : undefined);
    const first = kind(v[0]!);
    return first !== undefined && v.every((e) => kind(e) === first);
  }

  /**
   * Prints `v` starting at column `column` of a line indented `level` times; `trail` is the width
   * of what follows on the same line (a comma) and counts when deciding whether a group fits.
   */
  value(v: Json, level: number, column: number, trail: number): string {
    if (v === null || typeof v !== "object") return typeof v === "number" ? numberText(v) : JSON.stringify(v);
    if (Array.isArray(v)) return this.array(v, level, column, trail);
    const keys = Object.keys(v);
    if (keys.length === 0) return "{}";
    const inner = this.indent(level + 1);
    const lines = keys.map((k, i) => {
      const prefix = this.prefix(k);
      const comma = i < keys.length - 1 ? 1 : 0;
      return `${inner}${prefix.text}${this.value(v[k]!, level + 1, this.columns(level + 1) + prefix.width, comma)}${comma ? "," : ""}`;
    });
    return `{\n${lines.join("\n")}\n${this.indent(level)}}`;
  }

  private array(v: Json[], level: number, column: number, trail: number): string {
    if (v.length === 0) return "[]";
    const flat = this.flat(v);
    if (flat !== undefined && column + width(flat) + trail <= this.printWidth) return flat;
    const inner = this.indent(level + 1);
    if (v.length > 1 && v.every((e) => typeof e === "number")) {
      // fill: as many numbers per line as fit, separated by ", ".
      const texts = v.map((e) => numberText(e as number));
      const lines: string[] = [];
      let line = texts[0]!;
      for (let i = 1; i < texts.length; i++) {
        const candidate = `${line}, ${texts[i]}`;
        const lastTrail = i === texts.length - 1 ? 0 : 1;
        if (this.columns(level + 1) + candidate.length + lastTrail <= this.printWidth) line = candidate;
        else {
          lines.push(line + ",");
          line = texts[i]!;
        }
      }
      lines.push(line);
      return `[\n${lines.map((l) => inner + l).join("\n")}\n${this.indent(level)}]`;
    }
    const items = v.map((e, i) => {
      const comma = i < v.length - 1 ? 1 : 0;
      return `${inner}${this.value(e, level + 1, this.columns(level + 1), comma)}${comma ? "," : ""}`;
    });
    return `[\n${items.join("\n")}\n${this.indent(level)}]`;
  }
}
