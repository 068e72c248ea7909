/** Offsets → 1-based line/column (UTF-16 code units), treating CRLF, CR and LF as line ends. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    // Without a CR (most catalogs) the line ends are the LFs, found by indexOf (a native scan):
    // the character loop below cost 1.5–2 ms of a `generate --watch` edit run on the real tools,
    // run before V8 had optimised it.
    if (!text.includes("\r")) {
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1))
        this.starts.push(i + 1);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10)
        this.starts.push(i + 1);
    }
  }

  position(offset: number): { line: number; col: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - this.starts[lo]! + 1 };
  }
}
