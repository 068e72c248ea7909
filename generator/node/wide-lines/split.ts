/** Splitting one line of generated TypeScript for the wide-line breakers of this folder. */
import { closingQuote } from "../ts-scan.js";

/**
 * `text` split at `separator` outside string literals (`"…"`, `'…'`); undefined when a literal
 * is not closed or the text holds a template literal or a `/` (a regex could hold anything).
 */
export function splitOutsideStrings(
  text: string,
  separator: string,
): string[] | undefined {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39) {
      const j = closingQuote(text, i);
      if (j >= text.length) return undefined;
      i = j;
    } else if (c === 47 || c === 96) return undefined;
    else if (text.startsWith(separator, i)) {
      out.push(text.slice(from, i));
      from = i + separator.length;
      i = from - 1;
    }
  }
  out.push(text.slice(from));
  return out;
}
