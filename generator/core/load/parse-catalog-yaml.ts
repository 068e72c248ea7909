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
import { EntryMemo } from "./fast-yaml/entry-memo.js";
import { parseYamlSubset, type FastYaml } from "./fast-yaml/subset-parser.js";
import {
  parseYaml,
  parseYamlDocument,
  type ParsedYaml,
} from "./yaml-to-json.js";

/** The entries of the catalog parsed last with `keep` (one process's `generate` runs). */
const kept = new EntryMemo();

/** For tests: the memo `keep` parses use, emptied (a parse afterwards reads every entry). */
export function forgetKeptEntries(): void {
  kept.text = "";
  kept.index = undefined;
  kept.entries = new Map();
}

/**
 * @param keep  reuse the entries of the catalog parsed last with `keep` where their text is the
 *              same (fast-yaml/entry-memo.ts; `generate`, whose runs in one process, as
 *              `--watch` makes them, mostly parse the same tools again)
 */
export function parseCatalogYaml(text: string, keep = false): ParsedYaml {
  const fast = tryFast(text, keep ? kept : undefined);
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

function tryFast(text: string, memo?: EntryMemo): FastYaml | undefined {
  try {
    return parseYamlSubset(text, memo);
  } catch {
    // A fault in the fast path must not cost the user a run: `yaml` can still read the text.
    return undefined;
  }
}
