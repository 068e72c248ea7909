/** Statement-level builder for generated function bodies: lines of `Code`, indented by block depth. */
import { code, raw, type Code } from "../../codegen/code.js";

export class Writer {
  private readonly lines: string[] = [];
  private depth: number;

  constructor(depth = 0) {
    this.depth = depth;
  }

  /** One statement (or several lines of one construct). Safe: every `Code` line is single-line or was built by a Writer. */
  line(statement: Code): void {
    const indent = "  ".repeat(this.depth);
    for (const l of statement.text.split("\n")) this.lines.push(indent + l);
  }

  /** `head {`, body, `}`. */
  block(head: Code, body: () => void): void {
    this.line(code`${head} {`);
    this.depth++;
    body();
    this.depth--;
    this.line(raw("}"));
  }

  /** `if (cond) { then } else { otherwise }` (the else part only when given). */
  ifElse(cond: Code, then: () => void, otherwise?: () => void): void {
    this.line(code`if (${cond}) {`);
    this.depth++;
    then();
    this.depth--;
    if (otherwise) {
      this.line(raw("} else {"));
      this.depth++;
      otherwise();
      this.depth--;
    }
    this.line(raw("}"));
  }

  get isEmpty(): boolean {
    return this.lines.length === 0;
  }

  /** A nested writer whose lines are inserted later with `splice` (for code built before its position is known). */
  child(): Writer {
    return new Writer(this.depth);
  }

  splice(other: Writer): void {
    for (const l of other.lines) this.lines.push(l);
  }

  toCode(): Code {
    return raw(this.lines.join("\n"));
  }
}
