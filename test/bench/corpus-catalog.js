// The real-tool catalog the generate bench times (and test/unit/peer-generate.test.ts checks the
// peer on): the agent and MCP tools of the public corpus (test/data/tool-corpus/tools.jsonl —
// every source but the BFCL benchmark's generated function specs), imported as `toolcat import`
// does, with all eight targets enabled, keeping every tool lint accepts. Deterministic, as YAML.
// The toolcat functions come from the caller (the benches pass dist/, the tests the sources),
// so this file runs under plain node and under vitest alike.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CORPUS = join(root, "test", "data", "tool-corpus", "tools.jsonl");

const ALL_TARGETS = [
  "targets:",
  "  openai-chat: { strict: auto }",
  "  openai-responses: { strict: auto }",
  "  openai-agents: {}",
  "  anthropic: {}",
  "  google-genai: {}",
  "  google-interactions: {}",
  "  mcp: {}",
  "  openai-compatible: { strict: false }",
  "",
].join("\n");

/** Corpus sources that are benchmark-made function specs rather than tools of an agent or MCP server. */
const isBenchmarkSource = (source) => source.startsWith("bfcl");

/**
 * @param {{ importTools: Function, loadCatalog: Function }} toolcat
 * @param {{ sources?: "agents" | "all" }} [options] "all" adds the BFCL specs (3,500 tools)
 * @returns {{ text: string, tools: number, dropped: string[] }}
 */
export function corpusCatalog(toolcat, options = {}) {
  const lines = readFileSync(CORPUS, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  const chosen =
    options.sources === "all"
      ? lines
      : lines.filter((l) => !isBenchmarkSource(JSON.parse(l).source));
  const imported = toolcat.importTools(
    [{ path: "tools.jsonl", text: chosen.join("\n") + "\n" }],
    { renameConflicts: true },
  );
  if (!imported.ok)
    throw new Error("corpus-catalog: the corpus did not import");
  let text = imported.catalog.replace(/^targets:\n(?: {2}.*\n)+/m, ALL_TARGETS);
  if (text === imported.catalog)
    throw new Error("corpus-catalog: no targets block to replace");
  // Tools lint rejects with all eight targets (none today) are taken out, by name, until it passes.
  const dropped = [];
  for (;;) {
    const loaded = toolcat.loadCatalog("catalog/tools.yaml", text, {
      compileCheck: true,
    });
    const bad = new Set();
    for (const d of loaded.diagnostics) {
      if (d.severity !== "error") continue;
      const m = /^\/tools\/([^/]+)/.exec(d.pointer ?? "");
      if (!m)
        throw new Error(`corpus-catalog: catalog-level error ${d.message}`);
      bad.add(m[1].replace(/~1/g, "/").replace(/~0/g, "~"));
    }
    if (bad.size === 0)
      return { text, tools: Object.keys(loaded.catalog.tools).length, dropped };
    const doc = JSON.parse(JSON.stringify(loaded.catalog));
    for (const name of bad) delete doc.tools[name];
    dropped.push(...bad);
    text = JSON.stringify(doc, null, 1) + "\n";
  }
}
