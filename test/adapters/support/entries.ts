/**
 * `dispatcher.<camelTarget>` for each HTTP target, as the generated dispatcher exposes it.
 */
import type { TargetName } from "../../../templates/runtime/tool-call.js";
import type { Dispatcher } from "./dispatch.js";
import type { Entry } from "./providers.js";

export function entryFor(target: TargetName, dispatcher: Dispatcher): Entry {
  switch (target) {
    case "openai-chat":
      return dispatcher.openaiChat as Entry;
    case "openai-responses":
      return dispatcher.openaiResponses as Entry;
    case "openai-agents":
      return dispatcher.openaiAgents as Entry;
    case "openai-compatible":
      return dispatcher.openaiCompatible as Entry;
    case "anthropic":
      return dispatcher.anthropic as Entry;
    case "google-genai":
      return dispatcher.googleGenai as Entry;
    case "google-interactions":
      return dispatcher.googleInteractions as Entry;
    case "mcp":
      return dispatcher.mcp as Entry;
  }
}
