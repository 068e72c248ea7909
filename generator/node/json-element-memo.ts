/**
 * A provider's JSON copy (`{ "//": header, "tools": [declarations], …settings }`) printed with the
 * text of each declaration kept from run to run in one process (`generate --watch`): the
 * declarations tool-memo.ts reuses are the same frozen objects, so after a one-tool edit only the
 * edited tool's element is serialised and laid out again.
 *
 * Exact by construction: json-format.ts lays out the serialiser's text array by array, each from
 * its own lines (its indentation, what precedes it on its line and the comma after it), and an
 * element that is a non-empty object is always broken over lines, with nothing of it on the lines
 * of its neighbours. So the file's text is the layout of the same document with the array holding
 * one placeholder object, with the placeholder's lines replaced by each element's lines — and an
 * element's lines are those of the layout of `{ "tools": [element] }`, where it sits at the same
 * depth. Anything else (no such array, another shape than expected) is printed whole.
 */
import type { Options } from "prettier";
import {
  isJsonObject,
  type Json,
  type JsonObject,
} from "../core/schema/json.js";
import { isKeptDeclaration } from "../core/providers/tool-memo.js";
import { formatJsonValue } from "./json-format.js";
import { flatText } from "../core/flat-text.js";

const PLACEHOLDER_KEY = "toolcat element placeholder";

interface Printed {
  readonly options: string;
  readonly text: string | undefined;
}

const elements = new WeakMap<object, Printed[]>();

/** For tests only: the key leaves the element's depth out, which must make the reuse test fail. */
export const jsonElementMemoTesting: { omitDepth: boolean } = {
  omitDepth: false,
};
const PER_VALUE = 4;

/**
 * Where a document's declarations are: its `tools` array, or the one array of its `tools` array's
 * only element (google-genai's `[{ functionDeclarations: [...] }]`), as the keys and indexes
 * leading there; undefined when no element there is a kept declaration.
 */
function declarationPath(value: unknown): readonly (string | 0)[] | undefined {
  if (!isJsonObject(value as JsonObject)) return undefined;
  const tools = (value as JsonObject).tools;
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  if (tools.some(isKeptDeclaration)) return ["tools"];
  const only = tools[0];
  if (tools.length !== 1 || !isJsonObject(only as JsonObject)) return undefined;
  const keys = Object.keys(only as JsonObject);
  const inner = keys.length === 1 ? (only as JsonObject)[keys[0]!] : undefined;
  return Array.isArray(inner) && inner.some(isKeptDeclaration)
    ? ["tools", 0, keys[0]!]
    : undefined;
}

/** `value` with the array at `path` replaced by `array`; `value` undefined: nothing but the path. */
function withArray(
  value: JsonObject | undefined,
  path: readonly (string | 0)[],
  array: readonly Json[],
): JsonObject {
  const key = path[0] as string;
  if (path.length === 1) return { ...value, [key]: array };
  // ["tools", 0, inner]: the element's other keys are none (declarationPath).
  return {
    ...value,
    [key]: [withArray(undefined, path.slice(2), array)],
  };
}

/**
 * formatJsonValue(value, options), with the kept declarations of its declarations' array
 * (declarationPath) printed once; any other element of that array (a target's `tool_search`
 * entry) is printed afresh, the same way.
 */
export function formatJsonData(
  value: unknown,
  options: Options,
  optionsKey: string,
): string | undefined {
  return formatJsonDataParts(value, options, optionsKey)?.join("");
}

/**
 * formatJsonData's text as parts to be concatenated: the skeleton's start, each kept element's
 * text (the same string from run to run) with the separators between them, the skeleton's end.
 * A thread kept from run to run sends what changed by comparing parts, never the whole text
 * (reply-delta.ts): joined, the sixteen provider files are 5 MB of two-byte strings every run.
 */
export function formatJsonDataParts(
  value: unknown,
  options: Options,
  optionsKey: string,
  reuse = true,
): readonly string[] | undefined {
  const whole = (): readonly string[] | undefined => {
    const text = formatJsonValue(value, options);
    return text === undefined ? undefined : [text];
  };
  // Nothing printed now is looked up again (formatFileParts): printed whole, one serialisation and
  // one layout pass for the file instead of one per element (about 125 -> 75 ms of thread CPU
  // for the real tools' eight JSON copies in a fresh process), and the same text.
  if (!reuse) return whole();
  const path = declarationPath(value);
  const tools =
    path === undefined
      ? undefined
      : path.length === 1
        ? ((value as JsonObject).tools as unknown[])
        : ((((value as JsonObject).tools as JsonObject[])[0]! as JsonObject)[
            path[2]!
          ] as unknown[]);
  if (
    path === undefined ||
    tools === undefined ||
    !tools.every(
      (t) =>
        isJsonObject(t as JsonObject) &&
        Object.keys(t as JsonObject).length > 0,
    )
  )
    return whole();
  const placeholderArray = [{ [PLACEHOLDER_KEY]: 0 }];
  const skeleton = formatJsonValue(
    withArray(value as JsonObject, path, placeholderArray),
    options,
  );
  if (skeleton === undefined) return whole();
  // The unit of indentation and the lines around an element, as the layout of a wrapper with
  // nothing but the path shows it: per key on the path, an opening line above and a closing one below.
  const around = path.filter((p) => typeof p === "string").length * 2;
  const probe = formatJsonValue(
    withArray(undefined, path, placeholderArray),
    options,
  );
  const lines = probe?.split("\n");
  // e.g. `{`, `<u>"tools": [`, `<u><u>{`, `<u><u><u>"…": 0`, `<u><u>}`, `<u>]`, `}`, ``
  if (lines?.length !== 2 * around + 4) return whole();
  const placeholder = `\n${lines.slice(around, around + 3).join("\n")}\n`;
  const opening = `\n${lines[around - 1]!}`;
  const at = skeleton.indexOf(opening + placeholder);
  if (at < 0 || skeleton.indexOf(opening, at + 1) >= 0) return whole();
  const parts: string[] = [];
  // One key for every element (made per element, each compare first flattened a fresh text).
  const key = flatText(
    `${jsonElementMemoTesting.omitDepth ? "" : around}\u0000${optionsKey}`,
  );
  for (const t of tools) {
    const text = elementText(t as JsonObject, path, around, options, key);
    if (text === undefined) return whole();
    parts.push(parts.length === 0 ? "\n" : ",\n", text);
  }
  const start = at + opening.length;
  parts.unshift(skeleton.slice(0, start));
  parts.push(`\n${skeleton.slice(start + placeholder.length)}`);
  return parts;
}

/**
 * The element's lines (no final newline) as they are laid out as an element of the array at
 * `path`: the layout of a wrapper with nothing but the path and the element, without the
 * `around` lines above and below it. Kept for a kept declaration, by `key`: the options and the
 * depth.
 */
function elementText(
  element: JsonObject,
  path: readonly (string | 0)[],
  around: number,
  options: Options,
  key: string,
): string | undefined {
  const keep = isKeptDeclaration(element);
  let printed = keep ? elements.get(element) : undefined;
  if (keep && !printed) elements.set(element, (printed = []));
  for (const p of printed ?? []) if (p.options === key) return p.text;
  const wrapped = formatJsonValue(
    withArray(undefined, path, [element as Json]),
    options,
  );
  // Kept flat: the file is joined from these texts on every run (flat-text.ts).
  const text =
    wrapped === undefined ? undefined : flatText(innerLines(wrapped, around));
  if (!printed) return text;
  if (printed.length >= PER_VALUE) printed.length = 0;
  printed.push({ options: key, text });
  return text;
}

/**
 * The text's lines without the first `around` and the last `around` before its final newline
 * (`split`, `slice` and `join` would make and join a string per line); undefined when none are
 * left.
 */
function innerLines(text: string, around: number): string | undefined {
  let start = 0;
  for (let i = 0; i < around; i++) {
    const newline = text.indexOf("\n", start);
    if (newline < 0) return undefined;
    start = newline + 1;
  }
  // The final newline leaves an empty last line: the end is the (around + 1)th newline from it.
  let end = text.length;
  for (let i = 0; i <= around; i++) {
    if (end === 0) return undefined;
    end = text.lastIndexOf("\n", end - 1);
    if (end < 0) return undefined;
  }
  return end >= start ? text.slice(start, end) : undefined;
}
