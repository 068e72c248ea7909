/**
 * Reads back the constraints toolcat's own lowering moved into a description
 * (`Text. Constraints: greater than 0; at most 5 items.`, see providers/lowering/constraint-text.ts),
 * so that importing a declaration toolcat generated restores what the local validator checked.
 * Only whole sentences are read: if one phrase is not understood, nothing is taken from the text.
 */
import { objectFromEntries, type Json } from "../schema/json.js";

export interface ReadBack {
  /** The description without the constraints sentence ("" when nothing is left). */
  readonly description: string;
  readonly keywords: readonly (readonly [string, Json])[];
}

/** Where the JSON value starting at `i` ends, or -1. */
function jsonEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === "\\") j++;
      else if (text[j] === '"') return j + 1;
    }
    return -1;
  }
  if (c === "{" || c === "[") {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') {
        j = jsonEnd(text, j) - 1;
        if (j < 0) return -1;
      } else if (d === "{" || d === "[") depth++;
      else if (d === "}" || d === "]") {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return -1;
  }
  const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(
    text.slice(i),
  );
  return m ? i + m[0].length : -1;
}

/** Pseudo-keyword: the node's `anyOf` was a `oneOf` (the lowering keeps the alternatives declared). */
export const ONE_OF_ALTERNATIVES = "(oneOf)";

type Reader = (
  m: RegExpExecArray,
  value: Json | undefined,
) => readonly (readonly [string, Json])[] | undefined;

const num = (s: string | undefined): number => Number(s);

/** Phrase → keywords. A trailing `(json)` group means the phrase ends in a JSON value. */
const PHRASES: readonly (readonly [RegExp, boolean, Reader])[] = [
  [/^at least (\d+) characters?$/, false, (m) => [["minLength", num(m[1])]]],
  [/^at most (\d+) characters?$/, false, (m) => [["maxLength", num(m[1])]]],
  [
    /^at least (\d+) (?:non-null )?propert(?:y|ies)$/,
    false,
    (m) => [["minProperties", num(m[1])]],
  ],
  [
    /^at most (\d+) (?:non-null )?propert(?:y|ies)$/,
    false,
    (m) => [["maxProperties", num(m[1])]],
  ],
  [/^at least (\d+) items?$/, false, (m) => [["minItems", num(m[1])]]],
  [/^at most (\d+) items?$/, false, (m) => [["maxItems", num(m[1])]]],
  [/^minimum (-?[\d.eE+-]+)$/, false, (m) => [["minimum", num(m[1])]]],
  [/^maximum (-?[\d.eE+-]+)$/, false, (m) => [["maximum", num(m[1])]]],
  [
    /^greater than (-?[\d.eE+-]+)$/,
    false,
    (m) => [["exclusiveMinimum", num(m[1])]],
  ],
  [
    /^less than (-?[\d.eE+-]+)$/,
    false,
    (m) => [["exclusiveMaximum", num(m[1])]],
  ],
  [/^a multiple of (-?[\d.eE+-]+)$/, false, (m) => [["multipleOf", num(m[1])]]],
  [/^no two items equal$/, false, () => [["uniqueItems", true]]],
  [
    /^exactly one of the alternatives matches$/,
    false,
    () => [[ONE_OF_ALTERNATIVES, true]],
  ],
  [/^no other properties$/, false, () => [["additionalProperties", false]]],
  [/^no items beyond the listed positions$/, false, () => [["items", false]]],
  [
    /^matches the regular expression $/,
    true,
    (_m, v) => (typeof v === "string" ? [["pattern", v]] : undefined),
  ],
  [
    /^format $/,
    true,
    (_m, v) => (typeof v === "string" ? [["format", v]] : undefined),
  ],
  [/^property names match $/, true, (_m, v) => [["propertyNames", v!]]],
  [
    /^properties whose names match a pattern follow $/,
    true,
    (_m, v) => [["patternProperties", v!]],
  ],
  [
    /^other properties follow $/,
    true,
    (_m, v) => [["additionalProperties", v!]],
  ],
  [/^matches all of $/, true, (_m, v) => [["allOf", v!]]],
  [/^matches at least one of $/, true, (_m, v) => [["anyOf", v!]]],
  [/^matches exactly one of $/, true, (_m, v) => [["oneOf", v!]]],
  [/^does not match $/, true, (_m, v) => [["not", v!]]],
  [/^exactly $/, true, (_m, v) => [["const", v!]]],
  [/^one of $/, true, (_m, v) => [["enum", v!]]],
  [/^of type $/, true, (_m, v) => [["type", v!]]],
  [/^items match $/, true, (_m, v) => [["items", v!]]],
  [
    /^(at least|at most|exactly) (\d+) items? match(?:es)? $/,
    true,
    (m, v) => containsGroup(m[1]!, num(m[2]), v!),
  ],
  [
    /^(\d+) to (\d+) items match $/,
    true,
    (m, v) => [
      ["contains", v!],
      ["minContains", num(m[1])],
      ["maxContains", num(m[2])],
    ],
  ],
];

function containsGroup(
  how: string,
  n: number,
  schema: Json,
): (readonly [string, Json])[] {
  const out: [string, Json][] = [["contains", schema]];
  if (how === "at least" && n !== 1) out.push(["minContains", n]);
  if (how === "at most") out.push(["minContains", 0], ["maxContains", n]);
  if (how === "exactly") {
    if (n !== 1) out.push(["minContains", n]);
    out.push(["maxContains", n]);
  }
  return out;
}

/** `when "a" is given, "b", "c" are required too` (also the non-null wording of OpenAI strict). */
const DEPENDENT =
  /^when ("(?:[^"\\]|\\.)*") is (?:given|non-null), ((?:"(?:[^"\\]|\\.)*"(?:, )?)+) (?:is|are) (?:required|non-null) too$/;

function readDependent(
  text: string,
  i: number,
):
  { keywords: readonly (readonly [string, Json])[]; next: number } | undefined {
  const end = text.indexOf("; ", i);
  const m = DEPENDENT.exec(text.slice(i, end === -1 ? text.length : end));
  if (!m) return undefined;
  try {
    const key = JSON.parse(m[1]!) as string;
    const names = JSON.parse(`[${m[2]}]`) as Json[];
    return {
      keywords: [
        ["dependentRequired", objectFromEntries([[key, names] as const])],
      ],
      next: end === -1 ? text.length : end + 2,
    };
  } catch {
    return undefined;
  }
}

/** One phrase at `text[i…]`, ending at `;` + space or the end; returns the keywords and the next index. */
function readPhrase(
  text: string,
  i: number,
):
  { keywords: readonly (readonly [string, Json])[]; next: number } | undefined {
  for (const [re, withValue, read] of PHRASES) {
    if (!withValue) {
      const end = text.indexOf("; ", i);
      const phrase = text.slice(i, end === -1 ? text.length : end);
      const m = re.exec(phrase);
      if (!m) continue;
      const keywords = read(m, undefined);
      if (keywords)
        return { keywords, next: end === -1 ? text.length : end + 2 };
      continue;
    }
    // The fixed words, then a JSON value.
    for (let j = i; j < text.length; j++) {
      const c = text[j]!;
      if (!(
        c === '"' ||
        c === "{" ||
        c === "[" ||
        c === "-" ||
        c === "t" ||
        c === "f" ||
        c === "n" ||
        (c >= "0" && c <= "9")
      ))
        continue;
      const m = re.exec(text.slice(i, j));
      if (!m) continue;
      const end = jsonEnd(text, j);
      if (end === -1) continue;
      if (end !== text.length && !text.startsWith("; ", end)) continue;
      let value: Json;
      try {
        value = JSON.parse(text.slice(j, end)) as Json;
      } catch {
        continue;
      }
      const keywords = read(m, value);
      if (keywords)
        return { keywords, next: end === text.length ? end : end + 2 };
    }
  }
  return undefined;
}

const SENTENCE = "Constraints: ";

/** The constraints stated in `description`, or undefined when it has no sentence toolcat could have written. */
export function readConstraints(description: string): ReadBack | undefined {
  const at = description.lastIndexOf(SENTENCE);
  if (at === -1 || !description.endsWith(".")) return undefined;
  if (at > 0 && description[at - 1] !== " ") return undefined;
  const body = description.slice(at + SENTENCE.length, -1);
  const keywords: (readonly [string, Json])[] = [];
  let i = 0;
  while (i < body.length) {
    const phrase = readDependent(body, i) ?? readPhrase(body, i);
    if (!phrase) return undefined;
    keywords.push(...phrase.keywords);
    i = phrase.next;
  }
  // Keywords repeated with different values cannot come from one schema node.
  // The rules of one `dependentRequired` are stated one phrase each: put them back together.
  const dependent = keywords
    .filter(([k]) => k === "dependentRequired")
    .flatMap(([, v]) => Object.entries(v as { [key: string]: Json }));
  if (dependent.length > 0) {
    const at = keywords.findIndex(([k]) => k === "dependentRequired");
    const merged = objectFromEntries(dependent);
    if (Object.keys(merged).length !== dependent.length) return undefined;
    const rest = keywords
      .filter(([k], j) => k !== "dependentRequired" || j === at)
      .map(([k, v]) =>
        k === "dependentRequired" ? ([k, merged] as const) : ([k, v] as const),
      );
    keywords.splice(0, keywords.length, ...rest);
  }
  const seen = objectFromEntries<Json>([]);
  for (const [k, v] of keywords) {
    if (
      Object.prototype.hasOwnProperty.call(seen, k) &&
      JSON.stringify(seen[k]) !== JSON.stringify(v)
    )
      return undefined;
    seen[k] = v;
  }
  return { description: description.slice(0, at).trimEnd(), keywords };
}
