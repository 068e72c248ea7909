/**
 * Whom a change breaks, from the side it is on and how it moves the set of accepted values. As
 * oasdiff and Confluent's schema registry define compatibility: narrowing an input breaks callers
 * (a call that was valid is rejected), widening it breaks handlers (they receive values they never
 * had to handle); widening an output breaks consumers, narrowing it breaks handlers (they must
 * return something else).
 */
import type { Certainty, Party } from "./finding.js";
import type { Side } from "./rules.js";

/** How a change moves the set of values the schema accepts. `uncertain`: may do both. */
export type Effect = "narrows" | "widens" | "uncertain" | "none";

export function partyFor(
  side: Side,
  effect: Effect,
): { breaks: Party; certainty: Certainty } {
  switch (effect) {
    case "none":
      return { breaks: "nobody", certainty: "certain" };
    case "narrows":
      return {
        breaks: side === "input" ? "callers" : "handlers",
        certainty: "certain",
      };
    case "widens":
      return {
        breaks: side === "input" ? "handlers" : "consumers",
        certainty: "certain",
      };
    case "uncertain":
      // The party outside the pull request is the one to warn: it cannot see the handler's diff.
      return {
        breaks: side === "input" ? "callers" : "consumers",
        certainty: "possibly",
      };
  }
}
