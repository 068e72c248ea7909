/**
 * The JSON copies of the declarations (generated/providers/<target>.json): exactly the text of
 * `JSON.stringify(value, null, 2)`, with U+2028/U+2029 escaped like every other generated literal.
 *
 * Several targets declare the same schema objects (the canonical schema, or one dialect's
 * lowering), often at the same depth, so the text of a shared schema is made once per depth
 * (`SharedJson`) and the rest of the document is printed around it. A property test compares
 * this printer with JSON.stringify.
 */
import type { Json } from "../schema/json.js";

/**
 * Values printed more than once, by identity, each with its text per indentation depth. Only for
 * values nobody mutates (catalog data and lowered schemas are never changed once built).
 */
export class SharedJson {
  private readonly texts = new Map<object, Map<number, string>>();

  add(value: Json): void {
    if (typeof value === "object" && value !== null && !this.texts.has(value)) this.texts.set(value, new Map());
  }

  /** The text of an added value at `depth` (made on first use), or undefined when not added. */
  text(value: object, depth: number): string | undefined {
    const byDepth = this.texts.get(value);
    if (byDepth === undefined) return undefined;
    let text = byDepth.get(depth);
    if (text === undefined) byDepth.set(depth, (text = stringifyAtDepth(value as Json, depth)));
    return text;
  }
}

/** `JSON.stringify(value, null, 2)` (plus the separators escaped and a final newline), reusing shared texts. */
export function jsonText(value: Json, shared?: SharedJson): string {
  const parts: string[] = [];
  write(value, 0, parts, shared);
  // The newline joins with the rest (not appended after), so the text of megabytes comes out flat.
  parts.push("\n");
  const text = parts.join("");
  // `includes` rather than a regex: on megabytes of (usually one-byte) text it costs nothing.
  const separators = text.includes("\u2028") || text.includes("\u2029");
  return separators ? text.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029")) : text;
}

const INDENT = "  ";

/**
 * The native serialiser's text of `value` as it appears `depth` levels down: serialised inside
 * `depth` one-element arrays, which indent it exactly so, and cut out of them.
 */
function stringifyAtDepth(value: Json, depth: number): string {
  let wrapped: Json = value;
  let prefix = 0;
  let suffix = 0;
  for (let i = 0; i < depth; i++) {
    wrapped = [wrapped];
    prefix += 2 + INDENT.length * (i + 1); // "[\n" and the element's indent
    suffix += 2 + INDENT.length * i; // "\n" and the closing bracket's indent, "]"
  }
  const text = JSON.stringify(wrapped, null, INDENT);
  return depth === 0 ? text : text.slice(prefix, text.length - suffix);
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

function write(value: Json, depth: number, parts: string[], shared: SharedJson | undefined): void {
  if (value === null || typeof value !== "object") {
    parts.push(JSON.stringify(value));
    return;
  }
  const known = shared?.text(value, depth);
  if (known !== undefined) {
    parts.push(known);
    return;
  }
  const inner = "\n" + INDENT.repeat(depth + 1);
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    if (items.length === 0) {
      parts.push("[]");
      return;
    }
    parts.push("[");
    for (let i = 0; i < items.length; i++) {
      parts.push(i === 0 ? inner : "," + inner);
      if (omitted(items[i])) parts.push("null");
      else write(items[i]!, depth + 1, parts, shared);
    }
    parts.push("\n" + INDENT.repeat(depth) + "]");
    return;
  }
  const object = value as { readonly [key: string]: Json };
  let first = true;
  for (const key of Object.keys(object)) {
    if (omitted(object[key])) continue;
    parts.push(first ? "{" + inner : "," + inner, JSON.stringify(key), ": ");
    first = false;
    write(object[key]!, depth + 1, parts, shared);
  }
  parts.push(first ? "{}" : "\n" + INDENT.repeat(depth) + "}");
}
