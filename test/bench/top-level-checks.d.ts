/** Types of top-level-checks.js for the test that uses it (the benches are plain JavaScript). */
export function topLevelChecksOnly(
  schemas: readonly { readonly label: string; readonly schema: unknown }[],
  mod: Readonly<Record<string, unknown>>,
  formatNames: Readonly<Record<string, string>>,
  valid: readonly (readonly [number, unknown])[],
): { readonly name: string; check(i: number, data: unknown): number };
