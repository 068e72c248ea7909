/**
 * A catalog document as block-style YAML: one key per line, two-space indents, strings plain where
 * YAML reads them back as the same string and JSON-quoted otherwise. Deterministic: key order is
 * the document's own. (Our own printer: the `yaml` library's stringify is several times slower on
 * a corpus of thousands of tools, and its choice of quoting styles varies with content.)
 */
import { isJsonObject, type Json } from "../schema/json.js";

/** Words the YAML core schema reads as something other than a string. */
const CORE_WORDS =
  /^(?:null|Null|NULL|~|true|True|TRUE|false|False|FALSE|\.inf|\.Inf|\.INF|-\.inf|-\.Inf|-\.INF|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+|0o[0-7]+)$/;
/** Strings safe as plain scalars: a conservative set of characters, no indicator at the start. */
const PLAIN = /^[A-Za-z0-9_$(][A-Za-z0-9_$ .,;()/+'=-]*$/;
/** Characters escaped inside double quotes beyond JSON's own set (line separators, controls, BOM). */
const EXTRA_ESCAPES = /[\u007f-\u009f\u2028\u2029\ufeff]/g;

export function yamlString(text: string): string {
  if (
    text !== "" &&
    PLAIN.test(text) &&
    !CORE_WORDS.test(text) &&
    !text.endsWith(" ") &&
    !text.includes(" #") &&
    !text.includes(": ")
  )
    return text;
  return JSON.stringify(text).replace(
    EXTRA_ESCAPES,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function scalar(value: Json): string {
  if (value === null) return "null";
  if (typeof value === "string") return yamlString(value);
  return JSON.stringify(value);
}

function isEmptyCollection(value: Json): boolean {
  return (
    (Array.isArray(value) && value.length === 0) ||
    (isJsonObject(value) && Object.keys(value).length === 0)
  );
}

function emit(value: Json, indent: string, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (isJsonObject(item) && !isEmptyCollection(item)) {
        const lines: string[] = [];
        emit(item, indent + "  ", lines);
        out.push(
          indent + "- " + lines[0]!.slice(indent.length + 2),
          ...lines.slice(1),
        );
      } else if (Array.isArray(item) && item.length > 0) {
        out.push(indent + "-");
        emit(item, indent + "  ", out);
      } else out.push(indent + "- " + inline(item));
    }
    return;
  }
  if (isJsonObject(value)) {
    for (const key of Object.keys(value)) {
      const v = value[key]!;
      const k = yamlString(key);
      if ((isJsonObject(v) || Array.isArray(v)) && !isEmptyCollection(v)) {
        out.push(`${indent}${k}:`);
        emit(v, indent + "  ", out);
      } else out.push(`${indent}${k}: ${inline(v)}`);
    }
  }
}

function inline(value: Json): string {
  if (Array.isArray(value)) return "[]";
  if (isJsonObject(value)) return "{}";
  return scalar(value);
}

/** The document as YAML text after the given comment lines (each without its `# `). */
export function catalogYaml(
  document: Json,
  comments: readonly string[],
): string {
  const out = comments.map((c) => `# ${c}`.trimEnd());
  if (
    isEmptyCollection(document) ||
    !(isJsonObject(document) || Array.isArray(document))
  )
    out.push(inline(document));
  else emit(document, "", out);
  return out.join("\n") + "\n";
}
