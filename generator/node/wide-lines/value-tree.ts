/**
 * `const name: Type[] = value;` wider than the print width, the value a tree of array and object
 * literals whose leaves are names and literals (issue 25: the provider modules' exported lists,
 * such as google-genai's `[{ functionDeclarations: [a, b, …] }]`). prettier keeps `= [` (or `= {`)
 * on the first line and lays each array or object out flat when it fits on its line together
 * with what follows it there (a `,` or the final `;`), else breaks it: one element or property
 * per line, each laid out the same way one level deeper, with a trailing comma. Declined (left to
 * prettier): arrays prettier prints otherwise (numbers filled several to a line, two or more
 * objects or arrays of two or more entries, always broken), a first line that does not fit, a
 * leaf that does not fit, anything it does not parse.
 */
import type { WideLayout } from "../ts-wide-lines.js";
import { closingQuote } from "../ts-scan.js";

type Node =
  | { readonly kind: "leaf"; readonly text: string; readonly number: boolean }
  | { readonly kind: "array"; readonly items: readonly Node[] }
  | {
      readonly kind: "object";
      readonly entries: readonly (readonly [string, Node])[];
    };

const HEAD =
  /^((?:export )?const [A-Za-z_$][\w$]*(?:: [A-Za-z_$][\w$]*(?:\[\])*)? = )(.+);$/;

export function breakValueTree(
  text: string,
  indent: number,
  layout: WideLayout,
): string[] | undefined {
  if (!/^[\x20-\x7e]*$/.test(text) || !layout.trailingComma) return undefined;
  const m = HEAD.exec(text);
  if (!m) return undefined;
  const parsed = parseValue(m[2]!, 0);
  if (parsed === undefined || parsed.end !== m[2]!.length) return undefined;
  const { node } = parsed;
  if (node.kind === "leaf") return undefined;
  const lines = lay(node, indent, m[1]!, ";", layout);
  return lines !== undefined &&
    lines.every((l) => l.length <= layout.printWidth)
    ? lines
    : undefined;
}

/** `node` at `indent` after `prefix` and before `suffix`: one line when it fits, else broken. */
function lay(
  node: Node,
  indent: number,
  prefix: string,
  suffix: string,
  layout: WideLayout,
): string[] | undefined {
  const pad = " ".repeat(indent);
  const line = `${pad}${prefix}${flat(node)}${suffix}`;
  if (line.length <= layout.printWidth) return [line];
  // A leaf or an empty literal has no line to break at.
  if (
    node.kind === "leaf" ||
    (node.kind === "array" ? node.items.length : node.entries.length) === 0
  )
    return undefined;
  const lines = [`${pad}${prefix}${node.kind === "array" ? "[" : "{"}`];
  if (node.kind === "array") {
    if (!plainArray(node.items)) return undefined;
    for (const item of node.items) {
      const inner = lay(item, indent + 2, "", ",", layout);
      if (inner === undefined) return undefined;
      lines.push(...inner);
    }
  } else {
    for (const [key, value] of node.entries) {
      const inner = lay(value, indent + 2, `${key}: `, ",", layout);
      if (inner === undefined) return undefined;
      lines.push(...inner);
    }
  }
  lines.push(`${pad}${node.kind === "array" ? "]" : "}"}${suffix}`);
  return lines;
}

/** An array prettier breaks one element per line when it does not fit (see the module comment). */
function plainArray(items: readonly Node[]): boolean {
  if (items.length > 1 && items.every((i) => i.kind === "leaf" && i.number))
    return false;
  const entries = (n: Node) =>
    n.kind === "array"
      ? n.items.length
      : n.kind === "object"
        ? n.entries.length
        : 0;
  return !(
    items.length > 1 && items.every((i) => i.kind !== "leaf" && entries(i) > 1)
  );
}

function flat(node: Node): string {
  if (node.kind === "leaf") return node.text;
  if (node.kind === "array") return `[${node.items.map(flat).join(", ")}]`;
  return node.entries.length === 0
    ? "{}"
    : `{ ${node.entries.map(([k, v]) => `${k}: ${flat(v)}`).join(", ")} }`;
}

const LEAF = /^(?:[A-Za-z_$][\w$]*|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/;
const KEY = /^[A-Za-z_$][\w$]*/;

/** The value starting at `i` and where it ends; undefined when it is not a tree this module reads. */
function parseValue(
  text: string,
  i: number,
): { node: Node; end: number } | undefined {
  const c = text[i];
  if (c === '"' || c === "'") {
    const j = closingQuote(text, i);
    if (j >= text.length) return undefined;
    return {
      node: { kind: "leaf", text: text.slice(i, j + 1), number: false },
      end: j + 1,
    };
  }
  if (c === "[") {
    const items: Node[] = [];
    let j = i + 1;
    if (text[j] === "]") return { node: { kind: "array", items }, end: j + 1 };
    for (;;) {
      const item = parseValue(text, j);
      if (item === undefined) return undefined;
      items.push(item.node);
      j = item.end;
      if (text[j] === "]")
        return { node: { kind: "array", items }, end: j + 1 };
      if (!text.startsWith(", ", j)) return undefined;
      j += 2;
    }
  }
  if (c === "{") {
    const entries: [string, Node][] = [];
    if (text.startsWith("{}", i))
      return { node: { kind: "object", entries }, end: i + 2 };
    if (text[i + 1] !== " ") return undefined;
    let j = i + 2;
    for (;;) {
      const key = KEY.exec(text.slice(j));
      if (!key || !text.startsWith(": ", j + key[0].length)) return undefined;
      const value = parseValue(text, j + key[0].length + 2);
      if (value === undefined) return undefined;
      entries.push([key[0], value.node]);
      j = value.end;
      if (text.startsWith(" }", j))
        return { node: { kind: "object", entries }, end: j + 2 };
      if (!text.startsWith(", ", j)) return undefined;
      j += 2;
    }
  }
  const leaf = LEAF.exec(text.slice(i));
  if (!leaf) return undefined;
  return {
    node: { kind: "leaf", text: leaf[0], number: /^-?\d/.test(leaf[0]) },
    end: i + leaf[0].length,
  };
}
