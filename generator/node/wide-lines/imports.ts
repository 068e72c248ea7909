/**
 * `import { a, type B, c as d } from "m";` wider than the print width (issue 25: the dispatcher's
 * and the provider modules' import lines): prettier breaks the braces, one specifier per line
 * with a trailing comma (under `trailingComma` "es5" and "all" alike), and keeps
 * `} from "m";` on the last line. A single specifier is never broken: that line is kept as it
 * is. Anything else (a default or namespace import, a comment, a line that would still be too
 * wide) is left to prettier.
 */
import type { WideLayout } from "../ts-wide-lines.js";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const SPECIFIER = new RegExp(String.raw`^(?:type )?${IDENT}(?: as ${IDENT})?$`);
const IMPORT = new RegExp(
  String.raw`^(import (?:type )?)\{ ([^{}]+) \}( from "[^"\\]*";)$`,
);

export function breakImport(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  if (indent !== 0 || !/^[\x20-\x7e]*$/.test(text)) return undefined;
  const m = IMPORT.exec(text);
  if (!m) return undefined;
  const specifiers = m[2]!.split(", ");
  if (!specifiers.every((s) => SPECIFIER.test(s))) return undefined;
  if (specifiers.length === 1) return [text];
  if (!layout.trailingComma) return undefined;
  const lines = [`${m[1]}{`, ...specifiers.map((s) => `  ${s},`), `}${m[3]}`];
  return lines.every((l) => l.length <= layout.printWidth) ? lines : undefined;
}
