/**
 * Runtime pieces of generated validators. This file is real TypeScript (type-checked and unit-tested
 * where it stands); the validators emitter copies single regions of it into `validators.ts`, each
 * only when some validator needs it, so the generated file has no import at all.
 *
 * Region grammar (read by generator/core/emit/validators/helpers.ts):
 *   // #region helper <id> [uses <id> ...]   one helper; its first declaration is named <id>
 *   // #region types                         declarations copied as they are (exported)
 *   // #endregion
 * Within a helper region, `export ` is dropped when copying: helpers are private to the file.
 * Every name a region declares starts with its id, so regions never collide.
 *
 * Semantics follow Ajv 8 (ajv/dist/runtime/*) and ajv-formats 3 in "full" mode exactly; the
 * differential tests compare each helper with the Ajv original.
 */

// #region types
/** One failed check. The fields and their values are Ajv's (`ErrorObject` without `propertyName`/verbose fields). */
export interface ValidationError {
  /** JSON Pointer to the failing value (`""` is the whole value), e.g. `/sets/2/reps`. */
  readonly instancePath: string;
  /** Where the failing keyword is in the schema, as Ajv reports it, e.g. `#/properties/sets/items/properties/reps/minimum`. */
  readonly schemaPath: string;
  /** The keyword that failed (`type`, `required`, `minimum`, …; `false schema` for a `false` subschema). */
  readonly keyword: string;
  /** Keyword-specific details, exactly as Ajv reports them (`{ limit: 1 }`, `{ missingProperty: "date" }`, …). */
  readonly params: { readonly [name: string]: unknown };
  /** Ajv's English message, e.g. `must be >= 0`. */
  readonly message: string;
}

/** The result of a validator: the value, typed, when it passed; every failure otherwise. */
export type ValidationResult<T> =
  { ok: true; value: T } | { ok: false; errors: ValidationError[] };

/** A generated validator: never throws, never mutates or coerces its input. */
export type Validator<T> = (value: unknown) => ValidationResult<T>;
// #endregion

// #region helper freezeJson
/** Deep-freezes a JSON value built at module load (schema constants shared with error params). */
export function freezeJson<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null || Object.isFrozen(v)) continue;
    Object.freeze(v);
    for (const k of Object.keys(v))
      stack.push((v as Record<string, unknown>)[k]);
  }
  return value;
}
// #endregion

// #region helper insertError
/**
 * Puts `error` at index `at` of the list (created when there is none yet), moving the later
 * errors up: the errors of keywords Ajv checks before `additionalProperties`, recorded after the
 * object's pass has appended the additional keys' errors. `splice` would allocate its result.
 */
export function insertError(
  list: ValidationError[] | null,
  at: number,
  error: ValidationError,
): ValidationError[] {
  if (list === null) return [error];
  for (let i = list.length; i > at; i--) list[i] = list[i - 1]!;
  list[at] = error;
  return list;
}
// #endregion

// #region helper addError
/**
 * Appends `error` to the list, creating the list with it on the first error: `[error]` allocates
 * room for one, where `[]` then `push` would allocate room for 17 (most failing values have one
 * error or a few). One call instead of the same two lines at every check.
 */
export function addError(
  list: ValidationError[] | null,
  error: ValidationError,
): ValidationError[] {
  if (list === null) return [error];
  list.push(error);
  return list;
}
// #endregion

// #region helper resultOf
/** A validator's result: ok when no error is left (a composite that passed may empty the list). */
export function resultOf<T>(
  value: unknown,
  errors: ValidationError[] | null,
): ValidationResult<T> {
  if (errors === null || errors.length === 0)
    return { ok: true, value: value as T };
  return { ok: false, errors };
}
// #endregion

// #region helper makeError
/** An error whose params or message depend on the data, in Ajv's field order. */
export function makeError(
  instancePath: string,
  schemaPath: string,
  keyword: string,
  params: { readonly [name: string]: unknown },
  message: string,
): ValidationError {
  return { instancePath, schemaPath, keyword, params, message };
}
// #endregion

// #region helper errorTable
/**
 * A validator's errors known when generating, frozen (shared between results, read as constants).
 * Rows: `[schemaPath, arg, instancePath?]` for a standard keyword (a path without `#` continues the
 * previous row's parent), or `[instancePath, schemaPath, keyword, params, message]`. `items` keeps
 * the rows' errors at array items (`errorAtItem`).
 */
export function errorTable(
  rows: readonly (
    | readonly [string, unknown, string?]
    | readonly [string, string, string, ValidationError["params"], string]
  )[],
): readonly ValidationError[] & { readonly items: ValidationError[][] } {
  let parent = "#";
  const table = rows.map((row) => {
    if (row.length === 5) {
      const [instancePath, schemaPath, keyword, params, message] = row;
      return Object.freeze({
        instancePath,
        schemaPath,
        keyword,
        params: Object.freeze(params),
        message,
      });
    }
    const [path, arg, instancePath] = row;
    const schemaPath = path.charCodeAt(0) === 35 ? path : parent + "/" + path;
    const cut = schemaPath.lastIndexOf("/");
    parent = schemaPath.slice(0, cut);
    const keyword = schemaPath.slice(cut + 1);
    const [params, message] = errorTableStandard(keyword, arg);
    return Object.freeze({
      instancePath: instancePath ?? errorTableInstancePath(schemaPath),
      schemaPath,
      keyword,
      params: Object.freeze(params),
      message,
    });
  });
  Object.defineProperty(table, "items", { value: [] }); // not enumerable
  return Object.freeze(table) as ReturnType<typeof errorTable>;
}

/** Per standard keyword: params key (`""`: none), message (`%`: the value), comparison. */
const errorTableStandards = new Map<string, readonly [string, string, string?]>(
  [
    ["type", ["type", "must be %"]],
    ["required", ["missingProperty", "must have required property '%'"]],
    ["format", ["format", 'must match format "%"']],
    ["pattern", ["pattern", 'must match pattern "%"']],
    ["multipleOf", ["multipleOf", "must be multiple of %"]],
    ["maximum", ["limit", "must be <= %", "<="]],
    ["minimum", ["limit", "must be >= %", ">="]],
    ["exclusiveMaximum", ["limit", "must be < %", "<"]],
    ["exclusiveMinimum", ["limit", "must be > %", ">"]],
    ["maxLength", ["limit", "must NOT have more than % characters"]],
    ["minLength", ["limit", "must NOT have fewer than % characters"]],
    ["maxItems", ["limit", "must NOT have more than % items"]],
    ["minItems", ["limit", "must NOT have fewer than % items"]],
    ["items", ["limit", "must NOT have more than % items"]],
    ["maxProperties", ["limit", "must NOT have more than % properties"]],
    ["minProperties", ["limit", "must NOT have fewer than % properties"]],
    ["enum", ["allowedValues", "must be equal to one of the allowed values"]],
    ["const", ["allowedValue", "must be equal to constant"]],
    ["if", ["failingKeyword", 'must match "%" schema']],
    ["anyOf", ["", "must match a schema in anyOf"]],
    ["not", ["", "must NOT be valid"]],
    ["additionalProperties", ["", "must NOT have additional properties"]],
    ["false schema", ["", "boolean schema is false"]],
  ],
);

function errorTableStandard(
  keyword: string,
  arg: unknown,
): [{ readonly [name: string]: unknown }, string] {
  const standard = errorTableStandards.get(keyword);
  if (standard === undefined)
    throw new Error(`errorTable: no standard error for ${keyword}`);
  const [key, message, comparison] = standard;
  const params =
    key === ""
      ? {}
      : comparison === undefined
        ? { [key]: arg }
        : { comparison, limit: arg };
  return [params, message.replace("%", () => String(arg))];
}

/** The instance path a schema path names: its `properties` names and `prefixItems` indexes. */
export function errorTableInstancePath(schemaPath: string): string {
  const segments = schemaPath.split("/");
  let path = "";
  for (let i = 1; i < segments.length - 1; i++) {
    switch (segments[i]) {
      case "properties":
      case "prefixItems":
        path += "/" + decodeURIComponent(segments[++i]!);
        break;
      case "$defs":
      case "patternProperties":
      case "dependentSchemas":
      case "allOf":
      case "anyOf":
      case "oneOf":
        i++;
    }
  }
  return path;
}

// #endregion

// #region helper errorAt
/** A table error at an instance path known only at run time (an array item's index). */
export function errorAt(
  error: ValidationError,
  instancePath: string,
): ValidationError {
  return {
    instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params: error.params,
    message: error.message,
  };
}

// #endregion

// #region helper addErrorAt uses addError errorAt
/** `addError(list, errorAt(error, instancePath))`, one call where an array item fails a check. */
export function addErrorAt(
  list: ValidationError[] | null,
  error: ValidationError,
  instancePath: string,
): ValidationError[] {
  return addError(list, errorAt(error, instancePath));
}
// #endregion

// #region helper errorAtItem uses errorTable errorAt
/**
 * `errorAt(table[n], prefix + index + suffix)`, made once per row and index below 64 and kept in
 * the table, frozen: shared between results as the rows are.
 */
export function errorAtItem(
  table: ReturnType<typeof errorTable>,
  n: number,
  index: number,
  prefix: string,
  suffix: string,
): ValidationError {
  if (index >= 64) return errorAt(table[n]!, prefix + index + suffix);
  const errors = (table.items[n] ??= []);
  return (errors[index] ??= Object.freeze(
    errorAt(table[n]!, prefix + index + suffix),
  ));
}
// #endregion

// #region helper addErrorAtItem uses errorTable addError errorAtItem
/** `addError(list, errorAtItem(table, n, index, prefix, suffix))`. */
export function addErrorAtItem(
  list: ValidationError[] | null,
  table: ReturnType<typeof errorTable>,
  n: number,
  index: number,
  prefix: string,
  suffix: string,
): ValidationError[] {
  return addError(list, errorAtItem(table, n, index, prefix, suffix));
}
// #endregion

// #region helper errorWith
/** An `additionalProperties` table error for the additional key met at run time. */
export function errorWith(
  error: ValidationError,
  instancePath: string,
  additionalProperty: string,
): ValidationError {
  return {
    instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params: { additionalProperty },
    message: error.message,
  };
}
// #endregion

// #region helper errorWithAtItem uses errorTable errorAtItem errorWith
/** `errorWith` at the path of `errorAtItem(table, n, index, prefix, suffix)`. */
export function errorWithAtItem(
  table: ReturnType<typeof errorTable>,
  n: number,
  index: number,
  prefix: string,
  suffix: string,
  additionalProperty: string,
): ValidationError {
  const at = errorAtItem(table, n, index, prefix, suffix);
  return errorWith(table[n]!, at.instancePath, additionalProperty);
}
// #endregion

// #region helper hasOwn
/**
 * Own-property test that is safe for `__proto__`, `constructor` and objects without a prototype.
 * Each module declares its own: V8 makes `hasOwn.call(o, k)` in a `for…in` loop a check of the
 * object's map only for a module's own constant, not for an exported or imported one.
 */
const hasOwn: (k: string) => boolean = Object.prototype.hasOwnProperty;
// #endregion

// #region helper ownValue uses hasOwn
/** `value` (the caller's read of `data[key]`) if `key` is an own property, else undefined. */
export function ownValue(value: unknown, data: object, key: string): any {
  return value !== undefined && !hasOwn.call(data, key) ? undefined : value;
}
// #endregion

// #region helper ucs2length
/** Length in Unicode code points (a lone surrogate counts as one), as Ajv's `ucs2length`. */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length++;
    const value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      if ((str.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}
// #endregion

// #region helper escapeKey
/** A property name as a JSON Pointer segment (`~` → `~0`, `/` → `~1`). */
export function escapeKey(key: string): string {
  return key.indexOf("~") === -1 && key.indexOf("/") === -1
    ? key
    : key.replace(/~/g, "~0").replace(/\//g, "~1");
}
// #endregion

// #region helper deepEqual
/**
 * Structural equality with the results of Ajv's `equal` (fast-deep-equal) on JSON values, including
 * its quirk that two objects whose own `constructor` members are distinct objects are unequal.
 * Differences, both where fast-deep-equal throws instead of answering: it is iterative (no stack
 * overflow on deeply nested values), and an own `valueOf`/`toString` member is compared like any
 * other member instead of being called.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null
  )
    return a !== a && b !== b;
  const stack: any[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
    if (
      typeof x !== "object" ||
      typeof y !== "object" ||
      x === null ||
      y === null
    ) {
      if (x !== x && y !== y) continue;
      return false;
    }
    if (x.constructor !== y.constructor) return false;
    if (Array.isArray(x)) {
      const length = x.length;
      if (length !== y.length) return false;
      for (let i = length; i-- !== 0;) stack.push(x[i], y[i]);
      continue;
    }
    const keys = Object.keys(x);
    const length = keys.length;
    if (length !== Object.keys(y).length) return false;
    for (let i = length; i-- !== 0;)
      if (!Object.prototype.hasOwnProperty.call(y, keys[i]!)) return false;
    for (let i = length; i-- !== 0;) stack.push(x[keys[i]!], y[keys[i]!]);
  }
  return true;
}
// #endregion

// #region helper findDuplicate uses deepEqual
/**
 * For `uniqueItems` on items of any type: the pair Ajv reports, or undefined when all items are
 * unique. Ajv compares every pair (i from the end, then j below i) and reports the first equal
 * pair; the same pair is found here in linear time for long arrays by bucketing items under a
 * canonical key (equal items, per `deepEqual`, have equal keys; an item containing an object whose
 * own `constructor` member is an object equals no other item, so it gets a key of its own).
 */
export function findDuplicate(
  items: readonly unknown[],
): [i: number, j: number] | undefined {
  const n = items.length;
  if (n <= 16) {
    for (let i = n; i-- > 0;)
      for (let j = i; j-- > 0;)
        if (deepEqual(items[i], items[j])) return [i, j];
    return undefined;
  }
  const seen = new Map<string, number>();
  let found: [i: number, j: number] | undefined;
  for (let i = 0; i < n; i++) {
    const key = findDuplicateKey(items[i], i);
    const j = seen.get(key);
    if (j !== undefined) found = [i, j];
    seen.set(key, i);
  }
  return found;
}

/** Canonical text of a JSON value (sorted member names, type-tagged), built without recursion. */
function findDuplicateKey(value: unknown, index: number): string {
  let out = "";
  const stack: unknown[] = [value];
  const closing = {};
  while (stack.length > 0) {
    const v: any = stack.pop();
    if (v === closing) {
      out += ")";
      continue;
    }
    if (typeof v === "string") out += "s" + v.length + ":" + v;
    else if (typeof v === "number") out += "n" + (v === 0 ? 0 : v) + ";";
    else if (typeof v === "boolean") out += v ? "T" : "F";
    else if (v === null) out += "N";
    else if (v === undefined) out += "U";
    else if (Array.isArray(v)) {
      out += "a" + v.length + "(";
      stack.push(closing);
      for (let i = v.length; i-- > 0;) stack.push(v[i]);
    } else if (typeof v === "object") {
      if (
        Object.prototype.hasOwnProperty.call(v, "constructor") &&
        typeof v.constructor === "object" &&
        v.constructor !== null
      ) {
        return "#" + index;
      }
      const keys = Object.keys(v).sort();
      out += "o" + keys.length + "(";
      stack.push(closing);
      for (let i = keys.length; i-- > 0;)
        stack.push(v[keys[i]!], "k" + keys[i]!.length + ":" + keys[i]!);
    } else {
      return "#" + index;
    }
  }
  return out;
}
// #endregion

// #region helper formatDigits
/** The ASCII decimal number in str[at, at + n), or -1 when a character is not an ASCII digit. */
export function formatDigits(str: string, at: number, n: number): number {
  let value = 0;
  for (let i = at; i < at + n; i++) {
    const c = str.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return -1; // NaN (past the end) included
    value = value * 10 + c;
  }
  return value;
}
// #endregion

// #region helper formatDatePart
const formatDatePartDays = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** `formatDate` of `str` up to `end` (10 for a date-time's date: read in place). */
export function formatDatePart(str: string, end: number): boolean {
  if (end !== 10 || str.charCodeAt(4) !== 45 || str.charCodeAt(7) !== 45)
    return false;
  const y0 = str.charCodeAt(0) - 48;
  const y1 = str.charCodeAt(1) - 48;
  const y2 = str.charCodeAt(2) - 48;
  const y3 = str.charCodeAt(3) - 48;
  const m0 = str.charCodeAt(5) - 48;
  const m1 = str.charCodeAt(6) - 48;
  const d0 = str.charCodeAt(8) - 48;
  const d1 = str.charCodeAt(9) - 48;
  if (
    y0 >>> 0 > 9 ||
    y1 >>> 0 > 9 ||
    y2 >>> 0 > 9 ||
    y3 >>> 0 > 9 ||
    m0 >>> 0 > 9 ||
    m1 >>> 0 > 9 ||
    d0 >>> 0 > 9 ||
    d1 >>> 0 > 9
  )
    return false;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (month < 1 || month > 12 || day < 1) return false;
  if (day <= 28) return true;
  if (month !== 2) return day <= formatDatePartDays[month]!;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  return day === 29 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}
// #endregion

// #region helper formatDate uses formatDatePart
/**
 * RFC 3339 full-date that names a real calendar day: ajv-formats `date` (`/^(\d\d\d\d)-(\d\d)-(\d\d)$/`
 * and a days-per-month check), without the regex match allocation.
 */
export function formatDate(str: string): boolean {
  return formatDatePart(str, str.length);
}
// #endregion

// #region helper formatTimePart uses formatDigits
/**
 * `formatTime` of `str` from `at` (11 for a date-time's time: read in place). Seconds from 59 on are
 * converted as ajv-formats does (`+"ss.fff"` may round up to 60); below, the whole ones answer alike.
 */
export function formatTimePart(str: string, at: number): boolean {
  const n = str.length;
  if (
    n < at + 9 ||
    str.charCodeAt(at + 2) !== 58 ||
    str.charCodeAt(at + 5) !== 58
  )
    return false;
  const hr = formatDigits(str, at, 2);
  const min = formatDigits(str, at + 3, 2);
  const ss = formatDigits(str, at + 6, 2);
  if (hr < 0 || min < 0 || ss < 0) return false;
  let i = at + 8;
  if (str.charCodeAt(i) === 46) {
    i++;
    const start = i;
    while (i < n && str.charCodeAt(i) >= 48 && str.charCodeAt(i) <= 57) i++;
    if (i === start) return false;
  }
  const sec = ss < 59 ? ss : +str.slice(at + 6, i);
  const c = str.charCodeAt(i);
  let tzSign = 1;
  let tzH = 0;
  let tzM = 0;
  if (c === 122 || c === 90) {
    if (i + 1 !== n) return false;
  } else if (c === 43 || c === 45) {
    tzSign = c === 45 ? -1 : 1;
    tzH = formatDigits(str, i + 1, 2);
    if (i + 3 > n || tzH < 0) return false;
    i += 3;
    if (i < n) {
      if (str.charCodeAt(i) === 58) i++;
      tzM = formatDigits(str, i, 2);
      if (i + 2 !== n || tzM < 0) return false;
    }
  } else {
    return false;
  }
  if (tzH > 23 || tzM > 59) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * tzSign;
  const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
  return (
    (utcHr === 23 || utcHr === -1) &&
    (utcMin === 59 || utcMin === -1) &&
    sec < 61
  );
}
// #endregion

// #region helper formatTime uses formatTimePart
/**
 * RFC 3339 full-time with a required time zone, leap seconds at 23:59 UTC: ajv-formats `time`
 * (`/^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i`, strictTimeZone).
 */
export function formatTime(str: string): boolean {
  return formatTimePart(str, 0);
}
// #endregion

// #region helper formatDateTime uses formatDatePart formatTimePart
const formatDateTimeSpace = /\s/;
/**
 * RFC 3339 date-time: ajv-formats splits on `/t|\s/i` and wants exactly two parts, a date and a
 * time. A valid date is 10 characters without separators and a valid time contains none, so that
 * is: a separator at index 10 (ASCII `\s`: space, `\t`–`\r`), a date before it and a time after it.
 */
export function formatDateTime(str: string): boolean {
  if (str.length < 11) return false;
  const sep = str.charCodeAt(10);
  if (
    sep !== 116 &&
    sep !== 84 &&
    sep !== 32 &&
    (sep < 128 ? sep < 9 || sep > 13 : !formatDateTimeSpace.test(str[10]!))
  )
    return false;
  return formatDatePart(str, 10) && formatTimePart(str, 11);
}
// #endregion

// #region helper formatDuration
const formatDurationRe =
  /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/;
/** ISO 8601 duration as RFC 3339 appendix A (ajv-formats `duration`); a `P` first, or no regex. */
export function formatDuration(str: string): boolean {
  return str.charCodeAt(0) === 80 && formatDurationRe.test(str);
}
// #endregion

// #region helper formatUri
const formatUriRe =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
/** Absolute URI, RFC 3986 (ajv-formats `uri`, full: its `/\/|:/` test is implied by the scheme). */
export function formatUri(str: string): boolean {
  return ((str.charCodeAt(0) | 32) - 97) >>> 0 < 26 && formatUriRe.test(str);
}
// #endregion

// #region helper formatEmail
const formatEmailRe =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
/** E-mail address (ajv-formats `email`, full mode); the shortest it accepts is `a@b.c`. */
export function formatEmail(str: string): boolean {
  return str.length >= 5 && formatEmailRe.test(str);
}
// #endregion

// #region helper formatHostname
const formatHostnameRe =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i;
/** Host name, RFC 1123 (ajv-formats `hostname`). */
export function formatHostname(str: string): boolean {
  return formatHostnameRe.test(str);
}
// #endregion

// #region helper formatIpv4
const formatIpv4Re =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** Dotted-quad IPv4 address (ajv-formats `ipv4`). */
export function formatIpv4(str: string): boolean {
  return formatIpv4Re.test(str);
}
// #endregion

// #region helper formatIpv6
const formatIpv6Re =
  /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;
/** IPv6 address (ajv-formats `ipv6`). */
export function formatIpv6(str: string): boolean {
  return formatIpv6Re.test(str);
}
// #endregion

// #region helper formatUuid
/**
 * ajv-formats `uuid` (`/^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i`), one regex per
 * length, each digit's class written out (3× faster: V8 matches a few characters at a time); both
 * cases instead of `i`, which without `u` folds ASCII letters only.
 */
const formatUuidHex = (n: number): string => "[0-9a-fA-F]".repeat(n);
const formatUuidBody = `${formatUuidHex(8)}-${formatUuidHex(4)}-${formatUuidHex(4)}-${formatUuidHex(4)}-${formatUuidHex(12)}$`;
const formatUuidRe = new RegExp("^" + formatUuidBody);
const formatUuidUrnRe = new RegExp(
  "^[uU][rR][nN]:[uU][uU][iI][dD]:" + formatUuidBody,
);
export function formatUuid(str: string): boolean {
  return str.length === 36
    ? formatUuidRe.test(str)
    : str.length === 45 && formatUuidUrnRe.test(str);
}
// #endregion
