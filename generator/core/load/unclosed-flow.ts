/**
 * Points a flow collection that is never closed at the line where it opens. `yaml` notices a
 * `{` or `[` without its closer only where the text stops fitting it — usually the end of the
 * file, or the first line indented less — and reports it there ("Flow map in block collection
 * must be sufficiently indented and end with a }"), far from the mistake. Here such a report moves
 * to the unmatched opener, and the errors between the two, which only follow from it (a block
 * mapping read inside the flow), are dropped.
 */
import type { SyntaxError } from "./indentation-faults.js";

const UNCLOSED =
  /^Flow (map|sequence) in block collection must be sufficiently indented and end with a ([}\]])/;

/** Offsets of the `{` and `[` never closed in the text (quotes and comments skipped), outermost first. */
function unmatchedOpeners(
  text: string,
): { readonly at: number; readonly char: "{" | "[" }[] {
  const stack: { at: number; char: "{" | "[" }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (
      c === "#" &&
      (i === 0 ||
        text[i - 1] === " " ||
        text[i - 1] === "\t" ||
        text[i - 1] === "\n")
    ) {
      const nl = text.indexOf("\n", i);
      if (nl === -1) break;
      i = nl;
    } else if (c === '"' || c === "'") {
      // A quoted scalar (YAML escapes a single quote by doubling it, which this skips as two quotes).
      const previous = i === 0 ? "\n" : text[i - 1]!;
      if (!/[\s\[{,:]/.test(previous)) continue;
      let j = i + 1;
      while (j < text.length && text[j] !== c)
        j += c === '"' && text[j] === "\\" ? 2 : 1;
      i = j;
    } else if (c === "{" || c === "[") stack.push({ at: i, char: c });
    else if (c === "}" || c === "]") {
      const open = c === "}" ? "{" : "[";
      if (stack.length > 0 && stack[stack.length - 1]!.char === open)
        stack.pop();
    }
  }
  return stack;
}

export function locateUnclosedFlows(
  text: string,
  errors: readonly SyntaxError[],
): SyntaxError[] {
  if (!errors.some((e) => UNCLOSED.test(e.message))) return [...errors];
  const openers = unmatchedOpeners(text);
  const moved: SyntaxError[] = [];
  const used = new Set<number>();
  for (const e of errors) {
    const m = UNCLOSED.exec(e.message);
    if (!m) continue;
    const char = m[1] === "map" ? "{" : "[";
    // The innermost opener of that kind before the report, not claimed by another report.
    const opener = [...openers]
      .reverse()
      .find((o) => o.char === char && o.at < e.offset && !used.has(o.at));
    if (opener === undefined) continue;
    used.add(opener.at);
    const what = char === "{" ? "flow mapping" : "flow sequence";
    const closer = char === "{" ? "}" : "]";
    moved.push({
      code: "UNCLOSED_FLOW",
      offset: opener.at,
      end: opener.at + 1,
      message: `this \`${char}\` is never closed: a ${what} must end with \`${closer}\` (or write it in block style, one entry per line)`,
      reportedAt: e.offset,
    } as SyntaxError & { reportedAt: number });
  }
  if (moved.length === 0) return [...errors];
  const first = Math.min(...moved.map((m) => m.offset));
  const last = Math.max(
    ...moved.map((m) => (m as SyntaxError & { reportedAt: number }).reportedAt),
  );
  // What lies between an unclosed opener and where it was noticed follows from it.
  const kept = errors.filter(
    (e) => !UNCLOSED.test(e.message) && (e.offset < first || e.offset > last),
  );
  return [
    ...kept,
    ...moved.map(({ code, offset, end, message }) => ({
      code,
      offset,
      end,
      message,
    })),
  ];
}
