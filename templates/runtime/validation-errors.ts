/**
 * Turns validator errors into the text of a tool result the model can act on: the tool was not
 * run, then one line per failing field with its dotted path (`data.weight_kg`, `sets[2].reps`),
 * the rule, the expected value and a short excerpt of what was received.
 *
 * Copied into generated output (runtime/validation-errors.ts); real TypeScript, no imports. It
 * reads errors structurally (Ajv's fields), so it works with generated validators and with Ajv.
 * It never throws, and never prints more of the received value than `maxExcerpt` characters.
 */

/** The fields of a validation error this module reads (generated `ValidationError` and Ajv's `ErrorObject` fit). */
export interface RenderableError {
  readonly instancePath: string;
  readonly schemaPath?: string;
  readonly keyword: string;
  readonly params: { readonly [name: string]: unknown };
  readonly message?: string;
}

export interface RenderOptions {
  /** Characters of a received value shown at most (default 40). */
  readonly maxExcerpt?: number;
  /** Error lines shown at most (default 20); the rest are counted. */
  readonly maxErrors?: number;
}

/** One failing field, ready to print. */
export interface FieldProblem {
  /** Dotted path of the field, `arguments` for the whole arguments object. */
  readonly field: string;
  /** The keyword that failed (`type`, `minimum`, …). */
  readonly rule: string;
  /** What was expected, in words (`a number >= 1`, `one of "a", "b"`). */
  readonly expected: string;
  /** Excerpt of what was received, or `missing`; absent when not meaningful (the whole value). */
  readonly received?: string;
}

/** JSON Pointer (`/sets/2/reps`) → its segments, unescaped. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  // Most pointers escape nothing: no replacements to run.
  if (!pointer.includes("~")) return pointer.slice(1).split("/");
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * pointerSegments' answer for instance paths met before: read-only and shared, so an error's path
 * is split once, and its segments, used again and again as property keys, are fast to look up.
 * Emptied when it grows large (an array item's path has an entry per index).
 */
const segmentsByPointer = new Map<string, readonly string[]>();

export function sharedSegments(pointer: string): readonly string[] {
  let segments = segmentsByPointer.get(pointer);
  if (segments === undefined) {
    if (segmentsByPointer.size >= 1024) segmentsByPointer.clear();
    // Not frozen: slice() of a frozen array takes a slow path; `readonly` keeps callers off.
    segments = pointerSegments(pointer);
    segmentsByPointer.set(pointer, segments);
  }
  return segments;
}

/** An array index as JSON Pointer writes it (`0`, `12`; not `01`), by character codes. */
export function isIndexToken(token: string): boolean {
  const n = token.length;
  if (n === 0 || (n > 1 && token.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < n; i++) {
    const c = token.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Whether `name` matches /^[A-Za-z_$][A-Za-z0-9_$]*$/, by character codes (it runs for every segment of every path). */
function isIdentifier(name: string): boolean {
  const n = name.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = name.charCodeAt(i);
    const letter =
      (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
    if (!letter && (i === 0 || c < 48 || c > 57)) return false;
  }
  return true;
}

/** What ownChild returns when the container has no such own member. */
const ABSENT: unique symbol = Symbol("absent");

/** An own member of an array (by index) or object, or ABSENT (no allocation per step). */
function ownChild(container: unknown, key: string): unknown {
  if (Array.isArray(container)) {
    if (!isIndexToken(key)) return ABSENT;
    const i = Number(key);
    return i < container.length ? container[i] : ABSENT;
  }
  if (
    typeof container === "object" &&
    container !== null &&
    Object.prototype.hasOwnProperty.call(container, key)
  ) {
    return (container as Record<string, unknown>)[key];
  }
  return ABSENT;
}

/** The value at a pointer in the arguments (own members only), if there is one. */
export function valueAt(
  args: unknown,
  segments: readonly string[],
): { found: boolean; value?: unknown } {
  let current: unknown = args;
  for (const s of segments) {
    const next = ownChild(current, s);
    if (next === ABSENT) return { found: false };
    current = next;
  }
  return { found: true, value: current };
}

/**
 * Dotted path of a field: identifiers after dots, array indices in brackets, any other name as a
 * quoted key (`data["body fat"]`). Whether a number is an index is read from the arguments.
 */
export function fieldPath(segments: readonly string[], args?: unknown): string {
  let out = "";
  let current: unknown = args;
  for (const s of segments) {
    const isIndex =
      (Array.isArray(current) || current === undefined) && isIndexToken(s);
    if (isIndex) out += `[${s}]`;
    else if (isIdentifier(s)) out += out === "" ? s : `.${s}`;
    else out += `[${JSON.stringify(s)}]`;
    if (current !== undefined) {
      const next = ownChild(current, s);
      current = next === ABSENT ? undefined : next;
    }
  }
  return out === "" ? "arguments" : out;
}

/** A short, single-line, truncated excerpt of a value (never throws: cycles and exotic values included). */
export function excerpt(value: unknown, max = 40): string {
  // The common values take a short way to the very text the replacer below gives them.
  const type = typeof value;
  if (type === "number")
    return cutToCodePoints(
      Number.isFinite(value) ? String(value) : "null",
      max,
    );
  if (type === "boolean") return cutToCodePoints(value ? "true" : "false", max);
  if (value === null) return cutToCodePoints("null", max);
  if (type === "string") {
    const plain = quotedPlain(value as string);
    if (plain !== undefined) return cutToCodePoints(plain, max);
  }
  let text: string | undefined;
  if (type === "object") text = flatJson(value as object);
  if (text === undefined) {
    try {
      const seen = new Set<unknown>();
      text =
        JSON.stringify(value, (_k, v: unknown) => {
          if (typeof v === "bigint") return `${String(v)}n`;
          if (typeof v === "object" && v !== null) {
            if (seen.has(v)) return "[circular]";
            seen.add(v);
          }
          return v;
        }) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return singleLine(cutToCodePoints(text, max));
}

/**
 * JSON.stringify's text of a string that needs no escape (no quote, backslash, control
 * character or surrogate) and holds no line separator, written without it; else undefined.
 * Short strings only: a longer one is cut after JSON.stringify, as before.
 */
function quotedPlain(text: string): string | undefined {
  const n = text.length;
  if (n > 64) return undefined;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (
      c < 0x20 ||
      c === 0x22 ||
      c === 0x5c ||
      (c >= 0xd800 && c <= 0xdfff) ||
      c === 0x2028 ||
      c === 0x2029
    )
      return undefined;
  }
  return `"${text}"`;
}

/**
 * JSON.stringify's text of a small array or object holding no object (and without toJSON, which
 * could make one): with no object inside, no bigint and nothing circular, the replacer in excerpt
 * changes nothing, so the plain call (much faster) writes the same. Else undefined.
 */
function flatJson(value: object): string | undefined {
  try {
    if (typeof (value as { toJSON?: unknown }).toJSON === "function")
      return undefined;
    if (Array.isArray(value)) {
      if (value.length === 0) return "[]";
      if (value.length > 16) return undefined;
      // Items that are short plain strings, finite numbers, booleans or null: written here; other
      // items that hold no object: by JSON.stringify, once every item has been looked at.
      let text: string | undefined = "[";
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        if (typeof v === "object" ? v !== null : typeof v === "bigint")
          return undefined;
        const item =
          typeof v === "string"
            ? quotedPlain(v)
            : typeof v === "number" && Number.isFinite(v)
              ? String(v)
              : v === true
                ? "true"
                : v === false
                  ? "false"
                  : v === null
                    ? "null"
                    : undefined;
        if (item === undefined) text = undefined;
        else if (text !== undefined) text += i === 0 ? item : `,${item}`;
      }
      return text === undefined ? JSON.stringify(value) : `${text}]`;
    } else {
      const keys = Object.keys(value);
      if (keys.length > 16) return undefined;
      for (let i = 0; i < keys.length; i++) {
        const v: unknown = (value as Record<string, unknown>)[keys[i]!];
        if (typeof v === "object" ? v !== null : typeof v === "bigint")
          return undefined;
      }
    }
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** Control characters and line separators as spaces (one code unit for one: lengths are kept). */
function singleLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u2028\u2029]/g, " ");
}

/**
 * `text` when it has at most `max` code points, else its first `max - 1` (at least 1) and "…".
 * Counts only as far as it needs: a megabyte argument costs no more than a short one.
 */
function cutToCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = Math.max(1, max - 1);
  let count = 0;
  let end = 0;
  let keepEnd = 0;
  for (const ch of text) {
    count += 1;
    end += ch.length;
    if (count === keep) keepEnd = end;
    if (count > max) break;
  }
  return count <= max ? text : `${text.slice(0, keepEnd)}…`;
}

function list(values: readonly unknown[], max: number): string {
  const shown = values.slice(0, 8).map((v) => excerpt(v, max));
  return values.length > 8
    ? `${shown.join(", ")}, … (${values.length} values)`
    : shown.join(", ");
}

function plural(n: unknown, one: string, many: string): string {
  return n === 1 ? one : many;
}

const FORMATS: Readonly<Record<string, string>> = {
  date: "a calendar date (YYYY-MM-DD)",
  time: "a time with time zone (HH:MM:SS, then Z or ±HH:MM)",
  "date-time": "a date and time with time zone (YYYY-MM-DDTHH:MM:SSZ)",
  duration: "an ISO 8601 duration (e.g. P3D, PT1H30M)",
  email: "an e-mail address",
  hostname: "a host name",
  ipv4: "an IPv4 address",
  ipv6: "an IPv6 address",
  uri: "an absolute URI",
  uuid: "a UUID",
};

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  const words = types.map((t) =>
    t === "integer"
      ? "an integer"
      : t === "object"
        ? "an object"
        : t === "array"
          ? "an array"
          : t === "null"
            ? "null"
            : `a ${String(t)}`,
  );
  return words.length <= 1
    ? (words[0] ?? "a value")
    : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

const COMPARISON_WORDS: Readonly<Record<string, string>> = {
  "<=": "at most",
  ">=": "at least",
  "<": "less than",
  ">": "greater than",
};

/** Which alternative of an anyOf/oneOf an error comes from (schema path `…/anyOf/1/…`), counting from 1. */
function alternative(schemaPath: string | undefined): string {
  // Most schema paths are inside no alternative: no regular expression to run for them.
  const m =
    schemaPath &&
    (schemaPath.includes("/anyOf/") || schemaPath.includes("/oneOf/"))
      ? /\/(?:anyOf|oneOf)\/(\d+)\/[^/]*(?:\/.*)?$/.exec(schemaPath)
      : null;
  return m ? ` (alternative ${Number(m[1]) + 1})` : "";
}

/**
 * Every problem of a call a strict declaration turned down (OpenAI strict: every field sent, `null`
 * for an omitted optional one, no other keys), in one list, so that one retry can fix them all:
 * first the catalog validator's errors on the normalised arguments (wrong types, failed
 * constraints, missing required fields: Ajv's verdict), then what only the declaration checks —
 * each field left out that the catalog does not require (marked `nullLeavesOut`: `null` leaves
 * it out) and each unknown key — unless the catalog already named it.
 */
export function strictCallErrors<E extends RenderableError>(
  declared: readonly E[],
  catalog: readonly E[],
): E[] {
  const named = new Set(catalog.map(problemKey));
  const errors = [...catalog];
  for (const e of declared) {
    const key = problemKey(e);
    if (named.has(key)) continue;
    named.add(key);
    errors.push(
      e.keyword === "required"
        ? ({ ...e, params: { ...e.params, nullLeavesOut: true } } as E)
        : e,
    );
  }
  return errors;
}

/** One problem's identity: where, which rule, and which property it names. */
function problemKey(e: RenderableError): string {
  const p: KnownParams = e.params ?? {};
  return JSON.stringify([
    e.instancePath,
    e.keyword,
    p.missingProperty ?? p.additionalProperty ?? null,
  ]);
}

/**
 * The params this file reads, by name: each keyword's own (Ajv's `params`), all optional. Named
 * fields rather than the index signature keep the reads plain under `noPropertyAccessFromIndexSignature`.
 */
interface KnownParams {
  readonly additionalProperty?: unknown;
  readonly allowedValue?: unknown;
  readonly allowedValues?: unknown;
  readonly comparison?: unknown;
  readonly failingKeyword?: unknown;
  readonly format?: unknown;
  readonly i?: unknown;
  readonly j?: unknown;
  readonly limit?: unknown;
  readonly maxContains?: unknown;
  readonly minContains?: unknown;
  readonly missingProperty?: unknown;
  readonly multipleOf?: unknown;
  readonly name?: unknown;
  readonly nullLeavesOut?: unknown;
  readonly passingSchemas?: unknown;
  readonly pattern?: unknown;
  readonly property?: unknown;
  readonly propertyName?: unknown;
  readonly type?: unknown;
}

/** `received` when there is an excerpt to show, nothing otherwise (the field is then absent). */
function receivedPart(excerptText: string | undefined): { received?: string } {
  return excerptText === undefined ? {} : { received: excerptText };
}

/** What one error means for one field. */
export function describeError(
  error: RenderableError,
  args: unknown,
  options: RenderOptions = {},
): FieldProblem {
  const max = options.maxExcerpt ?? 40;
  const p: KnownParams = error.params ?? {};
  const keyword = error.keyword;
  const segments = pointerSegments(error.instancePath);
  const at = (path: readonly string[]) => {
    const v = valueAt(args, path);
    return v.found ? excerpt(v.value, max) : undefined;
  };
  switch (keyword) {
    case "required":
    case "dependentRequired":
      return {
        field: fieldPath([...segments, String(p.missingProperty)], args),
        rule: keyword,
        expected: expectedWords(error, p, max, args),
        received: "missing",
      };
    case "additionalProperties": {
      const field = [...segments, String(p.additionalProperty)];
      return {
        field: fieldPath(field, args),
        rule: keyword,
        expected: expectedWords(error, p, max, args),
        ...receivedPart(at(field)),
      };
    }
    case "propertyNames":
      return {
        field: fieldPath(segments, args),
        rule: keyword,
        expected: expectedWords(error, p, max, args),
      };
    case "tool":
      return {
        field: "tool",
        rule: "tool",
        expected: expectedWords(error, p, max, args),
        received: excerpt(p.name, max),
      };
    default:
      return {
        field: fieldPath(segments, args),
        rule: keyword,
        expected: expectedWords(error, p, max, args),
        ...receivedPart(at(segments)),
      };
  }
}

/**
 * What one error expects, in words (describeError's `expected`). It reads `args` only for
 * `dependentRequired` (which names the field that asks for the missing one).
 */
function expectedWords(
  error: RenderableError,
  p: KnownParams,
  max: number,
  args: unknown,
): string {
  let expected: string;
  switch (error.keyword) {
    case "required":
      return p.nullLeavesOut === true
        ? "a value, or null to leave it out (the field is optional, but it must be sent)"
        : "a value (required property)";
    case "dependentRequired":
      return `a value (required when ${fieldPath([...pointerSegments(error.instancePath), String(p.property)], args)} is present)`;
    case "additionalProperties":
      return "no such property (unknown properties are not allowed)";
    case "propertyNames":
      return `valid property names; ${excerpt(p.propertyName, max)} is not one`;
    case "tool":
      return "the name of a tool of the catalog";
    case "type":
      expected = typeWords(p.type);
      break;
    case "enum":
      expected = `one of ${list(Array.isArray(p.allowedValues) ? p.allowedValues : [], max)}`;
      break;
    case "const":
      expected = `exactly ${excerpt(p.allowedValue, max)}`;
      break;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      expected = `a number ${COMPARISON_WORDS[String(p.comparison)] ?? String(p.comparison)} ${String(p.limit)}`;
      break;
    case "multipleOf":
      expected = `a multiple of ${String(p.multipleOf)}`;
      break;
    case "minLength":
      expected = `at least ${String(p.limit)} ${plural(p.limit, "character", "characters")}`;
      break;
    case "maxLength":
      expected = `at most ${String(p.limit)} ${plural(p.limit, "character", "characters")}`;
      break;
    case "pattern":
      expected = `text matching the pattern ${excerpt(p.pattern, Math.max(max, 60))}`;
      break;
    case "format":
      expected = FORMATS[String(p.format)] ?? `the format ${String(p.format)}`;
      break;
    case "minItems":
      expected = `at least ${String(p.limit)} ${plural(p.limit, "item", "items")}`;
      break;
    case "maxItems":
    case "items":
      expected = `at most ${String(p.limit)} ${plural(p.limit, "item", "items")}`;
      break;
    case "uniqueItems":
      expected = `unique items (items ${String(p.j)} and ${String(p.i)} are equal)`;
      break;
    case "contains":
      expected =
        p.maxContains === undefined
          ? `at least ${String(p.minContains)} matching ${plural(p.minContains, "item", "items")}`
          : `between ${String(p.minContains)} and ${String(p.maxContains)} matching items`;
      break;
    case "minProperties":
      expected = `at least ${String(p.limit)} ${plural(p.limit, "property", "properties")}`;
      break;
    case "maxProperties":
      expected = `at most ${String(p.limit)} ${plural(p.limit, "property", "properties")}`;
      break;
    case "anyOf":
      expected =
        "a value matching at least one of the allowed alternatives (see the lines above)";
      break;
    case "oneOf":
      expected = Array.isArray(p.passingSchemas)
        ? `a value matching exactly one alternative (it matches alternatives ${Number(p.passingSchemas[0]) + 1} and ${Number(p.passingSchemas[1]) + 1})`
        : "a value matching exactly one of the allowed alternatives (see the lines above)";
      break;
    case "not":
      expected = "a value that does not match the excluded shape";
      break;
    case "if":
      expected = `a value meeting the conditional requirement ("${String(p.failingKeyword)}")`;
      break;
    case "false schema":
      expected = "nothing (no value is allowed here)";
      break;
    case "$ref":
      expected = `a value nested at most ${String(p.limit)} levels deep`;
      break;
    default:
      expected = error.message ?? "a valid value";
  }
  return expected + alternative(error.schemaPath);
}

/** The line of one error, from describeError (what errorLine gives, the long way). */
export function describedLine(
  error: RenderableError,
  args: unknown,
  options: RenderOptions = {},
): string {
  const { field, detail } = describedParts(error, args, options);
  return `${field}: ${detail}`;
}

/** A line's two parts: the field, and what is wrong with it (`type — expected a number; …`). */
export interface LineParts {
  readonly field: string;
  readonly detail: string;
}

function describedParts(
  error: RenderableError,
  args: unknown,
  options: RenderOptions,
): LineParts {
  const d = describeError(error, args, options);
  return {
    field: d.field,
    detail: `${d.rule} — expected ${d.expected}${d.received === undefined ? "" : `; received ${d.received}`}`,
  };
}

/**
 * What an error says whatever the value: its rule and expectation, worded once (see errorLine
 * and errorWording). Read-only: entries are shared by every error they were made for.
 */
export interface ErrorWording {
  readonly keyword: string;
  readonly schemaPath: string | undefined;
  readonly message: string | undefined;
  /** The rule and the expectation: `type — expected a number`. */
  readonly head: string;
  /** The received part when it does not depend on the value (`required`: "; received missing"). */
  readonly received: string | undefined;
  /**
   * The instance path as segments, for an error that cannot change (a frozen table error): kept
   * with its wording so that its path is split once. Undefined for any other error.
   */
  readonly segments: readonly string[] | undefined;
}

/**
 * The wording of frozen errors (a generated validator's table errors) by the error itself: such
 * an error never changes, so its entry needs no check and can carry its path's segments.
 */
const wordedByError = new WeakMap<object, ErrorWording>();

/**
 * The wording of other errors by their params object: a table error copied to an array item's
 * path keeps its params, so a repeated error is worded once. The entry is checked against the
 * error, so params shared by different errors are worded again, never confused.
 */
const wordedByParams = new WeakMap<object, ErrorWording>();

/**
 * The wording of `additionalProperties` errors by schema path: each names its own key, so each
 * has a params object of its own, but the wording is the schema's. Emptied when it grows large.
 */
const wordedUnknownKeys = new Map<string | undefined, ErrorWording>();

function wordingOf(
  error: RenderableError,
  segments: readonly string[] | undefined,
): ErrorWording {
  // describeError's rule and expectation (without a field: the wording is the error's alone).
  const keyword = error.keyword;
  const expected = expectedWords(error, error.params ?? {}, 40, undefined);
  return {
    keyword,
    schemaPath: error.schemaPath,
    message: error.message,
    head: `${keyword} — expected ${expected}`,
    received: keyword === "required" ? "; received missing" : undefined,
    segments,
  };
}

const sameWording = (
  w: ErrorWording | undefined,
  error: RenderableError,
): w is ErrorWording =>
  w !== undefined &&
  w.keyword === error.keyword &&
  w.schemaPath === error.schemaPath &&
  w.message === error.message;

/**
 * The property a `required` or `additionalProperties` error is about (the last segment of its
 * field), `""` for other keywords, or undefined when the params do not say it as a string.
 */
export function namedProperty(error: RenderableError): string | undefined {
  const keyword = error.keyword;
  const named =
    keyword === "required"
      ? (error.params as KnownParams).missingProperty
      : keyword === "additionalProperties"
        ? (error.params as KnownParams).additionalProperty
        : "";
  return typeof named === "string" ? named : undefined;
}

/**
 * The value-independent part of an error's line, worded once per table error, or undefined for
 * an error whose whole line reads the arguments (describedLine words those each time). Only for
 * the default excerpt length. The same words as describeError's (a property test checks it).
 */
export function errorWording(error: RenderableError): ErrorWording | undefined {
  const known = wordedByError.get(error);
  if (known !== undefined) return known;
  const params: unknown = error.params;
  const keyword = error.keyword;
  if (
    // Keywords whose line describedLine writes each time (their wording reads the arguments).
    keyword === "dependentRequired" ||
    keyword === "propertyNames" ||
    keyword === "tool" ||
    typeof params !== "object" ||
    params === null ||
    namedProperty(error) === undefined
  )
    return undefined;
  if (Object.isFrozen(error) && Object.isFrozen(params)) {
    const worded = wordingOf(error, pointerSegments(error.instancePath));
    wordedByError.set(error, worded);
    return worded;
  }
  let worded: ErrorWording | undefined;
  if (keyword === "additionalProperties") {
    worded = wordedUnknownKeys.get(error.schemaPath);
    if (!sameWording(worded, error)) {
      if (wordedUnknownKeys.size >= 1024) wordedUnknownKeys.clear();
      worded = wordingOf(error, undefined);
      wordedUnknownKeys.set(error.schemaPath, worded);
    }
  } else if (!Object.isFrozen(params)) {
    // Params made for this one error (uniqueItems' indexes, Ajv's errors): an entry would never
    // be read again.
    worded = wordingOf(error, undefined);
  } else {
    worded = wordedByParams.get(params);
    if (!sameWording(worded, error)) {
      worded = wordingOf(error, undefined);
      wordedByParams.set(params, worded);
    }
  }
  return worded;
}

/**
 * One error's line (`data.weight_kg: type — expected a number; received "75,5"`), as
 * renderValidationErrors prints it after "- ". For most keywords the rule and the expected value
 * depend on the error alone and are worded once per table error; only the field and the excerpt
 * of what was received are read from `args` each time. The same text as describedLine.
 */
export function errorLine(
  error: RenderableError,
  args: unknown,
  options: RenderOptions = {},
): string {
  const { field, detail } = errorParts(error, args, undefined, options);
  return `${field}: ${detail}`;
}

/**
 * errorLine's line in its two parts (a Standard Schema issue's path says the field), given the
 * error's instance path as segments when the caller has them already (a fresh array: it may be
 * extended in place).
 */
export function errorParts(
  error: RenderableError,
  args: unknown,
  pathSegments: string[] | undefined,
  options: RenderOptions = {},
  withField = true,
): LineParts {
  const worded =
    options.maxExcerpt === undefined ? errorWording(error) : undefined;
  if (worded === undefined) return describedParts(error, args, options);
  // A fresh array: extended in place with the named property.
  const segments =
    pathSegments ??
    (worded.segments ?? sharedSegments(error.instancePath)).slice();
  // `required` and `additionalProperties` are about the property they name, below the path.
  const keyword = error.keyword;
  if (keyword === "required" || keyword === "additionalProperties")
    segments.push(namedProperty(error)!);
  let received = worded.received;
  if (received === undefined) {
    const at = valueAt(args, segments);
    received = at.found ? `; received ${excerpt(at.value)}` : "";
  }
  // A caller that only wants the detail (a Standard Schema issue) skips the field's path.
  return {
    field: withField ? fieldPath(segments, args) : "",
    detail: `${worded.head}${received}`,
  };
}

/**
 * The text of the tool result for a call whose arguments failed validation. Lines are in the
 * order of the errors, duplicates removed, at most `maxErrors` of them.
 */
export function renderValidationErrors(
  toolName: string,
  errors: readonly RenderableError[],
  args: unknown,
  options: RenderOptions = {},
): string {
  const maxErrors = options.maxErrors ?? 20;
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let line: string;
    try {
      line = `- ${errorLine(e, args, options)}`;
    } catch {
      line = `- ${excerpt(e?.instancePath, 60)}: ${excerpt(e?.keyword, 40)}`;
    }
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  const shown = lines.slice(0, maxErrors);
  if (lines.length > maxErrors)
    shown.push(`- … and ${lines.length - maxErrors} more`);
  const name = excerpt(toolName, 80);
  const count = lines.length === 1 ? "1 problem" : `${lines.length} problems`;
  return [
    `The tool ${name} was not run: its arguments are invalid (${count}).`,
    ...shown,
    "Fix these fields and call the tool again.",
  ].join("\n");
}
