/**
 * `export type Name = A | "b" | C;` wider than the print width, every alternative a plain name or
 * a literal (issue 25: the types' enum aliases, the providers' element unions, the dispatcher's
 * destructive tools): prettier moves the union to the next line, indented, flat when it fits
 * there, else one alternative per line after a leading `| `; a single name or literal moves to
 * the next line the same way. Anything else is left to prettier.
 */
import { splitTopLevel, type WideLayout } from "../ts-wide-lines.js";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const ALIAS = new RegExp(String.raw`^((?:export )?type ${IDENT} =) (.+);$`);
const ALTERNATIVE = new RegExp(
  String.raw`^(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?|${IDENT})$`,
);

export function breakUnionAlias(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  if (!/^[\x20-\x7e]*$/.test(text)) return undefined;
  const m = ALIAS.exec(text);
  if (!m) return undefined;
  // Every accepted alternative is a name or a literal, so brackets never matter here.
  const alternatives = splitTopLevel(m[2]!, " | ");
  if (
    alternatives === undefined ||
    alternatives.length < 1 ||
    !alternatives.every((a) => ALTERNATIVE.test(a))
  )
    return undefined;
  const pad = " ".repeat(indent);
  const flat = `${pad}  ${alternatives.join(" | ")};`;
  const lines = [
    `${pad}${m[1]}`,
    ...(flat.length <= layout.printWidth
      ? [flat]
      : alternatives.map(
          (a, i) => `${pad}  | ${a}${i === alternatives.length - 1 ? ";" : ""}`,
        )),
  ];
  return lines.every((l) => l.length <= layout.printWidth) ? lines : undefined;
}
