/**
 * `import { a, b, c } from "./m.js";` wider than the print width, broken as prettier breaks it
 * without prettier: a list of two or more named specifiers is a group that breaks one specifier
 * per line, with a trailing comma (`trailingComma` "es5" or "all"), when the line does not fit;
 * a lone specifier cannot break and the line stays as it is; the module path never breaks.
 * Only plain specifiers (`a`, `a as b`, `type a`) and ASCII text; anything else is left to
 * prettier. Tested against prettier in test/unit/standard-schema-format.test.ts.
 */

/** What this reads of the layout (ts-code-format.ts's Layout). */
export interface ImportLayout {
  readonly trailingComma: boolean;
}

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const SPECIFIER = new RegExp(String.raw`^(?:type )?${IDENT}(?: as ${IDENT})?$`);
const IMPORT = new RegExp(
  String.raw`^(import (?:type )?)\{ (.+) \}( from (?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*');)$`,
);

/** The import's lines as prettier prints them once it is too wide (the caller checked it is), or undefined. */
export function breakImportList(
  text: string,
  indent: number,
  layout: ImportLayout,
): string[] | undefined {
  if (indent !== 0 || !/^[\x20-\x7e]*$/.test(text)) return undefined;
  const m = IMPORT.exec(text);
  if (!m) return undefined;
  const specifiers = m[2]!.split(", ");
  if (!specifiers.every((s) => SPECIFIER.test(s))) return undefined;
  if (specifiers.length === 1) return [text];
  const comma = layout.trailingComma ? "," : "";
  return [
    `${m[1]}{`,
    ...specifiers.map(
      (s, i) => `  ${s}${i < specifiers.length - 1 ? "," : comma}`,
    ),
    `}${m[3]}`,
  ];
}
