/**
 * `--js` output in prettier's layout without giving prettier the whole file: the `.js` and `.d.ts`
 * that oxc prints (its own layout: tabs, every object on its own lines, no trailing commas) are
 * laid out after the formatted TypeScript they come from, which prettier (or a printer that
 * reproduces it) has already laid out.
 *
 * Both texts are cut into the same units — a statement, a block head (`if (…) {`), a block's
 * closing line, an interface member — and compared by their tokens, ignoring comments,
 * whitespace, parentheses, trailing commas, quotes and how a number is spelled (oxc writes `5000`
 * as `5e3`). Most units of the JavaScript are the TypeScript's without change: prettier prints a
 * statement the same way in both languages, so the TypeScript's text is kept. A unit whose
 * TypeScript differs only by type syntax on one line (`_e[3]!`, `let d: any;`, `typeof (x as
 * unknown)`) is that line with the type syntax cut out: a shorter line still fits, and nothing
 * else moves. A statement prettier broke over lines keeps its breaks when only `!` were cut and
 * it has a shape whose breaks can be told (see keepsBreaks); a function head of plain parameter
 * names that fits is one line; a function's declaration is its head with `declare` (when the head
 * was one line or one parameter per line). Every other unit is given to prettier, all of a
 * file's in one call, each wrapped in as many blocks as it is deep, in the TypeScript's spelling
 * where it is the same code.
 *
 * Why (example catalog): prettier on the whole `--js` output took about 1.4 s of CPU warm and 2.8 s
 * cold, more than the 0.5 s that `--js` may cost; laid out this way, what meets prettier is about
 * a sixth of the bytes (65 of 385 KB, wrapping included). Whatever cannot be placed sends the
 * file to prettier whole, and so does a result that oxc does not print as it printed the file
 * (the same code, or it is not used). test/unit/js-layout.test.ts checks that prettier changes nothing in the result,
 * for the example catalog, every fixture and other options.
 */
import type { Options } from "prettier";
import { formatPrograms, type FormatText } from "./format-batch.js";
import { layoutSettings } from "./ts-data-format.js";


type TokenKind = "word" | "number" | "string" | "template" | "regex" | "punct" | "comment";

interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** The lines (0-based) of the token's first and last character. */
  readonly line: number;
  readonly endLine: number;
}

interface Unit {
  /** Offsets of the unit's text: from its first line's start to its last line's end. */
  readonly from: number;
  readonly to: number;
  /** Where the code starts: the start of the first code token's line (after leading comments). */
  readonly codeFrom: number;
  /** The leading comments, whitespace collapsed (so oxc's and prettier's comments compare equal). */
  readonly comments: string;
  readonly depth: number;
  /** Code tokens (no comments) from the unit's first code token on. */
  readonly tokens: readonly Token[];
  readonly key: string;
  /** A block head: the unit ends with the `{` of a block whose statements are units of their own. */
  readonly head: boolean;
  /** What the unit is a member of: a statement of a block, an interface's or a class's member. */
  readonly member: BlockKind;
}

type BlockKind = "code" | "interface" | "class";

const BODY = "__toolcat_body__;";

/**
 * `code` (oxc's output for `reference`, the formatted TypeScript) in prettier's layout, or
 * undefined when this module cannot tell (the caller formats the file with prettier).
 */
export async function layOutLike(path: string, reference: string, code: string, options: Options, format: FormatText): Promise<string | undefined> {
  // Without semicolons (`semi: false`) the units do not line up as written here: prettier then
  // formats the files whole.
  const settings = layoutSettings(options);
  if (settings === undefined || !settings.semi) return undefined;
  const ts = referenceUnits(reference, settings.useTabs ? 1 : settings.tabWidth, settings.useTabs);
  const js = cutUnits(code, (line) => indentDepth(line, 1, true));
  if (ts === undefined || js === undefined) return undefined;
  const pad = (depth: number) => (settings.useTabs ? "\t".repeat(depth) : " ".repeat(depth * settings.tabWidth));

  // What each JavaScript unit becomes: kept text, or a job for prettier.
  const pieces: (string | Job)[] = [];
  const jobs: Job[] = [];
  const byKey = new Map<string, number[]>();
  ts.forEach((u, i) => {
    const list = byKey.get(u.key);
    if (list) list.push(i);
    else byKey.set(u.key, [i]);
  });
  // Units whose code occurs once in each text, in the same order, are pinned to each other; the
  // rest are matched between them, so a match never runs ahead of the next pinned unit.
  const anchors = pinnedUnits(ts, js);
  const declarations = path.endsWith(".d.ts");
  let i = 0;
  for (const [index, unit] of js.entries()) {
    const pinned = anchors.at.get(index);
    const limit = anchors.limit[index]!;
    // The unit's own comments, unless the TypeScript unit it takes its code from has the same.
    const comments = (from: Unit): string | undefined => (from.comments === unit.comments ? reference.slice(from.from, from.codeFrom) : layOutComments(code.slice(unit.from, unit.codeFrom), pad(unit.depth)));
    // The next TypeScript unit with the same tokens, not far ahead (type declarations, which the
    // JavaScript lacks, are skipped over).
    const same = pinned ?? nextAt(byKey.get(unit.key), i, Math.min(64, limit - i));
    if (same !== undefined) {
      const lead = comments(ts[same]!);
      if (lead !== undefined) {
        pieces.push(lead + reference.slice(ts[same]!.codeFrom, ts[same]!.to));
        i = same + 1;
        continue;
      }
    }
    // A TypeScript unit close ahead that is this one with its types cut out.
    let erased: { text: string; kept: boolean } | undefined;
    let at = i;
    const firstToken = unit.tokens[0]?.text;
    for (; at < Math.min(limit, i + 64) && erased === undefined; at++) {
      const candidate = ts[at]!;
      if (candidate.depth !== unit.depth || candidate.tokens[0]?.text !== firstToken) continue;
      erased = declarations ? declarationOf(reference, candidate, unit, settings.printWidth, pad(1)) : eraseTypes(reference, candidate, unit, code, settings.printWidth, pad(1));
    }
    if (erased !== undefined) i = at - 1;
    const counterpart = ts[i];
    // A function's declaration has no body: its statements are skipped with it.
    if (counterpart !== undefined) i = counterpart.head && !unit.head ? closerOf(ts, i) + 1 : erased !== undefined ? i + 1 : i;
    const lead = erased !== undefined ? comments(counterpart!) : undefined;
    if (erased !== undefined && erased.kept && lead !== undefined) {
      pieces.push(lead + erased.text);
      continue;
    }
    // A function head whose parameters are plain names, on one line that fits: prettier writes
    // it so (only a parameter list too wide for the line is broken).
    const jsHead = code.slice(unit.codeFrom, unit.to).trim();
    const ownComments = layOutComments(code.slice(unit.from, unit.codeFrom), pad(unit.depth));
    if (unit.head && !declarations && PLAIN_FUNCTION_HEAD.test(jsHead) && displayWidth(pad(unit.depth) + jsHead) <= settings.printWidth && (lead ?? ownComments) !== undefined) {
      pieces.push((lead ?? ownComments) + pad(unit.depth) + jsHead);
      continue;
    }
    // The code from the TypeScript's text where it is the same (numbers spelled as the catalog
    // does), the comments the JavaScript has.
    const source = code.slice(unit.from, unit.codeFrom).trimStart() + (erased !== undefined ? erased.text.trimStart() : code.slice(unit.codeFrom, unit.to).trimStart());
    const job: Job = { depth: unit.depth, head: unit.head, member: unit.member, text: source, lines: [] };
    jobs.push(job);
    pieces.push(job);
  }

  if (jobs.length > 0 && !(await formatJobs(jobs, options, format, pad))) return undefined;
  const out = pieces.map((p) => (typeof p === "string" ? p : p.lines.join("\n"))).join("\n") + "\n";
  // The result is oxc's code, or it is not used.
  return (await sameCode(path, out, code)) ? out : undefined;
}

/** `function name(a, b) {`, exported or async or not: names only, no defaults, no patterns. */
const PLAIN_FUNCTION_HEAD = /^(?:export )?(?:async )?function\*? ?[A-Za-z_$][\w$]*\((?:[A-Za-z_$][\w$]*(?:, [A-Za-z_$][\w$]*)*)?\) \{$/;

/** The last reference's units: a `.ts` file's `.d.ts` and `.js` are laid out one after the other. */
let lastReference: { text: string; indent: number; tabs: boolean; units: Unit[] | undefined } | undefined;

function referenceUnits(text: string, indent: number, tabs: boolean): Unit[] | undefined {
  if (lastReference?.text === text && lastReference.indent === indent && lastReference.tabs === tabs) return lastReference.units;
  const units = cutUnits(text, (line) => indentDepth(line, indent, tabs));
  lastReference = { text, indent, tabs, units };
  return units;
}

// ---------------------------------------------------------------------------------------------
// Tokens

const PUNCT3 = new Set(["===", "!==", "...", "**=", "&&=", "||=", "??="]);
const PUNCT2 = new Set(["=>", "==", "!=", "<=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<"]);

/** JavaScript and TypeScript tokens, comments included; undefined where the scanner is unsure. */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let line = 0;
  let last: Token | undefined;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      if (c === 10) line++;
      i++;
      continue;
    }
    const start = i;
    let kind: TokenKind;
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? n : end;
      kind = "comment";
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf("*/", i + 2);
      if (end === -1) return undefined;
      i = end + 2;
      kind = "comment";
    } else if (c === 34 || c === 39) {
      i = skipString(text, i);
      if (i < 0) return undefined;
      kind = "string";
    } else if (c === 96) {
      i = skipTemplate(text, i);
      if (i < 0) return undefined;
      kind = "template";
    } else if (c === 47 && regexAllowed(text, last)) {
      i = skipRegex(text, i);
      if (i < 0) return undefined;
      kind = "regex";
    } else if ((c >= 48 && c <= 57) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      i++;
      while (i < n && (isWordChar(text.charCodeAt(i)) || isDigit(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i += (text[i] === "e" || text[i] === "E") && (text[i + 1] === "+" || text[i + 1] === "-") ? 2 : 1;
      kind = "number";
    } else if (isWordChar(c) || c > 127) {
      while (i < n && (isWordChar(text.charCodeAt(i)) || isDigit(text.charCodeAt(i)) || text.charCodeAt(i) > 127)) i++;
      kind = "word";
    } else {
      const next = text.charCodeAt(i + 1);
      // Only characters that start a longer operator need a look at the next ones.
      if (next === 61 || next === 62 || next === 46 || next === 38 || next === 124 || next === 63 || next === 43 || next === 45 || next === 42 || next === 60) {
        const three = text.slice(i, i + 3);
        const two = text.slice(i, i + 2);
        i += PUNCT3.has(three) ? 3 : PUNCT2.has(two) && !(two === "?." && isDigit(text.charCodeAt(i + 2))) ? 2 : 1;
      } else i++;
      kind = "punct";
    }
    const tokenText = text.slice(start, i);
    const startLine = line;
    if (kind === "comment" || kind === "template" || kind === "regex" || kind === "string") for (let j = start; j < i; j++) if (text.charCodeAt(j) === 10) line++;
    const token: Token = { kind, start, end: i, text: tokenText, line: startLine, endLine: line };
    tokens.push(token);
    if (kind !== "comment") last = token;
  }
  return tokens;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isWordChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 92;
}

function skipString(text: string, i: number): number {
  const quote = text.charCodeAt(i);
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === quote) return j + 1;
    else if (c === 10) return -1;
  }
  return -1;
}

/** The end of a template literal, `${…}` expressions scanned for their own strings and templates. */
function skipTemplate(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 96) return j + 1;
    else if (c === 36 && text.charCodeAt(j + 1) === 123) {
      let depth = 1;
      j += 2;
      for (; j < text.length && depth > 0; j++) {
        const d = text.charCodeAt(j);
        if (d === 123) depth++;
        else if (d === 125) depth--;
        else if (d === 34 || d === 39) {
          const end = skipString(text, j);
          if (end < 0) return -1;
          j = end - 1;
        } else if (d === 96) {
          const end = skipTemplate(text, j);
          if (end < 0) return -1;
          j = end - 1;
        }
      }
      if (depth > 0) return -1;
      j--;
    }
  }
  return -1;
}

function skipRegex(text: string, i: number): number {
  let inClass = false;
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 10) return -1;
    else if (c === 91) inClass = true;
    else if (c === 93) inClass = false;
    else if (c === 47 && !inClass) {
      let k = j + 1;
      while (k < text.length && /[a-z]/.test(text[k]!)) k++;
      return k;
    }
  }
  return -1;
}

const BEFORE_EXPRESSION = new Set(["return", "typeof", "case", "do", "else", "in", "of", "instanceof", "new", "delete", "void", "throw", "yield", "await"]);

/** A `/` starts a regular expression unless it follows the end of an operand. */
function regexAllowed(text: string, last: Token | undefined): boolean {
  if (last === undefined) return true;
  const t = last.text;
  if (last.kind === "word") return BEFORE_EXPRESSION.has(t);
  if (last.kind === "punct") return t !== ")" && t !== "]" && t !== "}";
  return false;
}

/** A token as compared: numbers by value, everything else by its text. */
function tokenKey(t: Token): string {
  const s = t.text;
  // Strings by value: prettier picks the quote that needs fewer escapes, oxc always `"`.
  if (t.kind === "string") return stringValue(s) ?? s;
  if (t.kind === "number" && !s.endsWith("n")) {
    const v = Number(s.replace(/_/g, ""));
    return Number.isNaN(v) ? s : String(v);
  }
  return s;
}

/** The value of a string literal as JSON, where its escapes are JSON's too (else undefined). */
function stringValue(literal: string): string | undefined {
  if (literal[0] === '"' && !literal.includes("\\")) return literal;
  const inner = literal.slice(1, -1);
  const json = literal[0] === "'" ? `"${inner.replace(/\\'|"/g, (m) => (m === '"' ? '\\"' : "'"))}"` : literal;
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return undefined;
  }
}

/**
 * Code tokens as compared: no comments, no semicolons, no trailing commas, and no parentheses
 * unless asked for (prettier adds some that oxc leaves out: `...(a ? b : c)`; whether a result
 * is oxc's code is checked with them, on oxc's own printing of both, see `layOutLike`).
 */
function significant(text: string, tokens: readonly Token[], parens = false, semicolons = false): string[] {
  // Keys keep semicolons (`}` and `};` close different things); comparing code to code does not
  // need them.
  const out: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === "comment") continue;
    const s = tokenKey(t);
    if ((s === ";" && !semicolons) || (!parens && (s === "(" || s === ")"))) continue;
    // Trailing commas, and the `;` after an object type's last member (prettier writes none on one line).
    if ((s === "," && isCloser(nextCode(text, tokens, k))) || (s === ";" && nextCode(text, tokens, k) === "}")) continue;
    // The `|` or `&` prettier puts before the first member of a union broken over lines.
    if ((s === "|" || s === "&") && LEADS_TYPE.has(out[out.length - 1] ?? "")) continue;
    out.push(s);
  }
  return out;
}

const LEADS_TYPE = new Set(["=", ":", "(", "<", ",", "["]);

function nextCode(text: string, tokens: readonly Token[], k: number): string | undefined {
  for (let j = k + 1; j < tokens.length; j++) if (tokens[j]!.kind !== "comment") return tokens[j]!.text;
  return undefined;
}

function isCloser(s: string | undefined): boolean {
  return s === ")" || s === "]" || s === "}";
}

/** Whether `a` and `b` print alike in oxc (so are the same code, comments and layout aside). */
async function sameCode(path: string, a: string, b: string): Promise<boolean> {
  const oxc = await import("oxc-transform");
  const print = (text: string) => {
    const r = path.endsWith(".d.ts") ? oxc.isolatedDeclarationSync(path, text, {}) : oxc.transformSync(path, text, { lang: "js", sourceType: "module" });
    if (r.errors.length > 0) return undefined;
    const tokens = tokenize(r.code);
    return tokens === undefined ? undefined : significant(r.code, tokens, true);
  };
  // JavaScript from oxc prints as it is; declarations are printed again too (a second
  // declaration emit leaves out what the first kept, such as imports no export needs).
  const sa = print(a);
  const tb = path.endsWith(".d.ts") ? undefined : tokenize(b);
  const sb = tb === undefined ? print(b) : significant(b, tb, true);
  return sa !== undefined && sb !== undefined && sa.length === sb.length && sa.every((s, k) => s === sb[k]);
}

// ---------------------------------------------------------------------------------------------
// Units

function indentDepth(line: string, unit: number, tabs: boolean): number | undefined {
  let i = 0;
  const ch = tabs ? "\t" : " ";
  while (line[i] === ch) i++;
  if (line[i] === " " || line[i] === "\t") return undefined;
  return i % unit === 0 ? i / unit : undefined;
}

/** A unit-ending `{` opens a block (not an object) after these. */
/** Words after which a type follows (a `{` there starts an object type, not a body). */
const TYPE_OPERATORS = new Set(["return", "is", "asserts", "keyof", "typeof", "readonly", "infer", "extends", "unique"]);

function opensBlock(text: string, tokens: readonly Token[], k: number, context: BlockKind): boolean {
  const before = k > 0 ? tokens[k - 1]!.text : "";
  const first = tokens[0]!.text;
  if (before === ")" || before === "=>" || before === "else" || before === "try" || before === "catch" || before === "finally" || before === "do") return true;
  // After a function's or method's return type (`): Promise<void> {`, `): { a: string } {`).
  const words = new Set(tokens.slice(0, k).flatMap((t) => (t.kind === "word" ? [t.text] : [])));
  const fn = (context === "class" || words.has("function")) && !words.has("declare");
  if (fn && k > 0 && !TYPE_OPERATORS.has(before) && endsType(before, tokens[k - 1]!.kind)) return true;
  // `case x: {`, a label, and class, interface and enum bodies.
  if (before === ":" && (first === "case" || first === "default" || k === 2)) return true;
  return ["class", "interface", "enum", "namespace", "module"].some((w) => words.has(w)) && !tokens.slice(0, k).some((t) => t.text === "=");
}

/**
 * The text cut into units (see the top of this file), or undefined when a line's indentation or
 * brackets do not fit that picture.
 */
function cutUnits(text: string, depthOf: (line: string) => number | undefined): Unit[] | undefined {
  const tokens = tokenize(text);
  if (tokens === undefined) return undefined;
  const units: Unit[] = [];
  const lineStarts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const lineEnd = (offset: number) => {
    const e = text.indexOf("\n", offset);
    return e === -1 ? text.length : e;
  };
  // For each open block: whether it holds type members (an interface body), where `name: {` opens
  // a type literal, not a labelled block.
  const blocks: BlockKind[] = [];
  // Blocks whose head started mid-line (oxc's `default: if (…) {`): oxc indents their contents
  // one level less than they are deep.
  const shifted: boolean[] = [];
  // Whether the next code token (comments aside: they stay with the unit) is on a later line.
  const endsLine = (k: number) => {
    let next = k + 1;
    while (next < tokens.length && tokens[next]!.kind === "comment") next++;
    return next >= tokens.length || tokens[next]!.line > tokens[k]!.endLine;
  };
  let k = 0;
  while (k < tokens.length) {
    // Leading comments belong to the unit that follows them.
    const first = k;
    while (k < tokens.length && tokens[k]!.kind === "comment") k++;
    if (k === tokens.length) {
      // Comments at the end: a unit of their own, with no code.
      const from = lineStarts[tokens[first]!.line]!;
      const depth = depthOf(text.slice(from, lineEnd(from)));
      if (depth === undefined) return undefined;
      const to = lineEnd(tokens[tokens.length - 1]!.end);
      units.push({ from, to, codeFrom: to, comments: collapse(text.slice(from, to)), depth, tokens: [], key: `${depth}\0`, head: false, member: "code" });
      break;
    }
    const codeStart = k;
    const context = blocks[blocks.length - 1] ?? "code";
    const shift = shifted.filter(Boolean).length;
    const stack: string[] = [];
    const isCase = tokens[k]!.text === "case" || tokens[k]!.text === "default";
    let head = false;
    for (; k < tokens.length; k++) {
      const t = tokens[k]!;
      if (t.kind === "comment") continue;
      const s = t.kind === "punct" ? t.text : "";
      if (s === "(" || s === "[" || s === "{") stack.push(s);
      else if (s === ")" || s === "]" || s === "}") {
        if (stack.length === 0) {
          // A block's closing brace: a unit of its own (with `else …`, `catch …` and so on).
          if (k !== codeStart) break;
          blocks.pop();
          shifted.pop();
        } else stack.pop();
      }
      // oxc's `default: statement` is two units (prettier puts the statement on the next line).
      if (isCase && stack.length === 0 && s === ":" && !(tokens[k + 1]?.text === "{" && endsLine(k + 1))) {
        k++;
        break;
      }
      if (s === ">" && stack[stack.length - 1] === "<") stack.pop();
      if (!endsLine(k)) continue;
      // A type parameter list broken over lines (a comparison never ends a line outside brackets).
      if (s === "<" && stack.length === 0) {
        stack.push("<");
        continue;
      }
      // A braceless `if (…)`, `for (…)`, `while (…)` or `else` whose statement is on a later line
      // (after a comment) is one unit with it.
      if (stack.length === 0 && !bracelessHead(text, tokens, codeStart, k) && !CONTINUES.has(s)) {
        k++;
        break;
      }
      if (s === "{" && stack.length === 1 && context !== "interface" && opensBlock(text, tokens.slice(codeStart, k + 1), k - codeStart, context)) {
        stack.pop();
        head = true;
        const words = new Set(tokens.slice(codeStart, k).flatMap((x) => (x.kind === "word" ? [text.slice(x.start, x.end)] : [])));
        blocks.push(words.has("interface") ? "interface" : words.has("class") ? "class" : "code");
        const startLine = lineStarts[tokens[first]!.line]!;
        const last = units[units.length - 1];
        shifted.push(last !== undefined && startLine < last.to);
        k++;
        break;
      }
    }
    if (stack.length > 0) return undefined;
    const code = tokens.slice(codeStart, k).filter((t) => t.kind !== "comment");
    const startLine = lineStarts[tokens[first]!.line]!;
    // A unit that starts after another on its line (oxc's `default: statement`) is the case's body.
    const previous = units[units.length - 1];
    const midLine = previous !== undefined && startLine < previous.to;
    const from = midLine ? tokens[first]!.start : startLine;
    const codeLine = lineStarts[tokens[codeStart]!.line]!;
    // An `else` after a braceless `if` sits at the `if`'s depth (oxc indents it as the case it is in).
    const lineDepth = depthOf(text.slice(codeLine, lineEnd(codeLine)));
    const depth = midLine ? previous.depth + 1 : tokens[codeStart]!.text === "else" && previous !== undefined ? previous.depth : lineDepth === undefined ? undefined : lineDepth + shift;
    if (depth === undefined) return undefined;
    // Comments that end the unit's last line stay with it.
    let last = k - 1;
    while (k < tokens.length && tokens[k]!.kind === "comment" && tokens[k]!.line === tokens[last]!.endLine) last = k++;
    const sharesLine = k < tokens.length && tokens[k]!.line === tokens[last]!.endLine;
    const codeFrom = midLine ? tokens[codeStart]!.start : codeLine;
    units.push({ from, to: sharesLine ? tokens[last]!.end : lineEnd(tokens[last]!.end), codeFrom, comments: collapse(text.slice(from, codeFrom)), depth, tokens: code, key: `${depth}\0${significant(text, code, false, true).join("\u0001")}`, head, member: tokens[codeStart]!.text === "}" ? "code" : context });
  }
  return units;
}

/**
 * The JavaScript units whose key occurs exactly once in each text, pinned to their TypeScript
 * unit where the order agrees (a longest increasing run), and for every JavaScript unit the
 * TypeScript index its match must stay below (the next pinned unit's).
 */
function pinnedUnits(ts: readonly Unit[], js: readonly Unit[]): { at: Map<number, number>; limit: number[] } {
  const count = new Map<string, number>();
  const where = new Map<string, number>();
  ts.forEach((u, i) => {
    count.set(u.key, (count.get(u.key) ?? 0) + 1);
    where.set(u.key, i);
  });
  const jsCount = new Map<string, number>();
  for (const u of js) jsCount.set(u.key, (jsCount.get(u.key) ?? 0) + 1);
  const pairs: [number, number][] = [];
  js.forEach((u, j) => {
    if (count.get(u.key) === 1 && jsCount.get(u.key) === 1) pairs.push([j, where.get(u.key)!]);
  });
  // Longest increasing subsequence of the TypeScript indexes (patience sorting).
  const tails: number[] = [];
  const previous: number[] = [];
  pairs.forEach(([, t], p) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < t) lo = mid + 1;
      else hi = mid;
    }
    previous[p] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = p;
  });
  const at = new Map<number, number>();
  for (let p = tails.length > 0 ? tails[tails.length - 1]! : -1; p >= 0; p = previous[p]!) at.set(pairs[p]![0], pairs[p]![1]);
  const limit: number[] = new Array(js.length);
  let next = ts.length;
  for (let j = js.length - 1; j >= 0; j--) {
    limit[j] = next;
    const t = at.get(j);
    if (t !== undefined) next = t;
  }
  return { at, limit };
}

/** The first of the sorted `positions` at or after `from`, if it is less than `window` ahead. */
function nextAt(positions: readonly number[] | undefined, from: number, window: number): number | undefined {
  if (positions === undefined) return undefined;
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  const p = positions[lo];
  return p !== undefined && p < from + window ? p : undefined;
}

/** Operators after which prettier breaks a line inside a statement (`x =`, `a &&`, `key?:`). */
const CONTINUES = new Set(["=", ":", "|", "&", "?", "=>", "+", "-", "*", "/", "%", "&&", "||", "??", ",", ".", "==", "===", "!=", "!==", "<=", ">", "**"]);

/** The unit so far (tokens `from`…`to`) is a control head whose statement is still to come. */
function bracelessHead(text: string, tokens: readonly Token[], from: number, to: number): boolean {
  const word = (k: number) => tokens[k]!.text;
  let k = from;
  if (word(k) === "}") k++;
  if (k > to) return false;
  if (word(to) === "else") return k === to;
  if (word(k) === "else") k++;
  if (k > to || !["if", "for", "while"].includes(word(k)) || word(to) !== ")") return false;
  // The parenthesis opened after the keyword closes at `to`.
  let depth = 0;
  for (let j = k + 1; j <= to; j++) {
    const w = tokens[j]!.kind === "punct" ? word(j) : "";
    if (w === "(" || w === "[" || w === "{") depth++;
    else if (w === ")" || w === "]" || w === "}") {
      depth--;
      if (depth === 0) return j === to;
    }
  }
  return false;
}

/** The index of the unit that closes the block opened by the head at `i` (or the last unit). */
function closerOf(units: readonly Unit[], i: number): number {
  const depth = units[i]!.depth;
  for (let j = i + 1; j < units.length; j++) if (units[j]!.depth <= depth) return j;
  return units.length - 1;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Comments as prettier lays them out at an indentation: line comments and JSDoc-like block
 * comments (every line after the first starts with `*`) re-indented, the rest undefined.
 */
function layOutComments(text: string, pad: string): string | undefined {
  if (text.trim() === "") return "";
  let out = "";
  let inBlock = false;
  for (const raw of text.replace(/\n$/, "").split("\n")) {
    const line = raw.trim();
    if (inBlock) {
      if (!line.startsWith("*")) return undefined;
      out += `${pad} ${line}\n`;
      if (line.endsWith("*/")) inBlock = false;
    } else if (line === "") out += "\n";
    else if (line.startsWith("//")) out += `${pad}${line}\n`;
    else if (line.startsWith("/*")) {
      out += `${pad}${line}\n`;
      inBlock = !line.endsWith("*/");
    } else return undefined;
  }
  return inBlock ? undefined : out;
}

// ---------------------------------------------------------------------------------------------
// Type erasure in the TypeScript's own text

/**
 * The TypeScript unit's text with type syntax cut out, when what is left has exactly the
 * JavaScript unit's tokens: `kept` when that text is prettier's layout as it is (one line; or the
 * type cut from the first line of an object declaration, which prettier keeps expanded).
 */
function eraseTypes(tsText: string, tsUnit: Unit, jsUnit: Unit, jsText: string, printWidth: number, indentUnit: string): { text: string; kept: boolean } | undefined {
  const t = tsUnit.tokens;
  const j = significant(jsText, jsUnit.tokens, true);
  const cuts: [number, number][] = [];
  // Parentheses prettier wrote that oxc leaves out: kept, but then prettier lays the unit out.
  let parenKept = false;
  // Whether every cut is a non-null `!` (one character, nothing around it changes).
  let nonNullOnly = true;
  let a = 0;
  let b = 0;
  const word = (k: number) => (k < t.length ? t[k]!.text : undefined);
  const skipType = (start: number): number => {
    // A type: operands joined by `|`, `&`, `[]`, type arguments and `.`; brackets balanced.
    let depth = 0;
    let k = start;
    for (; k < t.length; k++) {
      const s = word(k)!;
      // A block's brace after a whole type ends it (`): Result {`).
      if (depth === 0 && s === "{" && k > start && endsType(word(k - 1)!, t[k - 1]!.kind) && !TYPE_OPERATORS.has(word(k - 1)!)) return k;
      if (s === "(" || s === "[" || s === "{" || s === "<") depth++;
      else if (s === ")" || s === "]" || s === "}" || s === ">") {
        if (depth === 0) return k;
        depth--;
      } else if (depth === 0 && (s === "," || s === ";" || s === "=" || s === "=>")) return k;
      else if (depth === 0 && k > start && t[k]!.kind !== "punct" && isOperandEnd(word(k - 1)!, t[k - 1]!.kind) && !TYPE_OPERATORS.has(word(k - 1)!)) return k;
    }
    return k;
  };
  const cutFromSpace = (k: number) => {
    let s = t[k]!.start;
    while (s > 0 && tsText[s - 1] === " ") s--;
    return s;
  };
  while (a < t.length) {
    const s = word(a)!;
    if (b < j.length && tokenKey(t[a]!) === j[b]) {
      a++;
      b++;
      continue;
    }
    if (s === ";" || (s === "," && isCloser(word(a + 1)))) {
      a++;
      continue;
    }
    const prev = a > 0 ? word(a - 1)! : "";
    const prevKind = a > 0 ? t[a - 1]!.kind : "punct";
    if (s === "!" && isOperandEnd(prev, prevKind)) {
      cuts.push([t[a]!.start, t[a]!.end]);
      a++;
    } else if ((s === "as" || s === "satisfies") && isOperandEnd(prev, prevKind)) {
      const end = skipType(a + 1);
      cuts.push([cutFromSpace(a), t[end - 1]!.end]);
      nonNullOnly = false;
      a = end;
    } else if (s === ":" || (s === "?" && word(a + 1) === ":")) {
      const end = skipType(a + (s === "?" ? 2 : 1));
      cuts.push([t[a]!.start, t[end - 1]!.end]);
      nonNullOnly = false;
      a = end;
    } else if (s === "(" && t[a + 1]?.kind === "word" && word(a + 2) === "as") {
      // `(x as T)`: prettier writes a bare `x` without the parentheses.
      const end = skipType(a + 3);
      if (word(end) !== ")") return undefined;
      cuts.push([t[a]!.start, t[a]!.end], [cutFromSpace(a + 2), t[end]!.end]);
      nonNullOnly = false;
      if (tokenKey(t[a + 1]!) !== j[b]) return undefined;
      a = end + 1;
      b++;
    } else if (s === "(" || s === ")") {
      parenKept = true;
      a++;
    } else if (s === "<" && (prevKind === "word" || prev === ")")) {
      // Type arguments or parameters: to the matching `>`.
      let end = a + 1;
      for (let depth = 1; end < t.length; end++) {
        const w = word(end);
        if (w === "<") depth++;
        else if (w === ">" && --depth === 0) break;
        else if (w === ";" || w === "{" || w === "}") return undefined;
      }
      if (word(end) !== ">") return undefined;
      cuts.push([t[a]!.start, t[end]!.end]);
      nonNullOnly = false;
      a = end + 1;
    } else return undefined;
  }
  if (b !== j.length) return undefined;
  let out = "";
  let from = tsUnit.codeFrom;
  for (const [s, e] of cuts) {
    if (s < from) return undefined;
    out += tsText.slice(from, s);
    from = e;
  }
  out += tsText.slice(from, tsUnit.to);
  // Kept as it is: a unit on one line (a shorter line still fits), or an object declaration whose
  // type was cut from its first line (prettier keeps the object expanded, as it was).
  const firstCode = t.length > 0 ? t[0]!.start : tsUnit.codeFrom;
  const lines = out.split("\n");
  const firstLineEnd = tsText.indexOf("\n", firstCode);
  const objectDeclaration = lines.length > 1 && lines[0]!.trimEnd().endsWith("= {") && cuts.every(([, e]) => e <= firstLineEnd);
  const oneLine = firstLineEnd === -1 || firstLineEnd >= tsUnit.to;
  const flat = jsText.slice(jsUnit.codeFrom, jsUnit.to).trim();
  const brokenAsBefore = nonNullOnly && !flat.includes("\n") && keepsBreaks(lines, flat, printWidth, indentUnit);
  return { text: out, kept: !parenKept && ((oneLine && lines.length === 1 && displayWidth(out) <= printWidth) || objectDeclaration || brokenAsBefore) };
}

/**
 * Whether prettier breaks a statement as it did before some `!` were cut from it: true for the
 * shapes the validators write — a call whose arguments are one per line, and a braceless `if`
 * whose statement is on the next line (itself one line, or such a call) — when each broken part
 * still does not fit on one line (`flat` is the statement on one line, as oxc prints it, which
 * is never wider than prettier's). The lines inside were on one line and only got shorter.
 */
function keepsBreaks(lines: readonly string[], flat: string, printWidth: number, indentUnit: string): boolean {
  const pad = /^[\t ]*/.exec(lines[0]!)![0];
  if (displayWidth(pad + flat) <= printWidth) return false;
  const head = lines[0]!.slice(pad.length);
  if (head.endsWith("(")) return callBrokenAsBefore(lines, pad, indentUnit, printWidth, true);
  if (!/^if \(.*\)$/.test(head) || lines.length < 2) return false;
  const clause = lines.slice(1);
  const inner = pad + indentUnit;
  if (!clause.every((l) => l.startsWith(inner))) return false;
  return clause.length === 1 || callBrokenAsBefore(clause, inner, indentUnit, printWidth, false);
}

/** A call broken one argument per line, no argument that prettier would hug, still too wide on one line. */
function callBrokenAsBefore(lines: readonly string[], pad: string, indentUnit: string, printWidth: number, checked: boolean): boolean {
  const inner = pad + indentUnit;
  const last = lines[lines.length - 1]!;
  if (lines.length < 3 || !/^\)[;,]?$/.test(last.slice(pad.length)) || !last.startsWith(pad)) return false;
  const args = lines.slice(1, -1);
  if (!args.every((l) => l.startsWith(inner) && !/^\s/.test(l.slice(inner.length)) && l.endsWith(","))) return false;
  // A last (or first) argument that is an object, array, function or template would be hugged.
  const hug = (l: string) => /^[{[(`]|^(?:async )?function\b|=>/.test(l.slice(inner.length));
  if (hug(args[0]!) || hug(args[args.length - 1]!)) return false;
  if (checked) return true;
  const joined = `${lines[0]!.trim()}${args.map((l) => l.trim()).join(" ").replace(/,$/, "")}${last.trim()}`;
  return displayWidth(pad + joined) > printWidth;
}

/**
 * The declaration of a function from its TypeScript head, when the `.d.ts` unit is that head
 * with `declare` after `export` and `;` for the body: the head's text so changed, `kept` when it
 * is one line that still fits, or its parameters were broken one per line (they stay so: the
 * first line only grew).
 */
function declarationOf(tsText: string, tsUnit: Unit, dtsUnit: Unit, printWidth: number, indent: string): { text: string; kept: boolean } | undefined {
  const head = significant(tsText, tsUnit.tokens, true);
  const decl = dtsUnit.tokens.map((t) => t.text);
  if (!tsUnit.head || head[0] !== "export" || head[1] !== "function" || decl[1] !== "declare" || decl[decl.length - 1] !== ";") return undefined;
  const declared = ["export", ...significant("", dtsUnit.tokens.slice(2), true), "{"];
  if (declared.length !== head.length || !declared.every((w, k) => w === head[k])) return undefined;
  const text = tsText.slice(tsUnit.codeFrom, tsUnit.to);
  const lines = text.replace(/^(\s*)export function /, "$1export declare function ").replace(/ \{$/, ";").split("\n");
  const pad = /^\s*/.exec(lines[0]!)![0];
  const inner = pad + indent;
  const oneParamPerLine = lines.length > 2 && lines[0]!.endsWith("(") && lines[lines.length - 1]!.startsWith(`${pad})`) && lines.slice(1, -1).every((l) => l.startsWith(inner) && !/\s/.test(l[inner.length] ?? "") && l.endsWith(","));
  const fits = lines.every((l) => displayWidth(l) <= printWidth);
  return { text: lines.join("\n"), kept: fits && (lines.length === 1 || oneParamPerLine) };
}

/** An upper bound of prettier's width of a line: two columns for anything not ASCII. */
function displayWidth(line: string): number {
  let width = line.length;
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) > 0x7f) width++;
  return width;
}

/** The token can end a type (`void`, which is an operator in expressions, included). */
function endsType(s: string, kind: TokenKind): boolean {
  return s === "void" || isOperandEnd(s, kind);
}

/** The token ends an operand, so a following `!`, `as` or `<` is TypeScript. */
function isOperandEnd(s: string, kind: TokenKind): boolean {
  if (kind === "word") return !BEFORE_EXPRESSION.has(s);
  if (kind === "punct") return s === ")" || s === "]" || s === "}" || s === ">";
  return kind !== "comment";
}

// ---------------------------------------------------------------------------------------------
// Units that meet prettier

interface Job {
  readonly depth: number;
  readonly head: boolean;
  readonly member: BlockKind;
  readonly text: string;
  /** The formatted lines, indented (filled in by formatJobs). */
  lines: string[];
}

/**
 * What goes before a unit so that it parses alone: the block it closes (`} else {` needs an
 * `if`), or the braceless `if` an `else` line follows.
 */
function opener(text: string): { readonly code: string; readonly body: boolean } | undefined {
  if (text.startsWith("} else")) return { code: "if (x) {", body: true };
  if (text.startsWith("} catch") || text.startsWith("} finally")) return { code: "try {", body: true };
  if (text.startsWith("} while")) return { code: "do {", body: true };
  if (text.startsWith("}")) return { code: "{", body: true };
  if (/^else\b/.test(text)) return { code: "if (x) x;", body: false };
  return undefined;
}

/** The job as a program whose formatting shows how prettier lays it out at its depth. */
function wrap(job: Job): string {
  // An interface, then object types as members: depth levels of indentation.
  if (job.member === "interface") return `interface W {\n${"w: {\n".repeat(job.depth - 1)}${job.text}\n${"};\n".repeat(job.depth - 1)}}`;
  const before = opener(job.text);
  // A `try` or `do` block alone does not parse: what follows its body is added.
  const after = !job.head ? "" : /^(?:\} )?(?:try|finally)\b/.test(job.text) && !job.text.startsWith("} finally") ? "} finally {\n}" : /^do\b/.test(job.text) ? "} while (x);" : "}";
  const inner = `${before ? `${before.code}\n${before.body ? `${BODY}\n` : ""}` : ""}${job.text}${job.head ? `\n${BODY}\n${after}` : ""}`;
  if (job.member === "class") return wrapAt(job.depth - 1, `class W {\n${inner}\n}`);
  // A case label one level inside its `switch`.
  if (/^(?:case\b|default\s*:)/.test(job.text)) return wrapAt(job.depth - 1, `switch (x) {\n${inner}\n}`);
  return wrapAt(job.depth, inner);
}

/** `inner` at `depth` levels: a function first (so `return` and `await` parse), then plain blocks. */
function wrapAt(depth: number, inner: string): string {
  if (depth === 0) return inner;
  return `async function w() {\n${"{\n".repeat(depth - 1)}${inner}\n${"}\n".repeat(depth - 1)}}`;
}

/** The formatted lines of the job, taken back out of their wrapping; undefined when unexpected. */
function unwrap(job: Job, out: readonly string[], pad: (depth: number) => string): string[] | undefined {
  const d = job.depth;
  const body = d === 0 ? out : out.slice(d, out.length - d);
  const marks = body.flatMap((l, i) => (l.trim() === BODY ? [i] : []));
  const before = opener(job.text);
  const expected = (before?.body ? 1 : 0) + (job.head ? 1 : 0);
  if (marks.length !== expected) return undefined;
  const from = before === undefined ? 0 : before.body ? marks[0]! + 1 : 1;
  const to = job.head ? marks[marks.length - 1]! : body.length;
  const lines = body.slice(from, to);
  const indent = pad(d);
  if (lines.length === 0 || !lines.every((l) => l === "" || l.startsWith(indent))) return undefined;
  return lines;
}

/** Formats every job in one prettier call; false when one of them could not be placed. */
async function formatJobs(jobs: readonly Job[], options: Options, format: FormatText, pad: (depth: number) => string): Promise<boolean> {
  const pieces = await formatPrograms(jobs.map(wrap), options, format);
  for (let k = 0; k < jobs.length; k++) {
    const lines = pieces[k] === undefined ? undefined : unwrap(jobs[k]!, pieces[k]!.split("\n"), pad);
    if (lines === undefined) return false;
    jobs[k]!.lines = lines;
  }
  return true;
}
