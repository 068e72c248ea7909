/** Types of corpus-catalog.js for the tests that use it (the benches are plain JavaScript). */
export function corpusCatalog(
  toolcat: {
    importTools: (...args: never[]) => unknown;
    loadCatalog: (...args: never[]) => unknown;
  },
  options?: { sources?: "agents" | "all" },
): { text: string; tools: number; dropped: string[] };
