/** Types of synthetic-catalog.js for the tests that use it (the benches are plain JavaScript). */
export function syntheticCatalog(count: number): string;
