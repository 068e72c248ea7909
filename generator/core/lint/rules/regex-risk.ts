/**
 * A small ECMAScript-regex reader that finds the two shapes behind nearly all catastrophic
 * backtracking: an unbounded repetition of something that itself repeats without bound
 * (`(a+)+`, `(\w+\s?)*`), and an unbounded repetition of alternatives that can start with the
 * same character (`(a|ab)*`, `(\w|\d)+`). It is a heuristic: it may miss exotic cases, and it
 * prefers a false alarm the author can rewrite over a validator that hangs.
 */

type CharTest = (c: number) => boolean;

type RegexNode =
  | { kind: "char"; test: CharTest; text: string }
  | { kind: "seq"; items: RegexNode[] }
  | { kind: "alt"; options: RegexNode[] }
  | { kind: "group"; body: RegexNode; lookaround: boolean }
  | { kind: "repeat"; body: RegexNode; min: number; max: number; text: string }
  | { kind: "assert" }
  | { kind: "backref" };

const SAMPLES: number[] = (() => {
  const out: number[] = [];
  for (let c = 0; c < 128; c++) out.push(c);
  out.push(0xa0, 0xe9, 0x3b1, 0x416, 0x4e2d, 0x2028, 0xfeff, 0x1f600);
  return out;
})();

const isDigit: CharTest = (c) => c >= 48 && c <= 57;
const isWord: CharTest = (c) =>
  isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isSpace: CharTest = (c) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0xfeff;
const any: CharTest = () => true;

class Reader {
  pos = 0;
  constructor(readonly src: string) {}
  peek(): string | undefined {
    return this.src[this.pos];
  }
  next(): string {
    return this.src[this.pos++] ?? "";
  }
  done(): boolean {
    return this.pos >= this.src.length;
  }
}

function parseAlt(r: Reader): RegexNode {
  const options: RegexNode[] = [parseSeq(r)];
  while (r.peek() === "|") {
    r.next();
    options.push(parseSeq(r));
  }
  return options.length === 1 ? options[0]! : { kind: "alt", options };
}

function parseSeq(r: Reader): RegexNode {
  const items: RegexNode[] = [];
  while (!r.done() && r.peek() !== "|" && r.peek() !== ")") {
    const start = r.pos;
    let atom = parseAtom(r);
    atom = parseQuantifier(r, atom, start);
    items.push(atom);
  }
  return { kind: "seq", items };
}

function parseQuantifier(r: Reader, atom: RegexNode, start: number): RegexNode {
  const c = r.peek();
  let min: number;
  let max: number;
  if (c === "*") [min, max] = [0, Infinity];
  else if (c === "+") [min, max] = [1, Infinity];
  else if (c === "?") [min, max] = [0, 1];
  else if (c === "{") {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(r.src.slice(r.pos));
    if (!m) return atom;
    min = Number(m[1]);
    max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    r.pos += m[0].length - 1;
  } else return atom;
  r.next();
  if (r.peek() === "?") r.next();
  return {
    kind: "repeat",
    body: atom,
    min,
    max,
    text: r.src.slice(start, r.pos),
  };
}

function parseAtom(r: Reader): RegexNode {
  const c = r.next();
  if (c === "(") {
    let lookaround = false;
    if (r.peek() === "?") {
      const rest = r.src.slice(r.pos);
      const m = /^\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(rest);
      if (m) {
        lookaround =
          m[1] === "=" || m[1] === "!" || m[1] === "<=" || m[1] === "<!";
        r.pos += m[0].length;
      }
    }
    const body = parseAlt(r);
    if (r.peek() === ")") r.next();
    return { kind: "group", body, lookaround };
  }
  if (c === "[") return parseClass(r);
  if (c === ".") return { kind: "char", test: any, text: "." };
  if (c === "^" || c === "$") return { kind: "assert" };
  if (c === "\\") return parseEscape(r);
  const code = c.codePointAt(0)!;
  if (code >= 0xd800 && code <= 0xdbff && !r.done()) r.next();
  return { kind: "char", test: (x) => x === code, text: c };
}

function parseEscape(r: Reader): RegexNode {
  const e = r.next();
  switch (e) {
    case "d":
      return { kind: "char", test: isDigit, text: "\\d" };
    case "D":
      return { kind: "char", test: (x) => !isDigit(x), text: "\\D" };
    case "w":
      return { kind: "char", test: isWord, text: "\\w" };
    case "W":
      return { kind: "char", test: (x) => !isWord(x), text: "\\W" };
    case "s":
      return { kind: "char", test: isSpace, text: "\\s" };
    case "S":
      return { kind: "char", test: (x) => !isSpace(x), text: "\\S" };
    case "b":
    case "B":
      return { kind: "assert" };
    case "p":
    case "P": {
      const m = /^\{[^}]*\}/.exec(r.src.slice(r.pos));
      if (m) r.pos += m[0].length;
      return { kind: "char", test: any, text: `\\${e}` };
    }
    case "k": {
      const m = /^<[^>]*>/.exec(r.src.slice(r.pos));
      if (m) r.pos += m[0].length;
      return { kind: "backref" };
    }
    default: {
      if (/[1-9]/.test(e)) {
        while (/[0-9]/.test(r.peek() ?? "")) r.next();
        return { kind: "backref" };
      }
      const code = escapeCode(e, r);
      return { kind: "char", test: (x) => x === code, text: `\\${e}` };
    }
  }
}

function escapeCode(e: string, r: Reader): number {
  const simple: Record<string, number> = {
    n: 10,
    r: 13,
    t: 9,
    v: 11,
    f: 12,
    "0": 0,
  };
  if (e in simple) return simple[e]!;
  if (e === "x") {
    const h = r.src.slice(r.pos, r.pos + 2);
    r.pos += 2;
    return parseInt(h, 16);
  }
  if (e === "u") {
    if (r.peek() === "{") {
      const end = r.src.indexOf("}", r.pos);
      const h = r.src.slice(r.pos + 1, end);
      r.pos = end + 1;
      return parseInt(h, 16);
    }
    const h = r.src.slice(r.pos, r.pos + 4);
    r.pos += 4;
    return parseInt(h, 16);
  }
  if (e === "c") return r.next().charCodeAt(0) % 32;
  return e.codePointAt(0) ?? 0;
}

function parseClass(r: Reader): RegexNode {
  const start = r.pos - 1;
  let negate = false;
  if (r.peek() === "^") {
    negate = true;
    r.next();
  }
  const tests: CharTest[] = [];
  let first = true;
  while (!r.done() && (r.peek() !== "]" || (first && false))) {
    first = false;
    let lo: CharTest | number;
    const c = r.next();
    if (c === "\\") {
      const node = parseEscape(r);
      if (node.kind !== "char") continue;
      const single = SAMPLES.filter(node.test);
      lo = single.length === 1 ? single[0]! : node.test;
    } else lo = c.codePointAt(0)!;
    if (
      typeof lo === "number" &&
      r.peek() === "-" &&
      r.src[r.pos + 1] !== "]" &&
      r.src[r.pos + 1] !== undefined
    ) {
      r.next();
      const hc = r.next();
      const hi = hc === "\\" ? escapeCode(r.next(), r) : hc.codePointAt(0)!;
      const l = lo;
      tests.push((x) => x >= l && x <= hi);
    } else if (typeof lo === "number") {
      const l = lo;
      tests.push((x) => x === l);
    } else tests.push(lo);
  }
  r.next();
  const inClass: CharTest = (x) => tests.some((t) => t(x));
  return {
    kind: "char",
    test: negate ? (x) => !inClass(x) : inClass,
    text: r.src.slice(start, r.pos),
  };
}

/** Can the node match the empty string? */
function nullable(n: RegexNode): boolean {
  switch (n.kind) {
    case "char":
      return false;
    case "seq":
      return n.items.every(nullable);
    case "alt":
      return n.options.some(nullable);
    case "group":
      return n.lookaround || nullable(n.body);
    case "repeat":
      return n.min === 0 || nullable(n.body);
    case "assert":
    case "backref":
      return true;
  }
}

/** Characters the node can start with (sampled). */
function firstChars(n: RegexNode): Set<number> {
  const out = new Set<number>();
  const add = (m: RegexNode): void => {
    switch (m.kind) {
      case "char":
        for (const c of SAMPLES) if (m.test(c)) out.add(c);
        return;
      case "seq":
        for (const item of m.items) {
          add(item);
          if (!nullable(item)) return;
        }
        return;
      case "alt":
        m.options.forEach(add);
        return;
      case "group":
        if (!m.lookaround) add(m.body);
        return;
      case "repeat":
        add(m.body);
        return;
      default:
        return;
    }
  };
  add(n);
  return out;
}

function containsUnboundedRepeat(n: RegexNode): RegexNode | undefined {
  switch (n.kind) {
    case "repeat":
      if (n.max === Infinity && !nullableOnly(n.body)) return n;
      return containsUnboundedRepeat(n.body);
    case "seq":
      for (const i of n.items) {
        const f = containsUnboundedRepeat(i);
        if (f) return f;
      }
      return undefined;
    case "alt":
      for (const o of n.options) {
        const f = containsUnboundedRepeat(o);
        if (f) return f;
      }
      return undefined;
    case "group":
      return n.lookaround ? undefined : containsUnboundedRepeat(n.body);
    default:
      return undefined;
  }
}

function nullableOnly(n: RegexNode): boolean {
  return (
    n.kind === "assert" ||
    (n.kind === "seq" && n.items.every(nullableOnly)) ||
    (n.kind === "group" && nullableOnly(n.body))
  );
}

/** Elements of a sequence that must match at least one character in every iteration. */
function hasMandatoryNonRepeating(body: RegexNode): boolean {
  const items =
    body.kind === "seq"
      ? body.items
      : body.kind === "group" && !body.lookaround
        ? body.body.kind === "seq"
          ? body.body.items
          : [body.body]
        : [body];
  return items.some(
    (i) =>
      i.kind === "char" ||
      (i.kind === "repeat" &&
        i.max !== Infinity &&
        i.min > 0 &&
        !nullable(i.body)) ||
      (i.kind === "group" &&
        !i.lookaround &&
        i.body.kind !== "alt" &&
        hasMandatoryNonRepeating(i.body) &&
        !containsUnboundedRepeat(i.body)),
  );
}

function findRisk(n: RegexNode): string | undefined {
  switch (n.kind) {
    case "repeat": {
      if (n.max === Infinity || n.max > 16) {
        const inner = containsUnboundedRepeat(n.body);
        if (inner && !hasMandatoryNonRepeating(n.body))
          return `${JSON.stringify(n.text)} repeats ${JSON.stringify((inner as { text: string }).text)}, which itself repeats without bound`;
        const alt = alternation(n.body);
        if (alt) {
          const sets = alt.options.map(firstChars);
          for (let i = 0; i < sets.length; i++)
            for (let j = i + 1; j < sets.length; j++)
              for (const c of sets[i]!)
                if (sets[j]!.has(c))
                  return `${JSON.stringify(n.text)} repeats alternatives that can start with the same character (${JSON.stringify(String.fromCodePoint(c))})`;
        }
      }
      return findRisk(n.body);
    }
    case "seq":
      for (const i of n.items) {
        const f = findRisk(i);
        if (f) return f;
      }
      return undefined;
    case "alt":
      for (const o of n.options) {
        const f = findRisk(o);
        if (f) return f;
      }
      return undefined;
    case "group":
      return findRisk(n.body);
    default:
      return undefined;
  }
}

function alternation(n: RegexNode): { options: RegexNode[] } | undefined {
  if (n.kind === "alt") return n;
  if (n.kind === "group" && !n.lookaround) return alternation(n.body);
  if (n.kind === "seq" && n.items.length === 1) return alternation(n.items[0]!);
  return undefined;
}

/** A description of the catastrophic-backtracking risk in `pattern`, or undefined when none is seen. */
export function backtrackingRisk(pattern: string): string | undefined {
  try {
    const r = new Reader(pattern);
    const ast = parseAlt(r);
    return findRisk(ast);
  } catch {
    return undefined;
  }
}
