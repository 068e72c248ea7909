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

/** Options that are true or false (default false), by their catalog key. */
export type TargetFlag = "stream_arguments";

export interface TargetSpec {
  /** Which values `strict:` accepts for this target (empty: the target has no strict mode). */
  readonly strict: readonly (true | false | "auto")[];
  /** Default `strict` when the catalog names the target without one. */
  readonly defaultStrict?: true | false | "auto";
  /**
   * The target's true-or-false options. `stream_arguments` (google-genai): ask Gemini on Vertex
   * AI to stream function-call arguments (the declarations file then exports the `toolConfig`).
   */
  readonly flags?: readonly TargetFlag[];
}

export const TARGET_SPECS: Readonly<Record<TargetId, TargetSpec>> = {
  "openai-chat": { strict: [true, false, "auto"], defaultStrict: "auto" },
  "openai-responses": { strict: [true, false, "auto"], defaultStrict: "auto" },
  "openai-agents": { strict: [] },
  "openai-compatible": { strict: [true, false, "auto"], defaultStrict: false },
  anthropic: { strict: [true, false], defaultStrict: false },
  "google-genai": { strict: [], flags: ["stream_arguments"] },
  "google-interactions": { strict: [] },
  mcp: { strict: [] },
};

export function isTargetId(value: string): value is TargetId {
  return (TARGET_IDS as readonly string[]).includes(value);
}
