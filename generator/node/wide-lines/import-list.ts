/**
 * `import { a, type B, c as d } from "m";` wider than the print width, as prettier breaks it:
 * with two or more names the braces are a group of their own, one name per line (a trailing comma
 * unless `trailingComma: "none"`), then `} from "m";` — the module path never breaks. A lone name
 * cannot break: that line is kept as it is. Only plain names (`type` marks and `x as y`); a
 * default or namespace import, or a line that is not read exactly, declines (prettier formats it).
 * One breaker for every emitter's imports (dispatcher, providers, call validators, Standard
 * Schemas); compared with prettier in test/unit/wide-statements.test.ts and
 * test/unit/standard-schema-format.test.ts.
 */
import { textWidth } from "./doc.js";

export interface ImportLayout {
  readonly printWidth: number;
  readonly trailingComma: boolean;
}

const IMPORT =
  /^import (type )?\{ (.+) \} from ("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*');$/;
const SPECIFIER = /^(?:type )?[A-Za-z_$][\w$]*(?: as [A-Za-z_$][\w$]*)?$/;

export function breakImportList(
  text: string,
  indent: number,
  layout: ImportLayout,
): string[] | undefined {
  const m = IMPORT.exec(text);
  if (!m || indent !== 0) return undefined;
  const names = m[2]!.split(", ");
  if (!names.every((n) => SPECIFIER.test(n))) return undefined;
  const width = textWidth(text);
  if (width === undefined || width <= layout.printWidth) return undefined;
  if (names.length === 1) return [text];
  return [
    `import ${m[1] ?? ""}{`,
    ...names.map((n, i) =>
      i < names.length - 1 || layout.trailingComma ? `  ${n},` : `  ${n}`,
    ),
    `} from ${m[3]};`,
  ];
}
