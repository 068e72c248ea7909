/** The directory holding generated/ as .js files (for `name`, a directory of its own). */
export function generatedAsJs(name?: string): string;
/** Removes what `generatedAsJs(name)` wrote. */
export function removeGeneratedJs(name?: string): void;
/** Writes the TypeScript `text` as an ES module to `target` (types erased, no check). */
export function transpileFile(text: string, target: string): void;
