/**
 * Which tool owns a line of generated output, and a line diff. Used by the edit-locality test:
 * after an edit to one tool, every changed line must belong to that tool.
 *
 * Ownership follows the code's block structure (indentation, which prettier makes exact): a line
 * belongs to the first tool named by the line itself or by an enclosing block's head, walking
 * outwards; a closing bracket belongs to the block it closes; a comment belongs to what follows it;
 * a JSON object belongs to the tool its `"name"` member names. A tool is named by the identifiers
 * the generator derives from it (`LogMeal`, `logMeal…`, `validateLogMeal…`, `declaredLogMeal…`)
 * or by its name as a string or key (`"log_meal"`, `log_meal:`). Blank lines belong to nobody and
 * are never counted against an edit.
 */

import { diffLines as myersDiff } from "../../generator/node/diff.js";

export interface ToolTokens {
  readonly name: string;
  readonly test: (line: string) => boolean;
}

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter((p) => p !== "")
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join("");
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** How lines name the tool `name` (see the module comment). */
export function toolTokens(name: string): ToolTokens {
  const p = pascal(name);
  const c = p[0]!.toLowerCase() + p.slice(1);
  // An identifier of the tool: not inside a longer word on the left, and not continued by a
  // lowercase letter or digit (so `GetWorkout` does not match inside `GetWorkoutHistory`'s
  // continuation `History`, which starts uppercase — ruled out by the suffix list).
  const identifier = new RegExp(
    `(?:^|[^A-Za-z0-9])(?:validateDeclared|validate|declared)?(?:${escape(p)}|${escape(c)})(?:Input|Output(?:Text)?)?(?:_|[^A-Za-z0-9]|$)`,
  );
  const quoted = new RegExp(`(["'])${escape(name)}\\1|^\\s*${escape(name)}:`);
  return { name, test: (line) => identifier.test(line) || quoted.test(line) };
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const isCloser = (t: string) => /^[}\])]/.test(t);
const isComment = (t: string) =>
  t.startsWith("/*") || t.startsWith("*") || t.startsWith("//");

/** Owner of a runtime helper's lines (declared once, in the template's fixed order, when used). */
export const HELPER = "(helper)";
/** Owner of a provider module's list of its tools, which prettier keeps on one line while it fits. */
export const TOOL_LIST = "(tool list)";

/**
 * The owning tool of each line of `text` (undefined: shared or nobody's). `helpers` names the
 * runtime helpers: their top-level declarations are owned by HELPER.
 */
export function owners(
  text: string,
  tools: readonly ToolTokens[],
  helpers: ReadonlySet<string> = new Set(),
): (string | undefined)[] {
  const lines = text.split("\n");
  const parent: number[] = new Array(lines.length).fill(-1);
  const stack: number[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    const ind = indentOf(line);
    while (
      stack.length > 0 &&
      indentOf(lines[stack[stack.length - 1]!]!) >= ind
    )
      stack.pop();
    parent[i] = stack.length > 0 ? stack[stack.length - 1]! : -1;
    stack.push(i);
  });
  const direct = lines.map((line): string | undefined => {
    const declared =
      /^(?:export )?(?:function|const|let) ([A-Za-z_$][\w$]*)/.exec(line)?.[1];
    if (declared !== undefined && helpers.has(declared)) return HELPER;
    if (
      /^(?:export const \w+Tools\b.*= \[|\s*\{ functionDeclarations: \[)/.test(
        line,
      ) &&
      tools.filter((t) => t.test(line) || line.endsWith("[")).length > 0
    )
      return TOOL_LIST;
    return tools.find((t) => t.test(line))?.name;
  });
  // The elements of a tool list, one per line once it passed the print width.
  lines.forEach((_, i) => {
    if (parent[i]! >= 0 && direct[parent[i]!] === TOOL_LIST)
      direct[i] = TOOL_LIST;
  });
  // A JSON-style object named by one of its direct members (`"name": "log_meal"`).
  lines.forEach((line, i) => {
    const named = /^\s*"?name"?: "([^"]*)"/.exec(line);
    if (named && parent[i]! >= 0) {
      const tool = tools.find((t) => t.name === named[1]);
      if (tool && direct[parent[i]!] === undefined)
        direct[parent[i]!] = tool.name;
      // `{ "type": "function", "function": { "name": … } }`: the element around the wrapper too.
      const outer = parent[parent[i]!]!;
      if (
        tool &&
        outer >= 0 &&
        lines[outer]!.trim() === "{" &&
        direct[outer] === undefined
      )
        direct[outer] = tool.name;
    }
  });
  const memo = new Map<number, string | undefined>();
  const own = (i: number): string | undefined => {
    if (i < 0) return undefined;
    if (memo.has(i)) return memo.get(i);
    memo.set(i, undefined);
    const t = lines[i]!.trim();
    let result = direct[i];
    if (result === undefined && isCloser(t)) {
      // The opener is the nearest earlier line at the same indentation.
      for (let j = i - 1; j >= 0; j--) {
        if (lines[j]!.trim() === "") continue;
        if (indentOf(lines[j]!) === indentOf(lines[i]!)) {
          result = own(j);
          break;
        }
        if (indentOf(lines[j]!) < indentOf(lines[i]!)) break;
      }
    } else if (result === undefined && isComment(t)) {
      // A comment documents the next line that is not a comment.
      for (let j = i + 1; j < lines.length; j++) {
        const u = lines[j]!.trim();
        if (u === "" || isComment(u)) continue;
        result = own(j);
        break;
      }
    }
    if (result === undefined) result = own(parent[i]!);
    memo.set(i, result);
    return result;
  };
  return lines.map((l, i) => (l.trim() === "" ? undefined : own(i)));
}

export interface LineChange {
  readonly side: "removed" | "added";
  /** Index in the old file (removed) or the new file (added). */
  readonly index: number;
}

/** The changed lines between `a` and `b` (the Myers diff `generate --check` prints). */
export function diffLines(
  a: readonly string[],
  b: readonly string[],
): LineChange[] {
  const ops = myersDiff([...a], [...b], a.length + b.length);
  if (!ops) throw new Error("internal: no diff");
  const changes: LineChange[] = [];
  let ia = 0;
  let ib = 0;
  for (const op of ops) {
    if (op.kind === " ") {
      ia++;
      ib++;
    } else if (op.kind === "-") changes.push({ side: "removed", index: ia++ });
    else changes.push({ side: "added", index: ib++ });
  }
  return changes;
}
