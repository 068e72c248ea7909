/**
 * Boolean expressions with the parentheses prettier prints, no more and no fewer: `!x` but
 * `!(a === b)`; `&&` and `||` chains flattened; an `&&` inside `||` parenthesized; redundant
 * parentheses around a whole condition dropped. Generated conditions are built through these so
 * the validator code is already in prettier's layout (see generator/node/ts-code-format.ts) —
 * and a reader sees no `((…))`.
 *
 * The precedence of a fragment is read from its text, which works because generated code is
 * regular: binary operators are written with a space on each side, and strings are the only
 * literals that can hold operator characters.
 */
import { Code } from "./code.js";

/** Loosest operator at the top level of an expression (outside brackets and strings). */
type Precedence = "primary" | "unary" | "binary" | "and" | "or" | "loose";

/** `!e`, parenthesized unless `e` is primary or unary. */
export function not(e: Code): Code {
  const inner = unwrap(e);
  const p = precedence(inner.text);
  return new Code(
    p === "primary" || p === "unary" ? `!${inner.text}` : `!(${inner.text})`,
  );
}

/** `a && b && …`: nested `&&` chains flattened; `||` and looser operands parenthesized. */
export function and(...parts: readonly Code[]): Code {
  return chain(parts, "and", " && ");
}

/** `a || b || …`: nested `||` chains flattened; `&&` and looser operands parenthesized (as prettier does). */
export function or(...parts: readonly Code[]): Code {
  return chain(parts, "or", " || ");
}

function chain(
  parts: readonly Code[],
  kind: "and" | "or",
  operator: string,
): Code {
  if (parts.length === 1) return unwrap(parts[0]!);
  const texts = parts.map((part) => {
    const inner = unwrap(part);
    const p = precedence(inner.text);
    return p === kind || p === "primary" || p === "unary" || p === "binary"
      ? inner.text
      : `(${inner.text})`;
  });
  return new Code(texts.join(operator));
}

/** The expression without parentheses that enclose all of it (prettier drops them). */
export function unwrap(e: Code): Code {
  let text = e.text;
  while (enclosed(text)) text = text.slice(1, -1);
  return text === e.text ? e : new Code(text);
}

/** True when the text is `( … )` with the first parenthesis closed by the last character. */
function enclosed(text: string): boolean {
  if (!text.startsWith("(") || !text.endsWith(")")) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i = skipString(text, i);
      continue;
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0 && i < text.length - 1) return false;
    }
  }
  return depth === 0;
}

/** Index of the closing quote of the string literal starting at `start`. */
function skipString(text: string, start: number): number {
  const quote = text.charCodeAt(start);
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === quote) return i;
  }
  return text.length;
}

const BINARY = [
  " === ",
  " !== ",
  " == ",
  " != ",
  " < ",
  " > ",
  " <= ",
  " >= ",
  " + ",
  " - ",
  " * ",
  " / ",
  " % ",
  " instanceof ",
  " in ",
];
const LOOSE = [" ? ", " ?? ", " = ", " ??= ", " => ", " as ", " satisfies "];
const BINARY_AT = anyOf(BINARY);
const LOOSE_AT = anyOf(LOOSE);
const RANK: Readonly<Record<Precedence, number>> = {
  primary: 0,
  unary: 1,
  binary: 2,
  and: 3,
  or: 4,
  loose: 5,
};
const BACKSLASH = 92;

/**
 * Whether one of the operators (each written ` op `) starts at `at`: one sticky regular
 * expression instead of a `startsWith` per operator (this runs at every top-level space of every
 * condition, mostly unoptimised in a one-shot `generate`).
 */
function startsWithAny(text: string, operators: RegExp, at: number): boolean {
  operators.lastIndex = at;
  return operators.test(text);
}

/** A sticky regular expression matching any of `operators` (exact text) where it is tried. */
function anyOf(operators: readonly string[]): RegExp {
  return new RegExp(
    operators.map((op) => op.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"),
    "y",
  );
}

/** The loosest operator at the top level of `text` (every condition of every validator asks: a plain scan). */
function precedence(text: string): Precedence {
  let depth = 0;
  let found: Precedence = "primary";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */ || c === 39 /* ' */) {
      i = skipString(text, i);
      continue;
    }
    if (c === 40 /* ( */ || c === 91 /* [ */ || c === 123 /* { */) depth++;
    else if (c === 41 /* ) */ || c === 93 /* ] */ || c === 125 /* } */) depth--;
    else if (depth === 0 && c === 32) {
      let seen: Precedence | undefined;
      if (text.startsWith(" || ", i)) seen = "or";
      else if (text.startsWith(" && ", i)) seen = "and";
      // Nothing is looser: the rest of the text cannot change the answer.
      else if (startsWithAny(text, LOOSE_AT, i)) return "loose";
      else if (startsWithAny(text, BINARY_AT, i)) seen = "binary";
      if (seen !== undefined && RANK[seen] > RANK[found]) found = seen;
    }
  }
  if (
    found === "primary" &&
    (text.startsWith("!") || text.startsWith("typeof ") || text.startsWith("-"))
  )
    return "unary";
  return found;
}
