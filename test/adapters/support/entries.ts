/**
 * `dispatcher.<camelTarget>` for each HTTP target, built from the adapters and the dispatcher of
 * support/dispatch.ts (the one module to change when the generated dispatcher takes over).
 */
import { anthropicAdapter } from "../../../templates/runtime/adapters/anthropic.js";
import { googleGenaiAdapter } from "../../../templates/runtime/adapters/google-genai.js";
import { googleInteractionsAdapter } from "../../../templates/runtime/adapters/google-interactions.js";
import { openaiAgentsAdapter } from "../../../templates/runtime/adapters/openai-agents.js";
import { openaiChatAdapter } from "../../../templates/runtime/adapters/openai-chat.js";
import { openaiCompatibleAdapter } from "../../../templates/runtime/adapters/openai-compatible.js";
import { openaiResponsesAdapter } from "../../../templates/runtime/adapters/openai-responses.js";
import type { TargetName } from "../../../templates/runtime/tool-call.js";
import { bindAdapter, type Dispatcher } from "./dispatch.js";
import type { Entry } from "./providers.js";

export const adapters = {
  "openai-chat": openaiChatAdapter,
  "openai-responses": openaiResponsesAdapter,
  "openai-agents": openaiAgentsAdapter,
  "openai-compatible": openaiCompatibleAdapter,
  anthropic: anthropicAdapter,
  "google-genai": googleGenaiAdapter,
  "google-interactions": googleInteractionsAdapter,
} as const;

export function entryFor(target: TargetName, dispatcher: Dispatcher): Entry {
  if (target === "mcp") throw new Error("MCP has no respond: use createMcpEndpoint");
  return bindAdapter(adapters[target] as never, (call) => dispatcher.run(call)) as Entry;
}
