/** What `toolcat diff` reports: one finding per change, with whom it breaks and where it is. */
import type { Json } from "../schema/json.js";
import type { DiffRuleId } from "./rules.js";

/**
 * Who must adapt. `callers`: a call that was valid is now rejected. `consumers`: readers of the
 * tool's results may now receive values they never had to handle. `handlers`: the tool's own
 * handler receives new values or must return something else (the type checker points at it in
 * the same pull request). `nobody`: compatible.
 */
export type Party = "callers" | "consumers" | "handlers" | "nobody";

/** `possibly`: the comparison cannot tell for certain (a pattern replaced, a union reshaped). */
export type Certainty = "certain" | "possibly";

export interface SourceSpot {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

export interface DiffFinding {
  readonly rule: DiffRuleId;
  /** The tool's name in the new catalog (the old name for a removed tool). */
  readonly tool: string;
  /**
   * JSON Pointer of the change in the tool as if every `$ref` were inlined, e.g.
   * `/tools/log_meal/input/properties/meal/enum`: the same whether a definition is shared or not.
   */
  readonly pointer: string;
  /** Where to look: in the new catalog, or in the old one for what was removed. */
  readonly at: SourceSpot & { readonly side: "new" | "old" };
  /** Nearest place in the new catalog (where a pull-request annotation can sit). */
  readonly anchor: SourceSpot;
  readonly breaks: Party;
  readonly certainty: Certainty;
  readonly message: string;
  /** For changes the handler absorbs: what it must now handle or return. */
  readonly handlerMust?: string;
  readonly before?: Json;
  readonly after?: Json;
  /** Names the change in an acknowledgement file; stable across unrelated edits. */
  readonly fingerprint: string;
  /** Set when an acknowledgement entry names this finding. */
  readonly acknowledged?: { readonly reason: string; readonly line: number };
}

/** Whether a finding fails the run (before acknowledgements). */
export function fails(
  f: Pick<DiffFinding, "breaks">,
  failOnHandlers: boolean,
): boolean {
  return (
    f.breaks === "callers" ||
    f.breaks === "consumers" ||
    (failOnHandlers && f.breaks === "handlers")
  );
}

/** Most severe first: certain breaks outside the pull request, possible ones, handler work, the rest. */
export function severityRank(
  f: Pick<DiffFinding, "breaks" | "certainty">,
): number {
  const external = f.breaks === "callers" || f.breaks === "consumers";
  if (external) return f.certainty === "certain" ? 0 : 1;
  if (f.breaks === "handlers") return f.certainty === "certain" ? 2 : 3;
  return 4;
}
