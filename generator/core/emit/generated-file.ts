/**
 * One generated output file. It owns its identifiers, its imports (collected from use, sorted by
 * code unit, aliased on collision) and its helpers (emitted once, only when some code asked for
 * them), so emitters never write import lines or helper bodies by hand.
 */
import { Code } from "../codegen/code.js";
import {
  chunkText,
  type CanonicalChunk,
  type Chunk,
  type DataChunk,
} from "./artifact.js";
import { Name, NameScope } from "../codegen/identifiers.js";
import { compare } from "../diagnostics.js";
import { lfOnly, normaliseText } from "./line-ends.js";

/** A helper function or constant that generated code may need, emitted at most once per file. */
export interface Helper {
  /** Unique id across all helpers (also the preferred identifier). */
  readonly id: string;
  /** Helpers this one calls. */
  readonly uses?: readonly Helper[];
  /**
   * Place among the file's helpers (ascending; the order of first use among equals). A fixed
   * order keeps a helper's position independent of which code happened to ask for it first.
   */
  readonly order?: number;
  /** The print width the declaration is laid out for (template source), if it is. */
  readonly laidOutFor?: number;
  /** The declaration, given the identifier chosen for it and for its dependencies. */
  readonly declare: (name: Name, deps: (helper: Helper) => Name) => Code;
}

interface ImportEntry {
  readonly exported: string;
  readonly local: Name;
  readonly typeOnly: boolean;
}

/**
 * A code chunk's text, `lfOnly(code.text.trim())`, made once per Code (which never changes): code
 * an emitter keeps from run to run (a replayed validator owner's functions) comes out of
 * `toChunks` as the same string every run, and a memo keyed by that text
 * (generator/node/canonical-chunk-memo.ts) finds it by identity instead of hashing and comparing
 * a new copy.
 */
function chunkTextOf(code: Code): string {
  let text = chunkTexts.get(code);
  if (text === undefined)
    chunkTexts.set(code, (text = lfOnly(code.text.trim())));
  return text;
}

const chunkTexts = new WeakMap<Code, string>();

/** `{ canonical: chunkTextOf(code) }` (undefined when blank), made once per Code and frozen. */
function plainChunkOf(code: Code): CanonicalChunk | undefined {
  let chunk = plainChunks.get(code);
  if (chunk === undefined) {
    const canonical = chunkTextOf(code);
    chunk = canonical === "" ? null : Object.freeze({ canonical });
    plainChunks.set(code, chunk);
  }
  return chunk ?? undefined;
}

const plainChunks = new WeakMap<Code, CanonicalChunk | null>();

export class GeneratedFile {
  readonly scope: NameScope;
  private readonly body: (
    | DataChunk
    | { readonly chunk: CanonicalChunk }
    | {
        readonly code: Code;
        readonly canonical: boolean;
        readonly width?: number;
        readonly members?: boolean;
        readonly laidOut?: { readonly width: number; readonly code: Code };
      }
  )[] = [];
  private readonly imports = new Map<string, Map<string, ImportEntry>>();
  private readonly helperNames = new Map<string, Name>();
  private readonly helperCode: {
    readonly code: Code;
    readonly width: number | undefined;
    readonly order: number;
  }[] = [];

  /**
   * @param path   path relative to the output directory, posix separators
   * @param header the full first line(s), already comment-safe
   * @param reserved identifiers the file must not hand out (its exports)
   */
  constructor(
    readonly path: string,
    private readonly header: string,
    reserved: Iterable<string> = [],
  ) {
    this.scope = new NameScope(reserved);
  }

  print(...lines: Code[]): void {
    for (const l of lines) this.body.push({ code: l, canonical: false });
  }

  /**
   * Like `print`, for code already in prettier's default layout at any print width (one statement
   * or block head per line, prettier's parentheses and quotes): a formatter keeps its lines.
   */
  printCanonical(...lines: Code[]): void {
    for (const l of lines) this.body.push({ code: l, canonical: true });
  }

  /**
   * Like `printCanonical` for one declaration, with its layout at print width `width` (see
   * CanonicalChunk.laidOut): fixed text whose breaks the emitter knows for that width, or none.
   * `members`: the lines below the first level are type members (an interface body).
   */
  printLaidOut(
    source: Code,
    laidOut: { readonly width: number; readonly code: Code } | undefined,
    members = false,
  ): void {
    this.body.push({
      code: source,
      canonical: true,
      ...(members ? { members } : {}),
      ...(laidOut ? { laidOut } : {}),
    });
  }

  /** Template source laid out by prettier for `width` (see CanonicalChunk.width). */
  printTemplate(source: Code, width: number): void {
    this.body.push({ code: source, canonical: true, width });
  }

  /**
   * A chunk made before, as `canonicalChunk` makes it from `printCanonical`'s code (a memo's kept
   * chunk, see generator/core/emit/tool-pieces.ts): the file holds it as it is.
   */
  printChunk(chunk: CanonicalChunk): void {
    this.body.push({ chunk });
  }

  /** A top-level data declaration, kept as data for a formatter's fast path. */
  printData(chunk: DataChunk): void {
    this.body.push(chunk);
  }

  /** An imported binding, aliased when its name is already taken in this file. */
  importFrom(
    module: string,
    exported: string,
    options: { typeOnly?: boolean } = {},
  ): Name {
    let byName = this.imports.get(module);
    if (!byName) this.imports.set(module, (byName = new Map()));
    const existing = byName.get(exported);
    if (existing) {
      if (!options.typeOnly && existing.typeOnly)
        byName.set(exported, { ...existing, typeOnly: false });
      return existing.local;
    }
    const local = this.scope.unique(exported);
    byName.set(exported, {
      exported,
      local,
      typeOnly: options.typeOnly ?? false,
    });
    return local;
  }

  /** The identifier of a helper, declaring it (and what it uses) on first request. */
  useHelper(helper: Helper): Name {
    const known = this.helperNames.get(helper.id);
    if (known) return known;
    const name = this.scope.unique(helper.id);
    this.helperNames.set(helper.id, name);
    const declaration = helper.declare(name, (dep) => this.useHelper(dep));
    this.helperCode.push({
      code: declaration,
      width: helper.laidOutFor,
      order: helper.order ?? Number.MAX_SAFE_INTEGER,
    });
    return name;
  }

  /**
   * The file as independent top-level chunks (header with imports, each helper, each printed
   * item), for formatters that work chunk by chunk. Every `print` must be whole statements.
   */
  toChunks(): Chunk[] {
    const head = [
      this.header,
      ...(this.imports.size > 0 ? [this.renderImports().join("\n")] : []),
    ].join("\n\n");
    const text = chunkTextOf;
    const body = this.body.flatMap((item): Chunk[] => {
      if ("chunk" in item) return [item.chunk];
      if (!("code" in item)) return [item];
      if (
        item.canonical &&
        item.width === undefined &&
        item.members === undefined &&
        item.laidOut === undefined
      ) {
        const plain = plainChunkOf(item.code);
        return plain === undefined ? [] : [plain];
      }
      const t = text(item.code);
      if (t === "") return [];
      if (!item.canonical) return [t];
      const chunk: CanonicalChunk = {
        canonical: t,
        ...(item.width === undefined ? {} : { width: item.width }),
        ...(item.members ? { members: true } : {}),
        ...(item.laidOut
          ? {
              laidOut: {
                width: item.laidOut.width,
                text: text(item.laidOut.code),
              },
            }
          : {}),
      };
      return [chunk];
    });
    const helpers = this.sortedHelpers().map(({ code, width }): Chunk =>
      width === undefined ? text(code) : { canonical: text(code), width },
    );
    // The header is a comment and imports, one per line: prettier's layout but for wide imports.
    return [{ canonical: text(new Code(head)) }, ...helpers, ...body].filter(
      (c) => c !== "",
    );
  }

  /** The file's text: header, imports, helpers (in order of first use), body; LF, one final newline. */
  toString(): string {
    const out: string[] = [this.header];
    const importLines = this.renderImports();
    if (importLines.length > 0) out.push(importLines.join("\n"));
    if (this.helperCode.length > 0)
      out.push(
        this.sortedHelpers()
          .map((c) => c.code.text)
          .join("\n\n"),
      );
    if (this.body.length > 0)
      out.push(
        this.body
          .map((c) =>
            "code" in c ? c.code.text : chunkText("chunk" in c ? c.chunk : c),
          )
          .join("\n"),
      );
    return normaliseText(out.join("\n\n"));
  }

  /**
   * The chunk `printCanonical(code)` makes of `code` in `toChunks` (undefined for blank code, which
   * makes none): emitters that keep chunks from run to run make them here, so a kept chunk is the
   * chunk a cold run makes.
   */
  static canonicalChunk(code: Code): CanonicalChunk | undefined {
    const text = lfOnly(code.text.trim());
    return text === "" ? undefined : { canonical: text };
  }

  private sortedHelpers() {
    // Array.prototype.sort is stable: equal orders keep their order of first use.
    return [...this.helperCode].sort((a, b) => a.order - b.order);
  }

  private renderImports(): string[] {
    const modules = [...this.imports.keys()].sort(compare);
    return modules.map((module) => {
      const entries = [...this.imports.get(module)!.values()].sort((a, b) =>
        compare(a.exported, b.exported),
      );
      const allTypes = entries.every((e) => e.typeOnly);
      const specifiers = entries.map((e) => {
        const binding =
          e.exported === e.local.text
            ? e.exported
            : `${e.exported} as ${e.local.text}`;
        return !allTypes && e.typeOnly ? `type ${binding}` : binding;
      });
      const from = JSON.stringify(module);
      return `import ${allTypes ? "type " : ""}{ ${specifiers.join(", ")} } from ${from};`;
    });
  }
}
