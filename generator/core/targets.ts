/**
 * The provider targets a catalog may name, with the options each accepts. The provider modules
 * (generator/core/providers) implement them; this table is what the catalog document check and
 * the catalog JSON Schema know about targets.
 */
export const TARGET_IDS = [
  "openai-chat",
  "openai-responses",
  "openai-agents",
  "openai-compatible",
  "anthropic",
  "google-genai",
  "google-interactions",
  "mcp",
] as const;

export type TargetId = (typeof TARGET_IDS)[number];

export interface TargetSpec {
  /** Which values `strict:` accepts for this target (empty: the target has no strict mode). */
  readonly strict: readonly (true | false | "auto")[];
  /** Default `strict` when the catalog names the target without one. */
  readonly defaultStrict?: true | false | "auto";
}

export const TARGET_SPECS: Readonly<Record<TargetId, TargetSpec>> = {
  "openai-chat": { strict: [true, false, "auto"], defaultStrict: "auto" },
  "openai-responses": { strict: [true, false, "auto"], defaultStrict: "auto" },
  "openai-agents": { strict: [] },
  "openai-compatible": { strict: [true, false, "auto"], defaultStrict: false },
  anthropic: { strict: [true, false], defaultStrict: false },
  "google-genai": { strict: [] },
  "google-interactions": { strict: [] },
  mcp: { strict: [] },
};

export function isTargetId(value: string): value is TargetId {
  return (TARGET_IDS as readonly string[]).includes(value);
}
