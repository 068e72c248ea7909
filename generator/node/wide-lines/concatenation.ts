/**
 * `s += a + "b" + (c ? d : e);` wider than the print width, a chain of `+` whose operands are
 * names, literals, calls and parenthesised groups (issue 25: output-text.ts appends each
 * property's text so). The right side of an assignment that is a binary chain goes after the
 * operator (prettier's "break-after-operator" layout): on the next line, indented, when it fits
 * there; else one operand per line, each but the last ending in ` +`. Declined when an operand
 * would not fit on its line (it would break inside) or is anything else.
 */
import { splitTopLevel, type WideLayout } from "../ts-wide-lines.js";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const APPEND = new RegExp(String.raw`^(${IDENT}(?:\.${IDENT})* \+=) (.+);$`);
const OPERAND = new RegExp(
  String.raw`^(?:${IDENT}(?:\.${IDENT})*(?:\(.*\))?|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|\(.*\))$`,
);

export function breakConcatenation(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  if (!/^[\x20-\x7e]*$/.test(text)) return undefined;
  const m = APPEND.exec(text);
  if (!m) return undefined;
  const operands = splitTopLevel(m[2]!, " + ");
  if (
    operands === undefined ||
    operands.length < 2 ||
    !operands.every(
      (o) =>
        OPERAND.test(o) &&
        // A call's or group's brackets must be the operand's own.
        (!o.endsWith(")") || wholeBrackets(o)),
    )
  )
    return undefined;
  const pad = " ".repeat(indent);
  const next = `${pad}  ${m[2]};`;
  const lines =
    next.length <= layout.printWidth
      ? [`${pad}${m[1]}`, next]
      : [
          `${pad}${m[1]}`,
          ...operands.map(
            (o, i) => `${pad}  ${o}${i < operands.length - 1 ? " +" : ";"}`,
          ),
        ];
  return lines.every((l) => l.length <= layout.printWidth) ? lines : undefined;
}

/** True when the `(` the operand's final `)` closes opens its call or its group (not an inner one). */
function wholeBrackets(operand: string): boolean {
  const open = operand.startsWith("(") ? 0 : operand.indexOf("(");
  const inner = operand.slice(open + 1, -1);
  return splitTopLevel(inner, ", ") !== undefined;
}
