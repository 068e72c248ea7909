/**
 * Tool-level comparison: tools added, removed and renamed (only when the new catalog says so with
 * `renamed_from`), effect, description and annotations, and whether there is an output schema.
 * Input and output schemas are handed to compare-schema.ts.
 */
import type { Effect as ToolEffect, ToolIR } from "../ir/catalog-ir.js";
import type { Json } from "../schema/json.js";
import type { Certainty, Party } from "./finding.js";
import type { ToolRuleId } from "./rules.js";

export interface ToolChange {
  readonly rule: ToolRuleId;
  readonly tool: string;
  /** Pointer below `/tools/<name>` (e.g. `/effect`), "" for the tool itself. */
  readonly at: string;
  readonly breaks: Party;
  readonly certainty: Certainty;
  readonly message: string;
  readonly before?: Json;
  readonly after?: Json;
  readonly handlerMust?: string;
  /** The tool's name in the old catalog (differs after a rename). */
  readonly oldName: string;
}

/**
 * MCP clients read `effect` as annotations (readOnlyHint, destructiveHint). Without one the
 * protocol's defaults apply: not read-only and possibly destructive — so "unset" sits just below
 * destructive (which also asks the dispatcher's `confirm`).
 */
const EFFECT_RANK: Record<ToolEffect | "unset", number> = {
  read: 0,
  write: 1,
  unset: 2,
  destructive: 3,
};
const effectName = (e: ToolEffect | undefined) => e ?? "unset";

export function compareToolMeta(
  oldTool: ToolIR,
  newTool: ToolIR,
): ToolChange[] {
  const out: ToolChange[] = [];
  const base = { tool: newTool.name, oldName: oldTool.name };
  const before = effectName(oldTool.effect);
  const after = effectName(newTool.effect);
  if (EFFECT_RANK[after] > EFFECT_RANK[before]) {
    const felt = [
      ...(before === "read"
        ? [
            "readOnlyHint is no longer true: MCP clients that run read-only tools without asking now ask",
          ]
        : []),
      ...(after === "destructive"
        ? [
            "destructiveHint is now true: MCP clients warn before calling it, and the dispatcher asks confirm before every call",
          ]
        : []),
      ...(after === "unset"
        ? ["without an effect, MCP clients assume it may be destructive"]
        : []),
    ];
    out.push({
      ...base,
      rule: "tool-effect-escalated",
      at: "/effect",
      breaks: "callers",
      certainty: "certain",
      before,
      after,
      message: `effect ${before} → ${after}: ${felt.join("; ") || "MCP clients see new annotations"}`,
    });
  } else if (EFFECT_RANK[after] < EFFECT_RANK[before]) {
    out.push({
      ...base,
      rule: "tool-effect-relaxed",
      at: "/effect",
      breaks: "nobody",
      certainty: "certain",
      before,
      after,
      message: `effect ${before} → ${after}: MCP clients may now run it with less caution; check that the handler really has no stronger side effect`,
    });
  }
  if (oldTool.description !== newTool.description) {
    out.push({
      ...base,
      rule: "tool-description-changed",
      at: "/description",
      breaks: "nobody",
      certainty: "certain",
      before: oldTool.description,
      after: newTool.description,
      message:
        "description changed: models decide when and how to call the tool from it",
    });
  }
  const hints: [string, Json | undefined, Json | undefined][] = [
    ["title", oldTool.title, newTool.title],
    ["idempotent", oldTool.idempotent, newTool.idempotent],
    ["open_world", oldTool.openWorld, newTool.openWorld],
    ["defer_loading", oldTool.deferLoading, newTool.deferLoading],
  ];
  for (const [key, b, a] of hints) {
    if (b === a) continue;
    out.push({
      ...base,
      rule: "tool-annotation-changed",
      at: `/${key}`,
      breaks: "nobody",
      certainty: "certain",
      before: b ?? null,
      after: a ?? null,
      message: `${key} ${JSON.stringify(b ?? null)} → ${JSON.stringify(a ?? null)} (MCP clients and tool search read it)`,
    });
  }
  if (!oldTool.output && newTool.output) {
    out.push({
      ...base,
      rule: "output-added",
      at: "/output",
      breaks: "handlers",
      certainty: "certain",
      message:
        "the tool now declares an output schema (MCP outputSchema): results are validated against it",
      handlerMust: "return values that match the new output schema",
    });
  } else if (oldTool.output && !newTool.output) {
    out.push({
      ...base,
      rule: "output-removed",
      at: "/output",
      breaks: "consumers",
      certainty: "certain",
      message:
        "the output schema is gone: MCP clients lose outputSchema and consumers may receive any result",
    });
  }
  return out;
}

export function toolAdded(tool: ToolIR): ToolChange {
  return {
    rule: "tool-added",
    tool: tool.name,
    oldName: tool.name,
    at: "",
    breaks: "nobody",
    certainty: "certain",
    message: "new tool",
  };
}

export function toolRemoved(tool: ToolIR): ToolChange {
  return {
    rule: "tool-removed",
    tool: tool.name,
    oldName: tool.name,
    at: "",
    breaks: "callers",
    certainty: "certain",
    message:
      "tool removed: calls to it (and MCP clients that cached the tool list) now get unknown-tool",
  };
}

export function toolRenamed(oldTool: ToolIR, newTool: ToolIR): ToolChange {
  return {
    rule: "tool-renamed",
    tool: newTool.name,
    oldName: oldTool.name,
    at: "/renamed_from",
    breaks: "callers",
    certainty: "certain",
    before: oldTool.name,
    after: newTool.name,
    message: `renamed from ${JSON.stringify(oldTool.name)}: calls with the old name (and MCP clients that cached the tool list) now get unknown-tool`,
  };
}
