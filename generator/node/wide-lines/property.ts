/**
 * An object property `key: name,` (a validator map's entry) wider than the print width, as
 * prettier breaks it: its "fluid" assignment layout moves the value to the next line, indented,
 * when the key is not short (at least the tab width + 3 columns; a shorter key never breaks).
 * A name cannot break, so that is the only layout.
 */
import { textWidth } from "./doc.js";

const PROPERTY =
  /^([A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'): ([A-Za-z_$][\w$]*),$/;

export function breakNameProperty(
  text: string,
  indent: number,
  layout: { readonly printWidth: number },
): string[] | undefined {
  const m = PROPERTY.exec(text);
  if (!m) return undefined;
  const keyWidth = textWidth(m[1]!);
  const width = textWidth(text);
  if (keyWidth === undefined || width === undefined) return undefined;
  // prettier's isObjectPropertyWithShortKey: a key narrower than tabWidth (2) + 3.
  if (keyWidth < 5 || indent + width <= layout.printWidth) return undefined;
  const pad = " ".repeat(indent);
  return [`${pad}${m[1]}:`, `${pad}  ${m[2]},`];
}
