/**
 * Catalog text → ParsedYaml. The subset parser (fast-yaml/) answers for the YAML that catalogs
 * are written in, in a few milliseconds where `yaml` needs a second for a thousand tools; for
 * anything else it declines and the `yaml`-based path runs. Both give the same value and the
 * same positions (test/load/fast-yaml.property.test.ts), and only text without problems takes the
 * fast path, so every diagnostic still comes from the `yaml` path.
 *
 * Kept (issue 13, `npm run bench -- stand-ins`): on the 1,000-tool catalog (1.6 MB) `yaml` with
 * positions takes 2.9–3.9 s on the loaded 2-core machine and the subset parser 0.2 s (16–20×);
 * `yaml`'s own tokenizer alone costs more than the whole subset parse, so the difference alone
 * would be about `generate`'s whole 3 s budget.
 */
import type { Document } from "yaml";
import { parseYamlSubset, type FastYaml } from "./fast-yaml/subset-parser.js";
import {
  parseYaml,
  parseYamlDocument,
  type ParsedYaml,
} from "./yaml-to-json.js";

export function parseCatalogYaml(text: string): ParsedYaml {
  const fast = tryFast(text);
  if (!fast) return parseYaml(text);
  let document: Document.Parsed | undefined;
  return {
    value: fast.value,
    locations: fast.locations,
    problems: [],
    // Only `lint --fix` edits through the document (to keep comments); parse it when asked.
    get document() {
      return (document ??= parseYamlDocument(text));
    },
  };
}

function tryFast(text: string): FastYaml | undefined {
  try {
    return parseYamlSubset(text);
  } catch {
    // A fault in the fast path must not cost the user a run: `yaml` can still read the text.
    return undefined;
  }
}
