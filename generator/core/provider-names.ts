/** What each provider accepts as a tool name (each provider's tool-name rule in its API reference). */
import type { TargetId } from "./targets.js";

export interface NameRule {
  readonly pattern: RegExp;
  readonly description: string;
}

const OPENAI: NameRule = {
  pattern: /^[a-zA-Z0-9_-]{1,64}$/,
  description: "letters, digits, _ and -, at most 64",
};

export const TARGET_NAME_RULES: Readonly<Record<TargetId, NameRule>> = {
  "openai-chat": OPENAI,
  "openai-responses": OPENAI,
  "openai-agents": OPENAI,
  "openai-compatible": OPENAI,
  anthropic: {
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    description: "letters, digits, _ and -, at most 64",
  },
  "google-genai": {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/,
    description:
      "starts with a letter or _, then letters, digits, _ . : -, at most 128",
  },
  "google-interactions": {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}$/,
    description:
      "starts with a letter or _, then letters, digits, _ . : -, at most 128",
  },
  mcp: {
    pattern: /^[A-Za-z0-9._-]{1,128}$/,
    description: "letters, digits, _ - and ., at most 128",
  },
};
