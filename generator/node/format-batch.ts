/**
 * Many small programs formatted in one prettier call (one call has a fixed cost that dominates
 * for a statement or two): they are joined with a marker statement between them, and the result
 * is cut at the markers again. A program prettier rejects is found by halving the batch; it alone
 * comes back undefined.
 */
import type { Options } from "prettier";

/** A formatter call (prettier.format) injected so callers stay testable. */
export type FormatText = (text: string, options: Options) => Promise<string>;

const CUT = "__toolcat_cut__;";

/** Each program's formatted text (without its final newline), or undefined where it did not format. */
export async function formatPrograms(programs: readonly string[], options: Options, format: FormatText): Promise<(string | undefined)[]> {
  if (programs.length === 0) return [];
  let formatted: string | undefined;
  try {
    formatted = await format(programs.join(`\n${CUT}\n`), options);
  } catch {
    formatted = undefined;
  }
  const pieces = formatted?.replace(/\n$/, "").split(`\n${CUT}\n`);
  if (pieces !== undefined && pieces.length === programs.length) return pieces;
  if (programs.length === 1) return [undefined];
  const half = Math.ceil(programs.length / 2);
  return [...(await formatPrograms(programs.slice(0, half), options, format)), ...(await formatPrograms(programs.slice(half), options, format))];
}
