/**
 * A printer for prettier's document model, written here from its documented rules (`group`,
 * `indent`, `line`, `softline`, `ifBreak` and `indentIfBreak`, and the same fitting rule: a group is flat when its contents and
 * what follows up to the next possible line break fit the rest of the line), for the wide-line
 * breakers in this folder. They build, for a line of a shape they know, the document prettier
 * builds for it, and print it here instead of loading prettier.
 *
 * One addition: a `rigid` group is one whose broken layout the breaker did not model (an object
 * or array literal, a ternary's branches…). It prints flat when prettier would keep it flat;
 * where prettier would break it, `printDoc` answers undefined and the line goes to prettier.
 * Spaces only (no tabs); widths as prettier counts them for the text `textWidth` accepts.
 */

export type Doc = string | Doc[] | DocNode;

type DocNode =
  | {
      readonly type: "group";
      readonly contents: Doc;
      readonly break: boolean;
      readonly id?: symbol;
      readonly rigid: boolean;
    }
  | { readonly type: "indent"; readonly contents: Doc }
  | { readonly type: "line"; readonly soft: boolean; readonly hard: boolean }
  | {
      readonly type: "if-break";
      readonly breakContents: Doc;
      readonly flatContents: Doc;
      readonly groupId?: symbol;
    };

export const line: Doc = { type: "line", soft: false, hard: false };
export const softline: Doc = { type: "line", soft: true, hard: false };
export const hardline: Doc = { type: "line", soft: false, hard: true };

export function group(
  contents: Doc,
  options: { id?: symbol; rigid?: boolean; shouldBreak?: boolean } = {},
): Doc {
  return {
    type: "group",
    contents,
    // prettier's propagateBreaks: a group holding a hard line or a broken group breaks too.
    break: options.shouldBreak === true || breaks(contents),
    ...(options.id === undefined ? {} : { id: options.id }),
    rigid: options.rigid === true,
  };
}

function breaks(doc: Doc): boolean {
  if (typeof doc === "string") return false;
  if (Array.isArray(doc)) return doc.some(breaks);
  switch (doc.type) {
    case "group":
      return doc.break;
    case "indent":
      return breaks(doc.contents);
    case "line":
      return doc.hard;
    case "if-break":
      return breaks(doc.breakContents) || breaks(doc.flatContents);
  }
}

/** A group whose broken layout is not modelled: printing fails where prettier would break it. */
export function rigid(contents: Doc): Doc {
  return group(contents, { rigid: true });
}

export function indent(contents: Doc): Doc {
  return { type: "indent", contents };
}

export function ifBreak(
  breakContents: Doc,
  flatContents: Doc = "",
  groupId?: symbol,
): Doc {
  return {
    type: "if-break",
    breakContents,
    flatContents,
    ...(groupId === undefined ? {} : { groupId }),
  };
}

export function indentIfBreak(contents: Doc, groupId: symbol): Doc {
  return ifBreak(indent(contents), contents, groupId);
}

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const out: Doc[] = [];
  docs.forEach((d, i) => {
    if (i > 0) out.push(separator);
    out.push(d);
  });
  return out;
}

const enum Mode {
  Break,
  Flat,
}

interface Command {
  readonly indent: number;
  readonly mode: Mode;
  readonly doc: Doc;
}

/**
 * prettier's width of `text` when this module can tell it exactly: printable ASCII and letters of
 * the Latin, Greek and Cyrillic blocks (one column each: none is wide, combining or an emoji), and
 * a lone emoticon (U+1F600–U+1F64F, two columns as prettier counts an emoji, with no modifier,
 * variation selector or joiner after it); undefined for anything else.
 */
export function textWidth(text: string): number | undefined {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) width++;
    else if (
      (c >= 0xc0 && c <= 0x2af) ||
      (c >= 0x391 && c <= 0x3ff) ||
      (c >= 0x400 && c <= 0x4ff)
    )
      width++;
    else if (c === 0xd83d && isEmoticon(text, i)) {
      width += 2;
      i++;
    } else return undefined;
  }
  return width;
}

function isEmoticon(text: string, i: number): boolean {
  const low = text.charCodeAt(i + 1);
  if (!(low >= 0xde00 && low <= 0xde4f)) return false;
  const next = text.charCodeAt(i + 2);
  // A variation selector, a joiner or a skin tone (U+1F3FB–U+1F3FF) would extend the emoji.
  if (next === 0xfe0f || next === 0xfe0e || next === 0x200d) return false;
  if (next === 0xd83c) {
    const after = text.charCodeAt(i + 3);
    if (after >= 0xdffb && after <= 0xdfff) return false;
  }
  return true;
}

/**
 * The lines `doc` prints as at `indent` spaces (the first line's indentation included) within
 * `printWidth`; undefined when a rigid group would break or a text's width is unknown.
 */
export function printDoc(
  doc: Doc,
  indent: number,
  printWidth: number,
): string[] | undefined {
  const modes = new Map<symbol, Mode>();
  const cmds: Command[] = [{ indent, mode: Mode.Break, doc }];
  let out = " ".repeat(indent);
  let pos = indent;
  while (cmds.length > 0) {
    const { indent: ind, mode, doc: d } = cmds.pop()!;
    if (typeof d === "string") {
      const w = textWidth(d);
      if (w === undefined) return undefined;
      out += d;
      pos += w;
    } else if (Array.isArray(d)) {
      for (let i = d.length - 1; i >= 0; i--)
        cmds.push({ indent: ind, mode, doc: d[i]! });
    } else if (d.type === "indent") {
      cmds.push({ indent: ind + 2, mode, doc: d.contents });
    } else if (d.type === "if-break") {
      const m =
        d.groupId === undefined ? mode : (modes.get(d.groupId) ?? Mode.Flat);
      cmds.push({
        indent: ind,
        mode,
        doc: m === Mode.Break ? d.breakContents : d.flatContents,
      });
    } else if (d.type === "line") {
      if (mode === Mode.Flat && !d.hard) {
        if (!d.soft) {
          out += " ";
          pos++;
        }
      } else {
        // Trailing spaces dropped by hand: a regular expression for them (` +$`) is tried at
        // every space of the text printed so far, at every line break.
        let end = out.length;
        while (end > 0 && out.charCodeAt(end - 1) === 32) end--;
        out =
          (end === out.length ? out : out.slice(0, end)) +
          "\n" +
          " ".repeat(ind);
        pos = ind;
      }
    } else {
      let next: Mode;
      if (mode === Mode.Flat && !d.break) next = Mode.Flat;
      else if (d.break) next = Mode.Break;
      else {
        const f = fits(
          { indent: ind, mode: Mode.Flat, doc: d.contents },
          cmds,
          printWidth - pos,
          modes,
        );
        if (f === undefined) return undefined;
        next = f ? Mode.Flat : Mode.Break;
      }
      if (next === Mode.Break && d.rigid) return undefined;
      cmds.push({ indent: ind, mode: next, doc: d.contents });
      if (d.id !== undefined) modes.set(d.id, next);
    }
  }
  return out.replace(/ +$/, "").split("\n");
}

/**
 * prettier's `fits`: whether `next`, then the rest up to its first line break, fits `width`. As in
 * prettier 3, a flat line's space is only counted before the next text, and several in a row
 * count once.
 */
function fits(
  next: Command,
  rest: readonly Command[],
  width: number,
  modes: ReadonlyMap<symbol, Mode>,
): boolean | undefined {
  let restIdx = rest.length;
  let pendingSpace = false;
  const cmds: { mode: Mode; doc: Doc }[] = [next];
  while (width >= 0) {
    if (cmds.length === 0) {
      if (restIdx === 0) return true;
      cmds.push(rest[--restIdx]!);
      continue;
    }
    const { mode, doc: d } = cmds.pop()!;
    if (typeof d === "string") {
      if (d === "") continue;
      const w = textWidth(d);
      if (w === undefined) return undefined;
      if (pendingSpace) {
        width--;
        pendingSpace = false;
      }
      width -= w;
    } else if (Array.isArray(d)) {
      for (let i = d.length - 1; i >= 0; i--) cmds.push({ mode, doc: d[i]! });
    } else if (d.type === "indent") cmds.push({ mode, doc: d.contents });
    else if (d.type === "if-break") {
      const m =
        d.groupId === undefined ? mode : (modes.get(d.groupId) ?? Mode.Flat);
      cmds.push({
        mode,
        doc: m === Mode.Break ? d.breakContents : d.flatContents,
      });
    } else if (d.type === "line") {
      if (mode === Mode.Break || d.hard) return true;
      if (!d.soft) pendingSpace = true;
    } else cmds.push({ mode: d.break ? Mode.Break : mode, doc: d.contents });
  }
  return false;
}
