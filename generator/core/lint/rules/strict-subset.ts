/**
 * `strict-subset`: a tool schema that a `strict: true` target cannot declare at all (a tuple open
 * at the end, a union whose nulls cannot be told apart, recursion where the dialect has none, …).
 * The check is the lowering itself, so lint and generation cannot disagree. Problems other rules
 * already report as errors under strict (open objects, optional-and-nullable) are left to them.
 * With `strict: auto` such a tool is declared non-strict, with an info finding at generation.
 */
import type { Json } from "../../schema/json.js";
import {
  lowerResource,
  type BlockerKind,
} from "../../providers/lowering/lowering.js";
import { buildPlan } from "../../providers/normalise-plan.js";
import { catalogPointer, nearestCanonical } from "../../providers/provider.js";
import { PROVIDERS } from "../../providers/registry.js";
import { isTargetId } from "../../targets.js";
import type { LintRule } from "../rule.js";
import { toolInputs } from "./provider-inputs.js";

/** Reported by no-additional-properties and optional-nullable (errors whenever a target is strict). */
const REPORTED_ELSEWHERE: ReadonlySet<BlockerKind> = new Set([
  "open-object",
  "optional-nullable",
]);

export const strictSubset: LintRule = {
  id: "strict-subset",
  summary:
    "schemas of a strict: true target stay within what its strict mode can declare",
  severity: "error",
  run(ctx) {
    for (const target of ctx.targets) {
      if (target.options.strict !== true || !isTargetId(target.id)) continue;
      const dialect = PROVIDERS[target.id].dialects.strict;
      if (!dialect) continue;
      for (const { resource } of toolInputs(ctx)) {
        const schema = resource.schema as Json;
        const lowered = lowerResource(schema, dialect);
        const plan = buildPlan(lowered.schema, lowered.nullWrappers);
        const blockers = [
          ...lowered.blockers,
          ...plan.blockers.map((b) => ({
            ...b,
            pointer: nearestCanonical(schema, b.pointer),
          })),
        ];
        for (const b of blockers) {
          if (REPORTED_ELSEWHERE.has(b.kind)) continue;
          ctx.report({
            rule: this.id,
            severity: "error",
            target: target.id,
            pointer: catalogPointer(resource, b.pointer),
            message: `${target.id} strict: ${b.reason}`,
          });
        }
      }
    }
  },
};
