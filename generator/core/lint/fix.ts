/**
 * `lint --fix`: mechanical fixes applied as minimal text edits, so comments and every untouched
 * byte of the YAML stay as they were. Each round applies fixes to distinct nodes, then re-parses
 * and re-lints; it ends when nothing fixable is left, which makes a second run a no-op. After
 * every round the edited text must parse to exactly the JSON the fixes describe, or nothing is
 * written.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import {
  hasOwn,
  isJsonObject,
  jsonEqual,
  objectFromEntries,
  pointerSegments,
  type Json,
  type JsonObject,
} from "../schema/json.js";
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
export function fixCatalog(
  path: string,
  source: string,
  only?: ReadonlySet<string>,
): FixResult {
  let text = source;
  let applied = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const loaded = loadCatalog(path, text);
    if (!loaded.catalog || !loaded.parsed)
      return { text, applied, diagnostics: loaded.diagnostics };
    const fixes = pickIndependent(
      loaded.findings
        .filter((f) => !only || only.has(f.rule))
        .map((f) => f.fix)
        .filter((f): f is Fix => f !== undefined),
    );
    if (fixes.length === 0)
      return { text, applied, diagnostics: loaded.diagnostics };
    const eol = text.includes("\r\n") ? "\r\n" : "\n";
    const root = loaded.parsed.document.contents as YamlNode;
    const edits = fixes.flatMap((f) => editFor(f, text, root, eol) ?? []);
    if (edits.length === 0)
      return { text, applied, diagnostics: loaded.diagnostics };
    const next = applyEdits(text, edits);
    let expected: Json = loaded.catalog;
    for (const f of fixes) expected = applyToJson(expected, f);
    const check = loadCatalog(path, next, { lint: false });
    if (
      !check.parsed ||
      check.parsed.value === undefined ||
      check.diagnostics.some((d) => d.severity === "error")
    ) {
      throw new Error(
        "internal: a fix produced YAML that does not parse; nothing was written",
      );
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

/** The mappings or lists a fix edits inside (the node that holds what it changes). */
function containersOf(fix: Fix): string[] {
  switch (fix.op) {
    case "add-key":
      return [fix.pointer];
    case "append-strings":
      return [fix.parent];
    case "group":
      return fix.fixes.flatMap(containersOf);
    default:
      return [fix.pointer.slice(0, fix.pointer.lastIndexOf("/"))];
  }
}

/** At most one fix per container node per round, so edits never overlap. */
function pickIndependent(fixes: readonly Fix[]): Fix[] {
  const seen = new Set<string>();
  const out: Fix[] = [];
  // A fix inside a node another fix changes would be moot; containers are checked both ways.
  const conflicts = (container: string) =>
    seen.has(container) ||
    [...seen].some(
      (s) => container.startsWith(s + "/") || s.startsWith(container + "/"),
    );
  for (const f of fixes) {
    const containers = [...new Set(containersOf(f))];
    if (containers.some(conflicts)) continue;
    for (const c of containers) seen.add(c);
    out.push(f);
  }
  return out;
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

// ---- JSON model of each fix (what the edited YAML must parse to) ----

function applyToJson(root: Json, fix: Fix): Json {
  switch (fix.op) {
    case "add-key":
      return updateAt(root, pointerSegments(fix.pointer), (node) =>
        objectFromEntries([...entries(node), [fix.key, fix.value] as const]),
      );
    case "remove-key": {
      const { parent, last } = splitPointer(fix.pointer);
      return updateAt(root, parent, (node) =>
        objectFromEntries(entries(node).filter(([k]) => k !== last)),
      );
    }
    case "replace-entry": {
      const { parent, last } = splitPointer(fix.pointer);
      return updateAt(root, parent, (node) =>
        objectFromEntries(
          entries(node).map(([k, v]) =>
            k === last ? ([fix.key, fix.value] as const) : ([k, v] as const),
          ),
        ),
      );
    }
    case "set-value":
      return updateAt(root, pointerSegments(fix.pointer), () => fix.value);
    case "remove-item": {
      const { parent, last } = splitPointer(fix.pointer);
      return updateAt(root, parent, (node) =>
        Array.isArray(node)
          ? node.filter((_: Json, i: number) => String(i) !== last)
          : node,
      );
    }
    case "append-strings":
      return updateAt(root, pointerSegments(fix.parent), (node) => {
        const obj = node as JsonObject;
        const current =
          hasOwn(obj, fix.key) && Array.isArray(obj[fix.key])
            ? (obj[fix.key] as Json[])
            : undefined;
        if (current)
          return objectFromEntries(
            entries(node).map(
              ([k, v]) =>
                [k, k === fix.key ? [...current, ...fix.values] : v] as const,
            ),
          );
        return objectFromEntries([
          ...entries(node),
          [fix.key, [...fix.values]] as const,
        ]);
      });
    case "group":
      return fix.fixes.reduce<Json>((json, f) => applyToJson(json, f), root);
  }
}

function splitPointer(pointer: string): { parent: string[]; last: string } {
  const parent = pointerSegments(pointer);
  const last = parent.pop()!;
  return { parent, last };
}

function entries(node: Json): [string, Json][] {
  return isJsonObject(node) ? Object.keys(node).map((k) => [k, node[k]!]) : [];
}

function updateAt(node: Json, segs: string[], f: (n: Json) => Json): Json {
  if (segs.length === 0) return f(node);
  const [head, ...rest] = segs;
  if (Array.isArray(node))
    return node.map((v: Json, i: number) =>
      String(i) === head ? updateAt(v, rest, f) : v,
    );
  if (isJsonObject(node))
    return objectFromEntries(
      Object.keys(node).map(
        (k) =>
          [k, k === head ? updateAt(node[k]!, rest, f) : node[k]!] as const,
      ),
    );
  return node;
}

// ---- text edits ----

function findNode(
  root: YamlNode,
  pointer: string,
): { node: YamlNode; pair?: Pair; parent?: YamlNode } | undefined {
  let node: YamlNode | undefined = root;
  let pair: Pair | undefined;
  let parent: YamlNode | undefined;
  for (const seg of pointerSegments(pointer)) {
    if (!node || isAlias(node)) return undefined;
    parent = node;
    if (isMap(node)) {
      pair = (node as YAMLMap).items.find(
        (p) => keyText(p.key as YamlNode) === seg,
      ) as Pair | undefined;
      node = (pair?.value ?? undefined) as YamlNode | undefined;
    } else if (isSeq(node)) {
      pair = undefined;
      node = (node as YAMLSeq).items[Number(seg)] as YamlNode | undefined;
    } else return undefined;
  }
  return node ? { node, pair, parent } : undefined;
}

function keyText(key: YamlNode | null): string | undefined {
  if (key && isScalar(key))
    return typeof key.value === "string"
      ? key.value
      : (key.source ?? String(key.value));
  return undefined;
}

function yamlKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(key) ? key : JSON.stringify(key);
}

/** JSON text is YAML flow text; strings are double-quoted so nothing is re-interpreted. */
function yamlValue(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(", ")}]`;
  if (typeof value === "string")
    return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(value) &&
      !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(value)
      ? value
      : JSON.stringify(value);
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

/** A comment that follows `end` on its line (` # …`), without the line break. */
function trailingComment(text: string, end: number): string | undefined {
  const nl = text.indexOf("\n", end);
  const rest = text.slice(end, nl === -1 ? text.length : nl).replace(/\r$/, "");
  return /^[ \t]+#/.test(rest) ? rest.trimStart() : undefined;
}

/** Comment-only lines between `start` and `end` (each without its line break). */
function commentLines(text: string, start: number, end: number): string[] {
  return text
    .slice(start, end)
    .split("\n")
    .map((l) => l.replace(/\r$/, "").trim())
    .filter((l) => l.startsWith("#"));
}

/**
 * Removes the block-style lines from `lineBegin` to the end of the line holding `end`, keeping
 * the comments written on them (at the removed entry's indent), so nothing the user wrote is lost.
 */
function removeLines(
  text: string,
  lineBegin: number,
  firstContent: number,
  end: number,
  keepTrailingAt: number | undefined,
  eol: string,
): Edit {
  const until = afterLine(text, end);
  const pad = " ".repeat(firstContent - lineBegin);
  const comments = commentLines(text, firstContent, until);
  const trailing =
    keepTrailingAt === undefined
      ? undefined
      : trailingComment(text, keepTrailingAt);
  if (trailing !== undefined && !comments.includes(trailing))
    comments.push(trailing);
  const endsWithBreak = until > 0 && text[until - 1] === "\n";
  const kept = comments.map((c) => pad + c).join(eol);
  return {
    start: lineBegin,
    end: until,
    text: comments.length === 0 ? "" : kept + (endsWithBreak ? eol : ""),
  };
}

/** Removes `[start, end)` from a flow collection with one of its commas, leaving the spacing tidy. */
function removeFromFlow(text: string, start: number, end: number): Edit {
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

/** The text for a replaced value: a block value's range ends after its line break, which must stay. */
function replacing(
  text: string,
  start: number,
  end: number,
  replacement: string,
  eol: string,
): Edit {
  const breakAfter = end > start && text[end - 1] === "\n";
  return { start, end, text: replacement + (breakAfter ? eol : "") };
}

function addToMap(
  map: YAMLMap,
  key: string,
  value: string,
  text: string,
  eol: string,
): Edit | undefined {
  const range = (map as YamlNode).range;
  if (!range) return undefined;
  if (map.flow) {
    const close = lastNonSpaceBefore(text, range[1]);
    if (text[close] !== "}") return undefined;
    // Insert right after the last entry, so the space the user left before `}` stays there.
    const before = lastNonSpaceBefore(text, close);
    if (map.items.length === 0)
      return { start: close, end: close, text: `${yamlKey(key)}: ${value}` };
    const at = before + 1;
    return {
      start: at,
      end: at,
      text: `${text[before] === "," ? " " : ", "}${yamlKey(key)}: ${value}`,
    };
  }
  const first = map.items[0]?.key as YamlNode | undefined;
  const last = map.items[map.items.length - 1];
  if (!first?.range || !last) return undefined;
  const indent = text.slice(lineStart(text, first.range[0]), first.range[0]);
  if (/\S/.test(indent) && !/^[\s-]*$/.test(indent)) return undefined;
  const pad = " ".repeat(first.range[0] - lineStart(text, first.range[0]));
  const lastEnd = ((last.value as YamlNode | null)?.range ??
    (last.key as YamlNode).range)![1];
  const at = afterLine(text, lastEnd);
  const needsBreak = at === text.length && !text.endsWith("\n");
  return {
    start: at,
    end: at,
    text: `${needsBreak ? eol : ""}${pad}${yamlKey(key)}: ${value}${needsBreak ? "" : eol}`,
  };
}

/** The pair at `pointer` in its mapping, with the ranges an edit needs. */
function entryAt(
  root: YamlNode,
  pointer: string,
):
  | { map: YAMLMap; start: number; end: number; value: YamlNode | null }
  | undefined {
  const found = findNode(root, pointer);
  if (!found?.pair || !found.parent || !isMap(found.parent)) return undefined;
  const keyNode = found.pair.key as YamlNode;
  const value = found.pair.value as YamlNode | null;
  if (!keyNode.range) return undefined;
  return {
    map: found.parent as YAMLMap,
    start: keyNode.range[0],
    end: (value?.range ?? keyNode.range)[1],
    value,
  };
}

function isScalarLike(node: YamlNode | null): boolean {
  return (
    node === null ||
    isScalar(node) ||
    ((isMap(node) || isSeq(node)) && (node as YAMLMap | YAMLSeq).flow === true)
  );
}

function editFor(
  fix: Fix,
  text: string,
  root: YamlNode,
  eol: string,
): Edit[] | undefined {
  switch (fix.op) {
    case "group": {
      const edits: Edit[] = [];
      for (const f of fix.fixes) {
        const e = editFor(f, text, root, eol);
        if (!e) return undefined;
        edits.push(...e);
      }
      return edits;
    }
    case "add-key": {
      const found = findNode(root, fix.pointer);
      if (!found || !isMap(found.node)) return undefined;
      const e = addToMap(
        found.node as YAMLMap,
        fix.key,
        yamlValue(fix.value),
        text,
        eol,
      );
      return e && [e];
    }
    case "remove-key": {
      const entry = entryAt(root, fix.pointer);
      if (!entry) return undefined;
      if (entry.map.flow) return [removeFromFlow(text, entry.start, entry.end)];
      if (entry.map.items.length === 1) return undefined;
      const ls = lineStart(text, entry.start);
      if (/\S/.test(text.slice(ls, entry.start))) return undefined;
      return [
        removeLines(
          text,
          ls,
          entry.start,
          entry.end,
          isScalarLike(entry.value) ? entry.end : undefined,
          eol,
        ),
      ];
    }
    case "replace-entry": {
      const entry = entryAt(root, fix.pointer);
      if (!entry) return undefined;
      return [
        replacing(
          text,
          entry.start,
          entry.end,
          `${yamlKey(fix.key)}: ${yamlValue(fix.value)}`,
          eol,
        ),
      ];
    }
    case "set-value": {
      const found = findNode(root, fix.pointer);
      const range = found?.node.range;
      if (!found || !range || isAlias(found.node)) return undefined;
      return [replacing(text, range[0], range[1], yamlValue(fix.value), eol)];
    }
    case "remove-item": {
      const found = findNode(root, fix.pointer);
      if (!found?.parent || !isSeq(found.parent) || !found.node.range)
        return undefined;
      const seq = found.parent as YAMLSeq;
      if (seq.items.length < 2) return undefined;
      const [start, end] = found.node.range;
      if (seq.flow) return [removeFromFlow(text, start, end)];
      const ls = lineStart(text, start);
      const dash = text.lastIndexOf("-", start);
      if (
        dash < ls ||
        /\S/.test(text.slice(ls, dash)) ||
        /\S/.test(text.slice(dash + 1, start))
      )
        return undefined;
      return [
        removeLines(
          text,
          ls,
          dash,
          end,
          isScalarLike(found.node) ? end : undefined,
          eol,
        ),
      ];
    }
    case "append-strings": {
      const found = findNode(root, fix.parent);
      if (!found || !isMap(found.node)) return undefined;
      const map = found.node as YAMLMap;
      const pair = map.items.find(
        (p) => keyText(p.key as YamlNode) === fix.key,
      );
      if (!pair) {
        const e = addToMap(map, fix.key, yamlValue([...fix.values]), text, eol);
        return e && [e];
      }
      const seq = pair.value as YamlNode | null;
      if (!seq || !isSeq(seq) || !seq.range) return undefined;
      const items = (seq as YAMLSeq).items as YamlNode[];
      const added = fix.values.map(yamlValue);
      if ((seq as YAMLSeq).flow) {
        const close = lastNonSpaceBefore(text, seq.range[1]);
        if (text[close] !== "]") return undefined;
        const before = lastNonSpaceBefore(text, close);
        const sep = items.length === 0 ? "" : text[before] === "," ? " " : ", ";
        const at = items.length === 0 ? close : before + 1;
        return [{ start: at, end: at, text: sep + added.join(", ") }];
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
      return [
        {
          start: at,
          end: at,
          text:
            (needsBreak ? eol : "") +
            added.map((v) => `${pad}- ${v}`).join(eol) +
            (needsBreak ? "" : eol),
        },
      ];
    }
  }
}
