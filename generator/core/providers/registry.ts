/**
 * Every provider target, by id. Adding a provider is one module under targets/, one line here and
 * one fixture directory; a `Record` over the target ids makes a missing module a compile error.
 */
import type { TargetId } from "../targets.js";
import type { ProviderModule } from "./provider.js";
import { anthropic } from "./targets/anthropic.js";
import { googleGenai } from "./targets/google-genai.js";
import { googleInteractions } from "./targets/google-interactions.js";
import { mcp } from "./targets/mcp.js";
import { openaiAgents } from "./targets/openai-agents.js";
import { openaiChat } from "./targets/openai-chat.js";
import { openaiCompatible } from "./targets/openai-compatible.js";
import { openaiResponses } from "./targets/openai-responses.js";

export const PROVIDERS: Readonly<Record<TargetId, ProviderModule>> = {
  "openai-chat": openaiChat,
  "openai-responses": openaiResponses,
  "openai-agents": openaiAgents,
  "openai-compatible": openaiCompatible,
  anthropic,
  "google-genai": googleGenai,
  "google-interactions": googleInteractions,
  mcp,
};
