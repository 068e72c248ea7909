/**
 * Type members (`key?: Type;` in an interface or object type) wider than the print width, in two
 * shapes the declarations have (issue 25):
 * - a plain type name (`add_pull_request_review_comment_reaction: AddPull…Input;`): nothing in it
 *   can break, so prettier keeps the line as it is;
 * - an object type written flat (`function: { name: string; parameters: { … } };`): prettier
 *   breaks its braces, one member per line each ending in `;`, and lays each member out the same
 *   way again one level deeper (flat when it fits, its own object type broken when not).
 * Any member that would still be too wide and is not one of these shapes is left to prettier.
 */
import { splitTopLevel, type WideLayout } from "../ts-wide-lines.js";

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const KEY = String.raw`(?:readonly )?(?:${IDENT}|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\??:`;
const NAMED = new RegExp(String.raw`^${KEY} ${IDENT}(?:\[\])*;$`);
const OBJECT = new RegExp(String.raw`^(${KEY}) \{ (.+) \};$`);
/** A member inside an object type, without its `;` (an index signature too). */
const INNER = new RegExp(
  String.raw`^((?:${KEY}|(?:readonly )?\[${IDENT}: (?:string|number)\]:)) (.+)$`,
);

export function breakTypeMember(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  if (!/^[\x20-\x7e]*$/.test(text)) return undefined;
  const pad = " ".repeat(indent);
  if (NAMED.test(text)) return [`${pad}${text}`];
  const m = OBJECT.exec(text);
  if (!m) return undefined;
  return brokenObject(m[1]!, m[2]!, indent, ";", layout);
}

/** `key {` + one member per line + `}` + `end`, each member laid out at `indent + 2`. */
function brokenObject(
  key: string,
  body: string,
  indent: number,
  end: string,
  layout: WideLayout,
): string[] | undefined {
  const members = splitTopLevel(body, "; ");
  if (members === undefined) return undefined;
  const pad = " ".repeat(indent);
  const lines = [`${pad}${key} {`];
  for (const member of members) {
    const inner = layMember(member, indent + 2, layout);
    if (inner === undefined) return undefined;
    lines.push(...inner);
  }
  lines.push(`${pad}}${end}`);
  return lines.every((l) => l.length <= layout.printWidth) ? lines : undefined;
}

/** One member of an object type at `indent`: flat when it fits, its object type broken when not. */
function layMember(
  member: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  const m = INNER.exec(member);
  if (!m) return undefined;
  const flat = `${" ".repeat(indent)}${member};`;
  if (flat.length <= layout.printWidth) return [flat];
  const type = m[2]!;
  if (!type.startsWith("{ ") || !type.endsWith(" }")) return undefined;
  return brokenObject(m[1]!, type.slice(2, -2), indent, ";", layout);
}
