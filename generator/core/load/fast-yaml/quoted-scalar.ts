/**
 * Single-line quoted scalars for the YAML fast path, decoded as `yaml` 2.x decodes them
 * (yaml/dist/compose/resolve-flow-scalar.js). Only the simple case is handled: the closing quote is
 * on the same line and every escape is one `yaml` accepts. Anything else (a line break inside the
 * quotes, which folds; an unknown escape, which is an error) answers `undefined`, and the caller
 * leaves the whole document to `yaml`.
 */

export interface QuotedScalar {
  readonly value: string;
  /** Offset just after the closing quote. */
  readonly end: number;
}

const LF = 10;
const CR = 13;
const DQUOTE = 34;
const SQUOTE = 39;
const BACKSLASH = 92;

/** `\` escapes with a fixed meaning (YAML 1.2 §5.7). `\<TAB>` is left out: tabs never reach the fast path. */
const ESCAPES = new Map<string, string>([
  ["0", "\0"],
  ["a", "\x07"],
  ["b", "\b"],
  ["e", "\x1b"],
  ["f", "\f"],
  ["n", "\n"],
  ["r", "\r"],
  ["t", "\t"],
  ["v", "\v"],
  ["N", "\u0085"],
  ["_", "\u00a0"],
  ["L", "\u2028"],
  ["P", "\u2029"],
  [" ", " "],
  ['"', '"'],
  ["/", "/"],
  ["\\", "\\"],
]);
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };
const HEX = /^[0-9a-fA-F]+$/;

/** `start` is the offset of the opening `"`. */
export function scanDoubleQuoted(
  text: string,
  start: number,
): QuotedScalar | undefined {
  const n = text.length;
  let value = "";
  let from = start + 1;
  let i = from;
  for (;;) {
    if (i >= n) return undefined;
    const c = text.charCodeAt(i);
    if (c === DQUOTE) return { value: value + text.slice(from, i), end: i + 1 };
    if (c === LF || c === CR) return undefined;
    if (c !== BACKSLASH) {
      i++;
      continue;
    }
    value += text.slice(from, i);
    const e = text.charAt(i + 1);
    const simple = ESCAPES.get(e);
    if (simple !== undefined) {
      value += simple;
      i += 2;
    } else if (e === "x" || e === "u" || e === "U") {
      const length = HEX_LENGTH[e]!;
      const digits = text.substr(i + 2, length);
      if (digits.length !== length || !HEX.test(digits)) return undefined;
      const code = parseInt(digits, 16);
      // `yaml` reports code points beyond Unicode; lone surrogates it decodes as they are.
      if (code > 0x10ffff) return undefined;
      value += String.fromCodePoint(code);
      i += 2 + length;
    } else return undefined;
    from = i;
  }
}

/** `start` is the offset of the opening `'`; `''` stands for one quote. */
export function scanSingleQuoted(
  text: string,
  start: number,
): QuotedScalar | undefined {
  const n = text.length;
  let i = start + 1;
  for (;;) {
    if (i >= n) return undefined;
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) return undefined;
    if (c === SQUOTE) {
      if (text.charCodeAt(i + 1) === SQUOTE) {
        i += 2;
        continue;
      }
      const raw = text.slice(start + 1, i);
      return {
        value: raw.includes("''") ? raw.replace(/''/g, "'") : raw,
        end: i + 1,
      };
    }
    i++;
  }
}
