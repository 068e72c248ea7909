/**
 * Every rule `toolcat diff` reports, with a stable id. Tool-level rules are listed one by one;
 * schema rules come in pairs, one for `input` and one for `output`, built from one table of
 * change kinds, so a kind cannot exist for one side only. Whom a change breaks is not in this
 * table: it follows from the side and from whether the change narrows or widens what is
 * accepted (see ./direction.ts), and a few kinds decide it from context (./compare-object.ts).
 */

/** Changes to a tool as a whole. */
export const TOOL_RULES = {
  "tool-added": "a new tool in the catalog",
  "tool-removed": "a tool is gone: calls to it are rejected as unknown",
  "tool-renamed":
    "a tool was renamed (its `renamed_from` names the old name): calls with the old name are rejected",
  "tool-effect-escalated":
    "the effect went up (read → write → destructive): MCP clients and confirmation policies see it",
  "tool-effect-relaxed": "the effect went down (destructive → write → read)",
  "tool-description-changed":
    "the text the model reads to decide when to call the tool changed",
  "tool-annotation-changed":
    "title, idempotent, open_world or defer_loading changed (MCP annotations, tool search)",
  "output-added":
    "the tool now declares an output schema: its handler must return values that match",
  "output-removed":
    "the tool no longer declares an output schema: consumers may receive anything",
} as const;

/** What can change inside an input or output schema; each kind is a rule `input-<kind>` and `output-<kind>`. */
export const SCHEMA_CHANGE_KINDS = {
  "property-added-required": "a new property that must be present",
  "property-added-optional": "a new property that may be present",
  "property-removed": "a property is no longer declared",
  "property-became-required": "a property that was optional is now required",
  "property-became-optional": "a property that was required is now optional",
  "type-narrowed": "fewer JSON types are accepted",
  "type-widened": "more JSON types are accepted",
  "enum-value-removed": "an enum (or const) value is no longer allowed",
  "enum-value-added": "a new enum value is allowed",
  "constraint-tightened":
    "a bound, length, item count, pattern, format, multipleOf or uniqueItems now rejects more",
  "constraint-relaxed":
    "a bound, length, item count, pattern, format, multipleOf or uniqueItems now accepts more",
  "constraint-changed":
    "a constraint was replaced by another that is neither tighter nor looser for certain (a pattern, a format): possibly breaking",
  "nullable-removed": "null is no longer accepted",
  "nullable-added": "null is now accepted",
  "object-closed":
    "additionalProperties became false: unknown properties are rejected",
  "object-opened":
    "additionalProperties is no longer false: unknown properties are accepted",
  "schema-changed":
    "a change that cannot be classified with certainty (a union reshaped, a composition or conditional changed): possibly breaking",
  "annotation-changed":
    "a description, title, example, default or deprecation mark changed (the model reads it; no value is rejected)",
} as const;

export type SchemaChangeKind = keyof typeof SCHEMA_CHANGE_KINDS;
export type Side = "input" | "output";
export type ToolRuleId = keyof typeof TOOL_RULES;
export type DiffRuleId = ToolRuleId | `${Side}-${SchemaChangeKind}`;

/** Every rule id with its one-line summary, tool rules first (for `toolcat diff --rules` and the fixture coverage test). */
export const DIFF_RULES: Readonly<Record<DiffRuleId, string>> =
  Object.fromEntries([
    ...Object.entries(TOOL_RULES),
    ...(["input", "output"] as const).flatMap((side) =>
      Object.entries(SCHEMA_CHANGE_KINDS).map(
        ([kind, summary]) =>
          [
            `${side}-${kind}`,
            `${side === "input" ? "arguments" : "result"}: ${summary}`,
          ] as const,
      ),
    ),
  ]) as Record<DiffRuleId, string>;

export const DIFF_RULE_IDS: readonly DiffRuleId[] = Object.keys(
  DIFF_RULES,
) as DiffRuleId[];
