/**
 * A reader of the expressions canonical code writes on one line (names, member reads, calls,
 * literals, unary and binary operators, `as` casts, ternaries, object and array literals) into a
 * small tree, for the statement breakers beside it (statement.ts). Anything else — regular
 * expressions, templates, functions, comments, assignments inside expressions, spread — is not
 * read: the reader answers undefined and the line goes to prettier.
 */

export type Expr =
  | { readonly k: "id"; readonly text: string; parens?: boolean }
  | { readonly k: "lit"; readonly text: string; parens?: boolean }
  | { readonly k: "str"; readonly text: string; parens?: boolean }
  | { readonly k: "num"; readonly text: string; parens?: boolean }
  | {
      readonly k: "member";
      readonly object: Expr;
      readonly name: string;
      parens?: boolean;
    }
  | {
      readonly k: "index";
      readonly object: Expr;
      readonly index: Expr;
      parens?: boolean;
    }
  | {
      readonly k: "call";
      readonly callee: Expr;
      readonly args: readonly Expr[];
      parens?: boolean;
    }
  | { readonly k: "nonnull"; readonly expr: Expr; parens?: boolean }
  | {
      readonly k: "update";
      readonly expr: Expr;
      readonly op: string;
      parens?: boolean;
    }
  | {
      readonly k: "unary";
      readonly op: string;
      readonly arg: Expr;
      parens?: boolean;
    }
  | {
      readonly k: "bin";
      readonly op: string;
      readonly left: Expr;
      readonly right: Expr;
      parens?: boolean;
    }
  | {
      readonly k: "as";
      readonly expr: Expr;
      readonly type: string;
      parens?: boolean;
    }
  | {
      readonly k: "cond";
      readonly test: Expr;
      readonly then: Expr;
      readonly else: Expr;
      parens?: boolean;
    }
  | {
      readonly k: "object";
      readonly props: readonly Property[];
      parens?: boolean;
    }
  | { readonly k: "array"; readonly items: readonly Expr[]; parens?: boolean };

export interface Property {
  readonly key: string;
  /** Absent for a shorthand property (`{ name }`). */
  readonly value?: Expr;
}

export interface Token {
  readonly t: "id" | "num" | "str" | "op";
  readonly text: string;
}

const TOKEN =
  /\s*(?:([A-Za-z_$][\w$]*)|(\d+(?:\.\d+)?(?:e[+-]?\d+)?)|("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|(===|!==|==|!=|<=|>=|&&|\|\||\?\?|\+\+|--|[-+*%<>!?:.,;()[\]{}=/]))/y;

/** The tokens of `text`; undefined at anything the reader does not know (a template, a comment…). */
export function tokenize(text: string): Token[] | undefined {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (text.slice(at).trim() === "") break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return undefined;
    at = TOKEN.lastIndex;
    if (m[1] !== undefined) out.push({ t: "id", text: m[1] });
    else if (m[2] !== undefined) out.push({ t: "num", text: m[2] });
    else if (m[3] !== undefined) out.push({ t: "str", text: m[3] });
    else {
      // `//` or `/*` would be a comment, `/` at an operand a regular expression: not read.
      if (m[4] === "/" && (text[at] === "/" || text[at] === "*"))
        return undefined;
      out.push({ t: "op", text: m[4]! });
    }
  }
  return out;
}

/** Binary operators by precedence (higher binds tighter), as prettier's `getPrecedence`. */
const PRECEDENCE: Readonly<Record<string, number>> = {
  "??": 1,
  "||": 2,
  "&&": 3,
  "==": 7,
  "!=": 7,
  "===": 7,
  "!==": 7,
  "<": 8,
  ">": 8,
  "<=": 8,
  ">=": 8,
  "+": 10,
  "-": 10,
  "*": 11,
  "/": 11,
  "%": 11,
};

export function precedence(op: string): number {
  return PRECEDENCE[op]!;
}

export function isLogical(op: string): boolean {
  return op === "&&" || op === "||" || op === "??";
}

const KEYWORDS = new Set(["null", "true", "false", "this"]);
/** Words that are never an identifier here (the reader does not know what they start). */
const RESERVED = new Set([
  "function",
  "new",
  "void",
  "delete",
  "await",
  "yield",
  "in",
  "instanceof",
  "class",
  "import",
  "super",
  "async",
  "satisfies",
]);

/** A reader over tokens; every method answers undefined where it stops understanding. */
export class Reader {
  i = 0;
  constructor(readonly tokens: readonly Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }

  isOp(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t !== undefined && t.t === "op" && t.text === text;
  }

  eat(text: string): boolean {
    if (!this.isOp(text)) return false;
    this.i++;
    return true;
  }

  get done(): boolean {
    return this.i >= this.tokens.length;
  }

  expression(): Expr | undefined {
    const test = this.binary(0);
    if (test === undefined || !this.isOp("?")) return test;
    this.i++;
    const then = this.expression();
    if (then === undefined || !this.eat(":")) return undefined;
    const otherwise = this.expression();
    return otherwise === undefined
      ? undefined
      : { k: "cond", test, then, else: otherwise };
  }

  binary(min: number): Expr | undefined {
    let left = this.unary();
    for (;;) {
      if (left === undefined) return undefined;
      const t = this.peek();
      if (t?.t === "id" && t.text === "as") {
        // `x as T` binds as a relational operator; only a plain type name (with `[K]`) is read.
        if (8 < min) return left;
        this.i++;
        const type = this.typeName();
        if (type === undefined) return undefined;
        left = { k: "as", expr: left, type };
        continue;
      }
      if (t?.t !== "op" || PRECEDENCE[t.text] === undefined) return left;
      const p = PRECEDENCE[t.text]!;
      if (p < min) return left;
      this.i++;
      const right = this.binary(p + 1);
      if (right === undefined) return undefined;
      left = { k: "bin", op: t.text, left, right };
    }
  }

  typeName(): string | undefined {
    const t = this.peek();
    if (t?.t !== "id" || RESERVED.has(t.text)) return undefined;
    this.i++;
    let text = t.text;
    while (this.isOp("[") && this.peek(1)?.t === "id" && this.isOp("]", 2)) {
      text += `[${this.peek(1)!.text}]`;
      this.i += 3;
    }
    return text;
  }

  unary(): Expr | undefined {
    const t = this.peek();
    if (t === undefined) return undefined;
    if (t.t === "op" && (t.text === "!" || t.text === "-" || t.text === "+")) {
      this.i++;
      const arg = this.unary();
      return arg === undefined ? undefined : { k: "unary", op: t.text, arg };
    }
    if (t.t === "id" && t.text === "typeof") {
      this.i++;
      const arg = this.unary();
      return arg === undefined ? undefined : { k: "unary", op: "typeof ", arg };
    }
    return this.postfix();
  }

  postfix(): Expr | undefined {
    let e = this.primary();
    for (;;) {
      if (e === undefined) return undefined;
      if (this.isOp(".")) {
        const name = this.peek(1);
        if (name?.t !== "id") return undefined;
        this.i += 2;
        e = { k: "member", object: e, name: name.text };
      } else if (this.isOp("[")) {
        this.i++;
        const index = this.expression();
        if (index === undefined || !this.eat("]")) return undefined;
        e = { k: "index", object: e, index };
      } else if (this.isOp("(")) {
        this.i++;
        const args = this.list(")");
        if (args === undefined) return undefined;
        e = { k: "call", callee: e, args };
      } else if (
        this.isOp("!") &&
        (this.peek(1) === undefined ||
          [")", "]", "}", ",", ";", ".", "[", "("].some((c) => this.isOp(c, 1)))
      ) {
        this.i++;
        e = { k: "nonnull", expr: e };
      } else if (this.isOp("++") || this.isOp("--")) {
        e = { k: "update", expr: e, op: this.peek()!.text };
        this.i++;
      } else return e;
    }
  }

  /** Expressions separated by `, ` up to `close` (no trailing comma, as canonical code writes them flat). */
  list(close: string): Expr[] | undefined {
    const out: Expr[] = [];
    if (this.eat(close)) return out;
    for (;;) {
      const e = this.expression();
      if (e === undefined) return undefined;
      out.push(e);
      if (this.eat(close)) return out;
      if (!this.eat(",") || this.isOp(close)) return undefined;
    }
  }

  primary(): Expr | undefined {
    const t = this.peek();
    if (t === undefined) return undefined;
    if (t.t === "id") {
      if (RESERVED.has(t.text) || t.text === "typeof" || t.text === "as")
        return undefined;
      this.i++;
      return KEYWORDS.has(t.text)
        ? { k: "lit", text: t.text }
        : { k: "id", text: t.text };
    }
    if (t.t === "num") {
      this.i++;
      return { k: "num", text: t.text };
    }
    if (t.t === "str") {
      this.i++;
      return { k: "str", text: t.text };
    }
    if (t.text === "(") {
      this.i++;
      const e = this.expression();
      if (e === undefined || !this.eat(")")) return undefined;
      e.parens = true;
      return e;
    }
    if (t.text === "[") {
      this.i++;
      const items = this.list("]");
      return items === undefined ? undefined : { k: "array", items };
    }
    if (t.text === "{") {
      this.i++;
      const props: Property[] = [];
      if (this.eat("}")) return { k: "object", props };
      for (;;) {
        const key = this.peek();
        if (key === undefined || (key.t !== "id" && key.t !== "str"))
          return undefined;
        this.i++;
        if (this.eat(":")) {
          const value = this.expression();
          if (value === undefined) return undefined;
          props.push({ key: key.text, value });
        } else if (key.t === "id") props.push({ key: key.text });
        else return undefined;
        if (this.eat("}")) return { k: "object", props };
        if (!this.eat(",") || this.isOp("}")) return undefined;
      }
    }
    return undefined;
  }
}

/** The expression `text` is, whole; undefined when it is not one the reader knows. */
export function readExpression(text: string): Expr | undefined {
  const tokens = tokenize(text);
  if (tokens === undefined) return undefined;
  const r = new Reader(tokens);
  const e = r.expression();
  return e !== undefined && r.done ? e : undefined;
}
