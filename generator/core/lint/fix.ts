/**
 * `lint --fix`: mechanical fixes applied as minimal text edits, so comments and every untouched
 * byte of the YAML stay as they were. Each round applies fixes to distinct nodes, then re-parses
 * and re-lints; it ends when nothing fixable is left, which makes a second run a no-op. After
 * every round the edited text must parse to exactly the JSON the fixes describe, or nothing is
 * written.
 */
import { isAlias, isMap, isScalar, isSeq, type Node as YamlNode, type Pair, type YAMLMap, type YAMLSeq } from "yaml";
import { hasOwn, isJsonObject, jsonEqual, objectFromEntries, pointerSegments, type Json, type JsonObject } from "../schema/json.js";
import { loadCatalog } from "../load/load-catalog.js";
import type { Fix } from "./rule.js";
import type { Diagnostic } from "../diagnostics.js";

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface FixResult {
  readonly text: string;
  /** Number of fixes applied. */
  readonly applied: number;
  /** Diagnostics of the fixed text. */
  readonly diagnostics: readonly Diagnostic[];
}

const MAX_ROUNDS = 50;

/** @param only  restrict fixing to these rule ids (all fixable rules when absent) */
export function fixCatalog(path: string, source: string, only?: ReadonlySet<string>): FixResult {
  let text = source;
  let applied = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const loaded = loadCatalog(path, text);
    if (!loaded.catalog || !loaded.parsed) return { text, applied, diagnostics: loaded.diagnostics };
    const fixes = pickIndependent(
      loaded.findings
        .filter((f) => !only || only.has(f.rule))
        .map((f) => f.fix)
        .filter((f): f is Fix => f !== undefined),
    );
    if (fixes.length === 0) return { text, applied, diagnostics: loaded.diagnostics };
    const eol = text.includes("\r\n") ? "\r\n" : "\n";
    const edits = fixes.map((f) => editFor(f, text, loaded.parsed!.document.contents as YamlNode, eol)).filter((e): e is Edit => e !== undefined);
    if (edits.length === 0) return { text, applied, diagnostics: loaded.diagnostics };
    const next = applyEdits(text, edits);
    let expected: Json = loaded.catalog;
    for (const f of fixes) expected = applyToJson(expected, f);
    const check = loadCatalog(path, next, { lint: false });
    if (!check.parsed || check.parsed.value === undefined || check.diagnostics.some((d) => d.severity === "error")) {
      throw new Error("internal: a fix produced YAML that does not parse; nothing was written");
    }
    if (!jsonEqual(check.parsed.value, expected)) {
      // The text edit did not mean what the fix said (an unusual layout): keep the file as it is.
      return { text, applied, diagnostics: loaded.diagnostics };
    }
    text = next;
    applied += edits.length;
  }
  return { text, applied, diagnostics: loadCatalog(path, text).diagnostics };
}

/** At most one fix per container node per round, so edits never overlap. */
function pickIndependent(fixes: readonly Fix[]): Fix[] {
  const seen = new Set<string>();
  const out: Fix[] = [];
  for (const f of fixes) {
    const container = f.op === "remove-key" ? f.pointer.slice(0, f.pointer.lastIndexOf("/")) : f.op === "add-key" ? f.pointer : f.parent;
    if (seen.has(container)) continue;
    // A fix inside a node another fix removes would be moot; containers are checked both ways.
    if ([...seen].some((s) => container.startsWith(s + "/") || s.startsWith(container + "/"))) continue;
    seen.add(container);
    out.push(f);
  }
  return out;
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

// ---- JSON model of each fix (what the edited YAML must parse to) ----

function applyToJson(root: Json, fix: Fix): Json {
  switch (fix.op) {
    case "add-key":
      return updateAt(root, pointerSegments(fix.pointer), (node) => objectFromEntries([...entries(node), [fix.key, fix.value] as const]));
    case "remove-key": {
      const segs = pointerSegments(fix.pointer);
      const key = segs.pop()!;
      return updateAt(root, segs, (node) => objectFromEntries(entries(node).filter(([k]) => k !== key)));
    }
    case "append-strings":
      return updateAt(root, pointerSegments(fix.parent), (node) => {
        const obj = node as JsonObject;
        const current = hasOwn(obj, fix.key) && Array.isArray(obj[fix.key]) ? (obj[fix.key] as Json[]) : undefined;
        if (current) return objectFromEntries(entries(node).map(([k, v]) => [k, k === fix.key ? [...current, ...fix.values] : v] as const));
        return objectFromEntries([...entries(node), [fix.key, [...fix.values]] as const]);
      });
  }
}

function entries(node: Json): [string, Json][] {
  return isJsonObject(node) ? Object.keys(node).map((k) => [k, node[k]!]) : [];
}

function updateAt(node: Json, segs: string[], f: (n: Json) => Json): Json {
  if (segs.length === 0) return f(node);
  const [head, ...rest] = segs;
  if (Array.isArray(node)) return node.map((v: Json, i: number) => (String(i) === head ? updateAt(v, rest, f) : v));
  if (isJsonObject(node)) return objectFromEntries(Object.keys(node).map((k) => [k, k === head ? updateAt(node[k]!, rest, f) : node[k]!] as const));
  return node;
}

// ---- text edits ----

function findNode(root: YamlNode, pointer: string): { node: YamlNode; pair?: Pair; parent?: YamlNode } | undefined {
  let node: YamlNode | undefined = root;
  let pair: Pair | undefined;
  let parent: YamlNode | undefined;
  for (const seg of pointerSegments(pointer)) {
    if (!node || isAlias(node)) return undefined;
    parent = node;
    if (isMap(node)) {
      pair = (node as YAMLMap).items.find((p) => keyText(p.key as YamlNode) === seg) as Pair | undefined;
      node = (pair?.value ?? undefined) as YamlNode | undefined;
    } else if (isSeq(node)) {
      pair = undefined;
      node = (node as YAMLSeq).items[Number(seg)] as YamlNode | undefined;
    } else return undefined;
  }
  return node ? { node, pair, parent } : undefined;
}

function keyText(key: YamlNode | null): string | undefined {
  if (key && isScalar(key)) return typeof key.value === "string" ? key.value : (key.source ?? String(key.value));
  return undefined;
}

function yamlKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key) ? key : JSON.stringify(key);
}

/** JSON text is YAML flow text; strings are double-quoted so nothing is re-interpreted. */
function yamlValue(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(", ")}]`;
  if (typeof value === "string") return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(value) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

/** Offset just after the line that contains `offset - 1` (after its newline). */
function afterLine(text: string, endOffset: number): number {
  const nl = text.indexOf("\n", Math.max(endOffset - 1, 0));
  return nl === -1 ? text.length : nl + 1;
}

function lastNonSpaceBefore(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i;
}

function addToMap(map: YAMLMap, key: string, value: string, text: string, eol: string): Edit | undefined {
  const range = (map as YamlNode).range;
  if (!range) return undefined;
  if (map.flow) {
    const close = lastNonSpaceBefore(text, range[1]);
    if (text[close] !== "}") return undefined;
    const before = lastNonSpaceBefore(text, close);
    const sep = map.items.length === 0 || text[before] === "," ? (map.items.length === 0 ? "" : " ") : ", ";
    return { start: close, end: close, text: `${sep}${yamlKey(key)}: ${value}${map.items.length === 0 ? "" : ""}` };
  }
  const first = map.items[0]?.key as YamlNode | undefined;
  const last = map.items[map.items.length - 1];
  if (!first?.range || !last) return undefined;
  const indent = text.slice(lineStart(text, first.range[0]), first.range[0]);
  if (/\S/.test(indent) && !/^[\s-]*$/.test(indent)) return undefined;
  const pad = " ".repeat(first.range[0] - lineStart(text, first.range[0]));
  const lastEnd = ((last.value as YamlNode | null)?.range ?? (last.key as YamlNode).range)![1];
  const at = afterLine(text, lastEnd);
  const needsBreak = at === text.length && !text.endsWith("\n");
  return { start: at, end: at, text: `${needsBreak ? eol : ""}${pad}${yamlKey(key)}: ${value}${needsBreak ? "" : eol}` };
}

function editFor(fix: Fix, text: string, root: YamlNode, eol: string): Edit | undefined {
  switch (fix.op) {
    case "add-key": {
      const found = findNode(root, fix.pointer);
      if (!found || !isMap(found.node)) return undefined;
      return addToMap(found.node as YAMLMap, fix.key, yamlValue(fix.value), text, eol);
    }
    case "remove-key": {
      const found = findNode(root, fix.pointer);
      if (!found?.pair || !found.parent || !isMap(found.parent)) return undefined;
      const map = found.parent as YAMLMap;
      const keyNode = found.pair.key as YamlNode;
      const valueNode = found.pair.value as YamlNode | null;
      if (!keyNode.range) return undefined;
      const start = keyNode.range[0];
      const end = (valueNode?.range ?? keyNode.range)[1];
      if (map.flow) {
        let after = end;
        while (after < text.length && /[ \t]/.test(text[after]!)) after++;
        if (text[after] === ",") {
          after++;
          while (after < text.length && /[ \t]/.test(text[after]!)) after++;
          return { start, end: after, text: "" };
        }
        const before = lastNonSpaceBefore(text, start);
        if (text[before] === ",") return { start: before, end, text: "" };
        return { start, end, text: "" };
      }
      if (map.items.length === 1) return undefined;
      const ls = lineStart(text, start);
      if (/\S/.test(text.slice(ls, start))) return undefined;
      return { start: ls, end: afterLine(text, end), text: "" };
    }
    case "append-strings": {
      const found = findNode(root, fix.parent);
      if (!found || !isMap(found.node)) return undefined;
      const map = found.node as YAMLMap;
      const pair = map.items.find((p) => keyText(p.key as YamlNode) === fix.key);
      if (!pair) return addToMap(map, fix.key, yamlValue([...fix.values]), text, eol);
      const seq = pair.value as YamlNode | null;
      if (!seq || !isSeq(seq) || !seq.range) return undefined;
      const items = (seq as YAMLSeq).items as YamlNode[];
      const added = fix.values.map(yamlValue);
      if ((seq as YAMLSeq).flow) {
        const close = lastNonSpaceBefore(text, seq.range[1]);
        if (text[close] !== "]") return undefined;
        const before = lastNonSpaceBefore(text, close);
        const sep = items.length === 0 ? "" : text[before] === "," ? " " : ", ";
        return { start: close, end: close, text: sep + added.join(", ") };
      }
      const firstItem = items[0];
      if (!firstItem?.range) return undefined;
      const ls = lineStart(text, firstItem.range[0]);
      const dash = text.lastIndexOf("-", firstItem.range[0]);
      if (dash < ls) return undefined;
      const pad = text.slice(ls, dash);
      if (/\S/.test(pad)) return undefined;
      const lastItem = items[items.length - 1]!;
      const at = afterLine(text, lastItem.range![1]);
      const needsBreak = at === text.length && !text.endsWith("\n");
      return { start: at, end: at, text: (needsBreak ? eol : "") + added.map((v) => `${pad}- ${v}`).join(eol) + (needsBreak ? "" : eol) };
    }
  }
}
