/**
 * `type Name = { member };` — one member, an index signature or a mapped type — wider than the
 * print width, as prettier breaks it: the assignment stays on the first line (`type Name = {`),
 * the member goes on its own line, indented, ended by `;`, and `};` closes. Only when the member's
 * line then fits (a member that must break itself declines), and the member has no `;` or braces
 * of its own.
 */
import { textWidth } from "./doc.js";

const OBJECT_TYPE =
  /^((?:export )?type [A-Za-z_$][\w$]* = \{) ((?:readonly )?\[[A-Za-z_$][\w$]*(?:: string| in [A-Za-z_$][\w$]*)\]\??: [^;{}"'`/]+) \};$/;

export function breakObjectType(
  text: string,
  indent: number,
  layout: { readonly printWidth: number },
): string[] | undefined {
  const m = OBJECT_TYPE.exec(text);
  if (!m || indent !== 0) return undefined;
  const width = textWidth(text);
  const head = textWidth(m[1]!);
  if (width === undefined || width <= layout.printWidth) return undefined;
  if (head === undefined || head > layout.printWidth) return undefined;
  const member = `  ${m[2]};`;
  const memberWidth = textWidth(member);
  if (memberWidth === undefined || memberWidth > layout.printWidth)
    return undefined;
  return [m[1]!, member, "};"];
}
