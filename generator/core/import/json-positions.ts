/**
 * A JSON reader that remembers where every value starts, so the import report can say
 * `file:line:col` for a keyword it could not carry. `JSON.parse` keeps no positions, and the YAML
 * loader is several times slower on the megabytes of JSON a tool corpus holds. Objects are built
 * with `objectFromEntries`, so a `__proto__` key is an ordinary property. Duplicate keys are a
 * problem (JSON leaves them undefined; `JSON.parse` silently keeps the last).
 */
import { objectFromEntries, pointerJoin, type Json } from "../schema/json.js";

export interface JsonPositions {
  /** Offset of each value, by JSON Pointer (relative to the text's root value). */
  readonly value: ReadonlyMap<string, number>;
  /** Offset of the key of each object member, by the member's pointer. */
  readonly key: ReadonlyMap<string, number>;
}

export type JsonRead =
  | {
      readonly ok: true;
      readonly value: Json;
      readonly positions: JsonPositions;
    }
  | { readonly ok: false; readonly offset: number; readonly message: string };

const MAX_DEPTH = 1000;

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Reads the JSON text in `text[start, end)`; offsets in the result are offsets into `text`. */
export function readJson(text: string, start = 0, end = text.length): JsonRead {
  const valueAt = new Map<string, number>();
  const keyAt = new Map<string, number>();
  let i = start;

  const fail = (message: string, at = i): never => {
    throw new JsonSyntaxError(message, at);
  };
  const describeHere = () =>
    i >= end ? "the end of the input" : JSON.stringify(text[i]);
  const skipSpace = () => {
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };

  const readString = (): string => {
    // Caller checked the opening quote.
    const open = i++;
    let out = "";
    let chunk = i;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        out += text.slice(chunk, i++);
        return out;
      }
      if (c === 92) {
        out += text.slice(chunk, i);
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          "\\": "\\",
          "/": "/",
          b: "\b",
          f: "\f",
          n: "\n",
          r: "\r",
          t: "\t",
        };
        if (
          e !== undefined &&
          Object.prototype.hasOwnProperty.call(simple, e)
        ) {
          out += simple[e];
          i += 2;
        } else if (
          e === "u" &&
          /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))
        ) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail(`invalid escape in string`);
        chunk = i;
        continue;
      }
      if (c < 32) fail("control character in string (escape it)");
      i++;
    }
    return fail("string is not closed", open);
  };

  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  const readNumber = (): number => {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m || m[0] === "" || m[0] === "-") fail(`unexpected ${describeHere()}`);
    i += m![0].length;
    const n = Number(m![0]);
    if (!Number.isFinite(n)) fail("number out of range", i - m![0].length);
    return n;
  };

  /** After a member: true at the closing bracket (consumed), false after a comma (consumed). */
  const closes = (close: "}" | "]", what: string): boolean => {
    skipSpace();
    if (text[i] === ",") {
      i++;
      return false;
    }
    if (text[i] === close) {
      i++;
      return true;
    }
    return fail(
      `expected "," or "${close}" in ${what}, found ${describeHere()}`,
    );
  };

  const readValue = (pointer: string, depth: number): Json => {
    skipSpace();
    if (depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
    valueAt.set(pointer, i);
    const c = text[i];
    if (c === "{") {
      i++;
      const entries: [string, Json][] = [];
      const seen = new Set<string>();
      skipSpace();
      if (text[i] === "}") {
        i++;
        return objectFromEntries(entries);
      }
      for (;;) {
        skipSpace();
        if (text[i] !== '"')
          fail(
            `expected a property name in double quotes, found ${describeHere()}`,
          );
        const keyStart = i;
        const key = readString();
        if (seen.has(key))
          fail(`duplicate key ${JSON.stringify(key)}`, keyStart);
        seen.add(key);
        skipSpace();
        if (text[i] !== ":")
          fail(`expected ":" after the property name, found ${describeHere()}`);
        i++;
        const child = pointerJoin(pointer, key);
        keyAt.set(child, keyStart);
        entries.push([key, readValue(child, depth + 1)]);
        if (closes("}", "an object")) return objectFromEntries(entries);
      }
    }
    if (c === "[") {
      i++;
      const items: Json[] = [];
      skipSpace();
      if (text[i] === "]") {
        i++;
        return items;
      }
      for (;;) {
        items.push(readValue(pointerJoin(pointer, items.length), depth + 1));
        if (closes("]", "a list")) return items;
      }
    }
    if (c === '"') return readString();
    for (const [word, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9"))
      return readNumber();
    return fail(`unexpected ${describeHere()}`);
  };

  try {
    if (text.charCodeAt(i) === 0xfeff) i++;
    const value = readValue("", 0);
    skipSpace();
    if (i < end) fail(`unexpected ${describeHere()} after the JSON value`);
    return { ok: true, value, positions: { value: valueAt, key: keyAt } };
  } catch (e) {
    if (e instanceof JsonSyntaxError)
      return { ok: false, offset: e.offset, message: e.message };
    if (e instanceof RangeError)
      return { ok: false, offset: i, message: "nesting too deep to read" };
    throw e;
  }
}
