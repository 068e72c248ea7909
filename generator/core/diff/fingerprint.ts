/**
 * The name an acknowledgement gives a change: a hash of the rule, the tool, the pointer (with
 * references inlined) and the values before and after. Line numbers, key order, comments and
 * changes elsewhere in the catalog do not enter it, so it survives unrelated edits; changing the
 * change itself (another value removed, another bound) gives a new fingerprint that needs its
 * own review.
 */
import { isJsonObject, type Json } from "../schema/json.js";

/** JSON with object keys sorted (code-unit order), so equal values always give equal text. */
export function stableJson(value: Json | undefined): string {
  if (value === undefined) return "-";
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isJsonObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(value[k]!)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** FNV-1a over UTF-16 code units, 32 bits, from a given basis (pure: runs in a browser too). */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** 12 hex digits (48 bits) from two independent 32-bit hashes: collisions are not a practical concern for a catalog's changes. */
export function fingerprint(parts: {
  rule: string;
  tool: string;
  pointer: string;
  before?: Json;
  after?: Json;
}): string {
  const text = [
    parts.rule,
    parts.tool,
    parts.pointer,
    stableJson(parts.before),
    stableJson(parts.after),
  ].join("\u0000");
  const a = fnv1a(text, 0x811c9dc5).toString(16).padStart(8, "0");
  const b = fnv1a(text, 0x01000193 ^ 0x5bd1e995)
    .toString(16)
    .padStart(8, "0");
  return (a + b).slice(0, 12);
}
