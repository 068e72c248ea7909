/**
 * What the import tells the user: each entry names a place in an input file (by JSON Pointer,
 * turned into line:col by the caller that holds the text) and a stable rule id.
 */
import type { Severity } from "../diagnostics.js";
import type { JsonPositions } from "./json-positions.js";

export type ImportRule =
  /** The file is not JSON / JSONL. */
  | "import-syntax"
  /** A value that is none of the known declaration formats. */
  | "import-format"
  /** Two sources define one tool name differently. */
  | "import-conflict"
  /** A tool name outside the portable pattern was mapped. */
  | "import-name-mapped"
  /** Something was rewritten into its catalog form (draft-07, annotations, strict nullables, …). */
  | "import-converted"
  /** Something the catalog cannot hold: listed here, not in the catalog. */
  | "import-not-carried";

export interface ImportEntry {
  readonly file: string;
  readonly offset: number;
  /** JSON Pointer into the file's value (for JSONL, into the line's value, prefixed by the line). */
  readonly pointer: string;
  readonly severity: Severity;
  readonly rule: ImportRule;
  readonly message: string;
}

/** One JSON value in an input file, with the positions of its nodes. */
export interface Site {
  readonly file: string;
  readonly positions: JsonPositions;
  /** Offset of the value when no position is known (the start of its line for JSONL). */
  readonly base: number;
  /** Shown before pointers of this value (`line 3` of a JSONL file has its own root). */
  readonly label: string;
  /** The value is a declarations file toolcat generated (its header says so): its conventions are read back. */
  readonly byToolcat: boolean;
}

/** Offset of the node at `pointer` (its key when `atKey`), or of its nearest located ancestor. */
export function offsetIn(site: Site, pointer: string, atKey = false): number {
  let p = pointer;
  for (;;) {
    const at =
      (atKey ? site.positions.key.get(p) : undefined) ??
      site.positions.value.get(p);
    if (at !== undefined) return at;
    if (p === "") return site.base;
    p = p.slice(0, p.lastIndexOf("/"));
    atKey = true;
  }
}

export class Reporter {
  readonly entries: ImportEntry[] = [];

  add(
    site: Site,
    pointer: string,
    severity: Severity,
    rule: ImportRule,
    message: string,
    atKey = false,
  ): void {
    this.entries.push({
      file: site.file,
      offset: offsetIn(site, pointer, atKey),
      pointer: site.label + pointer,
      severity,
      rule,
      message,
    });
  }
}
