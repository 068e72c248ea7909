/**
 * A fast path for code chunks that an emitter already writes in prettier's layout (`canonical`
 * files, see artifact.ts): the validator compiler writes one statement or block head per line, in
 * the form prettier prints it. What the emitter cannot know is where prettier breaks a line that
 * is wider than the print width; those lines, and only those, are formatted by prettier itself —
 * all of them in one call, each wrapped in as many blocks as it is deep, so prettier fits it at its
 * real indentation. Everything else is kept as written.
 *
 * Whether the emitter's layout is prettier's is not taken on trust: a test formats the fixtures
 * and random schemas both ways and compares the bytes (test/unit/ts-code-format.test.ts). Any
 * line this module cannot place — a wide line that is not a whole statement or block head, an
 * option it does not reproduce, a batch prettier rejects — sends the chunk to prettier whole.
 *
 * Kept (issue 13, `npm run bench -- stand-ins`): the 1,000-tool catalog's 30 MB of code take 2.2 s
 * here (4.6 s while wide error-table rows still went to prettier) and about 80 s in prettier (38×
 * on the same sample, load average 9): `generate`'s 3 s target needs it.
 */
import type { Options } from "prettier";
import type { CanonicalChunk } from "../core/emit/artifact.js";
import { preferredQuote, requote } from "../core/codegen/code.js";
import { parseLiteral } from "./literal-line.js";
import { closingQuote } from "./ts-scan.js";
import {
  formatArrayElement,
  layoutSettings,
  type Settings,
} from "./ts-data-format.js";
import { breakConcatenation } from "./wide-lines/concatenation.js";
import { breakTypeMember } from "./wide-lines/type-members.js";
import { breakUnionAlias } from "./wide-lines/union-alias.js";
import { breakValueTree } from "./wide-lines/value-tree.js";
import {
  breakAndChainHead,
  breakNegatedChain,
  breakStringSet,
  breakTypeImport,
  breakUnionMember,
} from "./ts-wide-lines.js";
import { breakStandardSchemaLine } from "./wide-lines/standard-schema-shapes.js";
import { breakImportList } from "./wide-lines/import-list.js";
import { breakObjectType } from "./wide-lines/object-type.js";
import { breakNameProperty } from "./wide-lines/property.js";
import { breakIfHead, breakStatement } from "./wide-lines/statement.js";

/** A formatter call (prettier.format) injected so the module stays testable. */
export type FormatText = (text: string, options: Options) => Promise<string>;

/** A wide line to be broken by prettier, placed at `depth` blocks. */
interface WideLine {
  readonly depth: number;
  readonly kind:
    "statement" | "head" | "else-head" | "property" | "member" | "element";
  readonly text: string;
}

const BODY = "__toolcat_body__;";
const CUT = "__toolcat_cut__;";

/**
 * The chunks formatted as prettier would (each with its trailing newline; a chunk the fast path
 * declined is `undefined`, for the caller to give to prettier). `chunks` are complete top-level
 * statements in the emitter's canonical layout.
 */
export async function formatCanonicalChunks(
  chunks: readonly CanonicalChunk[],
  options: Options,
  format: FormatText,
): Promise<(string | undefined)[]> {
  const settings = defaultLayout(options);
  if (settings === undefined) return chunks.map(() => undefined);
  const wide = new Map<string, WideLine>();
  // A chunk laid out by prettier for one width (template source) is kept as it is at that
  // width with the default options, and goes to prettier otherwise.
  const plans = chunks.map((chunk) => {
    if (chunk.width !== undefined)
      return chunk.width === settings.printWidth && !settings.singleQuote
        ? [chunk.canonical]
        : undefined;
    // Fixed text the emitter laid out for this width (see CanonicalChunk.laidOut).
    const fixed =
      chunk.laidOut?.width === settings.printWidth && settings.trailingCommaAll
        ? settings.singleQuote
          ? requoted(chunk.laidOut.text)
          : chunk.laidOut.text
        : undefined;
    if (fixed !== undefined) return [fixed];
    const text = settings.singleQuote
      ? requoted(chunk.canonical)
      : chunk.canonical;
    return text === undefined
      ? undefined
      : planChunk(text, chunk.members === true, settings, wide);
  });
  const broken =
    wide.size === 0
      ? new Map<string, string[]>()
      : await breakWideLines([...wide.values()], options, format);
  return plans.map((plan) => {
    if (plan === undefined) return undefined;
    const out: string[] = [];
    for (let i = 0; i < plan.length; i++) {
      const line = plan[i]!;
      if (typeof line === "string") out.push(line);
      else {
        const lines = broken.get(key(line));
        if (lines === undefined) return undefined;
        out.push(...lines);
      }
    }
    return out.join("\n") + "\n";
  });
}

/** The chunk's lines, wide ones as `WideLine`s (registered in `wide`); undefined when one cannot be placed. */
function planChunk(
  chunk: string,
  members: boolean,
  settings: Layout,
  wide: Map<string, WideLine>,
): (string | WideLine)[] | undefined {
  const { printWidth } = settings;
  const ascii = !NON_ASCII.test(chunk);
  // The common case, checked without splitting: ASCII text whose every line fits.
  if (ascii && everyLineFits(chunk, printWidth)) return [chunk];
  const plan: (string | WideLine)[] = [];
  const lines = chunk.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (
      (ascii ? line.length : widthBound(line)) <= printWidth ||
      isComment(line)
    ) {
      plan.push(line);
      continue;
    }
    const shaped = breakStandardSchemaLine(lines, i, settings);
    if (shaped === null) return undefined;
    if (shaped !== undefined) {
      plan.push(...shaped.out);
      i = shaped.next - 1;
      continue;
    }
    const indent = indentOf(line);
    if (indent % 2 !== 0) return undefined;
    let text = line.slice(indent);
    // `if (…) x;` + `else y;` is one statement over two lines: placed together.
    if (text.startsWith("else ")) {
      const previous = plan.pop();
      if (
        typeof previous !== "string" ||
        indentOf(previous) !== indent ||
        !BRACELESS_IF.test(previous)
      )
        return undefined;
      text = `${previous.slice(indent)}\n${text}`;
    } else if (
      BRACELESS_IF.test(text) &&
      lines[i + 1]?.startsWith(`${line.slice(0, indent)}else `)
    ) {
      text = `${text}\n${lines[++i]!.slice(indent)}`;
    }
    if (members && indent > 0) {
      // A type member (`key?: Type;`): prettier may break its type, never the member list.
      if (!text.endsWith(";")) return undefined;
      const union =
        breakUnionMember(text, indent, settings) ??
        breakTypeMember(text, indent, settings);
      if (union !== undefined) {
        plan.push(...union);
        continue;
      }
      const entry: WideLine = { depth: indent / 2, kind: "member", text };
      wide.set(key(entry), entry);
      plan.push(entry);
      continue;
    }
    const kind = text.endsWith(";")
      ? "statement"
      : text.startsWith("} else if (") && text.endsWith(") {")
        ? "else-head"
        : isBlockHead(text)
          ? "head"
          : isProperty(text) && indent > 0
            ? "property"
            : isArrayElement(text) && indent > 0
              ? "element"
              : undefined;
    if (kind === undefined) return undefined;
    const head =
      kind === "head"
        ? (breakFunctionHead(text, indent, settings) ??
          breakAndChainHead(text, indent, settings) ??
          breakIfHead(text, indent, settings))
        : kind === "property"
          ? (breakStringProperty(text, indent) ??
            breakNameProperty(text, indent, settings))
          : kind === "statement"
            ? (breakIdentifierList(text, indent, settings) ??
              breakBracelessIf(text, indent, settings) ??
              breakNegatedChain(text, indent, settings) ??
              breakStringSet(text, indent, settings) ??
              breakTypeImport(text, indent, settings) ??
              breakUnionAlias(text, indent, settings) ??
              breakValueTree(text, indent, settings) ??
              breakStatement(text, indent, settings) ??
              breakImportList(text, indent, settings) ??
              breakObjectType(text, indent, settings) ??
              breakConcatenation(text, indent, settings))
            : kind === "element"
              ? breakLiteralElement(text, indent, settings)
              : undefined;
    if (head !== undefined) {
      plan.push(...head);
      continue;
    }
    const entry: WideLine = { depth: indent / 2, kind, text };
    wide.set(key(entry), entry);
    plan.push(entry);
  }
  return plan;
}

/**
 * A row of literals (`[…],`, as an error table's rows are written) wider than the print width, as
 * prettier breaks it: printed by ts-data-format.ts's data printer, which lays literals out as
 * prettier does. Undefined when the row is not a literal that printer reads.
 */
function breakLiteralElement(
  text: string,
  indent: number,
  settings: Layout,
): string[] | undefined {
  const value = parseLiteral(text.slice(0, -1), settings.singleQuote);
  return value === undefined
    ? undefined
    : formatArrayElement(value, indent / 2, settings.data);
}

/**
 * `if (test) statement;` (no else) wider than the print width, as prettier breaks it when the
 * head fits: the statement moves to the next line, one level deeper (prettier's `if` is a group
 * of `if (`, the test in its own group, `)` and the indented clause; the test's group stays flat
 * when `if (test)` fits up to the clause's line break). Only when both lines then fit; anything
 * else goes to prettier.
 */
function breakBracelessIf(
  text: string,
  indent: number,
  settings: Layout,
): string[] | undefined {
  // ASCII only: the line must surely be too wide (widths of other text are only bounded).
  if (!text.startsWith("if (") || !/^[\x20-\x7e]*$/.test(text))
    return undefined;
  const close = closingParen(text, 3);
  if (close === undefined || text[close + 1] !== " ") return undefined;
  const pad = " ".repeat(indent);
  const lines = [
    `${pad}${text.slice(0, close + 1)}`,
    `${pad}  ${text.slice(close + 2)}`,
  ];
  return lines.every((l) => widthBound(l) <= settings.printWidth)
    ? lines
    : undefined;
}

/** The index of the `)` closing the `(` at `open`, skipping string literals; undefined when unsure (a regex or template literal, a comment). */
function closingParen(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39) {
      const j = closingQuote(text, i);
      if (j >= text.length) return undefined;
      i = j;
    } else if (c === 47 || c === 96) return undefined;
    else if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return i;
  }
  return undefined;
}

/** `if (…) statement;` without braces (an `else` line may follow). */
const BRACELESS_IF = /^ *if \(.*;$/;

/** Leading spaces (indentation is spaces only in canonical code). */
function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

/**
 * The code with every string literal quoted as prettier does under `singleQuote`: single quotes
 * unless the text holds more single than double quotes. A literal keeps its width (prettier picks
 * the quote that needs fewer escapes, and the preferred one on a tie), so the layout is unchanged.
 * Comments are skipped. Undefined when the code has a `/` that is not a comment (a regex literal
 * could hold quotes): that chunk goes to prettier.
 */
function requoted(code: string): string | undefined {
  let out = "";
  let from = 0;
  const n = code.length;
  for (let i = 0; i < n; i++) {
    const c = code.charCodeAt(i);
    if (c === 47) {
      const next = code.charCodeAt(i + 1);
      if (next === 47)
        i = code.indexOf("\n", i) === -1 ? n : code.indexOf("\n", i);
      else if (next === 42)
        i =
          code.indexOf("*/", i + 2) === -1 ? n : code.indexOf("*/", i + 2) + 1;
      else return undefined;
    } else if (c === 34 || c === 39) {
      const j = closingQuote(code, i);
      if (j >= n) return undefined;
      const content = code.slice(i + 1, j);
      const quote = preferredQuote(content, true);
      if (String.fromCharCode(c) !== quote) {
        out += code.slice(from, i) + requote(content, quote);
        from = j + 1;
      }
      i = j;
    }
  }
  return out + code.slice(from);
}

const NON_ASCII = /[^\x00-\x7f]/;

function everyLineFits(text: string, width: number): boolean {
  let start = 0;
  for (;;) {
    const end = text.indexOf("\n", start);
    if ((end === -1 ? text.length : end) - start > width) return false;
    if (end === -1) return true;
    start = end + 1;
  }
}

function key(line: WideLine): string {
  return `${line.depth}\0${line.kind}\0${line.text}`;
}

/**
 * A property of an object the emitter wrote expanded (`key: value,` on its own line): prettier
 * keeps such an object expanded, and only breaks the property itself.
 */
function isProperty(text: string): boolean {
  return /^(?:[A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\[(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\]): .*,$/.test(
    text,
  );
}

/**
 * A row of an array of arrays the emitter wrote one row per line (`[a, b, c],`): prettier keeps an
 * array of two or more arrays of two or more elements expanded, and only breaks the row itself.
 */
function isArrayElement(text: string): boolean {
  return text.startsWith("[") && text.endsWith("],");
}

/** A declaration head whose parameters are simple (`name: Type`, no nested brackets or commas). */
const FUNCTION_HEAD =
  /^((?:export )?function [A-Za-z_$][\w$]*(?:<[A-Za-z_$][\w$]* extends [A-Za-z_$][\w$]*>)?)\(((?:[A-Za-z_$][\w$]*: [A-Za-z_$][\w$]*(?:\[\])?)(?:, [A-Za-z_$][\w$]*: [A-Za-z_$][\w$]*(?:\[\])?)*)\)(: [^{}()]+) \{$/;

/**
 * A function head wider than the print width, broken as prettier breaks it: one parameter per
 * line (a trailing comma with `trailingComma: "all"`), then `): ReturnType {`. Only for heads
 * whose pieces each fit, so no other group of the head breaks; anything else goes to prettier.
 */
function breakFunctionHead(
  text: string,
  indent: number,
  settings: Layout,
): string[] | undefined {
  const m = FUNCTION_HEAD.exec(text);
  if (!m) return undefined;
  const [, name, params, returns] = m as unknown as [
    string,
    string,
    string,
    string,
  ];
  const pad = " ".repeat(indent);
  const list = params.split(", ");
  const lines = [
    `${pad}${name}(`,
    ...list.map(
      (p, i) =>
        `${pad}  ${p}${i < list.length - 1 || settings.trailingCommaAll ? "," : ""}`,
    ),
    `${pad})${returns} {`,
  ];
  return lines.every((l) => widthBound(l) <= settings.printWidth)
    ? lines
    : undefined;
}

/**
 * `key: "string",` wider than the print width, as prettier breaks it: the string moves to its own
 * line, indented (its "break-after-operator" layout for a string value after a key longer than
 * the tab width). Nothing else can break: a string is never split.
 */
function breakStringProperty(
  text: string,
  indent: number,
): string[] | undefined {
  const m = STRING_PROPERTY.exec(text);
  // prettier keeps a key narrower than tabWidth (2) + 3 on the line (isObjectPropertyWithShortKey).
  if (!m || m[1]!.length < 5) return undefined;
  const pad = " ".repeat(indent);
  return [`${pad}${m[1]}:`, `${pad}  ${m[2]},`];
}

const STRING_PROPERTY =
  /^([A-Za-z_$][\w$]*): ("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'),$/;

/**
 * `const name: Type[] = [a, b, c];` (plain identifiers) wider than the print width, as prettier
 * breaks it: one element per line with a trailing comma. Only when the first line fits.
 */
function breakIdentifierList(
  text: string,
  indent: number,
  settings: Layout,
): string[] | undefined {
  const m = IDENTIFIER_LIST.exec(text);
  if (!m || !settings.trailingComma) return undefined;
  const pad = " ".repeat(indent);
  const first = `${pad}${m[1]}[`;
  const items = m[2]!.split(", ");
  const lines = [first, ...items.map((item) => `${pad}  ${item},`), `${pad}];`];
  return lines.every((l) => widthBound(l) <= settings.printWidth)
    ? lines
    : undefined;
}

const IDENTIFIER_LIST =
  /^((?:export )?const [A-Za-z_$][\w$]*: [A-Za-z_$][\w$]*\[\] = )\[([A-Za-z_$][\w$]*(?:, [A-Za-z_$][\w$]*)*)\];$/;

function isBlockHead(text: string): boolean {
  return (
    /^(?:(?:export )?function |if \(|for \(|while \(|switch \(|[A-Za-z_$][\w$]*: \{$)/.test(
      text,
    ) && text.endsWith(" {")
  );
}

/** Comments are never re-wrapped by prettier, whatever their width. */
function isComment(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith("//") || t.startsWith("/*") || t.startsWith("*");
}

/**
 * An upper bound of prettier's display width of a line: ASCII counts one column, anything else at
 * most two (wide CJK and emoji are two, combining marks zero).
 */
function widthBound(line: string): number {
  let width = line.length;
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) > 0x7f) width++;
  return width;
}

/** Formats every wide line in one prettier call; the lines each one becomes, by key. */
async function breakWideLines(
  lines: readonly WideLine[],
  options: Options,
  format: FormatText,
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  const source = lines.map(wrap).join(`\n${CUT}\n`);
  let formatted: string | undefined;
  try {
    formatted = await format(source, options);
  } catch {
    formatted = undefined;
  }
  const pieces = formatted?.replace(/\n$/, "").split(`\n${CUT}\n`);
  if (pieces === undefined || pieces.length !== lines.length) {
    // One of them is not a statement after all: halve the batch until it is found; the chunks
    // holding it go to prettier whole.
    if (lines.length === 1) return result;
    const half = Math.ceil(lines.length / 2);
    for (const part of [lines.slice(0, half), lines.slice(half)])
      for (const [k, v] of await breakWideLines(part, options, format))
        result.set(k, v);
    return result;
  }
  for (let i = 0; i < lines.length; i++) {
    const placed = unwrap(lines[i]!, pieces[i]!.split("\n"));
    if (placed !== undefined) result.set(key(lines[i]!), placed);
  }
  return result;
}

/** The line as a program whose formatting shows how prettier breaks it at its depth. */
function wrap(line: WideLine): string {
  if (line.kind === "member") {
    // An interface, then object types as members: depth levels of indentation.
    return `interface W {\n${"w: {\n".repeat(line.depth - 1)}${line.text}\n${"};\n".repeat(line.depth - 1)}}`;
  }
  if (line.kind === "property") {
    // An object assigned one level up; its properties sit at the line's depth.
    const object = `x = {\n${line.text}\n};`;
    return line.depth === 1 ? object : wrapAt(line.depth - 1, object);
  }
  if (line.kind === "element") {
    // A second row keeps the array expanded as in the chunk (see isArrayElement).
    const array = `x = [\n${line.text}\n[0, 0],\n];`;
    return line.depth === 1 ? array : wrapAt(line.depth - 1, array);
  }
  const inner =
    line.kind === "statement"
      ? line.text
      : line.kind === "head"
        ? `${line.text}\n${BODY}\n}`
        : `if (x) {\n${BODY}\n${line.text}\n${BODY}\n}`;
  return line.depth === 0 ? inner : wrapAt(line.depth, inner);
}

/** `inner` at `depth` (≥ 1) levels: a function first (so `return` parses), then plain blocks. */
function wrapAt(depth: number, inner: string): string {
  return `function w() {\n${"{\n".repeat(depth - 1)}${inner}\n${"}\n".repeat(depth - 1)}}`;
}

/** The formatted line(s) taken back out of their wrapping; undefined when the shape is unexpected. */
function unwrap(line: WideLine, out: readonly string[]): string[] | undefined {
  const d = line.depth;
  const indent = " ".repeat(2 * d);
  let lines: readonly string[];
  if (line.kind === "property") {
    // Between `x = {` and `};`, inside depth - 1 wrapping levels.
    const w = d - 1;
    lines = out.slice(w + 1, out.length - w - 1);
  } else if (line.kind === "element") {
    // Between `x = [` and the filler row `[0, 0],` + `];`, inside depth - 1 wrapping levels.
    const w = d - 1;
    lines = out.slice(w + 1, out.length - w - 2);
  } else if (line.kind === "statement" || line.kind === "member")
    lines = d === 0 ? out : out.slice(d, out.length - d);
  else {
    const body = d === 0 ? out : out.slice(d, out.length - d);
    const marks = body.flatMap((l, i) => (l.trim() === BODY ? [i] : []));
    if (line.kind === "head" && marks.length === 1)
      lines = body.slice(0, marks[0]);
    else if (line.kind === "else-head" && marks.length === 2)
      lines = body.slice(marks[0]! + 1, marks[1]);
    else return undefined;
  }
  if (
    lines.length === 0 ||
    !lines.every((l) => l === "" || l.startsWith(indent))
  )
    return undefined;
  if (lines[0]!.slice(indent.length).startsWith(" ")) return undefined;
  return [...lines];
}

/**
 * The print width when `options` are prettier's defaults in everything the canonical layout
 * depends on (two-space indent, semicolons, double quotes, trailing commas, spaced brackets);
 * undefined otherwise, and the caller formats with prettier.
 */
interface Layout {
  readonly printWidth: number;
  /** `singleQuote`: string literals re-quoted as prettier then prefers (same widths, see requoted). */
  readonly singleQuote: boolean;
  /** Trailing commas where ES5 allows them (multi-line arrays and objects). */
  readonly trailingComma: boolean;
  /** Trailing commas after the last parameter too (`trailingComma: "all"`, prettier's default). */
  readonly trailingCommaAll: boolean;
  /** The same options as the data printer reads them. */
  readonly data: Settings;
}

function defaultLayout(options: Options): Layout | undefined {
  const s = layoutSettings(options);
  if (s === undefined) return undefined;
  const o = options as Record<string, unknown>;
  if (o.arrowParens !== undefined && o.arrowParens !== "always")
    return undefined;
  if (o.objectWrap !== undefined && o.objectWrap !== "preserve")
    return undefined;
  const isDefault =
    s.tabWidth === 2 &&
    !s.useTabs &&
    s.semi &&
    s.quoteProps === "as-needed" &&
    s.trailingComma &&
    s.bracketSpacing;
  return isDefault
    ? {
        printWidth: s.printWidth,
        singleQuote: s.singleQuote,
        trailingComma: s.trailingComma,
        trailingCommaAll: (o.trailingComma ?? "all") === "all",
        data: s,
      }
    : undefined;
}
