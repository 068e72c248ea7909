/**
 * Reads the literal of one line of canonical code back into a value, for the printer of
 * ts-data-format.ts: the rows of a validator's error table (`["/a", "#/type", { type: tableName_ty0 },
 * "must be string"],`) are literals that the emitter writes on one line each, and those wider
 * than the print width used to be broken by prettier — megabytes of them for a large catalog.
 *
 * Only the exact text `jsonLiteral` (generator/core/codegen/code.ts) writes is read, with
 * identifiers allowed as values: strings as `codeStringLiteral` (or prettier's `singleQuote`
 * re-quoting of it) writes them, numbers as `numberLiteral` writes them, keys as `propertyKey`
 * writes them. Anything else (a call, an operator, a comment, a key or literal written another
 * way) is not read, and the line goes to prettier as before.
 */
import {
  codeStringLiteral,
  numberLiteral,
  preferredQuote,
  propertyKey,
  requote,
} from "../core/codegen/code.js";
import { Verbatim, type LiteralValue } from "./ts-data-format.js";

class NotALiteral extends Error {}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?/y;
const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;
/** Words that are not plain identifier references (an expression keyword, a literal of another kind). */
const NOT_IDENTIFIERS = new Set(
  "break case catch class const continue debugger default delete do else enum export extends finally for function if import in instanceof new return super switch this throw try typeof var void while with yield let static implements interface package private protected public await arguments eval".split(
    " ",
  ),
);

/** The value of `text` (one whole literal), or undefined when it is not one this module reads. */
export function parseLiteral(
  text: string,
  singleQuote: boolean,
): LiteralValue | undefined {
  const reader = new Reader(text, singleQuote);
  try {
    const value = reader.value(0);
    reader.spaces();
    return reader.at === text.length ? value : undefined;
  } catch (e) {
    if (e instanceof NotALiteral) return undefined;
    throw e;
  }
}

class Reader {
  at = 0;
  constructor(
    private readonly text: string,
    private readonly singleQuote: boolean,
  ) {}

  spaces(): void {
    while (this.text.charCodeAt(this.at) === 32) this.at++;
  }

  private expect(c: string): void {
    this.spaces();
    if (this.text[this.at] !== c) throw new NotALiteral();
    this.at++;
  }

  value(depth: number): LiteralValue {
    if (depth > 100) throw new NotALiteral();
    this.spaces();
    const c = this.text[this.at];
    if (c === "[") return this.array(depth);
    if (c === "{") return this.object(depth);
    if (c === '"' || c === "'") return this.string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9"))
      return this.number();
    const word = this.word();
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    if (NOT_IDENTIFIERS.has(word)) throw new NotALiteral();
    return new Verbatim(word);
  }

  private array(depth: number): LiteralValue[] {
    this.at++;
    const items: LiteralValue[] = [];
    this.spaces();
    if (this.text[this.at] === "]") {
      this.at++;
      return items;
    }
    for (;;) {
      items.push(this.value(depth + 1));
      this.spaces();
      const c = this.text[this.at++];
      if (c === "]") return items;
      if (c !== ",") throw new NotALiteral();
    }
  }

  private object(depth: number): { [key: string]: LiteralValue } {
    this.at++;
    const record: { [key: string]: LiteralValue } = {};
    this.spaces();
    if (this.text[this.at] === "}") {
      this.at++;
      return record;
    }
    for (;;) {
      this.spaces();
      const start = this.at;
      let key: string;
      if (this.text[this.at] === "[") {
        this.at++;
        key = this.string();
        this.expect("]");
      } else
        key =
          this.text[this.at] === '"' || this.text[this.at] === "'"
            ? this.string()
            : this.word();
      // Written as propertyKey writes it (so the printer's key quoting is prettier's for it), once.
      const written = this.text.slice(start, this.at);
      if (
        Object.prototype.hasOwnProperty.call(record, key) ||
        !this.sameString(written, propertyKey(key))
      )
        throw new NotALiteral();
      this.expect(":");
      // `__proto__` as a plain assignment would set the prototype instead.
      if (key === "__proto__")
        Object.defineProperty(record, key, {
          value: this.value(depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else record[key] = this.value(depth + 1);
      this.spaces();
      const c = this.text[this.at++];
      if (c === "}") return record;
      if (c !== ",") throw new NotALiteral();
    }
  }

  private word(): string {
    WORD.lastIndex = this.at;
    const m = WORD.exec(this.text);
    if (!m) throw new NotALiteral();
    this.at = WORD.lastIndex;
    return m[0];
  }

  private number(): number {
    NUMBER.lastIndex = this.at;
    const m = NUMBER.exec(this.text);
    if (!m) throw new NotALiteral();
    this.at = NUMBER.lastIndex;
    const n = Number(m[0]);
    if (numberLiteral(n) !== m[0]) throw new NotALiteral();
    return n;
  }

  private string(): string {
    const quote = this.text.charCodeAt(this.at);
    let end = this.at + 1;
    let escapes = false;
    for (; end < this.text.length; end++) {
      const c = this.text.charCodeAt(end);
      if (c === quote) break;
      if (c === 92) {
        escapes = true;
        end++;
      }
    }
    if (end >= this.text.length) throw new NotALiteral();
    const raw = this.text.slice(this.at, end + 1);
    this.at = end + 1;
    let value: unknown;
    // Without escapes the content is the value (checked against codeStringLiteral below).
    if (!escapes && quote === 34) value = raw.slice(1, -1);
    else {
      try {
        value = JSON.parse(quote === 34 ? raw : requote(raw.slice(1, -1), '"'));
      } catch {
        throw new NotALiteral();
      }
    }
    if (
      typeof value !== "string" ||
      !this.sameString(raw, codeStringLiteral(value))
    )
      throw new NotALiteral();
    return value;
  }

  /**
   * Whether `raw` is `expected` (a key or string as the emitter writes it) as it stands in this
   * code: under `singleQuote` the chunk's literals were re-quoted as prettier prefers.
   */
  private sameString(raw: string, expected: string): boolean {
    if (raw === expected) return true;
    if (!this.singleQuote || (expected[0] !== '"' && expected[0] !== "'"))
      return false;
    const content = expected.slice(1, -1);
    const quote = preferredQuote(content, true);
    return raw === (quote === expected[0] ? expected : requote(content, quote));
  }
}
