/**
 * A strict parser for the YAML subset catalogs are written in, producing exactly what the
 * `yaml`-based path (yaml-to-json.ts) produces for the same text: the same JSON value, key order
 * included, and the same source range for every JSON Pointer. It exists because `yaml`'s
 * parseDocument needs over a second for a catalog of a thousand tools.
 *
 * Subset: block mappings and sequences (a sequence may sit at its parent key's indent), flow
 * mappings and sequences (also spread over lines), plain and quoted scalars on one line, comments,
 * blank lines, CRLF line ends. Everything else — anchors, aliases, tags, block scalars,
 * directives, document markers, `?` keys, multi-line scalars, tabs, empty flow entries, trailing
 * commas, null or duplicate keys, non-finite numbers, any syntax error, any layout whose ranges are
 * not certain — makes it give up (`undefined`), and the caller runs `yaml` instead, so every
 * diagnostic still comes from one place.
 *
 * Ranges follow `yaml` 2.x: a scalar spans its source text (quotes included); a flow collection
 * spans its brackets; a block collection runs from its first key or `-` to the end of its last
 * value's line (after the line break), or — see `close` — to the end of trailing comment lines.
 */
import { hasOwn, setOwn, type Json } from "../../schema/json.js";
import type { NodeLocation, Range } from "../yaml-to-json.js";
import { resolvePlainScalar } from "./core-scalar.js";
import {
  entryKey,
  entryMemoTesting,
  readsTheSame,
  type EntryMemo,
  type KeptEntry,
} from "./entry-memo.js";
import { PositionIndex } from "./position-index.js";
import {
  scanDoubleQuoted,
  scanSingleQuoted,
  type QuotedScalar,
} from "./quoted-scalar.js";

export interface FastYaml {
  readonly value: Json;
  readonly locations: ReadonlyMap<string, NodeLocation>;
}

/**
 * The document as JSON with positions, or `undefined` when the text is outside the subset.
 * Errors other than giving up are bugs and are thrown. With `memo`, the root's block mappings'
 * entries whose text is as the memo's parse read it are taken from there (entry-memo.ts), and a
 * successful parse becomes the memo's.
 */
export function parseYamlSubset(
  text: string,
  memo?: EntryMemo,
): FastYaml | undefined {
  // Tabs (indentation rules), a BOM inside the text and a lone CR (not a line break for `yaml`, a
  // line break for LineIndex) are each rare and each subtle; none of them is worth the risk.
  if (text.length === 0 || /[\t\ufeff]|\r(?!\n)/.test(text)) return undefined;
  try {
    const parser = new SubsetParser(text, memo);
    const value = parser.document();
    if (memo) {
      memo.text = text;
      memo.index = parser.locations;
      memo.entries = parser.kept;
    }
    return { value, locations: parser.locations };
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const BANG = 33;
const DQUOTE = 34;
const HASH = 35;
const PERCENT = 37;
const AMPERSAND = 38;
const SQUOTE = 39;
const STAR = 42;
const COMMA = 44;
const DASH = 45;
const COLON = 58;
const GREATER = 62;
const QUESTION = 63;
const AT = 64;
const LBRACKET = 91;
const RBRACKET = 93;
const BACKTICK = 96;
const LBRACE = 123;
const PIPE = 124;
const RBRACE = 125;

/** Thrown to leave the fast path from any depth; caught only in parseYamlSubset. */
const GIVE_UP: unique symbol = Symbol("outside the fast YAML subset");
function giveUp(): never {
  throw GIVE_UP;
}

/** Far deeper than catalogs nest, far below where `yaml` or the converter (1000) would object. */
const MAX_DEPTH = 100;
/** Half the converter's node limit, so the fast path never has to reproduce that error. */
const MAX_NODES = 1_000_000;
/** `yaml` (strict) refuses an implicit key whose `:` is more than 1024 characters after its start. */
const MAX_KEY_SPAN = 1000;

/** The blank and comment lines between two content lines (or up to the end of the text). */
interface Gap {
  /** Offset of the next content line's first non-space character; text length at the end. */
  readonly next: number;
  /** Indent of that line; -1 at the end of the text. */
  readonly indent: number;
  /** Largest indent among the comment lines; -1 when there are none. */
  readonly commentIndent: number;
  /** Whether a closing collection has already taken the comment lines (see `close`). */
  owned: boolean;
}

interface BlockValue {
  readonly value: Json;
  /** Where `yaml` ends this node including what trails it (its range[2]). */
  readonly tail: number;
  /** What follows the node. */
  readonly gap: Gap;
}

interface Key {
  readonly name: string;
  readonly range: Range;
  /** Offset of the `:` indicator. */
  readonly colon: number;
  /** For keys that resolve to a number or boolean: `yaml` compares keys by value (`1` = `1.0`). */
  readonly typed: string | undefined;
}

class SubsetParser {
  readonly locations = new PositionIndex();
  private readonly n: number;
  private nodes = 0;
  /** This parse's entries of the root's block mappings, for the next parse (with a memo). */
  readonly kept = new Map<string, KeptEntry>();

  constructor(
    private readonly text: string,
    private readonly memo?: EntryMemo,
  ) {
    this.n = text.length;
  }

  document(): Json {
    const first = this.gap(0);
    // An empty document, or a root that does not start in column 0.
    if (first.indent !== 0) giveUp();
    const start = first.next;
    const c = this.code(start);
    let value: Json;
    let after: Gap;
    if (c === LBRACKET || c === LBRACE) {
      const flow = this.flow(start, -1, "", undefined, -1, 1, 0);
      value = flow.value;
      after = this.gap(this.lineRest(flow.end, true));
    } else {
      const block = this.isSeqItem(start)
        ? this.blockSeq(
            start,
            0,
            first.commentIndent >= 0,
            -1,
            "",
            undefined,
            0,
          )
        : this.blockMap(start, 0, -1, "", undefined, 0);
      value = block.value;
      after = block.gap;
    }
    if (after.indent !== -1) giveUp();
    return value;
  }

  // ---- block collections ------------------------------------------------------------------

  private blockMap(
    start: number,
    indent: number,
    parent: number,
    name: string | number,
    keyRange: Range | undefined,
    depth: number,
  ): BlockValue {
    const id = this.enter(parent, name, keyRange, start, depth);
    // The root's block mappings keep their entries for the next parse (entry-memo.ts).
    const scope =
      this.memo && parent === 0 && depth === 1 && typeof name === "string"
        ? name
        : undefined;
    const object: { [key: string]: Json } = {};
    let typed: Set<string> | undefined;
    let pos = start;
    let last: number;
    let gap: Gap;
    for (;;) {
      const key = this.blockKey(pos) ?? giveUp();
      typed = this.unique(object, key, typed);
      const p = this.spaces(key.colon + 1);
      let value: BlockValue;
      if (this.atLineEnd(p) || this.code(p) === HASH)
        value =
          scope === undefined
            ? this.below(
                p,
                indent,
                false,
                false,
                id,
                key.name,
                key.range,
                depth,
              )
            : this.keptBelow(scope, p, indent, id, key, depth);
      else value = this.inline(p, indent, id, key.name, key.range, depth);
      setOwn(object, key.name, value.value);
      last = value.tail;
      gap = value.gap;
      if (gap.indent !== indent) break;
      // A `-` at the mapping's indent after a complete entry is an error.
      if (this.isSeqItem(gap.next)) giveUp();
      pos = gap.next;
    }
    // A line indented between this mapping and the entry before is an error.
    if (gap.indent > indent) giveUp();
    this.locations.setEnd(id, last);
    return { value: object, tail: this.close(gap, indent, last), gap };
  }

  /** @param commentBefore  comment lines precede the first `-` */
  private blockSeq(
    start: number,
    indent: number,
    commentBefore: boolean,
    parent: number,
    name: string | number,
    keyRange: Range | undefined,
    depth: number,
  ): BlockValue {
    const id = this.enter(parent, name, keyRange, start, depth);
    const items: Json[] = [];
    let commented = commentBefore;
    let pos = start;
    let last: number;
    let gap: Gap;
    for (;;) {
      const p = this.spaces(pos + 1);
      const c = this.code(p);
      let value: BlockValue;
      if (this.atLineEnd(p) || c === HASH)
        value = this.below(
          p,
          indent,
          true,
          commented,
          id,
          items.length,
          undefined,
          depth,
        );
      else if (c === DASH && this.isBlank(p + 1))
        giveUp(); // `- - a`: a compact nested sequence
      else if (this.blockKey(p))
        value = this.blockMap(
          p,
          indent + (p - pos),
          id,
          items.length,
          undefined,
          depth + 1,
        ); // `- key: value`
      else value = this.inline(p, indent, id, items.length, undefined, depth);
      items.push(value.value);
      last = value.tail;
      gap = value.gap;
      commented = gap.commentIndent >= 0;
      if (gap.indent !== indent || !this.isSeqItem(gap.next)) break;
      pos = gap.next;
    }
    if (gap.indent > indent) giveUp();
    this.locations.setEnd(id, last);
    return { value: items, tail: this.close(gap, indent, last), gap };
  }

  /**
   * The value of a `key:` or `-` with nothing after it on its line (`p` is at the line end or at a
   * comment): a block collection on the following lines, or null.
   * @param inSeq          a sequence item (else a mapping value, whose sequence may start at the
   *                       key's own indent: `key:\n- a`)
   * @param commentBefore  comment lines precede the item's `-`
   */
  private below(
    p: number,
    indent: number,
    inSeq: boolean,
    commentBefore: boolean,
    parent: number,
    name: string | number,
    keyRange: Range | undefined,
    depth: number,
  ): BlockValue {
    const comment = this.code(p) === HASH;
    const gap = this.gap(this.lineAfter(p));
    if (
      gap.indent > indent ||
      (!inSeq && gap.indent === indent && this.isSeqItem(gap.next))
    ) {
      return this.isSeqItem(gap.next)
        ? this.blockSeq(
            gap.next,
            gap.indent,
            comment || gap.commentIndent >= 0,
            parent,
            name,
            keyRange,
            depth + 1,
          )
        : this.blockMap(
            gap.next,
            gap.indent,
            parent,
            name,
            keyRange,
            depth + 1,
          );
    }
    // Null. `yaml` places it after the indicator and the spaces that follow; a comment after the
    // empty value, or before the `-` of an empty item, moves where it ends: left to `yaml`.
    if (comment || commentBefore || gap.commentIndent >= 0) giveUp();
    this.leaf(parent, name, keyRange, p, p, depth + 1);
    return { value: null, tail: p, gap };
  }

  /**
   * `below` for an entry of one of the root's block mappings (`scope` its key): the memo's entry
   * when its text reads the same here, else read; kept for the next parse either way.
   */
  private keptBelow(
    scope: string,
    p: number,
    indent: number,
    parent: number,
    key: Key,
    depth: number,
  ): BlockValue {
    const memo = this.memo!;
    const name = entryKey(scope, key.name);
    const before = memo.entries.get(name);
    let value: BlockValue;
    let first: number;
    if (
      before !== undefined &&
      memo.index !== undefined &&
      readsTheSame(before, memo.text, this.text, p, indent)
    ) {
      const shift = p - before.start;
      entryMemoTesting.taken++;
      this.nodes += before.count;
      if (this.nodes > MAX_NODES) giveUp();
      first = this.locations.adopt(
        memo.index,
        before.first,
        before.count,
        parent,
        key.range,
        shift,
      );
      const g = before.gap;
      value = {
        value: before.value,
        tail: before.tail + shift,
        gap: {
          next: g.next + shift,
          indent: g.indent,
          commentIndent: g.commentIndent,
          owned: g.owned,
        },
      };
    } else {
      first = this.locations.size;
      value = this.below(
        p,
        indent,
        false,
        false,
        parent,
        key.name,
        key.range,
        depth,
      );
    }
    const gap = value.gap;
    const end = Math.min(gap.next + 3, this.n);
    this.kept.set(name, {
      start: p,
      end,
      atEnd: end === this.n,
      indent,
      value: value.value,
      tail: value.tail,
      // As it is now: the collections closing around the entry may take its comment lines later.
      gap: {
        next: gap.next,
        indent: gap.indent,
        commentIndent: gap.commentIndent,
        owned: gap.owned,
      },
      first,
      count: this.locations.size - first,
    });
    return value;
  }

  /** A value that starts on the line of its key or `-`, at `p`; `indent` is that key's or `-`'s column. */
  private inline(
    p: number,
    indent: number,
    parent: number,
    name: string | number,
    keyRange: Range | undefined,
    depth: number,
  ): BlockValue {
    const c = this.code(p);
    let value: Json;
    let tail: number;
    if (c === LBRACKET || c === LBRACE) {
      const flow = this.flow(p, parent, name, keyRange, indent, 1, depth + 1);
      value = flow.value;
      tail = this.lineRest(flow.end, true);
    } else if (c === DQUOTE || c === SQUOTE) {
      const q = this.quoted(p);
      this.leaf(parent, name, keyRange, p, q.end, depth + 1);
      value = q.value;
      tail = this.lineRest(q.end, true);
    } else {
      if (!this.plainStart(p, false)) giveUp();
      // The scalar runs to the line end or a ` #` comment, found natively (a loop over every
      // character of every value ran mostly unoptimised in a one-shot run), less trailing spaces.
      PLAIN_CUT.lastIndex = p;
      PLAIN_CUT.test(this.text);
      const cut = PLAIN_CUT.lastIndex;
      for (
        let colon = this.text.indexOf(":", p);
        colon >= 0 && colon < cut;
        colon = this.text.indexOf(":", colon + 1)
      )
        if (this.isBlank(colon + 1)) giveUp(); // `a: b: c` nests a mapping: an error
      let end = cut;
      while (end > p && this.code(end - 1) === SPACE) end--;
      value = this.scalar(this.text.slice(p, end));
      this.leaf(parent, name, keyRange, p, end, depth + 1);
      tail = this.lineRest(end, false);
    }
    const gap = this.gap(tail);
    // A deeper line after a one-line value would continue a plain scalar or be an error; a deeper
    // comment would join the value's trailing comment. Both are left to `yaml`.
    if (gap.indent > indent || gap.commentIndent > indent) giveUp();
    return { value, tail, gap };
  }

  /**
   * range[2] of a block collection that ends before `gap`. `yaml` keeps comment lines that follow
   * a collection's last entry in the innermost closing collection whose indent is not above all
   * of them (a collection in column 0 passes them up to the document); that collection, and every
   * collection closing around it, then ends where the next content starts.
   */
  private close(gap: Gap, indent: number, last: number): number {
    if (
      gap.owned ||
      gap.commentIndent < 0 ||
      indent === 0 ||
      gap.commentIndent < indent
    )
      return last;
    gap.owned = true;
    return gap.next;
  }

  /** A block mapping key at `p` (plain or quoted, on one line, `:` then a space or line end). */
  private blockKey(p: number): Key | undefined {
    const c = this.code(p);
    let name: string;
    let end: number;
    let colon: number;
    let typed: string | undefined;
    if (c === DQUOTE || c === SQUOTE) {
      const q = this.quoted(p);
      name = q.value;
      end = q.end;
      colon = this.spaces(end);
      if (this.code(colon) !== COLON) return undefined;
    } else {
      if (!this.plainStart(p, false)) return undefined;
      // The first `: ` (or `:` at the line end), unless the line or a ` #` comment comes first.
      KEY_CUT.lastIndex = p;
      KEY_CUT.test(this.text);
      colon = KEY_CUT.lastIndex;
      if (this.code(colon) !== COLON) return undefined;
      end = colon;
      while (end > p && this.code(end - 1) === SPACE) end--;
      name = this.text.slice(p, end);
      typed = this.keyType(name);
    }
    if (!this.isBlank(colon + 1)) return undefined;
    if (colon - p > MAX_KEY_SPAN) giveUp();
    return { name, range: [p, end], colon, typed };
  }

  // ---- flow collections -------------------------------------------------------------------

  /**
   * `[...]` or `{...}` at `start`. `owner` is the column of the key or `-` it belongs to (-1 at
   * the root): `yaml` wants every continuation line deeper than that, except the closing bracket of
   * the outermost collection, which may sit at the owner's column.
   */
  private flow(
    start: number,
    parent: number,
    name: string | number,
    keyRange: Range | undefined,
    owner: number,
    level: number,
    depth: number,
  ): { value: Json; end: number } {
    const id = this.enter(parent, name, keyRange, start, depth);
    let i = this.flowSpace(start + 1, owner, level);
    let value: Json;
    if (this.code(start) === LBRACE) {
      const object: { [key: string]: Json } = {};
      let typed: Set<string> | undefined;
      if (this.code(i) !== RBRACE) {
        for (;;) {
          const key = this.flowKey(i);
          typed = this.unique(object, key, typed);
          i = this.flowSpace(key.colon + 1, owner, level);
          const c = this.code(i);
          if (c === COMMA || c === RBRACE) giveUp(); // `{ a: }`: an empty value
          const item = this.flowNode(
            i,
            id,
            key.name,
            key.range,
            owner,
            level,
            depth + 1,
          );
          setOwn(object, key.name, item.value);
          if (
            this.flowSeparator(
              (i = this.flowSpace(item.end, owner, level)),
              RBRACE,
            )
          )
            break;
          i = this.flowSpace(i + 1, owner, level);
        }
      }
      value = object;
    } else {
      const items: Json[] = [];
      if (this.code(i) !== RBRACKET) {
        for (;;) {
          const item = this.flowNode(
            i,
            id,
            items.length,
            undefined,
            owner,
            level,
            depth + 1,
          );
          items.push(item.value);
          if (
            this.flowSeparator(
              (i = this.flowSpace(item.end, owner, level)),
              RBRACKET,
            )
          )
            break;
          i = this.flowSpace(i + 1, owner, level);
        }
      }
      value = items;
    }
    const end = i + 1;
    this.locations.setEnd(id, end);
    return { value, end };
  }

  /** After a flow entry: true at the closing bracket, false at a `,` that another entry follows. */
  private flowSeparator(i: number, close: number): boolean {
    const c = this.code(i);
    if (c === close) return true;
    if (c !== COMMA) giveUp(); // `[a: b]` (a pair in a sequence), a missing comma, a wrong bracket
    const next = this.code(this.flowSpace(i + 1, -1, 0));
    if (next === close || next === COMMA) giveUp(); // trailing or doubled comma
    return false;
  }

  private flowNode(
    i: number,
    parent: number,
    name: string | number,
    keyRange: Range | undefined,
    owner: number,
    level: number,
    depth: number,
  ): { value: Json; end: number } {
    const c = this.code(i);
    if (c === LBRACKET || c === LBRACE)
      return this.flow(i, parent, name, keyRange, owner, level + 1, depth);
    if (c === DQUOTE || c === SQUOTE) {
      const q = this.quoted(i);
      this.leaf(parent, name, keyRange, i, q.end, depth);
      return { value: q.value, end: q.end };
    }
    if (!this.plainStart(i, true)) giveUp();
    const end = this.flowPlainEnd(i).end;
    const value = this.scalar(this.text.slice(i, end));
    this.leaf(parent, name, keyRange, i, end, depth);
    return { value, end };
  }

  private flowKey(i: number): Key {
    const c = this.code(i);
    let name: string;
    let end: number;
    let colon: number;
    let typed: string | undefined;
    if (c === DQUOTE || c === SQUOTE) {
      const q = this.quoted(i);
      name = q.value;
      end = q.end;
      // JSON style `"a":1` is fine after a quoted key.
      colon = this.spaces(end);
      if (this.code(colon) !== COLON) giveUp();
    } else {
      if (!this.plainStart(i, true)) giveUp();
      const scan = this.flowPlainEnd(i);
      end = scan.end;
      colon = scan.stop;
      // Only `key: value` on one line; `{a:}`, `{a}` and keys broken over lines are left to `yaml`.
      if (this.code(colon) !== COLON || !this.isBlank(colon + 1)) giveUp();
      name = this.text.slice(i, end);
      typed = this.keyType(name);
    }
    if (colon - i > MAX_KEY_SPAN) giveUp();
    return { name, range: [i, end], colon, typed };
  }

  /**
   * A plain scalar in flow context starting at `i`: `end` after its last non-space character,
   * `stop` where it stopped (a flow indicator, `: `, ` #` or the line end), as `yaml`'s lexer does.
   */
  private flowPlainEnd(i: number): { end: number; stop: number } {
    let end = i;
    for (; i < this.n; i++) {
      const ch = this.code(i);
      if (ch === LF || ch === CR || isFlowIndicator(ch)) break;
      if (ch === SPACE) {
        const next = this.code(i + 1);
        if (next === HASH || isFlowIndicator(next)) break;
      } else {
        if (
          ch === COLON &&
          (this.isBlank(i + 1) || isFlowIndicator(this.code(i + 1)))
        )
          break;
        end = i + 1;
      }
    }
    return { end, stop: i };
  }

  /**
   * Skips spaces, line breaks and comments inside a flow collection. `owner`/`level` as for
   * `flow`; `level` 0 skips the indent check (used only to peek past a comma).
   */
  private flowSpace(i: number, owner: number, level: number): number {
    let spaced = false;
    for (;;) {
      const c = this.code(i);
      if (c === SPACE) {
        i++;
        spaced = true;
      } else if (c === LF || c === CR) {
        i += c === CR ? 2 : 1;
        // `yaml` does not always count a line break as the space a comment needs (a comment in
        // column 0 right after a flow value is an error), so only indentation counts here.
        spaced = false;
        let j = i;
        while (this.code(j) === SPACE) j++;
        const indent = j - i;
        if (indent > 0) spaced = true;
        if (indent === 0 && this.isDocumentMarker(i)) giveUp();
        const d = this.code(j);
        if (
          level > 0 &&
          !this.atLineEnd(j) &&
          indent <= owner &&
          !(indent === owner && level === 1 && (d === RBRACKET || d === RBRACE))
        )
          giveUp();
        i = j;
      } else if (c === HASH) {
        // A comment must be separated from what precedes it.
        if (!spaced) giveUp();
        while (!this.atLineEnd(i)) i++;
      } else return i;
    }
  }

  // ---- scalars, keys, lines -----------------------------------------------------------------

  private quoted(p: number): QuotedScalar {
    return (
      (this.code(p) === DQUOTE
        ? scanDoubleQuoted(this.text, p)
        : scanSingleQuoted(this.text, p)) ?? giveUp()
    );
  }

  /** A plain scalar's JSON value; numbers JSON cannot hold are reported by the `yaml` path. */
  private scalar(source: string): Json {
    const value = resolvePlainScalar(source);
    if (typeof value === "number" && !Number.isFinite(value)) giveUp();
    return value;
  }

  /**
   * A plain key keeps its spelling as the JSON key (`1.0:` stays "1.0", as in the converter), but
   * `yaml` compares keys by value; a null key is an error the `yaml` path reports.
   */
  private keyType(name: string): string | undefined {
    const value = resolvePlainScalar(name);
    if (value === null) giveUp();
    return typeof value === "string"
      ? undefined
      : `${typeof value}:${String(value)}`;
  }

  /**
   * Duplicates (by JSON key, or by value for numbers and booleans) are reported by the `yaml` path.
   * `typed` holds the values of the mapping's number and boolean keys so far (created on demand).
   */
  private unique(
    object: { [key: string]: Json },
    key: Key,
    typed: Set<string> | undefined,
  ): Set<string> | undefined {
    if (hasOwn(object, key.name)) giveUp();
    if (key.typed === undefined) return typed;
    typed ??= new Set();
    if (typed.has(key.typed)) giveUp();
    typed.add(key.typed);
    return typed;
  }

  /**
   * Whether a plain scalar may start at `p`. Stricter than YAML: indicators, `?` and `:` starts,
   * and `-` followed by a space (or, in flow, by a flow indicator) are all refused.
   */
  private plainStart(p: number, inFlow: boolean): boolean {
    if (this.atLineEnd(p)) return false;
    switch (this.code(p)) {
      case SPACE:
      case HASH:
      case COMMA:
      case LBRACKET:
      case RBRACKET:
      case LBRACE:
      case RBRACE:
      case AMPERSAND:
      case STAR:
      case BANG:
      case PIPE:
      case GREATER:
      case SQUOTE:
      case DQUOTE:
      case PERCENT:
      case AT:
      case BACKTICK:
      case QUESTION:
      case COLON:
        return false;
      case DASH:
        return (
          !this.isBlank(p + 1) && !(inFlow && isFlowIndicator(this.code(p + 1)))
        );
      default:
        return true;
    }
  }

  /**
   * After a value on its line: spaces, an optional comment (which must follow a space), the line
   * break. Returns the offset after the line break (or the text length), where `yaml` ends the
   * value's range[2].
   */
  private lineRest(i: number, needSpace: boolean): number {
    const j = this.spaces(i);
    if (this.code(j) === HASH) {
      if (needSpace && j === i) giveUp();
      return this.lineAfter(j);
    }
    if (j >= this.n) return this.n;
    if (!this.atLineEnd(j)) giveUp();
    return this.lineAfter(j);
  }

  /** Blank and comment lines from line start `from` up to the next content line. */
  private gap(from: number): Gap {
    let commentIndent = -1;
    let i = from;
    while (i < this.n) {
      const j = this.spaces(i);
      if (j >= this.n) break;
      const indent = j - i;
      if (indent === 0 && this.isDocumentMarker(i)) giveUp();
      const c = this.code(j);
      if (c === HASH) {
        if (indent > commentIndent) commentIndent = indent;
      } else if (c !== LF && c !== CR) {
        return { next: j, indent, commentIndent, owned: false };
      }
      i = this.lineAfter(j);
    }
    return { next: this.n, indent: -1, commentIndent, owned: false };
  }

  /** `---` or `...` in column 0 (even when not a marker, e.g. `---a`: not worth telling apart). */
  private isDocumentMarker(lineStart: number): boolean {
    return (
      this.text.startsWith("---", lineStart) ||
      this.text.startsWith("...", lineStart)
    );
  }

  private isSeqItem(p: number): boolean {
    return this.code(p) === DASH && this.isBlank(p + 1);
  }

  /** Records a collection before its children, as the converter does; its end comes later. */
  private enter(
    parent: number,
    name: string | number,
    keyRange: Range | undefined,
    start: number,
    depth: number,
  ): number {
    this.count(depth);
    return this.locations.add(parent, name, keyRange, start, start);
  }

  private leaf(
    parent: number,
    name: string | number,
    keyRange: Range | undefined,
    start: number,
    end: number,
    depth: number,
  ): void {
    this.count(depth);
    this.locations.add(parent, name, keyRange, start, end);
  }

  private count(depth: number): void {
    if (++this.nodes > MAX_NODES || depth > MAX_DEPTH) giveUp();
  }

  private code(i: number): number {
    return this.text.charCodeAt(i);
  }

  private spaces(i: number): number {
    while (this.text.charCodeAt(i) === SPACE) i++;
    return i;
  }

  /** At a line break or the end of the text. */
  private atLineEnd(i: number): boolean {
    if (i >= this.n) return true;
    const c = this.text.charCodeAt(i);
    return c === LF || c === CR;
  }

  /** At a space, a line break or the end of the text (`yaml`'s "empty" character). */
  private isBlank(i: number): boolean {
    return this.atLineEnd(i) || this.text.charCodeAt(i) === SPACE;
  }

  /** Offset of the next line's start (the text length on the last line). */
  private lineAfter(i: number): number {
    const k = this.text.indexOf("\n", i);
    return k < 0 ? this.n : k + 1;
  }
}

/** From a plain key's start: everything before its `:` indicator, a ` #` comment or the line's end (sticky). */
const KEY_CUT = /[^\n\r]*?(?=:(?:[ \n\r]|$)| #|\n|\r|$)/y;

/** From a plain scalar's start: everything before its line's end or a ` #` comment (sticky). */
const PLAIN_CUT = /[^\n\r]*?(?= #|\n|\r|$)/y;

function isFlowIndicator(c: number): boolean {
  return (
    c === COMMA ||
    c === LBRACKET ||
    c === RBRACKET ||
    c === LBRACE ||
    c === RBRACE
  );
}
