/**
 * Tool names every provider accepts: `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$` (the intersection of the
 * OpenAI, Anthropic and Gemini name rules). Other names are mapped deterministically, and a mapped
 * name that another tool already has gets a numeric suffix.
 */
export const PORTABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

/** The portable spelling of `name` (not yet unique). */
export function portableName(name: string): string {
  if (PORTABLE_NAME.test(name)) return name;
  let out = name.replace(/[^a-zA-Z0-9_-]/g, "_");
  if (!/^[a-zA-Z_]/.test(out)) out = "_" + out;
  return out.slice(0, 64);
}

/** Hands out names, each once: `taken` first, then `name_2`, `name_3`, … within 64 characters. */
export class NameTable {
  private readonly used = new Set<string>();

  claim(wanted: string): string {
    if (!this.used.has(wanted)) {
      this.used.add(wanted);
      return wanted;
    }
    for (let n = 2; ; n++) {
      const suffix = `_${n}`;
      const candidate = wanted.slice(0, 64 - suffix.length) + suffix;
      if (!this.used.has(candidate)) {
        this.used.add(candidate);
        return candidate;
      }
    }
  }
}
