/**
 * The one way generated code is built. Every interpolated value is made safe by kind:
 * code fragments and checked identifiers are spliced as they are, numbers/booleans/null become
 * literals, and every string becomes a quoted string literal. Text that must be spliced verbatim
 * goes through `raw()`, which stands out in review and in grep.
 */

/** A fragment of generated source that is already safe to splice. */
export class Code {
  /** @internal use `code`, `raw` or `Name` to build one */
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A JSON value (catalog data): the only non-code values that may be interpolated. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

export type CodeArg = Code | JsonValue;

/**
 * U+2028 and U+2029 as escapes: JSON allows them raw in strings, but older JavaScript parsers
 * and some editors take them for line ends. `includes` first: on megabytes of (usually one-byte)
 * text it costs nothing.
 */
export function escapeLineSeparators(text: string): string {
  const separators = text.includes("\u2028") || text.includes("\u2029");
  return separators
    ? text.replace(/[\u2028\u2029]/g, (c) =>
        c === "\u2028" ? "\\u2028" : "\\u2029",
      )
    : text;
}

/** Strings that JSON.stringify writes unchanged between its quotes (property-tested against it). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A string as a double-quoted JS/TS string literal. JSON.stringify already escapes quotes,
 * backslashes and control characters; U+2028/U+2029 are escaped too so the literal stays on
 * one line for every tool that reads it (older parsers, source maps, editors). Lone surrogates
 * come out as `\udXXX` escapes (well-formed JSON.stringify), so the file stays valid UTF-8.
 */
export function stringLiteral(value: string): string {
  // Fast path (most catalog text): printable ASCII without `"` or `\` is exactly what
  // JSON.stringify would leave as it is, so quoting it is all there is to do.
  if (PLAIN.test(value)) return `"${value}"`;
  return escapeLineSeparators(JSON.stringify(value));
}

/**
 * A string literal quoted as prettier prints it by default: double quotes, unless the text holds
 * more double than single quotes (then single quotes, fewer escapes). Escapes are
 * `stringLiteral`'s. Generated code uses this form so it is already in prettier's layout.
 */
export function codeStringLiteral(value: string): string {
  const json = stringLiteral(value);
  if (!value.includes('"')) return json;
  const content = json.slice(1, -1);
  const quote = preferredQuote(content, false);
  return quote === '"' ? json : requote(content, quote);
}

/**
 * prettier's quote choice for a string literal's raw content: the quote that needs fewer escapes,
 * the preferred one (double, or single with `singleQuote`) on a tie.
 */
export function preferredQuote(
  content: string,
  singleQuote: boolean,
): '"' | "'" {
  // Without the preferred quote in it nothing can beat it (most text): no count needed.
  if (!content.includes(singleQuote ? "'" : '"'))
    return singleQuote ? "'" : '"';
  let doubles = 0;
  let singles = 0;
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c === 34) doubles++;
    else if (c === 39) singles++;
  }
  return singleQuote
    ? singles > doubles
      ? '"'
      : "'"
    : doubles > singles
      ? "'"
      : '"';
}

/**
 * prettier's makeString for the escapes `stringLiteral` writes: raw content re-quoted with `quote`
 * (the other quote unescaped, this one escaped; every other escape kept as it is).
 */
export function requote(content: string, quote: '"' | "'"): string {
  const other = quote === '"' ? "'" : '"';
  const body = content.replace(
    /\\(["'\\])|(["'])/g,
    (match, escaped: string | undefined, unescaped: string | undefined) => {
      if (escaped) return escaped === other ? other : match;
      return unescaped === quote ? "\\" + unescaped : unescaped!;
    },
  );
  return quote + body + quote;
}

/** A number as a literal; non-finite values are spelled out because JSON has no form for them. */
export function numberLiteral(value: number): string {
  if (Number.isNaN(value)) return "Number.NaN";
  if (value === Infinity) return "Number.POSITIVE_INFINITY";
  if (value === -Infinity) return "Number.NEGATIVE_INFINITY";
  if (Object.is(value, -0)) return "-0";
  // `1e21`, as prettier prints it (and as valid in JSON as `1e+21`).
  return String(value).replace("e+", "e");
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * An object key as it must be written in an object literal. `__proto__` written as a plain or
 * quoted key would set the prototype instead of creating a property, so it is always computed.
 */
export function propertyKey(key: string): string {
  if (key === "__proto__") return `[${codeStringLiteral(key)}]`;
  return IDENTIFIER.test(key) ? key : codeStringLiteral(key);
}

/** A property key in a TypeScript type literal or interface (no prototype semantics there). */
export function typeKey(key: string): string {
  return IDENTIFIER.test(key) ? key : codeStringLiteral(key);
}

/** A JSON value as an expression that evaluates to an equal, freshly built value. */
export function jsonLiteral(value: JsonValue, shared?: SharedLiterals): string {
  if (value === null || typeof value !== "object") return scalarLiteral(value);
  // One flat list of pieces joined once: this prints megabytes of declarations, and building a
  // string per nested value (map/join) or a rope by `+=` cost far more time and garbage.
  const parts: string[] = [];
  writeLiteral(value, parts, shared);
  return parts.join("");
}

/**
 * Values that are printed many times over, by identity: a tool's schema that several provider
 * targets declare as it is. `jsonLiteral(v, shared)` builds the literal of each added value on
 * first use and reuses the text after, so the output is exactly `jsonLiteral(v)`. Only for
 * values nobody mutates (catalog data and lowered schemas are never changed once built).
 */
export class SharedLiterals {
  private readonly texts = new Map<object, string | undefined>();

  add(value: JsonValue): void {
    if (typeof value === "object" && value !== null && !this.texts.has(value))
      this.texts.set(value, undefined);
  }

  /** @internal the text of an added value (built on first use), or undefined when not added */
  text(value: object): string | undefined {
    if (!this.texts.has(value)) return undefined;
    let text = this.texts.get(value);
    if (text === undefined)
      this.texts.set(value, (text = jsonLiteral(value as JsonValue)));
    return text;
  }
}

function scalarLiteral(value: null | boolean | number | string): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  return typeof value === "number"
    ? numberLiteral(value)
    : codeStringLiteral(value);
}

function writeLiteral(
  value: JsonValue,
  parts: string[],
  shared: SharedLiterals | undefined,
): void {
  if (value === null || typeof value !== "object") {
    parts.push(scalarLiteral(value));
    return;
  }
  const known = shared?.text(value);
  if (known !== undefined) {
    parts.push(known);
  } else if (Array.isArray(value)) {
    const items = value as readonly JsonValue[];
    if (items.length === 0) {
      parts.push("[]");
      return;
    }
    parts.push("[");
    for (let i = 0; i < items.length; i++) {
      if (i > 0) parts.push(", ");
      writeLiteral(items[i]!, parts, shared);
    }
    parts.push("]");
  } else {
    const object = value as { readonly [key: string]: JsonValue };
    const keys = Object.keys(object);
    if (keys.length === 0) {
      parts.push("{}");
      return;
    }
    parts.push("{ ");
    for (let i = 0; i < keys.length; i++) {
      if (i > 0) parts.push(", ");
      parts.push(propertyKey(keys[i]!), ": ");
      writeLiteral(object[keys[i]!]!, parts, shared);
    }
    parts.push(" }");
  }
}

function interpolate(value: CodeArg): string {
  if (value instanceof Code) return value.text;
  return jsonLiteral(value);
}

/** Tagged template: `code\`if (${x} === ${"a\"b"}) ${body}\`` quotes the string, splices `x` and `body`. */
export function code(
  strings: TemplateStringsArray,
  ...values: CodeArg[]
): Code {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++)
    out += interpolate(values[i]!) + strings[i + 1]!;
  return new Code(out);
}

/** Verbatim source. Only for text the generator itself owns (template files, fixed snippets). */
export function raw(text: string): Code {
  return new Code(text);
}

/** Joins fragments with a separator that is itself code. */
export function join(
  parts: readonly Code[],
  separator: Code | string = ", ",
): Code {
  const sep = typeof separator === "string" ? separator : separator.text;
  return new Code(parts.map((p) => p.text).join(sep));
}

/**
 * `fragment` with every line after the first indented by `prefix` as well (the first line's
 * indentation is the caller's). Safe on any generated code: string literals never hold a raw
 * line break.
 */
export function indented(prefix: string, fragment: Code): Code {
  return new Code(prefix + fragment.text.replace(/\n/g, "\n" + prefix));
}

/** `obj.key` when the key is a plain identifier, `obj["key"]` otherwise. */
export function member(object: Code, key: string): Code {
  if (IDENTIFIER.test(key) && key !== "__proto__")
    return new Code(`${object.text}.${key}`);
  return new Code(`${object.text}[${codeStringLiteral(key)}]`);
}
