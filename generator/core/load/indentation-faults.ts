/**
 * Turns `yaml`'s reports of a mis-indented line into one diagnostic at the offending node.
 *
 * `yaml` reports an under-indented key (BAD_INDENT) at the start of its line, in the spaces, and
 * then flags the correctly indented lines after it too: they no longer line up with the mapping
 * the bad key opened. An over-indented key reads as the continuation of the value above it, so
 * `yaml` reports a multi-line implicit key starting on the line before (MULTILINE_IMPLICIT_KEY,
 * usually with BLOCK_AS_IMPLICIT_KEY and MISSING_CHAR around it). Here each fault points at the
 * first character of the mis-indented line, and the errors that only follow from it (on the
 * lines indented under it, or in the same implicit-key cluster) are dropped.
 */

export interface SyntaxError {
  readonly code: string;
  readonly message: string;
  readonly offset: number;
  /** End of the range `yaml` reported. */
  readonly end: number;
}

const CLUSTER_CODES = new Set(["BLOCK_AS_IMPLICIT_KEY", "MISSING_CHAR"]);

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  const nl = text.indexOf("\n", offset);
  return nl === -1 ? text.length : nl;
}

/** Offset of the first character that is not a space on the line holding `offset`. */
function firstContent(text: string, offset: number): number {
  let i = lineStart(text, offset);
  while (text[i] === " ") i++;
  return i;
}

/** Where the lines indented deeper than the one at `offset` (its "block") end. */
function blockEnd(text: string, offset: number): number {
  const indent = firstContent(text, offset) - lineStart(text, offset);
  let at = lineEnd(text, offset);
  while (at < text.length) {
    const next = at + 1;
    const content = firstContent(text, next);
    const end = lineEnd(text, next);
    const blank =
      content >= end || text[content] === "#" || text[content] === "\r";
    if (!blank && content - next <= indent) return at;
    at = end;
  }
  return text.length;
}

export function locateIndentationFaults(
  text: string,
  errors: readonly SyntaxError[],
): SyntaxError[] {
  const sorted = [...errors].sort((a, b) => a.offset - b.offset);
  const out: SyntaxError[] = [];
  /** Errors before this offset follow from a fault already reported. */
  let shadowEnd = -1;
  for (let i = 0; i < sorted.length; i++) {
    const e = sorted[i]!;
    if (e.offset <= shadowEnd) continue;
    const multiline = e.code === "MULTILINE_IMPLICIT_KEY";
    // BLOCK_AS_IMPLICIT_KEY opens the cluster of an over-indented line: the fault is where the key ends.
    const clusterHead =
      CLUSTER_CODES.has(e.code) &&
      sorted.slice(i + 1).find((n) => !CLUSTER_CODES.has(n.code))?.code ===
        "MULTILINE_IMPLICIT_KEY";
    if (clusterHead) continue;
    if (multiline) {
      const at = firstContent(text, e.end - 1);
      out.push({
        ...e,
        offset: at,
        message:
          "mis-indented line: it does not line up with the keys or items above it, so YAML reads it as part of the value before it",
      });
      shadowEnd = blockEnd(text, at);
      continue;
    }
    if (
      e.code === "BAD_INDENT" &&
      text[e.offset] === " " &&
      text.slice(lineStart(text, e.offset), e.offset).trim() === ""
    ) {
      const at = firstContent(text, e.offset);
      out.push({
        ...e,
        offset: at,
        message:
          "mis-indented key: the keys of a mapping must start at the same column",
      });
      shadowEnd = blockEnd(text, at);
      continue;
    }
    out.push(e);
  }
  return out;
}
