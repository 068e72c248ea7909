/**
 * Raw catalog bytes → text, refusing what cannot be a catalog before YAML sees it: files too
 * large to be a hand-written catalog, invalid UTF-8, and control characters YAML forbids.
 * A leading BOM is dropped (columns on line 1 stay as editors show them).
 */
import { LineIndex } from "./line-index.js";

/** Hand-written catalogs are kilobytes; 8 MiB leaves room for generated ones of many thousand tools. */
export const MAX_CATALOG_BYTES = 8 * 1024 * 1024;

export interface DecodeProblem {
  readonly rule: "file-too-large" | "encoding" | "yaml-syntax";
  readonly message: string;
  readonly offset: number;
}

export type DecodeResult =
  | { ok: true; text: string }
  | { ok: false; problem: DecodeProblem; text: string };

export function decodeCatalog(
  bytes: Uint8Array,
  maxBytes = MAX_CATALOG_BYTES,
): DecodeResult {
  if (bytes.length > maxBytes) {
    return {
      ok: false,
      text: "",
      problem: {
        rule: "file-too-large",
        message: `catalog is ${bytes.length} bytes; the limit is ${maxBytes} bytes (is this the right file?)`,
        offset: 0,
      },
    };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
      bytes,
    );
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const prefix = new TextDecoder("utf-8").decode(bytes.subarray(0, offset));
    return {
      ok: false,
      text: prefix,
      problem: {
        rule: "encoding",
        message: `catalog is not valid UTF-8 (byte 0x${bytes[offset]?.toString(16).padStart(2, "0")} at offset ${offset})`,
        offset: prefix.length,
      },
    };
  }
  return checkText(text);
}

/** Checks text that is already decoded (the programmatic API accepts strings). */
export function checkText(input: string): DecodeResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  // YAML allows TAB, LF, CR and printable characters; other C0 controls, DEL and lone surrogates
  // never belong in a catalog and usually mean a binary file.
  const bad = badCharacter(text);
  if (bad) {
    const code = bad[0]
      .charCodeAt(0)
      .toString(16)
      .toUpperCase()
      .padStart(4, "0");
    return {
      ok: false,
      text,
      problem: {
        rule: "yaml-syntax",
        message: `control or invalid character U+${code} is not allowed in a catalog (binary file?)`,
        offset: bad.index,
      },
    };
  }
  return { ok: true, text };
}

/** Any character that can start a match of BAD: one class, scanned five times faster than BAD's alternatives. */
const CANDIDATE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff]/;
const BAD =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * BAD's first match in `text`. Each match is one character of CANDIDATE's class, so none starts
 * before CANDIDATE's first; BAD runs only from there (its lookbehind still sees the character
 * before). A catalog without surrogates (most) is scanned once, by the class alone.
 */
export function badCharacter(text: string): RegExpExecArray | null {
  const first = CANDIDATE.exec(text);
  if (first === null) return null;
  BAD.lastIndex = first.index;
  return BAD.exec(text);
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const len =
      b < 0x80
        ? 1
        : b >= 0xc2 && b < 0xe0
          ? 2
          : b >= 0xe0 && b < 0xf0
            ? 3
            : b >= 0xf0 && b < 0xf5
              ? 4
              : 0;
    if (len === 0) return i;
    for (let k = 1; k < len; k++)
      if (i + k >= bytes.length || (bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += len;
  }
  return Math.min(i, bytes.length - 1);
}

export { LineIndex };
