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

/** Findings per rule (registry order); the catalog-wide rules' lists stay empty. */
type ByRule = readonly (readonly Finding[])[];

interface Kept {
  /** The targets and the catalog's defs (mapping key and content). */
  readonly context: string;
  readonly defs: ByRule;
  /** By tool name and content. */
  readonly tools: ReadonlyMap<string, ByRule>;
  readonly rules: readonly LintRule[];
}

let kept: Kept | undefined;

/**
 * For tests only: a piece of the key to leave out, which must make the reuse test fail (stale
 * findings reused). Never set outside tests.
 */
export const lintMemoTesting: {
  omit: undefined | "tool" | "defs" | "targets";
  /** Tool contexts whose rules ran in the last run (tests: only the edited tool's). */
  ran: number;
} = { omit: undefined, ran: 0 };

/** The number of kept entries (tests: the memo stays bounded). */
export function lintMemoSize(): number {
  return kept ? kept.tools.size + 1 : 0;
}

/** Forgets every entry (tests). */
export function clearLintMemo(): void {
  kept = undefined;
}

/** `runLint(catalog)` (every rule), with the findings of tools and defs unchanged since the run before reused. */
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

  const run = (
    schemaNodes: LintContext["schemaNodes"],
    tools: ContextBase["tools"],
    catalogLevel: boolean,
  ): ByRule => {
    const out: Finding[][] = rules.map(() => []);
    let into: Finding[] = [];
    const ctx: LintContext = {
      ...base,
      tools,
      schemaNodes,
      catalogLevel,
      report: (f) => into.push(f),
    };
    rules.forEach((rule, i) => {
      if (CATALOG_WIDE.has(rule.id)) return;
      into = out[i]!;
      rule.run(ctx);
    });
    return out;
  };

  let defs = before?.defs;
  if (defs === undefined) {
    const nodes: LintContext["schemaNodes"][number][] = [];
    collectDefNodes(nodes, base);
    defs = run(nodes, [], true);
  }
  const tools = new Map<string, ByRule>();
  const perTool: ByRule[] = [];
  for (const t of base.tools) {
    const key =
      omit === "tool" ? t.name : `${t.name}\u0000${contentKey(t.tool)}`;
    let found = before?.tools.get(key);
    if (found === undefined) {
      const nodes: LintContext["schemaNodes"][number][] = [];
      collectToolNodes(nodes, t);
      found = run(nodes, [t], false);
      lintMemoTesting.ran++;
    }
    tools.set(key, found);
    perTool.push(found);
  }
  kept = { context, defs, tools, rules };

  // The catalog-wide rules, on the whole catalog (schema nodes made only if one asks).
  const wide = new Map<number, Finding[]>();
  let allNodes: LintContext["schemaNodes"] | undefined;
  const whole: LintContext = {
    ...base,
    get schemaNodes() {
      if (allNodes === undefined) {
        const nodes: LintContext["schemaNodes"][number][] = [];
        collectDefNodes(nodes, base);
        for (const t of base.tools) collectToolNodes(nodes, t);
        allNodes = nodes;
      }
      return allNodes;
    },
    report: (f) => wide.get(current)!.push(f),
  };
  let current = -1;
  rules.forEach((rule, i) => {
    if (!CATALOG_WIDE.has(rule.id)) return;
    wide.set((current = i), []);
    rule.run(whole);
  });

  const findings: Finding[] = [];
  rules.forEach((_, i) => {
    const w = wide.get(i);
    if (w !== undefined) {
      findings.push(...w);
      return;
    }
    findings.push(...defs[i]!);
    for (const t of perTool) findings.push(...t[i]!);
  });
  return findings;
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
    const { file, line, col } = locator.positionOf(f.pointer, f.atKey ?? false);
    const known = located.get(f);
    if (
      known !== undefined &&
      known.line === line &&
      known.col === col &&
      known.file === file
    )
      return known;
    const d = locator.pointer(f.pointer, f.atKey, {
      severity: f.severity,
      rule: f.rule,
      message: f.message,
      target: f.target,
      fixable: f.fix !== undefined,
    });
    located.set(f, d);
    return d;
  });
}
