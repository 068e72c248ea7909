/**
 * Prints JSON values as catalog-like YAML in randomly varied styles, for the fast-path property
 * test. It is deliberately careless: strings are sometimes printed plain whatever they contain,
 * flow continuation lines are sometimes under-indented, comments land at random indents, and
 * `mutate` then damages the text. The test never compares with the original value, only the two
 * parsers with each other, so text that means something else (or nothing) is as useful as text
 * that round-trips.
 */
import type { Json } from "../../generator/core/schema/json.js";

export type Random = () => number;

/** A small deterministic generator, seeded from fast-check so a failure replays with FC_SEED. */
export function mulberry32(seed: number): Random {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class YamlPrinter {
  constructor(private readonly rnd: Random) {}

  document(value: Json): string {
    const lines =
      this.chance(0.2) && typeof value === "object" && value !== null
        ? this.flowLines(value, -1, 0)
        : this.blockLines(value, 0);
    const withComments = this.decorate(lines);
    const eol = this.chance(0.1) ? "\r\n" : "\n";
    const text = withComments.join(eol) + (this.chance(0.85) ? eol : "");
    return (
      (this.chance(0.15)
        ? this.pick([
            "# leading comment" + eol,
            eol,
            "  # indented lead" + eol + eol,
          ])
        : "") + text
    );
  }

  /** Random small damage: the property must hold for broken text too. */
  mutate(text: string): string {
    let out = text;
    const edits = 1 + Math.floor(this.rnd() * 3);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(this.rnd() * (out.length + 1));
      const op = Math.floor(this.rnd() * 5);
      if (op === 0) out = out.slice(0, at) + out.slice(at + 1);
      else if (op === 1)
        out =
          out.slice(0, at) +
          this.pick([
            " ",
            "\n",
            ":",
            "-",
            "#",
            '"',
            "'",
            "[",
            "]",
            "{",
            "}",
            ",",
            "&",
            "*",
            "!",
            "|",
            ">",
            "?",
            "%",
            "@",
            "\t",
            "\r",
            " #",
            ": ",
            "- ",
            "---\n",
            "\\",
            "~",
          ]) +
          out.slice(at);
      else if (op === 2) {
        // Re-indent one line.
        const start = out.lastIndexOf("\n", at - 1) + 1;
        out = this.chance(0.5)
          ? out.slice(0, start) +
            " ".repeat(1 + Math.floor(this.rnd() * 3)) +
            out.slice(start)
          : out.slice(0, start) + out.slice(start).replace(/^ {1,2}/, "");
      } else if (op === 3) {
        // Duplicate a line (duplicate keys, repeated items).
        const start = out.lastIndexOf("\n", at - 1) + 1;
        const end = out.indexOf("\n", at);
        const line = out.slice(start, end < 0 ? out.length : end);
        out = out.slice(0, start) + line + "\n" + out.slice(start);
      } else
        out =
          out.slice(0, at) +
          this.pick(["  # c", "\n# c\n", "\n    # deep\n", "\n\n"]) +
          out.slice(at);
    }
    return out;
  }

  // ---- block style ------------------------------------------------------------------------

  private blockLines(value: Json, indent: number): string[] {
    const pad = " ".repeat(indent);
    if (Array.isArray(value) && value.length > 0)
      return this.blockSeqLines(value, indent);
    if (isObject(value) && Object.keys(value).length > 0) {
      const lines: string[] = [];
      for (const [k, v] of Object.entries(value))
        lines.push(...this.entryLines(this.key(k), v, indent));
      return lines;
    }
    return this.inlineLines(value, pad, indent);
  }

  private entryLines(key: string, v: Json, indent: number): string[] {
    const pad = " ".repeat(indent);
    const head = `${pad}${key}${this.chance(0.05) ? " " : ""}:`;
    if (isObject(v) && Object.keys(v).length > 0 && this.chance(0.6)) {
      return [
        head + this.trailingComment(),
        ...this.blockLines(v, indent + this.step()),
      ];
    }
    if (Array.isArray(v) && v.length > 0 && this.chance(0.5)) {
      // A sequence may sit at its key's indent.
      return [
        head + this.trailingComment(),
        ...this.blockSeqLines(
          v,
          this.chance(0.3) ? indent : indent + this.step(),
        ),
      ];
    }
    if (v === null && this.chance(0.3))
      return [head + (this.chance(0.1) ? "   " : "")];
    return this.inlineLines(
      v,
      head + " ".repeat(this.chance(0.1) ? 3 : 1),
      indent,
    );
  }

  private blockSeqLines(items: readonly Json[], indent: number): string[] {
    const pad = " ".repeat(indent);
    const lines: string[] = [];
    for (const item of items) {
      if (isObject(item) && Object.keys(item).length > 0 && this.chance(0.6)) {
        // Compact mapping: the first key on the `-` line.
        const gap = this.chance(0.8) ? 1 : 1 + Math.floor(this.rnd() * 3);
        const inner = this.blockLines(item, indent + 1 + gap);
        inner[0] = pad + "-" + " ".repeat(gap) + inner[0]!.trimStart();
        lines.push(...inner);
      } else if (
        typeof item === "object" &&
        item !== null &&
        this.chance(0.3) &&
        (Array.isArray(item) ? item.length : Object.keys(item).length) > 0
      ) {
        lines.push(
          pad + "-" + this.trailingComment(),
          ...this.blockLines(item, indent + this.step()),
        );
      } else if (item === null && this.chance(0.3)) {
        lines.push(pad + "-");
      } else lines.push(...this.inlineLines(item, pad + "- ", indent));
    }
    return lines;
  }

  /** A value on the line that `prefix` starts; flow collections may spread over more lines. */
  private inlineLines(v: Json, prefix: string, owner: number): string[] {
    if (typeof v === "object" && v !== null) {
      const lines = this.flowLines(v, owner, prefix.length);
      lines[0] = prefix + lines[0];
      lines[lines.length - 1] += this.trailingComment();
      return lines;
    }
    return [prefix + this.scalar(v) + this.trailingComment()];
  }

  // ---- flow style -------------------------------------------------------------------------

  /** @param column  where the opening bracket is */
  private flowLines(v: Json, owner: number, column: number): string[] {
    if (this.chance(0.7)) return [this.flowInline(v)];
    const items = Array.isArray(v)
      ? v.map((x) => this.flowInline(x))
      : Object.entries(v as object).map(([k, x]) =>
          this.flowPair(k, x as Json),
        );
    const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
    if (items.length === 0) return [open + close];
    // Continuation lines normally deeper than the owner; sometimes not (which `yaml` may refuse).
    const inner = Math.max(
      0,
      owner + (this.chance(0.9) ? 1 + Math.floor(this.rnd() * 3) : 0),
    );
    const closeIndent = this.pick(
      [owner, owner + 1, inner, column, 0].filter((n) => n >= 0),
    );
    const lines = [open];
    items.forEach((item, i) =>
      lines.push(" ".repeat(inner) + item + (i < items.length - 1 ? "," : "")),
    );
    if (this.chance(0.3))
      lines.splice(
        1 + Math.floor(this.rnd() * items.length),
        0,
        " ".repeat(inner) + "# inside",
      );
    lines.push(" ".repeat(closeIndent) + close);
    return lines;
  }

  private flowInline(v: Json): string {
    if (Array.isArray(v))
      return "[" + this.join(v.map((x) => this.flowInline(x))) + "]";
    if (isObject(v)) {
      const inner = this.join(
        Object.entries(v).map(([k, x]) => this.flowPair(k, x)),
      );
      return inner === ""
        ? "{}"
        : this.chance(0.5)
          ? `{ ${inner} }`
          : `{${inner}}`;
    }
    return this.scalar(v, true);
  }

  private flowPair(k: string, v: Json): string {
    const key = this.key(k, true);
    // JSON style `"a":1` is allowed after a quoted key.
    const sep = key.startsWith('"') && this.chance(0.3) ? ":" : ": ";
    return key + sep + this.flowInline(v);
  }

  private join(parts: string[]): string {
    return parts.join(this.pick([", ", ",", " , "]));
  }

  // ---- scalars and keys ---------------------------------------------------------------------

  private key(k: string, inFlow = false): string {
    const r = this.rnd();
    if (r < (PLAIN_SAFE.test(k) ? 0.8 : 0.1)) return k;
    if (r < 0.8) return this.doubleQuoted(k);
    return this.singleQuoted(k, inFlow);
  }

  private scalar(v: Json, inFlow = false): string {
    if (v === null) return this.pick(["null", "Null", "NULL", "~", "null"]);
    if (typeof v === "boolean")
      return this.pick(
        v ? ["true", "True", "TRUE"] : ["false", "False", "FALSE"],
      );
    if (typeof v === "number") return this.number(v);
    if (typeof v !== "string") return "?";
    const r = this.rnd();
    // Plain mostly when it looks safe, sometimes whatever it contains.
    if (r < (PLAIN_SAFE.test(v) ? 0.8 : 0.1)) return v;
    if (r < 0.8) return this.doubleQuoted(v);
    return this.singleQuoted(v, inFlow);
  }

  private number(n: number): string {
    if (Object.is(n, -0)) return this.pick(["-0", "-0.0", "-0e0", "-.0"]);
    if (Number.isInteger(n) && n >= 0 && n < 1e6 && this.chance(0.3))
      return this.pick([
        `0x${n.toString(16)}`,
        `0o${n.toString(8)}`,
        `0${n}`,
        `+${n}`,
        `${n}.0`,
        `${n}e0`,
        `${n}.`,
      ]);
    return this.chance(0.1) ? JSON.stringify(String(n)) : String(n);
  }

  private doubleQuoted(s: string): string {
    if (this.chance(0.7)) return JSON.stringify(s);
    // YAML-only escapes.
    return (
      '"' +
      [...s]
        .map((ch) => {
          const cp = ch.codePointAt(0)!;
          if (ch === '"' || ch === "\\") return "\\" + ch;
          if (cp < 0x20 || this.chance(0.1))
            return cp < 0x100
              ? `\\x${cp.toString(16).padStart(2, "0")}`
              : cp < 0x10000
                ? `\\u${cp.toString(16).padStart(4, "0")}`
                : `\\U${cp.toString(16).padStart(8, "0")}`;
          if (ch === " " && this.chance(0.2)) return "\\ ";
          if (ch === "/" && this.chance(0.5)) return "\\/";
          return ch;
        })
        .join("") +
      '"'
    );
  }

  private singleQuoted(s: string, _inFlow: boolean): string {
    return "'" + s.replace(/'/g, "''") + "'";
  }

  // ---- layout -------------------------------------------------------------------------------

  /** Blank lines, comment lines at random indents, trailing spaces. */
  private decorate(lines: string[]): string[] {
    const out: string[] = [];
    for (const line of lines) {
      if (this.chance(0.08)) out.push("");
      if (this.chance(0.08)) {
        // Mostly at the indent of the line that follows, as people write them.
        const indent = this.chance(0.7)
          ? line.length - line.trimStart().length
          : Math.floor(this.rnd() * 9);
        out.push(
          " ".repeat(indent) +
            "# " +
            this.pick(["note", "a: b", "- x", "'", "{"]),
        );
      }
      out.push(line + (this.chance(0.05) ? "  " : ""));
    }
    if (this.chance(0.2))
      out.push(
        " ".repeat(this.chance(0.5) ? 0 : Math.floor(this.rnd() * 7)) +
          "# trailing",
      );
    if (this.chance(0.1)) out.push("");
    return out;
  }

  private trailingComment(): string {
    return this.chance(0.08) ? this.pick([" # c", "   # c: d", " #"]) : "";
  }

  private step(): number {
    return this.chance(0.8) ? 2 : 1 + Math.floor(this.rnd() * 4);
  }

  private chance(p: number): boolean {
    return this.rnd() < p;
  }

  private pick<T>(options: readonly T[]): T {
    return options[Math.floor(this.rnd() * options.length)]!;
  }
}

/** Strings that usually mean themselves when printed plain (a test of the printer, not of YAML). */
const PLAIN_SAFE = /^[A-Za-z_][A-Za-z0-9_ .,()/$-]*[A-Za-z0-9_.)]$/;

function isObject(v: Json): v is { readonly [key: string]: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
