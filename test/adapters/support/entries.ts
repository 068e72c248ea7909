/**
 * `dispatcher.<camelTarget>` for each target, as the generated dispatcher exposes it.
 */
import type { TargetName } from "../../../templates/runtime/tool-call.js";
import type { Dispatcher } from "./dispatch.js";
import type { Entry } from "./providers.js";

export function entryFor(target: TargetName, dispatcher: Dispatcher): Entry {
  const member = target.replace(/-([a-z])/g, (_, letter: string) =>
    letter.toUpperCase(),
  ) as Exclude<keyof Dispatcher, "run">;
  return dispatcher[member] as Entry;
}
