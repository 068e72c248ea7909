/**
 * Per-tool pieces of the types, Standard Schema and dispatcher emitters, kept from run to run in
 * one process (`generate --watch`; each thread keeps its own, and the worker thread lives across
 * runs), as generator/core/providers/tool-memo.ts keeps provider declarations: after a one-tool
 * edit, each emitter makes again only the edited tool's declarations and takes every other tool's
 * from the run before, chunks included — frozen, since the same objects serve every run (their
 * laid-out text is kept by their text: generator/node/canonical-chunk-memo.ts).
 *
 * A piece is keyed by the content of the tool (tool-memo.ts's `contentKey`: its IR, which holds
 * the closure of catalog `$defs` it reaches) and by a context string each emitter makes of
 * everything else its piece reads (names decided for the whole file or catalog, targets' content);
 * what a piece asks of the rest of the file while it is made (the names it takes, the type names
 * its references resolve to) is recorded with it and checked again before it is reused.
 *
 * Bounded as tool-memo.ts is: an entry that neither this run nor the one before used is dropped
 * when a run (a catalog's IR not seen before) starts.
 */
import type { CanonicalChunk, Chunk } from "./artifact.js";
import type { CatalogIR } from "../ir/catalog-ir.js";

interface Entry<V> {
  readonly value: V;
  used: number;
}

/** One emitter's pieces: by tool content key, then by context. */
export class PieceMemo<V> {
  private readonly entries = new Map<string, Map<string, Entry<V>>>();
  private readonly runOf = new WeakMap<CatalogIR, number>();
  private generation = 0;

  /** Starts a run for `ir` (once per IR): entries unused by this run and the one before are dropped. */
  begin(ir: CatalogIR): void {
    if (this.runOf.has(ir)) return;
    this.runOf.set(ir, ++this.generation);
    for (const [key, byContext] of this.entries) {
      for (const [context, entry] of byContext)
        if (entry.used < this.generation - 1) byContext.delete(context);
      if (byContext.size === 0) this.entries.delete(key);
    }
  }

  /** The piece kept for this tool and context, marked used by this run. */
  get(key: string, context: string): V | undefined {
    const entry = this.entries.get(key)?.get(context);
    if (entry === undefined) return undefined;
    entry.used = this.generation;
    return entry.value;
  }

  set(key: string, context: string, value: V): void {
    let byContext = this.entries.get(key);
    if (!byContext) this.entries.set(key, (byContext = new Map()));
    byContext.set(context, { value, used: this.generation });
  }

  /** The number of kept pieces (tests: the memo stays bounded). */
  get size(): number {
    let size = 0;
    for (const byContext of this.entries.values()) size += byContext.size;
    return size;
  }

  /** Forgets every piece (tests). */
  clear(): void {
    this.entries.clear();
  }
}

/**
 * Whole-catalog chunks (a table with one line per tool) kept by their text: a run whose table
 * reads the same takes the chunk of the run before, so its laid-out text is kept too. `made`
 * makes the chunk of `text` (a pure function of it and of `kind`, which names how).
 */
export class TextChunks {
  private readonly memo = new PieceMemo<Chunk>();

  begin(ir: CatalogIR): void {
    this.memo.begin(ir);
  }

  /** `key` is `text` but in tests (tests leave it out: see the emitters' `omit`). */
  chunk<C extends Chunk>(
    text: string,
    kind: string,
    made: (text: string) => C,
    key = text,
  ): C {
    const known = this.memo.get(key, kind);
    if (known !== undefined) return known as C;
    const chunk = made(text);
    const madeChunk: Chunk = chunk;
    if (typeof madeChunk !== "string" && "canonical" in madeChunk)
      keptChunk(madeChunk);
    this.memo.set(key, kind, chunk);
    return chunk;
  }

  get size(): number {
    return this.memo.size;
  }

  clear(): void {
    this.memo.clear();
  }
}

/** `chunk`, frozen: a memo hands the same object to every later run, so nothing may change it. */
export function keptChunk<C extends CanonicalChunk>(chunk: C): C {
  Object.freeze(chunk);
  if (chunk.laidOut) Object.freeze(chunk.laidOut);
  return chunk;
}
