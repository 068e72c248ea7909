/**
 * Wide statements of canonical code broken as prettier breaks them, without prettier: the line is
 * read (expression.ts), the document prettier 3 builds for it is built here — the same groups,
 * indents and line breaks as its estree printer makes for assignments (their layouts), call
 * arguments, `+` and `&&`/`||` chains, unary operators, ternaries and braceless `if`s — and printed
 * by doc.ts's copy of its printer. What is not modelled declines: a call whose last argument
 * prettier would hug (an object, an array), a member chain with more than one call, an object,
 * array or nested group that would have to break (doc.ts's rigid groups), a text whose width
 * is not known exactly. Then the line goes to prettier as before.
 *
 * The statements: `x = expr;`, `call(…);`, `const x = expr;`, `return expr;`, `if (test)
 * statement` (no else) and the block head `if (test) {`. Validator code (generated/validators.ts,
 * the providers' `.calls.ts`) is made of them; its wide lines are the deep `errs = addErrorAt(…)`
 * calls, `if` heads over a type check, and a few template lines. Tested against prettier on random
 * statements, names and strings at widths 40/80/120 and depths 0–8
 * (test/unit/wide-statements.test.ts).
 */
import {
  type Doc,
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  printDoc,
  rigid,
  softline,
  textWidth,
} from "./doc.js";
import {
  type Expr,
  isLogical,
  precedence,
  readExpression,
  Reader,
  tokenize,
  type Token,
} from "./expression.js";

/** What the breakers read of the layout (ts-code-format.ts's Layout). */
export interface StatementLayout {
  readonly printWidth: number;
  /** Trailing commas where ES5 allows them. */
  readonly trailingComma: boolean;
  /** Trailing commas after the last argument too (`trailingComma: "all"`). */
  readonly trailingCommaAll: boolean;
}

/** Where an expression sits, as far as prettier's printing of it depends on it. */
type Parent =
  | "if-test"
  | "unary"
  | "return"
  | "assign-right"
  | "property"
  | "argument"
  | "element"
  | "binary"
  | "logical"
  | "cond-test"
  | "cond-branch"
  | "member-object"
  | "other";

interface Context {
  readonly layout: StatementLayout;
  readonly parent: Parent;
  /** The parent's parent, where a ternary's test needs it. */
  readonly grandparent?: Parent;
}

class Decline extends Error {}

/**
 * The lines `text` (one statement, without indentation) becomes at `indent` spaces, as prettier
 * prints it; undefined when the statement is not one this module models.
 */
export function breakStatement(
  text: string,
  indent: number,
  layout: StatementLayout,
): string[] | undefined {
  try {
    const doc = statementDoc(text, layout);
    if (doc === undefined) return undefined;
    return printLines([doc, hardline], text, indent, layout);
  } catch (e) {
    if (e instanceof Decline) return undefined;
    throw e;
  }
}

/** `if (test) {` wider than the print width, as prettier breaks its test. */
export function breakIfHead(
  text: string,
  indent: number,
  layout: StatementLayout,
): string[] | undefined {
  if (!text.startsWith("if (") || !text.endsWith(") {")) return undefined;
  const test = readExpression(text.slice(4, -3));
  if (test === undefined || test.parens) return undefined;
  try {
    const doc = group(["if (", testDoc(test, layout), ")", " {"], {
      shouldBreak: true,
    });
    return printLines([doc, hardline], text, indent, layout);
  } catch (e) {
    if (e instanceof Decline) return undefined;
    throw e;
  }
}

function printLines(
  doc: Doc,
  text: string,
  indent: number,
  layout: StatementLayout,
): string[] | undefined {
  // The document printed flat must be the line itself: anything the reader took differently
  // (a generic call read as comparisons, parentheses prettier would drop) declines here.
  const flat = printDoc(doc, 0, Infinity);
  if (flat === undefined || flat[0] !== text || flat[1] !== "")
    return undefined;
  const lines = printDoc(doc, indent, layout.printWidth);
  if (lines === undefined || lines.pop() !== "") return undefined;
  // A line still too wide means prettier's choice there rests on something not modelled.
  if (lines.some((l) => (textWidth(l) ?? Infinity) > layout.printWidth))
    return undefined;
  return lines;
}

function statementDoc(text: string, layout: StatementLayout): Doc | undefined {
  if (text.startsWith("if (")) {
    const tokens = tokenize(text);
    if (tokens === undefined) return undefined;
    // The test is the balanced `(…)` after `if`.
    let depth = 0;
    let close = -1;
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.t !== "op") continue;
      if (t.text === "(" || t.text === "[" || t.text === "{") depth++;
      else if (t.text === ")" || t.text === "]" || t.text === "}") {
        if (--depth === 0) {
          close = i;
          break;
        }
      }
    }
    if (close === -1) return undefined;
    const reader = new Reader(tokens.slice(2, close));
    const test = reader.expression();
    if (test === undefined || !reader.done || test.parens) return undefined;
    const body = simpleStatement(tokens.slice(close + 1), layout);
    if (body === undefined) return undefined;
    return group(["if (", testDoc(test, layout), ")", indent([line, body])]);
  }
  const tokens = tokenize(text);
  return tokens === undefined ? undefined : simpleStatement(tokens, layout);
}

/**
 * The `if`'s test: its own group, broken out of the parentheses when it does not fit — except a
 * negated chain (`!(a || b)`, `!!(…)`), which prettier hugs to the parentheses (its
 * shouldHugTheOnlyTest): `if (!(` and the chain inside.
 */
function testDoc(test: Expr, layout: StatementLayout): Doc {
  const printed = print(test, { layout, parent: "if-test" });
  let e = test;
  if (e.k === "unary" && e.op === "!") {
    e = e.arg;
    if (e.k === "unary" && e.op === "!") e = e.arg;
    if (e.k === "bin" && isLogical(e.op)) return printed;
  }
  return group([indent([softline, printed]), softline]);
}

/** An expression statement, `const x = …;` or `return …;`, from its tokens. */
function simpleStatement(
  tokens: readonly Token[],
  layout: StatementLayout,
): Doc | undefined {
  const last = tokens[tokens.length - 1];
  if (last?.t !== "op" || last.text !== ";") return undefined;
  const body = tokens.slice(0, -1);
  const first = body[0];
  if (first === undefined) return undefined;
  if (first.t === "id" && (first.text === "const" || first.text === "let")) {
    const name = body[1];
    if (name?.t !== "id" || body[2]?.t !== "op" || body[2].text !== "=")
      return undefined;
    const init = whole(body.slice(3));
    if (init === undefined) return undefined;
    return group([
      `${first.text} `,
      assignment(name.text, " =", init, layout),
      ";",
    ]);
  }
  if (first.t === "id" && first.text === "return") {
    const arg = whole(body.slice(1));
    if (arg === undefined) return undefined;
    const printed = print(arg, { layout, parent: "return" });
    return [
      "return ",
      arg.k === "bin"
        ? group([
            ifBreak("("),
            indent([softline, printed]),
            softline,
            ifBreak(")"),
          ])
        : printed,
      ";",
    ];
  }
  // `target = value;` (a name, a member or an index on the left), or a call.
  const eq = body.findIndex((t) => t.t === "op" && t.text === "=");
  if (eq !== -1) {
    const left = whole(body.slice(0, eq));
    const right = whole(body.slice(eq + 1));
    if (
      left === undefined ||
      right === undefined ||
      !(left.k === "id" || left.k === "member" || left.k === "index")
    )
      return undefined;
    return [
      assignment(print(left, { layout, parent: "other" }), " =", right, layout),
      ";",
    ];
  }
  const e = whole(body);
  if (e === undefined || e.k !== "call") return undefined;
  return [print(e, { layout, parent: "other" }), ";"];
}

function whole(tokens: readonly Token[]): Expr | undefined {
  const r = new Reader(tokens);
  const e = r.expression();
  return e !== undefined && r.done ? e : undefined;
}

/**
 * prettier's printAssignment: `left op right` in the layout its chooseLayout picks for a right
 * side of these kinds (never a chain: the right side is never an assignment here).
 */
function assignment(
  left: Doc,
  op: string,
  right: Expr,
  layout: StatementLayout,
  property?: { readonly short: boolean },
): Doc {
  const shortKey = property?.short === true;
  const rightDoc = print(right, {
    layout,
    parent: property === undefined ? "assign-right" : "property",
  });
  const kind = assignmentLayout(right, shortKey);
  if (kind === "break-after-operator")
    return group([group(left), op, group(indent([line, rightDoc]))]);
  if (kind === "never-break-after-operator")
    return group([group(left), op, " ", rightDoc]);
  const id = Symbol("assignment");
  return group([
    group(left),
    op,
    group(indent(line), { id }),
    indentIfBreak(rightDoc, id),
  ]);
}

type AssignmentLayout =
  "break-after-operator" | "never-break-after-operator" | "fluid";

function assignmentLayout(right: Expr, shortKey: boolean): AssignmentLayout {
  // shouldBreakAfterOperator
  if (right.k === "bin" && !inlineLogical(right)) return "break-after-operator";
  if (right.k === "cond")
    return right.test.k === "bin" && !inlineLogical(right.test)
      ? "break-after-operator"
      : shortKey
        ? "never-break-after-operator"
        : "fluid";
  if (!shortKey) {
    let node: Expr = right;
    while (node.k === "unary" || node.k === "nonnull" || node.k === "as")
      node = node.k === "unary" ? node.arg : node.expr;
    if (node.k === "str" || poorlyBreakableChain(node))
      return "break-after-operator";
  }
  if (
    shortKey ||
    right.k === "num" ||
    (right.k === "lit" && right.text !== "null" && right.text !== "this")
  )
    return "never-break-after-operator";
  return "fluid";
}

/** prettier's isPoorlyBreakableMemberOrCallChain (a chain of short calls, as `a.b(c)`). */
function poorlyBreakableChain(node: Expr, deep = false): boolean {
  if (node.k === "nonnull") return poorlyBreakableChain(node.expr, deep);
  if (node.k === "call") {
    if (node.args.length > 1) return false;
    // One argument: prettier asks whether it is short (isLoneShortArgument); not modelled.
    if (node.args.length === 1) throw new Decline();
    return poorlyBreakableChain(node.callee, true);
  }
  if (node.k === "member") return poorlyBreakableChain(node.object, true);
  if (node.k === "index") throw new Decline();
  return (
    deep && (node.k === "id" || (node.k === "lit" && node.text === "this"))
  );
}

/** prettier's shouldInlineLogicalExpression. */
function inlineLogical(node: Expr): boolean {
  return (
    node.k === "bin" &&
    isLogical(node.op) &&
    ((node.right.k === "object" && node.right.props.length > 0) ||
      (node.right.k === "array" && node.right.items.length > 0))
  );
}

function print(node: Expr, ctx: Context): Doc {
  const doc = printBare(node, ctx);
  return node.parens ? ["(", doc, ")"] : doc;
}

function printBare(node: Expr, ctx: Context): Doc {
  const { layout } = ctx;
  const at = (parent: Parent, grandparent?: Parent): Context => ({
    layout,
    parent,
    ...(grandparent === undefined ? {} : { grandparent }),
  });
  switch (node.k) {
    case "id":
    case "lit":
    case "str":
    case "num":
      return node.text;
    case "member": {
      const object = print(node.object, at("member-object"));
      if (node.object.k === "call") throw new Decline();
      // A member read that is not `name.name` directly may break before its `.`: not modelled.
      const inline = node.object.k === "id" && ctx.parent !== "member-object";
      return inline
        ? [object, ".", node.name]
        : [object, rigid(indent([softline, ".", node.name]))];
    }
    case "index": {
      const object = print(node.object, at("member-object"));
      if (node.object.k === "call") throw new Decline();
      if (node.index.k === "num") return [object, "[", node.index.text, "]"];
      return [
        object,
        rigid([
          "[",
          indent([softline, print(node.index, at("other"))]),
          softline,
          "]",
        ]),
      ];
    }
    case "nonnull":
      return [print(node.expr, at(ctx.parent)), "!"];
    case "update":
      return [print(node.expr, at("other")), node.op];
    case "unary": {
      if (
        node.arg.k === "unary" &&
        (node.op === "-" || node.op === "+") &&
        (node.arg.op === "-" || node.arg.op === "+") &&
        !node.arg.parens
      )
        throw new Decline();
      return [node.op, print(node.arg, at("unary"))];
    }
    case "as":
      return [print(node.expr, at("other")), " as ", node.type];
    case "call":
      return printCall(node, ctx);
    case "bin":
      return printBinaryish(node, ctx);
    case "cond":
      return printConditional(node, ctx);
    case "object": {
      if (node.props.length === 0) return "{}";
      const props = node.props.map((p) => {
        if (p.value === undefined) return p.key;
        // prettier's isObjectPropertyWithShortKey: a key narrower than tabWidth (2) + 3.
        const short = p.key.length < 5;
        return assignment(p.key, ":", p.value, layout, { short });
      });
      return group([
        "{",
        indent([line, join([",", line], props)]),
        ifBreak(layout.trailingComma ? "," : ""),
        line,
        "}",
      ]);
    }
    case "array": {
      if (node.items.length === 0) return "[]";
      // Arrays of objects or arrays may be forced to break (prettier's shouldBreak), arrays of
      // numbers are filled (printArrayItemsConcisely): not modelled.
      if (
        node.items.some(
          (i) => i.k === "object" || i.k === "array" || i.k === "num",
        ) &&
        node.items.length > 1
      )
        throw new Decline();
      return group([
        "[",
        indent([
          softline,
          join(
            [",", line],
            node.items.map((i) => print(i, at("element"))),
          ),
        ]),
        ifBreak(layout.trailingComma ? "," : ""),
        softline,
        "]",
      ]);
    }
  }
}

/** Calls of a name or of a member chain with this one call (`a.b.c(…)`: prettier keeps it on one line). */
function printCall(node: Extract<Expr, { k: "call" }>, ctx: Context): Doc {
  let callee = node.callee;
  const names: string[] = [];
  while (callee.k === "member") {
    names.unshift(callee.name);
    callee = callee.object;
  }
  if (callee.k !== "id" || callee.parens || node.callee.parens)
    throw new Decline();
  names.unshift(callee.text);
  // require/define and test calls have layouts of their own.
  if (
    ["require", "define", "import", "it", "test", "describe"].includes(
      names[0]!,
    )
  )
    throw new Decline();
  const calleeText = names.join(".");
  const args = node.args;
  if (args.length === 0) return [calleeText, "()"];
  let last = args[args.length - 1]!;
  while (last.k === "as") last = last.expr;
  // A last object or array argument is hugged by prettier (conditionalGroup): not modelled.
  if (
    (last.k === "object" && last.props.length > 0) ||
    (last.k === "array" && last.items.length > 0)
  )
    throw new Decline();
  const printed = args.map((a) =>
    print(a, { layout: ctx.layout, parent: "argument" }),
  );
  return [
    calleeText,
    group([
      "(",
      indent([softline, join([",", line], printed)]),
      ifBreak(ctx.layout.trailingCommaAll ? "," : ""),
      softline,
      ")",
    ]),
  ];
}

type Binary = Extract<Expr, { k: "bin" }>;

const EQUALITY = new Set(["==", "!=", "===", "!=="]);
const MULTIPLICATIVE = new Set(["*", "/", "%"]);

/** prettier's shouldFlatten. */
function shouldFlatten(parentOp: string, nodeOp: string): boolean {
  if (precedence(parentOp) !== precedence(nodeOp)) return false;
  if (EQUALITY.has(parentOp) && EQUALITY.has(nodeOp)) return false;
  if (
    (nodeOp === "%" && MULTIPLICATIVE.has(parentOp)) ||
    (parentOp === "%" && MULTIPLICATIVE.has(nodeOp))
  )
    return false;
  if (
    nodeOp !== parentOp &&
    MULTIPLICATIVE.has(nodeOp) &&
    MULTIPLICATIVE.has(parentOp)
  )
    return false;
  return true;
}

const nodeType = (e: Expr) =>
  e.k === "bin" ? (isLogical(e.op) ? "logical" : "binary") : e.k;

/** prettier's printBinaryishExpressions: the operands and operators of a flattened chain. */
function binaryParts(
  node: Binary,
  ctx: Context,
  parentType: string,
  insideParenthesis: boolean,
): Doc[] {
  const { layout } = ctx;
  const self = nodeType(node);
  // Parentheses prettier would drop (a left operand it flattens) are not canonical: not read.
  if (
    node.left.k === "bin" &&
    node.left.parens &&
    shouldFlatten(node.op, node.left.op)
  )
    throw new Decline();
  const parts: Doc[] =
    node.left.k === "bin" && shouldFlatten(node.op, node.left.op)
      ? binaryParts(node.left, ctx, self, insideParenthesis)
      : [
          group(
            print(node.left, {
              layout,
              parent: self === "logical" ? "logical" : "binary",
            }),
          ),
        ];
  if (
    node.left.k === "bin" &&
    node.left.parens === undefined &&
    !shouldFlatten(node.op, node.left.op) &&
    precedence(node.left.op) === precedence(node.op)
  )
    throw new Decline();
  const inline = inlineLogical(node);
  const right = print(node.right, {
    layout,
    parent: self === "logical" ? "logical" : "binary",
  });
  const rightDoc: Doc = inline ? [node.op, " ", right] : [node.op, line, right];
  const grouped =
    !(insideParenthesis && self === "logical") &&
    parentType !== self &&
    nodeType(node.left) !== self &&
    nodeType(node.right) !== self;
  parts.push(" ", grouped ? group(rightDoc) : rightDoc);
  return parts;
}

/** prettier's printBinaryishExpression for a chain at `ctx.parent`. */
function printBinaryish(node: Binary, ctx: Context): Doc {
  const { parent } = ctx;
  // Operators mixed at one precedence (`a ?? b || c`) or not read: prettier's parentheses rule.
  if (node.op === "??") throw new Decline();
  const parentType =
    parent === "binary" ? "binary" : parent === "logical" ? "logical" : parent;
  const insideParenthesis = parent === "if-test";
  const parts = binaryParts(node, ctx, parentType, insideParenthesis);
  if (insideParenthesis) return parts;
  if (parent === "unary" || parent === "member-object")
    return group([indent([softline, ...parts]), softline]);
  const shouldNotIndent =
    parent === "return" ||
    ((parent === "cond-test" || parent === "cond-branch") &&
      ctx.grandparent !== "return" &&
      ctx.grandparent !== "argument");
  const shouldIndentIfInlining =
    parent === "assign-right" || parent === "property";
  const inline = inlineLogical(node);
  const samePrecedence =
    node.left.k === "bin" &&
    !node.left.parens &&
    shouldFlatten(node.op, node.left.op);
  if (
    shouldNotIndent ||
    (inline && !samePrecedence) ||
    (!inline && shouldIndentIfInlining)
  )
    return group(parts);
  return group([parts[0]!, indent(parts.slice(1))]);
}

/** prettier's ternary, for one that is not nested in another and not the object of a member. */
function printConditional(
  node: Extract<Expr, { k: "cond" }>,
  ctx: Context,
): Doc {
  const { layout, parent } = ctx;
  if (
    node.then.k === "cond" ||
    node.else.k === "cond" ||
    node.test.k === "cond" ||
    parent === "member-object" ||
    parent === "unary" ||
    parent === "binary" ||
    parent === "logical"
  )
    throw new Decline();
  const test = print(node.test, {
    layout,
    parent: "cond-test",
    grandparent: parent,
  });
  const branch = (e: Expr) =>
    print(e, { layout, parent: "cond-branch", grandparent: parent });
  const doc = group([
    test,
    indent([
      line,
      "? ",
      indent(branch(node.then)),
      line,
      ": ",
      indent(branch(node.else)),
    ]),
  ]);
  // Only a ternary that is the statement's own value is modelled breaking.
  return parent === "assign-right" || parent === "return" ? doc : rigid(doc);
}
