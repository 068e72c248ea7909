/** Statement-level builder for generated function bodies: lines of `Code`, indented by block depth. */
import { code, raw, type Code } from "../../codegen/code.js";
import { unwrap } from "../../codegen/expr.js";

export class Writer {
  /** Lines; a `Slot` is a line decided later (written, or dropped when never filled). */
  private readonly lines: (string | Slot)[] = [];
  private depth: number;
  /** Depth at which control flow unconditionally left (test-mode failure): later lines there are unreachable. */
  private terminatedAt: number | undefined;

  constructor(depth = 0) {
    this.depth = depth;
  }

  /** One statement (or several lines of one construct). Safe: every `Code` line is single-line or was built by a Writer. */
  line(statement: Code): void {
    if (this.terminatedAt !== undefined) {
      if (this.depth >= this.terminatedAt) return;
      this.terminatedAt = undefined;
    }
    const indent = indentation(this.depth);
    const text = statement.text;
    if (!text.includes("\n")) this.lines.push(indent + text);
    else for (const l of text.split("\n")) this.lines.push(indent + l);
    collectLocals(text, this.locals);
  }

  /** `head {`, body, `}`. */
  block(head: Code, body: () => void): void {
    this.line(code`${head} {`);
    const start = this.lines.length;
    this.depth++;
    body();
    this.depth--;
    // prettier prints a loop with an empty body as `for (…) {}` (other blocks keep the line break).
    if (
      this.lines.length === start &&
      start > 0 &&
      head.text.startsWith("for ")
    ) {
      const last = this.lines[start - 1];
      if (typeof last === "string") {
        this.lines[start - 1] = last + "}";
        return;
      }
    }
    this.line(raw("}"));
  }

  /**
   * Marks the current block as left for good (an unconditional `break`/`return` was written):
   * what follows in it is dropped, so the output never has unreachable code.
   */
  terminate(): void {
    if (this.terminatedAt === undefined || this.depth < this.terminatedAt)
      this.terminatedAt = this.depth;
  }

  /** True when the current block was left unconditionally: emitters stop generating code for it. */
  get terminatedHere(): boolean {
    return this.terminatedAt !== undefined && this.depth >= this.terminatedAt;
  }

  /**
   * `if (cond) { then } else { otherwise }` (the else part only when given). A literal `true` or
   * `false` condition emits only the branch taken, in place.
   */
  ifElse(
    cond: Code,
    then: () => void,
    otherwise?: () => void,
    otherwiseIf?: Code,
  ): void {
    if (cond.text === "true") return then();
    if (cond.text === "false") return otherwise?.();
    // prettier drops parentheses around a whole condition; so does the generator.
    this.line(code`if (${unwrap(cond)}) {`);
    const head = this.lines.length - 1;
    this.depth++;
    then();
    const thenLeft = this.terminatedHere;
    this.depth--;
    // No else branch: the if statement never leaves the block unconditionally.
    if (!otherwise && this.lines.length === head + 2 && this.braceless(head))
      return;
    let elseLeft = false;
    if (otherwise) {
      // `} else if (c) {`: the otherwise branch runs only when `c` holds (never left for good).
      this.line(
        otherwiseIf === undefined
          ? raw("} else {")
          : code`} else if (${unwrap(otherwiseIf)}) {`,
      );
      this.depth++;
      otherwise();
      elseLeft = otherwiseIf === undefined && this.terminatedHere;
      this.depth--;
    }
    this.line(raw("}"));
    // Both branches left unconditionally: so did the if statement.
    if (thenLeft && elseLeft) this.terminate();
  }

  /**
   * Turns `if (c) {` + one simple statement into `if (c) statement;` (prettier keeps a braceless
   * `if` as written): a check whose failure is one line costs one line. Only a single-line
   * statement that may stand as an `if` body (no declaration) qualifies.
   */
  private braceless(head: number): boolean {
    const open = this.lines[head];
    const body = this.lines[head + 1];
    if (typeof open !== "string" || typeof body !== "string") return false;
    const statement = body.trimStart();
    if (
      !statement.endsWith(";") ||
      /^(const|let|var|function|class|if|for|while|switch|[A-Za-z_$][\w$]*:)\b/.test(
        statement,
      )
    )
      return false;
    this.lines.length = head;
    this.lines.push(open.slice(0, -1) + statement);
    return true;
  }

  /** True when `name` occurs in the written code outside string literals (locals are never inside strings). */
  uses(name: Code): boolean {
    // A plain substring search rules most names out; only a hit needs the exact test.
    if (!LOCAL_NAME.test(name.text))
      throw new Error(`internal: uses() of ${name.text}`);
    return this.locals.has(name.text);
  }

  /** Locals (and `_d`) the written code mentions, kept up to date as lines, splices and slot fills arrive. */
  private readonly locals = new Set<string>();
  /** Slots among the lines (also those spliced in), told to report their locals here when filled. */
  private readonly slots: Slot[] = [];

  /** True when nothing was written (unfilled slots do not count). */
  get isEmpty(): boolean {
    return this.lines.every(
      (l) => typeof l !== "string" && l.text === undefined,
    );
  }

  /** A writer whose lines are inserted later with `splice` (code built before its position is known), `extraDepth` levels deeper. */
  child(extraDepth = 0): Writer {
    return new Writer(this.depth + extraDepth);
  }

  splice(other: Writer): void {
    if (this.terminatedAt !== undefined && this.depth >= this.terminatedAt)
      return;
    // Indexed and forEach, not for…of: every nested block is spliced into its parent, mostly
    // unoptimised in a one-shot run, where each iterator step allocates its result.
    const { lines, slots } = other;
    for (let i = 0; i < lines.length; i++) this.lines.push(lines[i]!);
    other.locals.forEach(this.addLocal, this);
    for (let i = 0; i < slots.length; i++) {
      slots[i]!.owners.push(this.locals);
      this.slots.push(slots[i]!);
    }
    // A child written at this depth that left unconditionally leaves this block too.
    if (other.terminatedAt !== undefined && other.terminatedAt <= this.depth)
      this.terminate();
  }

  private addLocal(name: string): void {
    this.locals.add(name);
  }

  /** A place for a line that is only known later (e.g. a declaration kept only if something used it). */
  slot(): Slot {
    const slot = new Slot(indentation(this.depth));
    if (this.terminatedAt === undefined || this.depth < this.terminatedAt) {
      this.lines.push(slot);
      slot.owners.push(this.locals);
      this.slots.push(slot);
    }
    return slot;
  }

  toCode(): Code {
    return raw(
      this.lines
        .map((l) => (typeof l === "string" ? l : l.text))
        .filter((l): l is string => l !== undefined)
        .join("\n"),
    );
  }
}

/** A generated local (`FunctionScope.local`: a letter and a counter), the data parameter `_d` or the error table `_e`. */
const LOCAL_NAME = /^(?:_d|_e|[A-Za-z]\d+)$/;

/**
 * String literals (skipped whole: `"…"` or `'…'`, to the end of the text when unterminated) and
 * local-shaped words that stand alone (no word character or `.` before, no word character after).
 */
const LOCALS_SCAN =
  /"(?:[^"\\]|\\[\s\S])*"?|'(?:[^'\\]|\\[\s\S])*'?|(?<![\w$.])(?:_d|_e|[A-Za-z]\d+)(?![\w$])/g;

/**
 * The locals `text` mentions outside string literals (this runs over every generated line). One
 * native regular expression over the line: a character-by-character scan in JavaScript, run
 * mostly unoptimised in a one-shot `generate`, cost about 30 ms of the real tools' compile.
 * @internal exported for the test, which compares it with a plain scan
 */
export function collectLocals(text: string, into: Set<string>): void {
  // `match` (all matches as strings, one array) rather than `exec` (an array per match).
  const found = text.match(LOCALS_SCAN);
  if (found === null) return;
  for (let i = 0; i < found.length; i++) {
    const m = found[i]!;
    const c = m.charCodeAt(0);
    if (c !== 34 && c !== 39) into.add(m); // not a string literal: a local
  }
}

const INDENTS: string[] = [];

/** Two spaces per level (cached: every line asks). */
function indentation(depth: number): string {
  return (INDENTS[depth] ??= "  ".repeat(depth));
}

export class Slot {
  text: string | undefined;
  /** The local sets of the writers holding this slot. */
  readonly owners: Set<string>[] = [];
  constructor(private readonly indent: string) {}
  /** Sets the slot's statements (each line indented like the slot); none leaves it empty. */
  fill(statements: readonly Code[]): void {
    if (statements.length === 0) return;
    const locals = new Set<string>();
    const lines: string[] = [];
    const nextLine = "\n" + this.indent;
    for (const s of statements) {
      collectLocals(s.text, locals);
      lines.push(
        this.indent +
          (s.text.includes("\n") ? s.text.replaceAll("\n", nextLine) : s.text),
      );
    }
    for (let i = 0; i < this.owners.length; i++) {
      const owner = this.owners[i]!;
      locals.forEach((n) => owner.add(n));
    }
    this.text = lines.join("\n");
  }
}
