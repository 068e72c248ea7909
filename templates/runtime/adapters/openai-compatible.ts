/**
 * OpenAI-compatible servers (vLLM, Ollama, Groq, LiteLLM, …) reached through the `openai`
 * client: the Chat Completions wire format, read with the same adapter (adapters/openai-chat.ts
 * takes their deviations as normal), under the `openai-compatible` target so that their calls
 * are validated with that target's declarations and kept apart in the call store.
 *
 * Copied into generated output (runtime/adapters/openai-compatible.ts).
 */
import {
  chatCompletionsAdapter,
  type ChatCompletionChunkLike,
  type ChatCompletionLike,
  type ChatToolMessage,
} from "./openai-chat.js";
import type { ProviderAdapter } from "../tool-call.js";

export type {
  ChatCompletionChunkLike,
  ChatCompletionLike,
  ChatToolMessage,
} from "./openai-chat.js";

export const openaiCompatibleAdapter: ProviderAdapter<
  ChatCompletionLike,
  ChatCompletionChunkLike,
  ChatToolMessage[]
> = chatCompletionsAdapter("openai-compatible");
