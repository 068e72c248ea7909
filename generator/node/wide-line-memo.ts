/**
 * prettier's answer for the text the code formatter sends it (ts-code-format.ts: the wide lines
 * of one file that no exact breaker takes, in one batch), kept so that a run after an edit does
 * not format again what is unchanged — in this process (`generate --watch`; the emit worker keeps
 * its own, and then need not ask the main thread) and in the format cache
 * (`node_modules/.cache/toolcat/format`, format-cache.ts), so that a fresh process whose every
 * batch is there never warms prettier up at all. Keyed as the cache's groups are: toolcat's
 * version, prettier's version, the options and the text; a damaged entry is formatted again and
 * rewritten with a notice, and the cache stays within its size bound (format-cache.ts does both).
 * A text prettier rejects is not kept (the code formatter then halves its batch).
 */
import type { Options } from "prettier";
import {
  accountAndPrune,
  cacheKey,
  readEntry,
  storeEntry,
} from "./format-cache.js";
import type { FormatText } from "./ts-code-format.js";
import {
  formatWithFallback,
  type Notice,
  type PrettierCalls,
} from "./format.js";

/** Answers by key, oldest first (a hit moves to the end); at most MAX_CHARS of text in all. */
const kept = new Map<string, string>();
let keptChars = 0;
const MAX_CHARS = 8 * 1024 * 1024;

/** For tests only: leave the text out of the key (a stale answer must then show). */
export const wideLineMemoTesting: { omitText: boolean } = { omitText: false };

/** Forgets this process's answers (tests: the disk cache alone is then what is reused). */
export function clearWideLineMemo(): void {
  kept.clear();
  keptChars = 0;
}

/** `formatWithFallback(prettier, text, options)`, reused as above; `cacheDir` undefined: this process only. */
export function keptFormat(
  prettier: PrettierCalls,
  cacheDir: string | undefined,
  notice: Notice,
): FormatText {
  return async (text: string, options: Options) => {
    const key = cacheKey(
      prettier.version,
      JSON.stringify({ ...options, filepath: undefined }),
      wideLineMemoTesting.omitText ? "" : text,
    );
    const known = kept.get(key);
    if (known !== undefined) {
      kept.delete(key);
      kept.set(key, known);
      return known;
    }
    const stored = cacheDir
      ? await readEntry(cacheDir, key, notice)
      : undefined;
    const answer =
      stored ?? (await formatWithFallback(prettier, text, options));
    if (stored === undefined && cacheDir)
      await accountAndPrune(cacheDir, await storeEntry(cacheDir, key, answer));
    keep(key, answer);
    return answer;
  };
}

function keep(key: string, answer: string): void {
  if (answer.length > MAX_CHARS) return;
  kept.set(key, answer);
  keptChars += answer.length;
  for (const [k, v] of kept) {
    if (keptChars <= MAX_CHARS) break;
    kept.delete(k);
    keptChars -= v.length;
  }
}
