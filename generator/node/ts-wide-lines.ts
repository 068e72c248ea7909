/**
 * More wide lines of canonical code broken as prettier breaks them, without prettier: the shapes
 * real tool catalogs produce and a synthetic one hardly does (issue 25) — long enum checks, sets
 * and unions of many string literals, long type-alias imports, a block head whose test is a
 * chain of `&&`. Each function answers only where the shape is exact and every line it makes fits
 * the print width, which is where prettier's layout has no other choice; anything else stays
 * undefined and the line goes to prettier as before (ts-code-format.ts). Byte-for-byte agreement
 * with prettier is tested on the real-tool catalog and random schemas at several widths
 * (test/unit/ts-code-format.test.ts).
 */
import { closingQuote } from "./ts-scan.js";

/** What these functions read of the layout (ts-code-format.ts's Layout). */
export interface WideLayout {
  readonly printWidth: number;
  readonly trailingComma: boolean;
}

const ASCII = /^[\x20-\x7e]*$/;
const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const IDENT = String.raw`[A-Za-z_$][\w$]*`;

const fits = (lines: readonly string[], layout: WideLayout) =>
  lines.every((l) => l.length <= layout.printWidth);

/**
 * `type Name = import("./m.js").Name;` too wide: prettier breaks after `=` and indents the
 * import type, which has no break of its own.
 */
export function breakTypeImport(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  const m = TYPE_IMPORT.exec(text);
  if (!m || !ASCII.test(text)) return undefined;
  const pad = " ".repeat(indent);
  const lines = [`${pad}${m[1]}`, `${pad}  ${m[2]}`];
  return fits(lines, layout) ? lines : undefined;
}

const TYPE_IMPORT = new RegExp(
  String.raw`^((?:export )?type ${IDENT} =) (import\(${STRING}\)(?:\.${IDENT})+;)$`,
);

/**
 * `const name = new Set<unknown>(["a", "b"]);` too wide, every element a string literal:
 * prettier hugs the array (the only argument) and puts one element per line, with a trailing
 * comma; strings are never filled several to a line (only numbers are).
 */
export function breakStringSet(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  const m = STRING_SET.exec(text);
  if (!m || !ASCII.test(text) || !layout.trailingComma) return undefined;
  const items = splitTopLevel(m[2]!, ", ");
  if (items === undefined || !items.every((item) => WHOLE_STRING.test(item)))
    return undefined;
  const pad = " ".repeat(indent);
  const lines = [
    `${pad}${m[1]}[`,
    ...items.map((item) => `${pad}  ${item},`),
    `${pad}]);`,
  ];
  return fits(lines, layout) ? lines : undefined;
}

const STRING_SET = new RegExp(
  String.raw`^((?:export )?const ${IDENT} = new Set<unknown>\()\[(.+)\]\);$`,
);
const WHOLE_STRING = new RegExp(`^${STRING}$`);

/**
 * A type member `key?: "a" | "b" | …;` (or `key?: ("a" | …)[];`) too wide, every alternative a
 * literal or a plain name: prettier moves the type to the next line, indented under the key, and
 * breaks the union there only when it does not fit: one alternative per line after a leading
 * `| ` (for the array, the parentheses break instead: `key: (`, the union inside, `)[];`).
 */
export function breakUnionMember(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  const m = UNION_MEMBER.exec(text);
  if (!m || !ASCII.test(text)) return undefined;
  const [, key, open, union, close] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const alternatives = splitTopLevel(union, " | ");
  if (
    alternatives === undefined ||
    alternatives.length < 2 ||
    !alternatives.every((a) => ALTERNATIVE.test(a))
  )
    return undefined;
  const pad = " ".repeat(indent);
  const flat = [`${pad}${key}`, `${pad}  ${open}${union}${close}`];
  // An array's union never moves to the next line: its parentheses break instead.
  if (open !== "(" && fits(flat, layout)) return flat;
  // Inside `(` … `)[]` the union is a group of its own: on one line there when that fits.
  const inside = `${pad}  ${union}`;
  const lines =
    open === "("
      ? [
          `${pad}${key} (`,
          ...(fits([inside], layout)
            ? [inside]
            : alternatives.map((a) => `${pad}  | ${a}`)),
          `${pad}${close}`,
        ]
      : [
          `${pad}${key}`,
          ...alternatives.map(
            (a, i) =>
              `${pad}  | ${a}${i === alternatives.length - 1 ? close : ""}`,
          ),
        ];
  return fits(lines, layout) ? lines : undefined;
}

const UNION_MEMBER = new RegExp(
  String.raw`^((?:readonly )?(?:${IDENT}|${STRING})\??:) (\(?)(.+?)(\)\[\];|;)$`,
);
const ALTERNATIVE = new RegExp(
  String.raw`^(?:${STRING}|-?\d+(?:\.\d+)?|${IDENT})$`,
);

/**
 * `if (!(x === a || x === b || …)) statement;` whose head is too wide (an enum check): prettier
 * hugs `!(` to the `if (`, puts the chain on the next line (one comparison per line with a
 * trailing `||` when it does not fit there), closes with `))` and moves the statement to the
 * next line, one level deeper.
 */
export function breakNegatedChain(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  if (!text.startsWith("if (!(") || !ASCII.test(text)) return undefined;
  const close = matching(text, 5);
  const after = close === undefined ? "" : text.slice(close, close + 3);
  if (close === undefined || after !== CLOSE_NEGATION || !text.endsWith(";"))
    return undefined;
  const operands = splitTopLevel(text.slice(6, close), " || ");
  if (
    operands === undefined ||
    operands.length < 2 ||
    !operands.every((o) => COMPARISON.test(o))
  )
    return undefined;
  const pad = " ".repeat(indent);
  // With a head that fits, prettier keeps it and breaks the statement instead (breakBracelessIf's case, or prettier's).
  if (fits([`${pad}${text.slice(0, close + 2)}`], layout)) return undefined;
  // Two comparisons are a group of their own, on one line when that fits; a longer chain is
  // flattened into the head's group and breaks with it, one comparison per line (as measured
  // against prettier 3, test/unit/ts-code-format.test.ts).
  const chain =
    operands.length === 2 && fits([`${pad}  ${operands.join(" || ")}`], layout)
      ? [`${pad}  ${operands.join(" || ")}`]
      : operands.map(
          (o, i) => `${pad}  ${o}${i < operands.length - 1 ? " ||" : ""}`,
        );
  const lines = [
    `${pad}if (!(`,
    ...chain,
    `${pad}))`,
    `${pad}  ${text.slice(close + 3)}`,
  ];
  return fits(lines, layout) ? lines : undefined;
}

/** Where the test of a negated chain ends: the group's and the `if`'s parentheses, then the statement. */
const CLOSE_NEGATION = ")) ";
const COMPARISON = new RegExp(
  String.raw`^${IDENT} (?:===|!==) (?:${STRING}|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|true|false|null)$`,
);

/**
 * `if (a && b && …) {` too wide, the test a chain of `&&` whose operands are comparisons or
 * parenthesised groups that each fit: prettier breaks the test out of the parentheses, one
 * operand per line with a trailing `&&`, and closes with `) {`.
 */
export function breakAndChainHead(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  if (!text.startsWith("if (") || !text.endsWith(") {") || !ASCII.test(text))
    return undefined;
  const close = matching(text, 3);
  if (close !== text.length - 3) return undefined;
  const operands = splitTopLevel(text.slice(4, close), " && ");
  if (operands === undefined || operands.length < 2) return undefined;
  if (
    !operands.every(
      (o) =>
        SIMPLE_OPERAND.test(o) ||
        (o.startsWith("(") &&
          matching(o, 0) === o.length - 1 &&
          !o.slice(1, -1).includes(" && ") &&
          splitTopLevel(o.slice(1, -1), " || ")?.every((p) =>
            SIMPLE_OPERAND.test(p),
          )),
    )
  )
    return undefined;
  const pad = " ".repeat(indent);
  const lines = [
    `${pad}if (`,
    ...operands.map(
      (o, i) => `${pad}  ${o}${i < operands.length - 1 ? " &&" : ""}`,
    ),
    `${pad}) {`,
  ];
  return fits(lines, layout) ? lines : undefined;
}

/** A comparison of plain operands: names, member reads, calls without nested calls, literals. */
const OPERAND = String.raw`(?:${IDENT}(?:\.${IDENT}|\(${IDENT}\))*|-?\d+|${STRING})`;
const SIMPLE_OPERAND = new RegExp(
  String.raw`^${OPERAND} (?:===|!==|>=|<=|>|<) ${OPERAND}$`,
);

/** The index of the bracket closing the `(` at `open`, skipping string literals; undefined when unsure. */
function matching(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39) {
      const j = closingQuote(text, i);
      if (j >= text.length) return undefined;
      i = j;
    } else if (c === 47 || c === 96) return undefined;
    else if (c === 40 || c === 91 || c === 123) depth++;
    else if ((c === 41 || c === 93 || c === 125) && --depth === 0)
      return c === 41 ? i : undefined;
  }
  return undefined;
}

/** `text` split at `separator` outside brackets and string literals; undefined when unsure. */
export function splitTopLevel(
  text: string,
  separator: string,
): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39) {
      const j = closingQuote(text, i);
      if (j >= text.length) return undefined;
      i = j;
    } else if (c === 47 || c === 96) return undefined;
    else if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      if (--depth < 0) return undefined;
    } else if (depth === 0 && text.startsWith(separator, i)) {
      out.push(text.slice(from, i));
      from = i + separator.length;
      i = from - 1;
    }
  }
  if (depth !== 0) return undefined;
  out.push(text.slice(from));
  return out;
}
