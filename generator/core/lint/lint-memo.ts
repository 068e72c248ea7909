/**
 * The lint rules' findings kept tool by tool from run to run in one process (`generate --watch`):
 * after a one-tool edit only that tool's findings are made again.
 *
 * A rule's findings about a tool are a function of the tool (its name, which gives its pointer,
 * and its content), the targets as the catalog sets them and the catalog's `$defs` (their content
 * and mapping key: every `$ref` resolves against them), and nothing else: each rule reads the
 * tool's own schema nodes and `ctx.tools` entry, and the defs. So the rules run on one context
 * per tool (`catalogLevel: false`) and one for the defs (their schema nodes, no tools), each
 * kept under those keys; the rules that weigh the tools together (`CATALOG_WIDE`: the strict
 * dialects' catalog limits, and strict-subset, which shares their normalised inputs) run on the
 * whole catalog every time. Findings carry pointers, never positions: they are located again on
 * every run (`locateFindings`), so a tool that moved in the file is reported where it is now.
 *
 * Order: the findings come rule by rule as in a cold run, within a rule the defs' then each
 * tool's in catalog order, which is a cold run's order except for the rules that make two passes
 * (description-present, non-empty-name, unresolved-ref); `generate` reports them sorted
 * (sortDiagnostics orders by every field a diagnostic shows), so its diagnostics are identical.
 * `toolcat lint` and `lint --fix` do not use this memo.
 *
 * Bounded: only the last run's entries are kept (one per tool of that catalog).
 */
import type { Diagnostic } from "../diagnostics.js";
import type { Locator } from "../locate.js";
import { contentKey } from "../providers/tool-memo.js";
import type { JsonObject } from "../schema/json.js";
import {
  collectDefNodes,
  collectToolNodes,
  contextBase,
  type ContextBase,
} from "./context.js";
import { LINT_RULES } from "./registry.js";
import type { Finding, LintContext, LintRule } from "./rule.js";

/** Rules whose findings about a tool depend on the other tools: run on the whole catalog. */
const CATALOG_WIDE: ReadonlySet<string> = new Set([
  "strict-subset",
  "provider-limit",
]);

/** One segment's (a tool's, the defs') findings: per rule that found any, its index and findings, in rule order. */
type Segment = readonly (readonly [rule: number, found: readonly Finding[]])[];

interface Kept {
  /** The targets and the catalog's defs (mapping key and content). */
  readonly context: string;
  readonly rules: readonly LintRule[];
  readonly defs: Segment;
  /** By tool name: its content (contentKey) and findings. */
  readonly tools: ReadonlyMap<string, { content: string; found: Segment }>;
}

let kept: Kept | undefined;

/**
 * For tests only: a piece of the key to leave out, which must make the reuse test fail (stale
 * findings reused). Never set outside tests.
 */
export const lintMemoTesting: {
  omit: undefined | "tool" | "defs" | "targets";
  /** Tool contexts whose rules ran one by one in the last run (tests: only the edited tool's). */
  ran: number;
  /** Make every segment one by one, never from a whole-catalog run (tests: both ways agree). */
  bySegment: boolean;
} = { omit: undefined, ran: 0, bySegment: false };

/** The number of kept entries (tests: the memo stays bounded). */
export function lintMemoSize(): number {
  return kept ? kept.tools.size + 1 : 0;
}

/** Forgets every entry (tests). */
export function clearLintMemo(): void {
  kept = undefined;
}

type Nodes = LintContext["schemaNodes"][number][];

/**
 * `runLint(catalog)` with the findings of tools and defs unchanged since the run before reused.
 * A run with nothing to reuse runs the rules once on the whole catalog (as runLint) and files each
 * finding under the segment its pointer is in; it falls back to one run per segment when a
 * finding is in none.
 */
export function runLintMemo(
  catalog: JsonObject,
  rules: readonly LintRule[] = LINT_RULES,
): Finding[] {
  const base = contextBase(catalog);
  const omit = lintMemoTesting.omit;
  const context = [
    omit === "targets" ? "" : JSON.stringify(base.targets),
    base.catalogDefsPointer,
    omit === "defs" ? "" : contentKey(base.catalogDefs),
  ].join("\u0000");
  const before =
    kept?.context === context && kept.rules === rules ? kept : undefined;
  lintMemoTesting.ran = 0;
  const wide = (i: number) => CATALOG_WIDE.has(rules[i]!.id);

  const contents = base.tools.map((t) =>
    omit === "tool" ? "" : contentKey(t.tool),
  );
  let defs: Segment | undefined = before?.defs;
  const found: (Segment | undefined)[] = base.tools.map((t, k) => {
    const e = before?.tools.get(t.name);
    return e !== undefined && e.content === contents[k] ? e.found : undefined;
  });
  const wideFound: Finding[][] = rules.map(() => []);
  let wideDone = false;

  if (before === undefined && !lintMemoTesting.bySegment) {
    // Nothing to reuse: one pass over the whole catalog, each finding filed by its pointer.
    const nodes: Nodes = [];
    collectDefNodes(nodes, base);
    for (const t of base.tools) collectToolNodes(nodes, t);
    const toolAt = new Map(base.tools.map((t, k) => [t.pointer, k]));
    const defsPrefix = base.catalogDefsPointer + "/";
    const segments: [number, Finding[]][][] = base.tools.map(() => []);
    const defsSegment: [number, Finding[]][] = [];
    let lost = false;
    let rule = 0;
    const file = (f: Finding) => {
      if (wide(rule)) return void wideFound[rule]!.push(f);
      const p = f.pointer;
      const end = p.startsWith("/tools/") ? p.indexOf("/", 7) : -2;
      const k =
        end === -2 ? undefined : toolAt.get(end === -1 ? p : p.slice(0, end));
      const into =
        k !== undefined
          ? segments[k]!
          : p.startsWith(defsPrefix)
            ? defsSegment
            : undefined;
      if (into === undefined) return void (lost = true);
      const last = into[into.length - 1];
      if (last !== undefined && last[0] === rule) last[1].push(f);
      else into.push([rule, [f]]);
    };
    const ctx: LintContext = { ...base, schemaNodes: nodes, report: file };
    for (; rule < rules.length; rule++) rules[rule]!.run(ctx);
    wideDone = true;
    if (!lost) {
      defs = defsSegment;
      segments.forEach((s, k) => (found[k] = s));
    }
  }

  const run = (
    schemaNodes: Nodes,
    tools: ContextBase["tools"],
    catalogLevel: boolean,
  ): Segment => {
    const out: [number, Finding[]][] = [];
    let rule = 0;
    const ctx: LintContext = {
      ...base,
      tools,
      schemaNodes,
      catalogLevel,
      report: (f) => {
        const last = out[out.length - 1];
        if (last !== undefined && last[0] === rule) last[1].push(f);
        else out.push([rule, [f]]);
      },
    };
    for (; rule < rules.length; rule++) if (!wide(rule)) rules[rule]!.run(ctx);
    return out;
  };

  if (defs === undefined) {
    const nodes: Nodes = [];
    collectDefNodes(nodes, base);
    defs = run(nodes, [], true);
  }
  const tools = new Map<string, { content: string; found: Segment }>();
  base.tools.forEach((t, k) => {
    let f = found[k];
    if (f === undefined) {
      const nodes: Nodes = [];
      collectToolNodes(nodes, t);
      found[k] = f = run(nodes, [t], false);
      lintMemoTesting.ran++;
    }
    tools.set(t.name, { content: contents[k]!, found: f });
  });
  kept = { context, rules, defs, tools };

  if (!wideDone) {
    // The catalog-wide rules, on the whole catalog (schema nodes made only if one asks).
    let allNodes: Nodes | undefined;
    let rule = 0;
    const whole: LintContext = {
      ...base,
      get schemaNodes() {
        if (allNodes === undefined) {
          allNodes = [];
          collectDefNodes(allNodes, base);
          for (const t of base.tools) collectToolNodes(allNodes, t);
        }
        return allNodes;
      },
      report: (f) => wideFound[rule]!.push(f),
    };
    for (; rule < rules.length; rule++) if (wide(rule)) rules[rule]!.run(whole);
  }

  // Rule by rule: the catalog-wide rule's findings, or the defs' then each tool's.
  const buckets = wideFound;
  for (const [i, f] of defs) buckets[i]!.push(...f);
  for (const segment of found)
    for (const [i, f] of segment!) buckets[i]!.push(...f);
  return buckets.flat();
}

/** Each finding's diagnostic as it was made last, while its file and position are the same. */
const located = new WeakMap<Finding, Diagnostic>();

/**
 * `locator.pointer(...)` for each finding (lintCatalog's diagnostics): a kept finding whose
 * position did not move gets the diagnostic made for it before (equal in every field).
 */
export function locateFindings(
  findings: readonly Finding[],
  locator: Locator,
): Diagnostic[] {
  return findings.map((f) => {
    const position = locator.positionOf(f.pointer, f.atKey ?? false);
    const known = located.get(f);
    if (
      known !== undefined &&
      known.line === position.line &&
      known.col === position.col &&
      known.file === position.file
    )
      return known;
    // Made from the position just found (locator.pointer would look the pointer up again):
    // after a tool is added or removed above them, most findings have moved.
    const d = locator.atPosition(position, {
      severity: f.severity,
      rule: f.rule,
      message: f.message,
      pointer: f.pointer,
      target: f.target,
      fixable: f.fix !== undefined,
    });
    located.set(f, d);
    return d;
  });
}
