/** Turns pointers and offsets into file:line:col diagnostics. */
import type { Diagnostic, Severity } from "./diagnostics.js";
import type { LineIndex } from "./load/line-index.js";
import type { NodeLocation } from "./load/yaml-to-json.js";

/** What a diagnostic says besides where it is (Locator's `at` and `atPosition`). */
interface FindingFields {
  severity: Severity;
  rule: string;
  message: string;
  pointer?: string;
  target?: string;
  fixable?: boolean;
}

export class Locator {
  constructor(
    private readonly file: string,
    private readonly lines: LineIndex,
    private readonly locations: ReadonlyMap<string, NodeLocation>,
  ) {}

  /** Position of the node at `pointer` (its key when `atKey`), or of its nearest located ancestor. */
  offsetOf(pointer: string, atKey = false): number {
    let p = pointer;
    for (;;) {
      const loc = this.locations.get(p);
      if (loc) return atKey && loc.key ? loc.key[0] : loc.value[0];
      if (p === "") return 0;
      p = p.slice(0, p.lastIndexOf("/"));
      atKey = true;
    }
  }

  /** Where `pointer(pointer, atKey, …)` puts its diagnostic. */
  positionOf(
    pointer: string,
    atKey: boolean,
  ): { readonly file: string; readonly line: number; readonly col: number } {
    const { line, col } = this.lines.position(this.offsetOf(pointer, atKey));
    return { file: this.file, line, col };
  }

  at(offset: number, d: FindingFields): Diagnostic {
    return this.atPosition(this.lines.position(offset), d);
  }

  /** `at` for a position found already (positionOf's line and column). */
  atPosition(
    { line, col }: { readonly line: number; readonly col: number },
    d: FindingFields,
  ): Diagnostic {
    return {
      file: this.file,
      line,
      col,
      severity: d.severity,
      rule: d.rule,
      message: d.message,
      pointer: d.pointer ?? "",
      ...(d.target !== undefined ? { target: d.target } : {}),
      ...(d.fixable ? { fixable: true } : {}),
    };
  }

  pointer(
    pointer: string,
    atKey: boolean | undefined,
    d: {
      severity: Severity;
      rule: string;
      message: string;
      target?: string;
      fixable?: boolean;
    },
  ): Diagnostic {
    return this.at(this.offsetOf(pointer, atKey ?? false), { ...d, pointer });
  }
}
