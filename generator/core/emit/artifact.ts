/**
 * The per-artifact emitter interface. Types, validators, provider declarations and the
 * dispatcher are each one `ArtifactEmitter`, listed in `registry.ts`; the pipeline calls them in
 * order and never branches on which artifact it is running.
 */
import {
  jsonLiteral,
  type JsonValue,
  type SharedLiterals,
} from "../codegen/code.js";
import type { CatalogIR } from "../ir/catalog-ir.js";
import { jsonText } from "../providers/json-text.js";
import type { Json } from "../schema/json.js";
import type { Severity } from "../diagnostics.js";

export interface OutputFile {
  /** Path relative to the output directory, posix separators. */
  readonly path: string;
  readonly contents: string;
  /** Which formatter parser applies; `verbatim` files are written as they are. */
  readonly language: "typescript" | "json" | "verbatim";
  /**
   * Optional split of `contents` into runs of complete top-level statements, such that
   * `contents === chunks.map(chunkText).join("\n\n") + "\n"`. A formatter may format (and cache)
   * chunks one by one: prettier formats top-level statements independently, so the joined result
   * is the same.
   */
  readonly chunks?: readonly Chunk[];
  /**
   * Who reads this file in a pull request (see review-attributes.ts): `machine` code (validators,
   * call validators, runtime) is collapsed by code hosts, a `contract` (types, declarations, the
   * dispatcher's API) stays expanded. Absent: `machine` under `runtime/`, `contract` elsewhere.
   */
  readonly review?: ReviewKind;
  /**
   * A JSON file kept as data: `contents` is this value's JSON text, so a formatter may print the
   * value in its final layout directly instead of reading the text back (see jsonDataFile).
   */
  readonly json?: JsonData;
  /**
   * `contents` has LF line ends and exactly one trailing newline already, as the pipeline's
   * normaliseText would make it: it is not read again (a text a kept emit thread's reply rebuilt
   * from its parts, a rope not yet copied into one string: reply-delta.ts).
   */
  readonly normalised?: boolean;
}

/** The value a JSON output file is the text of (see OutputFile.json). */
export interface JsonData {
  readonly value: JsonValue;
}

export type ReviewKind = "machine" | "contract";

/**
 * A top-level data declaration, kept as data so a formatter can print it without parsing it:
 * its source is `${leading}${head} = ${jsonLiteral(value)};`.
 */
export interface DataChunk {
  /** "" or a comment block from `jsdoc()`, ending in "\n". */
  readonly leading: string;
  /** Generated code such as `const writeMeasurement: OpenaiChatTool` (built with `code`). */
  readonly head: string;
  readonly value: JsonValue;
  /**
   * Chunks that name the same scope hold values that are never mutated while the scope lives, so
   * a formatter may cache what it learns about them by identity (a schema several files declare
   * is measured and laid out once). Absent: nothing is cached across chunks.
   */
  readonly scope?: object;
}

/**
 * Code written in prettier's default layout at any print width, except that a line wider than
 * the width may need breaking (the emitter cannot know the app's width): a formatter may keep the
 * lines that fit and give only the wide ones to prettier (see generator/node/ts-code-format.ts).
 */
export interface CanonicalChunk {
  readonly canonical: string;
  /** Lines below the first level are type members (an interface body), not statements. */
  readonly members?: boolean;
  /**
   * Laid out for this print width only: template source kept formatted by prettier with its
   * default options (a test checks it). At another width the chunk goes to prettier.
   */
  readonly width?: number;
  /**
   * The chunk as prettier lays it out at `laidOut.width` with its default options (the emitter
   * knows it for fixed text: laid out once, a test checks it). Kept at that width, re-quoted
   * under `singleQuote`; at any other width `canonical` is laid out as usual.
   */
  readonly laidOut?: LaidOut;
}

/** A chunk's text as prettier prints it at one print width (see CanonicalChunk.laidOut). */
export interface LaidOut {
  readonly width: number;
  readonly text: string;
}

/** prettier's default print width, the one template sources are formatted for. */
export const TEMPLATE_WIDTH = 80;

/** A runtime source file copied from templates/ (formatted there for prettier's defaults). */
export function templateFile(
  path: string,
  header: string,
  template: string,
): OutputFile {
  return chunkedFile(
    path,
    "typescript",
    [
      { canonical: header },
      { canonical: template.trimEnd(), width: TEMPLATE_WIDTH },
    ],
    undefined,
    "machine",
  );
}

export type Chunk = string | DataChunk | CanonicalChunk;

/** The source of a chunk; `shared` only saves work (the text is the same without it). */
export function chunkText(chunk: Chunk, shared?: SharedLiterals): string {
  if (typeof chunk === "string") return chunk;
  if ("canonical" in chunk) return chunk.canonical;
  return `${chunk.leading}${chunk.head} = ${jsonLiteral(chunk.value, shared)};`;
}

export function isDataChunk(chunk: Chunk): chunk is DataChunk {
  return typeof chunk !== "string" && "value" in chunk;
}

/**
 * An output file made of chunks (contents derived, so the two cannot disagree). `shared` holds
 * values that the data chunks of several files print (see SharedLiterals).
 */
export function chunkedFile(
  path: string,
  language: OutputFile["language"],
  chunks: readonly Chunk[],
  shared?: SharedLiterals,
  review?: ReviewKind,
): OutputFile {
  const file =
    review === undefined
      ? { path, language, chunks }
      : { path, language, chunks, review };
  return withLazyContents(file, () => {
    const texts = chunks.map((c) => chunkText(c, shared));
    // The final newline goes onto the last chunk before the join, so the file's text comes out of
    // the join flat: appended after it, it would make a rope of megabytes that every later step
    // (normalising, comparing, writing) first copies flat.
    if (texts.length > 0) texts[texts.length - 1] += "\n";
    return texts.length > 0 ? texts.join("\n\n") : "\n";
  });
}

/**
 * A JSON output file of `value` (its text is jsonText's, see OutputFile.json), made only when
 * asked for: a formatter prints the value itself.
 */
export function jsonDataFile(path: string, value: JsonValue): OutputFile {
  return withLazyContents(
    { path, language: "json" as const, json: { value } },
    () => jsonText(value as Json),
  );
}

/**
 * `file` with `contents` made on first read (once): a formatter that prints a file from its
 * chunks or data never needs the unformatted text, which for a large catalog is megabytes of
 * literals made only to be dropped. The property is an own enumerable one, so copying the file
 * to another thread (structured clone) or spreading it carries the text.
 */
function withLazyContents<T extends Omit<OutputFile, "contents">>(
  file: T,
  make: () => string,
): T & { readonly contents: string } {
  let contents: string | undefined;
  return Object.defineProperty(file, "contents", {
    enumerable: true,
    get: () => (contents ??= make()),
  }) as T & { readonly contents: string };
}

/** A finding an emitter raises; the pipeline resolves the pointer to a file position. */
export interface EmitFinding {
  readonly severity: Severity;
  readonly rule: string;
  readonly message: string;
  /** Pointer into the catalog document. */
  readonly pointer: string;
  readonly target?: string;
}

export interface EmitOptions {
  /** Emit ESM `.js` + `.d.ts` instead of `.ts` (done after formatting, by the caller). */
  readonly js: boolean;
}

/** Reads a runtime source file shipped in `templates/` (injected so the core stays browser-safe). */
export type TemplateReader = (name: string) => string;

export interface EmitContext {
  readonly ir: CatalogIR;
  readonly options: EmitOptions;
  /** The header line every generated file starts with. */
  readonly header: string;
  readonly readTemplate: TemplateReader;
  report(finding: EmitFinding): void;
}

export interface ArtifactEmitter {
  /** Stable id, also used for timing lines (`types`, `validators`, …). */
  readonly id: string;
  /**
   * The artifact's files. A promise lets the work run elsewhere (a worker thread, see
   * generator/node/parallel-emit.ts) while the next emitters run; its findings are reported
   * before it settles.
   */
  emit(
    context: EmitContext,
  ): readonly OutputFile[] | Promise<readonly OutputFile[]>;
}
