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
import { isJsonObject, type JsonObject } from "../core/schema/json.js";
import { isKeptDeclaration } from "../core/providers/tool-memo.js";
import { formatJsonValue } from "./json-format.js";
import { flatText } from "../core/flat-text.js";

const PLACEHOLDER_KEY = "toolcat element placeholder";

interface Printed {
  readonly options: string;
  readonly text: string | undefined;
}

const elements = new WeakMap<object, Printed[]>();
const PER_VALUE = 4;

/** formatJsonValue(value, options), with kept declarations of its `tools` array printed once. */
export function formatJsonData(
  value: unknown,
  options: Options,
  optionsKey: string,
): string | undefined {
  const tools = isJsonObject(value as JsonObject)
    ? (value as JsonObject).tools
    : undefined;
  if (
    !Array.isArray(tools) ||
    tools.length === 0 ||
    !tools.every(
      (t) =>
        isKeptDeclaration(t) &&
        isJsonObject(t) &&
        Object.keys(t as JsonObject).length > 0,
    )
  )
    return formatJsonValue(value, options);
  const skeleton = formatJsonValue(
    { ...(value as JsonObject), tools: [{ [PLACEHOLDER_KEY]: 0 }] },
    options,
  );
  if (skeleton === undefined) return formatJsonValue(value, options);
  // The unit of indentation, as the layout of a one-element wrapper shows it.
  const probe = formatJsonValue({ tools: [{ [PLACEHOLDER_KEY]: 0 }] }, options);
  const lines = probe?.split("\n");
  // `{`, `<u>"tools": [`, `<u><u>{`, `<u><u><u>"…": 0`, `<u><u>}`, `<u>]`, `}`, ``
  if (lines?.length !== 8) return formatJsonValue(value, options);
  const placeholder = `\n${lines.slice(2, 5).join("\n")}\n`;
  const opening = `\n${lines[1]!}`;
  const at = skeleton.indexOf(opening + placeholder);
  if (at < 0 || skeleton.indexOf(opening, at + 1) >= 0)
    return formatJsonValue(value, options);
  const texts: string[] = [];
  for (const t of tools) {
    const text = elementText(t as JsonObject, options, optionsKey);
    if (text === undefined) return formatJsonValue(value, options);
    texts.push(text);
  }
  const start = at + opening.length;
  return `${skeleton.slice(0, start)}\n${texts.join(",\n")}\n${skeleton.slice(start + placeholder.length)}`;
}

/** The element's lines (no final newline) as they are laid out at the depth of a `tools` array's elements. */
function elementText(
  element: JsonObject,
  options: Options,
  optionsKey: string,
): string | undefined {
  let printed = elements.get(element);
  if (!printed) elements.set(element, (printed = []));
  for (const p of printed) if (p.options === optionsKey) return p.text;
  const wrapped = formatJsonValue({ tools: [element] }, options);
  let text: string | undefined;
  if (wrapped !== undefined) {
    // Without `{`, `<u>"tools": [` and `<u>]`, `}`, the final newline.
    const first = wrapped.indexOf("\n", wrapped.indexOf("\n") + 1);
    const end = wrapped.lastIndexOf(
      "\n",
      wrapped.lastIndexOf("\n", wrapped.length - 2) - 1,
    );
    // Kept flat: the file is joined from these texts on every run (flat-text.ts).
    text = flatText(wrapped.slice(first + 1, end));
  }
  if (printed.length >= PER_VALUE) printed.length = 0;
  printed.push({ options: optionsKey, text });
  return text;
}
