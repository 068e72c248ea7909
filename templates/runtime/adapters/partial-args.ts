/**
 * Arguments that arrive in fragments addressed by JSON path (Gemini on Vertex AI with
 * `streamFunctionCallArguments`: `FunctionCall.partialArgs`), put back together into the object
 * the provider would have sent whole. Each fragment names one value by an RFC 9535 path
 * (`$.recipe.steps[0].text`, `$['odd key']`); a `stringValue` at a path that already holds a
 * string is appended (strings arrive in pieces), a `numberValue`, `boolValue` or `nullValue` sets
 * the value once. Nothing is guessed: a fragment that does not fit — a path that is not a JSON
 * path to one value, an object indexed as an array or the reverse, an array index beyond the
 * next one, a value set twice, a fragment with no value or with two, arguments deeper or larger
 * than the bounds below — stops the reassembly with a reason, and the call is refused.
 *
 * Members are written as own data properties (`Object.defineProperty` on plain objects) and read
 * only when they are own, so `__proto__` and `constructor` in a path are argument names like any
 * other: the result is a plain object whose prototype no fragment can change.
 *
 * Copied into generated output (runtime/adapters/partial-args.ts); no package imports.
 */

/** One step of a path: a member name or an array index. */
export type PathSegment = string | number;

/** The fields of one `PartialArg` this module reads (the SDK's `PartialArg` fits). */
export interface PartialArgLike {
  readonly jsonPath?: string | undefined;
  readonly stringValue?: string | undefined;
  readonly numberValue?: number | undefined;
  readonly boolValue?: boolean | undefined;
  readonly nullValue?: string | null | undefined;
  readonly willContinue?: boolean | undefined;
}

/** Bounds on what fragments may build: deeper or larger arguments are refused, not built. */
export const PARTIAL_ARGS_LIMITS: {
  readonly depth: number;
  readonly size: number;
} = Object.freeze({
  /** Members and indexes in one path (`$.a.b[0]` has 3). */
  depth: 64,
  /** Characters of the arguments: string contents, member names, and a few per other value. */
  size: 1_000_000,
});

const hasOwn = Object.prototype.hasOwnProperty;

/** A short, quoted, single-line excerpt of model text for a reason (never the whole of it). */
function quoted(text: string): string {
  const cut = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  return JSON.stringify(cut).replace(/[\u2028\u2029]/g, " ");
}

/**
 * The segments of a singular RFC 9535 query — `$` followed by `.name`, `['name']`, `["name"]`
 * or `[index]` — or, when `path` is not one, why not. Wildcards, slices, filters, unions and
 * descendant segments select more than one value and are refused; so is a negative index.
 */
export function parseJsonPath(
  path: string,
): PathSegment[] | { readonly problem: string } {
  const bad = (why: string) => ({ problem: `the path ${quoted(path)} ${why}` });
  if (path[0] !== "$") return bad("is not a JSON path (it must start with $)");
  const segments: PathSegment[] = [];
  let i = 1;
  const blank = () => {
    while (
      i < path.length &&
      (path[i] === " " ||
        path[i] === "\t" ||
        path[i] === "\n" ||
        path[i] === "\r")
    )
      i++;
  };
  for (;;) {
    blank();
    if (i >= path.length) return segments;
    const c = path[i];
    if (c === ".") {
      i++;
      if (path[i] === ".") return bad("selects descendants, not one value");
      const start = i;
      while (i < path.length && isNameChar(path.charCodeAt(i), i === start))
        i++;
      if (i === start)
        return bad(
          path[i] === "*"
            ? "has a wildcard, not one value"
            : `has no member name after "." at ${start}`,
        );
      const name = path.slice(start, i);
      if (!wellFormed(name))
        return bad("has a lone surrogate in a member name");
      segments.push(name);
    } else if (c === "[") {
      i++;
      blank();
      const q = path[i];
      if (q === "'" || q === '"') {
        const read = stringLiteral(path, i);
        if (typeof read === "string") return bad(read);
        segments.push(read.value);
        i = read.end;
      } else if (q !== undefined && q >= "0" && q <= "9") {
        const start = i;
        while (i < path.length && path[i]! >= "0" && path[i]! <= "9") i++;
        const digits = path.slice(start, i);
        if (digits.length > 1 && digits[0] === "0")
          return bad(`has an index with a leading zero (${digits})`);
        const index = Number(digits);
        if (!Number.isSafeInteger(index))
          return bad("has an index too large to be one");
        segments.push(index);
      } else if (q === "-") {
        return bad("has a negative index (arguments are sent from the start)");
      } else {
        return bad("selects something other than one member or index");
      }
      blank();
      if (path[i] !== "]")
        return bad("selects more than one value, or is missing a closing ]");
      i++;
    } else {
      return bad(`is not a JSON path (unexpected ${quoted(c!)} at ${i})`);
    }
    if (segments.length > PARTIAL_ARGS_LIMITS.depth)
      return bad(`is deeper than ${PARTIAL_ARGS_LIMITS.depth} levels`);
  }
}

/** RFC 9535 member-name-shorthand: ALPHA, "_", any non-ASCII code unit (surrogates are checked after), DIGIT after the first. */
function isNameChar(code: number, first: boolean): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    code === 0x5f ||
    code >= 0x80 ||
    (!first && code >= 0x30 && code <= 0x39)
  );
}

/** No lone surrogate (RFC 9535 names and strings are sequences of Unicode scalar values). */
function wellFormed(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(k + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      k++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

const ESCAPES: { readonly [c: string]: string } = {
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  "/": "/",
  "\\": "\\",
};

/** An RFC 9535 string literal starting at `start` (its quote): the name and where it ends, or why it is not one. */
function stringLiteral(
  path: string,
  start: number,
): { readonly value: string; readonly end: number } | string {
  const quote = path[start]!;
  let out = "";
  let i = start + 1;
  while (i < path.length) {
    const c = path[i]!;
    if (c === quote) {
      if (!wellFormed(out)) return "has a lone surrogate in a member name";
      return { value: out, end: i + 1 };
    }
    if (c.charCodeAt(0) < 0x20)
      return "has a control character in a member name";
    if (c !== "\\") {
      out += c;
      i++;
      continue;
    }
    const e = path[i + 1];
    if (e === quote) out += quote;
    else if (e === "u") {
      const hex = path.slice(i + 2, i + 6);
      if (!/^[0-9A-Fa-f]{4}$/.test(hex))
        return "has a bad \\u escape in a member name";
      out += String.fromCharCode(parseInt(hex, 16));
      i += 6;
      continue;
    } else if (e !== undefined && hasOwn.call(ESCAPES, e)) out += ESCAPES[e];
    else return "has a bad escape in a member name";
    i += 2;
  }
  return "has a member name without its closing quote";
}

/** Why a fragment's value cannot be read, or the value (a string to set or append, or another JSON value to set once). */
type FragmentValue =
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "set"; readonly value: number | boolean | null }
  | { readonly kind: "none" }
  | { readonly problem: string };

function valueOf(
  fragment: { readonly [key: string]: unknown },
  path: string,
): FragmentValue {
  const present: FragmentValue[] = [];
  const s = fragment["stringValue"];
  const n = fragment["numberValue"];
  const b = fragment["boolValue"];
  const z = fragment["nullValue"];
  const wrong = (what: string) => ({
    problem: `the fragment at ${quoted(path)} has a ${what} that is not one`,
  });
  if (s !== undefined && s !== null) {
    if (typeof s !== "string") return wrong("stringValue");
    present.push({ kind: "string", value: s });
  }
  if (n !== undefined && n !== null) {
    if (typeof n !== "number" || !Number.isFinite(n))
      return wrong("numberValue");
    present.push({ kind: "set", value: n });
  }
  if (b !== undefined && b !== null) {
    if (typeof b !== "boolean") return wrong("boolValue");
    present.push({ kind: "set", value: b });
  }
  // protobuf's JSON writes NullValue as null, the SDK's type as "NULL_VALUE": both mean null, when the key is there.
  if (hasOwn.call(fragment, "nullValue") && z !== undefined) {
    if (z !== null && z !== "NULL_VALUE") return wrong("nullValue");
    present.push({ kind: "set", value: null });
  }
  if (present.length > 1)
    return {
      problem: `the fragment at ${quoted(path)} has more than one value`,
    };
  return present[0] ?? { kind: "none" };
}

type Container = { [key: string]: unknown } | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null;
}

function own(container: Container, key: PathSegment): unknown {
  return hasOwn.call(container, key)
    ? (container as { [key: string]: unknown })[key as string]
    : undefined;
}

/** Creates an own data property: a `__proto__` key is data, never the object's prototype, and no setter anywhere on a prototype chain runs. */
function put(container: Container, key: PathSegment, value: unknown): void {
  Object.defineProperty(container, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** Replaces the value of an own data property that `put` created (a plain assignment finds it first; several times cheaper than defineProperty, once per string piece). */
function replace(container: Container, key: PathSegment, value: unknown): void {
  (container as { [key: string]: unknown })[key as string] = value;
}

function noValue(path: string): string {
  return `the fragment at ${quoted(path)} has no value (a string, number, boolean or null)`;
}

function describeSegment(segment: PathSegment): string {
  return typeof segment === "number" ? `[${segment}]` : `.${segment}`;
}

/**
 * The arguments of one call, built fragment by fragment. `add` never throws: the first fragment
 * that does not fit sets `problem`, and later fragments are ignored (the call will be refused).
 */
export class PartialArgs {
  private readonly root: { [key: string]: unknown } = {};
  private size = 2;
  /** Why the fragments do not make arguments; undefined while they do. */
  problem: string | undefined;

  /** Adds one `PartialArg` (any value: what the provider sent is not trusted). */
  add(fragment: unknown): void {
    if (this.problem !== undefined) return;
    this.problem = this.apply(fragment);
  }

  /** The arguments so far: a plain object (own data members only). */
  value(): { [key: string]: unknown } {
    return this.root;
  }

  private apply(fragment: unknown): string | undefined {
    if (
      typeof fragment !== "object" ||
      fragment === null ||
      Array.isArray(fragment)
    )
      return "a fragment is not an object";
    const record = fragment as { readonly [key: string]: unknown };
    const path = record["jsonPath"];
    if (typeof path !== "string") return "a fragment has no jsonPath";
    const segments = parseJsonPath(path);
    if (!Array.isArray(segments))
      return (segments as { problem: string }).problem;
    if (segments.length === 0)
      return `the fragment at ${quoted(path)} sets the whole arguments, which must be an object of named members`;
    const value = valueOf(record, path);
    if ("problem" in value) return value.problem;
    // A fragment without a value only announces more (willContinue) or ends a string at its path: it builds nothing.
    const build = value.kind !== "none";
    let node: Container | undefined = this.root;
    for (let k = 0; k < segments.length; k++) {
      const segment = segments[k]!;
      const last = k === segments.length - 1;
      // Where the path is, for a reason (built only when there is one).
      const at = (): string =>
        segments.slice(0, k).map(describeSegment).join("");
      if (node === undefined) {
        // Not built yet (a fragment without a value): the array it would create is empty.
        if (typeof segment === "number" && segment > 0)
          return `the path ${quoted(path)} skips to index ${segment} of an array that has no element yet`;
        if (last && record["willContinue"] !== true) return noValue(path);
        continue;
      }
      if (Array.isArray(node)) {
        if (typeof segment !== "number")
          return `the path ${quoted(path)} names a member of $${at()}, which is an array`;
        if (segment > node.length)
          return `the path ${quoted(path)} skips to index ${segment} of $${at()}, which has ${node.length} element${node.length === 1 ? "" : "s"}`;
      } else if (typeof segment === "number") {
        return `the path ${quoted(path)} indexes $${at()}, which is an object, as an array`;
      }
      const existing = own(node, segment);
      if (last)
        return this.leaf(
          node,
          segment,
          existing,
          value,
          record["willContinue"] === true,
          path,
        );
      if (existing === undefined) {
        if (!build) {
          node = undefined;
          continue;
        }
        const child: Container = typeof segments[k + 1] === "number" ? [] : {};
        const grew = this.grow(
          typeof segment === "string" ? segment.length + 4 : 3,
          path,
        );
        if (grew !== undefined) return grew;
        put(node, segment, child);
        node = child;
      } else if (isContainer(existing)) {
        node = existing;
      } else {
        return `the path ${quoted(path)} goes through $${at()}${describeSegment(segment)}, which holds a value that is not an object or array`;
      }
    }
    return undefined;
  }

  private leaf(
    node: Container,
    segment: PathSegment,
    existing: unknown,
    value: FragmentValue,
    continues: boolean,
    path: string,
  ): string | undefined {
    if ("problem" in value) return value.problem;
    if (value.kind === "none") {
      // An announcement of more at this path, or the end of a string sent in pieces; anything else would be a guess.
      if (continues || typeof existing === "string") return undefined;
      return noValue(path);
    }
    if (value.kind === "string") {
      if (existing === undefined) {
        const grew = this.grow(
          value.value.length +
            (typeof segment === "string" ? segment.length + 6 : 3),
          path,
        );
        if (grew !== undefined) return grew;
        put(node, segment, value.value);
        return undefined;
      }
      if (typeof existing !== "string")
        return `the fragment at ${quoted(path)} appends text to a value that is not a string`;
      const grew = this.grow(value.value.length, path);
      if (grew !== undefined) return grew;
      replace(node, segment, existing + value.value);
      return undefined;
    }
    if (existing !== undefined)
      return `the fragment at ${quoted(path)} sets a value that was already set`;
    const grew = this.grow(
      6 + (typeof segment === "string" ? segment.length + 4 : 1),
      path,
    );
    if (grew !== undefined) return grew;
    put(node, segment, value.value);
    return undefined;
  }

  private grow(by: number, path: string): string | undefined {
    this.size += by;
    return this.size > PARTIAL_ARGS_LIMITS.size
      ? `the arguments grow beyond ${PARTIAL_ARGS_LIMITS.size} characters (at ${quoted(path)})`
      : undefined;
  }
}

/** Whether a fragment says more follows at its path (a string still being sent). */
export function fragmentContinues(fragment: unknown): boolean {
  return (
    typeof fragment === "object" &&
    fragment !== null &&
    (fragment as { readonly willContinue?: unknown }).willContinue === true
  );
}
