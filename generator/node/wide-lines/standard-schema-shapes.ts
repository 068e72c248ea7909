/**
 * Wide lines of generated/standard-schema.ts broken as prettier breaks them, without prettier
 * (issue 25: that file was 85% of the text a cold run of the real tools sent to prettier). The
 * emitter (generator/core/emit/standard-schema.ts) writes each tool's Standard Schema as
 *
 *     const declaredX = toolStandardSchema<unknown, ToolInput["x"], true>({
 *       name: "x",
 *       description: strictDeclaration("x").description,
 *       check: (value) => validateOpenaiResponsesCall("x", value),
 *       …
 *     });
 *
 * its tables as `key: ident,` rows of `Object.freeze({` (validators.ts's tables are such rows
 * too) and interface members `key: StrictSchema<"x", true>;`, and a few one-off statements (the
 * `StrictSchema` alias, the strict declarations' lookup).
 * The object after `({` is written expanded, so prettier keeps it expanded and breaks each
 * property on its own; the head decides alone whether the type arguments break (one per line,
 * then `>({`) — except when even `const X = callee<` does not fit: prettier then breaks after
 * `=` and the whole statement moves two columns right, so the statement is broken as a unit.
 *
 * Each function answers only for the exact shapes below, in the regimes where prettier's choice
 * follows from the widths alone (its assignment layouts: a key shorter than the tab width + 3
 * never breaks after `:`; a string or a "poorly breakable" member chain breaks after it; anything
 * else is "fluid"), and declines otherwise. ASCII only (other text has no exact width here).
 * Byte-for-byte agreement with prettier: test/unit/standard-schema-format.test.ts.
 */

/** What these functions read of the layout (ts-code-format.ts's Layout). */
export interface ShapeLayout {
  readonly printWidth: number;
  /** Trailing commas after the last call argument (`trailingComma: "all"`). */
  readonly trailingCommaAll: boolean;
}

/**
 * What broke: the lines `lines[from…next-1]` became `out`. `null` when the line is one of these
 * shapes but cannot be reproduced (its chunk goes to prettier), undefined when it is not one.
 */
export interface Broken {
  readonly out: string[];
  readonly next: number;
}

const ASCII = /^[\x20-\x7e]*$/;
const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const STRING = String.raw`(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')`;
const KEY = `(?:${IDENT}|${STRING})`;

/** `const X = callee<A, B>({` — the head of a tool's Standard Schema. */
const CALL_HEAD = new RegExp(`^(const ${IDENT} = )(${IDENT})<(.+)>\\(\\{$`);
/** A type argument of such a head (`ToolInput["x"]`, `unknown`, `true`). */
const TYPE_ARGUMENT = new RegExp(
  `^(?:${IDENT}\\[${STRING}\\]|unknown|true|false)$`,
);
const INDEXED = new RegExp(`^${IDENT}\\[${STRING}\\]$`);
/** `export const standardSchemas: { readonly [K in N]: T<U[K]> } = Object.freeze({` */
const MAPPED_HEAD = new RegExp(
  `^(export const ${IDENT}: )\\{ (readonly \\[K in ${IDENT}\\]: ${IDENT}<${IDENT}\\[K\\]>) \\}( = Object\\.freeze\\(\\{)$`,
);
const FROZEN_HEAD = new RegExp(
  `^export const ${IDENT}: ${IDENT} = Object\\.freeze\\(\\{$`,
);
const INTERFACE_HEAD = new RegExp(`^(?:export )?interface ${IDENT} \\{$`);
const PROPERTY = new RegExp(`^(${KEY}): (.+),$`);
const MEMBER = new RegExp(`^(${KEY}): (${IDENT})<(.+)>;$`);

const fits = (line: string, layout: ShapeLayout) =>
  line.length <= layout.printWidth;

/** Leading spaces. */
function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

/**
 * `lines[i]` (wider than the print width) broken as prettier breaks it, when it is one of the
 * standard-schema shapes: a tool's call head (with the statement after it, when prettier breaks
 * after `=`), a property of the object it passes or of a table, an interface member.
 */
export function breakStandardSchemaLine(
  lines: readonly string[],
  i: number,
  layout: ShapeLayout,
): Broken | null | undefined {
  const line = lines[i]!;
  const indent = indentOf(line);
  if (indent === 0) return breakHead(lines, i, layout);
  if (indent !== 2) return undefined;
  const head = enclosingHead(lines, i);
  if (head === undefined) return undefined;
  const text = line.slice(2);
  if (INTERFACE_HEAD.test(head)) {
    const out = breakMember(text, 2);
    return out === undefined ? undefined : { out, next: i + 1 };
  }
  if (!isObjectHead(head)) return undefined;
  const out = breakProperty(text, 2, layout);
  if (out !== undefined) return { out, next: i + 1 };
  // Another table's row (validators.ts's are `key: ident,` too) goes to prettier as a property;
  // a tool's Standard Schema whole.
  return CALL_HEAD.test(head) ? null : undefined;
}

/** The nearest line above `i` at indentation 0 (deeper lines skipped); undefined when it is a comment. */
function enclosingHead(
  lines: readonly string[],
  i: number,
): string | undefined {
  for (let j = i - 1; j >= 0; j--) {
    const l = lines[j]!;
    if (l.charCodeAt(0) === 32 || l === "") continue;
    if (l.startsWith("/*") || l.startsWith(" *") || l.startsWith("//"))
      return undefined;
    return l;
  }
  return undefined;
}

function isObjectHead(head: string): boolean {
  return (
    (CALL_HEAD.test(head) && typeArguments(head) !== undefined) ||
    MAPPED_HEAD.test(head) ||
    FROZEN_HEAD.test(head)
  );
}

/** The type arguments of a call head, when each is one this module knows. */
function typeArguments(head: string): string[] | undefined {
  const m = CALL_HEAD.exec(head);
  if (!m) return undefined;
  const args = splitTopLevel(m[3]!);
  if (args === undefined || !args.every((a) => TYPE_ARGUMENT.test(a)))
    return undefined;
  // A lone keyword type is hugged (never broken): only indexed access types alone.
  if (args.length === 1 && !INDEXED.test(args[0]!)) return undefined;
  return args;
}

function breakHead(
  lines: readonly string[],
  i: number,
  layout: ShapeLayout,
): Broken | null | undefined {
  const line = lines[i]!;
  if (!ASCII.test(line)) return CALL_HEAD.test(line) ? null : undefined;
  const mapped = MAPPED_HEAD.exec(line);
  if (mapped) {
    // The annotation's `{ … }` breaks when `export const N: { … } =` does not fit (it is
    // measured up to the `=`'s line); between that and the whole line prettier breaks after `=`.
    const [, lead, member, tail] = mapped as unknown as [
      string,
      string,
      string,
      string,
    ];
    const flatLeft = `${lead}{ ${member} } =`;
    const out = [`${lead}{`, `  ${member};`, `}${tail}`];
    return !fits(flatLeft, layout) && out.every((l) => fits(l, layout))
      ? { out, next: i + 1 }
      : null;
  }
  if (FROZEN_HEAD.test(line)) return null;
  const alias = breakAlias(line, layout) ?? breakLookup(line, layout);
  if (alias !== undefined) return { out: alias, next: i + 1 };
  const m = CALL_HEAD.exec(line);
  if (!m) return undefined;
  const args = typeArguments(line);
  if (args === undefined) return null;
  const [, lead, callee] = m as unknown as [string, string, string];
  const end = lines.indexOf("});", i + 1);
  if (end === -1) return null;
  const open = `${lead}${callee}<`;
  if (fits(open, layout)) {
    const out = breakCallHead(line, open, args, 0, layout);
    if (out !== undefined) return { out, next: i + 1 };
    // Only the `{` overflows: prettier breaks the argument out, the object two columns right.
    const moved = moveProperties(lines, i + 1, end, layout);
    if (moved === undefined) return null;
    const comma = layout.trailingCommaAll ? "," : "";
    return {
      out: [line.slice(0, -1), "  {", ...moved, `  }${comma}`, ");"],
      next: end + 1,
    };
  }
  // `const X = callee<` does not fit: prettier breaks after `=` and indents the rest (the
  // call, its object and `});`) by two.
  const out = [lead.trimEnd()];
  const rhs = `  ${line.slice(lead.length)}`;
  if (fits(rhs, layout)) out.push(rhs);
  else {
    const broken = breakCallHead(rhs, `  ${callee}<`, args, 2, layout);
    if (broken === undefined) return null;
    out.push(...broken);
  }
  const moved = moveProperties(lines, i + 1, end, layout);
  if (moved === undefined) return null;
  out.push(...moved, "  });");
  return { out, next: end + 1 };
}

/** The properties `lines[from…to-1]` (at indentation 2) two columns right, broken where they no longer fit. */
function moveProperties(
  lines: readonly string[],
  from: number,
  to: number,
  layout: ShapeLayout,
): string[] | undefined {
  const out: string[] = [];
  for (let j = from; j < to; j++) {
    const property = lines[j]!;
    if (indentOf(property) !== 2 || !ASCII.test(property)) return undefined;
    const moved = `  ${property}`;
    if (fits(moved, layout)) out.push(moved);
    else {
      const broken = breakProperty(property.slice(2), 4, layout);
      if (broken === undefined) return undefined;
      out.push(...broken);
    }
  }
  return out;
}

/**
 * `callee<A, B>({` at `indent`, wider than the width while `callee<` fits: the type arguments
 * one per line (no trailing comma: TypeScript forbids one there), then `>({`. They are measured
 * up to the `(` (the object after it is broken anyway): when only the `{` overflows, prettier
 * breaks the arguments out instead, which is left to it.
 */
function breakCallHead(
  line: string,
  open: string,
  args: readonly string[],
  indent: number,
  layout: ShapeLayout,
): string[] | undefined {
  if (fits(line.slice(0, -1), layout)) return undefined;
  const pad = " ".repeat(indent);
  return [
    open,
    ...args.map((a, k) => `${pad}  ${a}${k < args.length - 1 ? "," : ""}`),
    `${pad}>({`,
  ];
}

/**
 * `type StrictSchema<K extends A, S extends boolean> = T<unknown, U[K], S>;` too wide: two
 * constrained parameters make prettier's layout "break-lhs", the parameters measured up to the
 * right side's `<`; when they fit, the right side's type arguments go one per line.
 */
function breakAlias(line: string, layout: ShapeLayout): string[] | undefined {
  const m = ALIAS.exec(line);
  if (!m || !fits(m[1]!, layout)) return undefined;
  const args = splitTopLevel(m[2]!);
  if (args === undefined || args.length < 2) return undefined;
  return [
    m[1]!,
    ...args.map((a, k) => `  ${a}${k < args.length - 1 ? "," : ""}`),
    ">;",
  ];
}

const ALIAS = new RegExp(
  `^(type ${IDENT}<${IDENT} extends ${IDENT}, ${IDENT} extends boolean> = ${IDENT}<)((?:unknown|${IDENT}(?:\\[${IDENT}\\])?)(?:, (?:unknown|${IDENT}(?:\\[${IDENT}\\])?))*)>;$`,
);

/**
 * The strict declarations' lookup, `const strictDeclaration = declarationLookup(
 * openaiResponsesTools, (t) => (t.type === "function" ? t : undefined));`, too wide: prettier
 * hugs the arrow (the last argument, a conditional body), breaks after `=>` and drops the
 * parentheses — when the first line is narrower than the width (at exactly the width it breaks
 * the arguments out instead) and the body fits. Only this exact text, whose every width the tests
 * compare with prettier.
 */
function breakLookup(line: string, layout: ShapeLayout): string[] | undefined {
  const m = LOOKUP.exec(line);
  if (!m || m[1]!.length >= layout.printWidth) return undefined;
  const out = [m[1]!, `  ${m[2]}${layout.trailingCommaAll ? "," : ""}`, ");"];
  return out.every((l) => fits(l, layout)) ? out : undefined;
}

const LOOKUP =
  /^(const strictDeclaration = declarationLookup\(openaiResponsesTools, \(t\) =>) \((t\.type === (?:"function"|'function') \? t : undefined)\)\);$/;

/** prettier's "short key": after it, a value never moves to the next line (assignment.js). */
const shortKey = (key: string) => key.length < 5;

const CALL_MEMBER = new RegExp(`^(${IDENT})\\((${STRING})\\)(\\.${IDENT}!?)$`);
const ARROW_CALL = new RegExp(
  `^(\\(${IDENT}\\) =>) (${IDENT})\\((${STRING}), (${IDENT})\\)$`,
);
const PLAIN_MEMBER = new RegExp(`^${IDENT}(?:\\.${IDENT})?!?$`);
const COMPUTED_MEMBER = new RegExp(`^${IDENT}\\[${STRING}\\]!?$`);
const WHOLE_STRING = new RegExp(`^${STRING}$`);

/**
 * `key: value,` of an expanded object at `indent`, too wide, as prettier breaks it; undefined
 * when the value is not one of the shapes the emitter writes or the regime is not certain.
 */
export function breakProperty(
  text: string,
  indent: number,
  layout: ShapeLayout,
): string[] | undefined {
  if (!ASCII.test(text)) return undefined;
  const m = PROPERTY.exec(text);
  if (!m) return undefined;
  const [, key, value] = m as unknown as [string, string, string];
  const pad = " ".repeat(indent);
  const whole = `${pad}${text}`;
  if (WHOLE_STRING.test(value) || PLAIN_MEMBER.test(value))
    // A string, an identifier or `a.b` (a poorly breakable chain): to the next line, unbreakable.
    return shortKey(key) ? [whole] : [`${pad}${key}:`, `${pad}  ${value},`];
  if (shortKey(key)) return undefined;
  if (COMPUTED_MEMBER.test(value)) {
    const next = `${pad}  ${value},`;
    return fits(next, layout) ? [`${pad}${key}:`, next] : undefined;
  }
  const call = CALL_MEMBER.exec(value);
  if (call) {
    const [, callee, argument, lookup] = call as unknown as [
      string,
      string,
      string,
      string,
    ];
    if (argument.length <= layout.printWidth * 0.25) {
      // A lone short argument: a poorly breakable chain, moved to the next line.
      const next = `${pad}  ${value},`;
      return fits(next, layout) ? [`${pad}${key}:`, next] : undefined;
    }
    // "fluid": `key: callee(` stays; the argument breaks out when `key: callee(arg)` does not
    // fit, and the member lookup moves to the next line when it does.
    if (!fits(`${pad}${key}: ${callee}(`, layout)) return undefined;
    const flat = `${pad}${key}: ${callee}(${argument})`;
    if (fits(flat, layout)) return [flat, `${pad}  ${lookup},`];
    const close = `${pad})${lookup},`;
    if (!fits(close, layout)) return undefined;
    const comma = layout.trailingCommaAll ? "," : "";
    return [`${pad}${key}: ${callee}(`, `${pad}  ${argument}${comma}`, close];
  }
  const arrow = ARROW_CALL.exec(value);
  if (arrow) {
    // "fluid": `key: (v) =>` stays, the body moves to the next line and breaks its arguments
    // out when it does not fit there either.
    const [, params, callee, first, second] = arrow as unknown as [
      string,
      string,
      string,
      string,
      string,
    ];
    const headLine = `${pad}${key}: ${params}`;
    if (!fits(headLine, layout)) return undefined;
    const body = `${pad}  ${callee}(${first}, ${second}),`;
    if (fits(body, layout)) return [headLine, body];
    const comma = layout.trailingCommaAll ? "," : "";
    return [
      headLine,
      `${pad}  ${callee}(`,
      `${pad}    ${first},`,
      `${pad}    ${second}${comma}`,
      `${pad}  ),`,
    ];
  }
  return undefined;
}

/**
 * An interface member `key: Alias<"x", true>;` at `indent`, too wide: the type arguments one per
 * line (a lone string literal is hugged and stays wide).
 */
export function breakMember(
  text: string,
  indent: number,
): string[] | undefined {
  if (!ASCII.test(text)) return undefined;
  const m = MEMBER.exec(text);
  if (!m) return undefined;
  const [, key, alias, list] = m as unknown as [string, string, string, string];
  const args = splitTopLevel(list);
  if (args === undefined) return undefined;
  const pad = " ".repeat(indent);
  if (args.length === 1)
    return WHOLE_STRING.test(args[0]!) ? [`${pad}${text}`] : undefined;
  if (
    args.length !== 2 ||
    !WHOLE_STRING.test(args[0]!) ||
    !/^(?:true|false)$/.test(args[1]!)
  )
    return undefined;
  return [
    `${pad}${key}: ${alias}<`,
    `${pad}  ${args[0]},`,
    `${pad}  ${args[1]}`,
    `${pad}>;`,
  ];
}

/** `a, b, c` split at top-level `, ` (outside strings and brackets); undefined when unsure. */
function splitTopLevel(text: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) return undefined;
      i = j;
    } else if (c === "(" || c === "[" || c === "<" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === ">" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      if (text[i + 1] !== " ") return undefined;
      out.push(text.slice(from, i));
      from = i + 2;
      i++;
    }
  }
  out.push(text.slice(from));
  return depth === 0 ? out : undefined;
}
