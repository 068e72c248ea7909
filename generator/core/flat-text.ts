/**
 * A text kept from run to run (a memo's printed piece) made flat once, where it is kept. Text built
 * by concatenation is, in V8, a tree of the pieces it was made of; every later join or copy of it
 * (a file assembled from kept pieces, a message to another thread) walks that tree again, which
 * costs about ten times copying a flat text — on the real tools that was about a third of the
 * provider files' formatting in `generate --watch`. Converting the text to a number reads it, and
 * V8 flattens a string in place to read it (the number is dropped; the text is the same). Any
 * engine without such trees loses nothing but that read, which stops at the first character that
 * cannot be part of a number.
 */
export function flatText<T extends string | undefined>(text: T): T {
  if (text !== undefined && text.length > 64) Number(text);
  return text;
}
