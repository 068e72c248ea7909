/**
 * Whether two output files are the same file, field by field: what a kept emit thread's reply
 * compares to send a chunked or data file unchanged since the run before as a reference only
 * (reply-delta.ts). The dispatcher's reply holds twenty such files (its runtime templates, about
 * 190 KB of text and their chunks), the same after almost any edit, made afresh every run.
 */
import type {
  Chunk,
  JsonData,
  LaidOut,
  OutputFile,
} from "../core/emit/artifact.js";
import type { JsonValue } from "../core/codegen/code.js";

/** For tests only: files with the same text count as the same whatever their chunks (a stale chunk must then show). */
export const sameOutputFileTesting: { textOnly: boolean } = {
  textOnly: false,
};

export function sameOutputFile(a: OutputFile, b: OutputFile): boolean {
  if (a === b) return true;
  if (
    a.path !== b.path ||
    a.language !== b.language ||
    a.review !== b.review ||
    a.normalised !== b.normalised ||
    a.contents !== b.contents
  )
    return false;
  if (sameOutputFileTesting.textOnly) return true;
  return sameJsonData(a.json, b.json) && sameChunks(a.chunks, b.chunks);
}

function sameJsonData(
  a: JsonData | undefined,
  b: JsonData | undefined,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  return sameJson(a.value, b.value);
}

function sameChunks(
  a: readonly Chunk[] | undefined,
  b: readonly Chunk[] | undefined,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((c, i) => sameChunk(c, b[i]!));
}

/**
 * A data chunk's `scope` is not compared: it only says which chunks a formatter may cache
 * together by identity, and the values of a file taken again are still never mutated.
 */
function sameChunk(a: Chunk, b: Chunk): boolean {
  if (typeof a === "string" || typeof b === "string") return a === b;
  if ("canonical" in a || "canonical" in b) {
    if (!("canonical" in a) || !("canonical" in b)) return false;
    return (
      a.canonical === b.canonical &&
      a.members === b.members &&
      a.width === b.width &&
      sameLaidOut(a.laidOut, b.laidOut)
    );
  }
  return (
    a.leading === b.leading && a.head === b.head && sameJson(a.value, b.value)
  );
}

function sameLaidOut(a: LaidOut | undefined, b: LaidOut | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.width === b.width && a.text === b.text;
}

/** Structural equality of JSON values, key order included (it shows in the text). */
export function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null
  )
    return Object.is(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length)
      return false;
    return a.every((v, i) => sameJson(v, b[i]!));
  }
  const ao = a as { readonly [key: string]: JsonValue };
  const bo = b as { readonly [key: string]: JsonValue };
  const ak = Object.keys(ao);
  const bk = Object.keys(bo);
  if (ak.length !== bk.length) return false;
  for (let i = 0; i < ak.length; i++) {
    const k = ak[i]!;
    if (k !== bk[i] || !sameJson(ao[k]!, bo[k]!)) return false;
  }
  return true;
}
