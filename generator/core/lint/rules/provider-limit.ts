/**
 * `provider-limit`: size limits of a provider's strict mode, for targets declared `strict: true`
 * (with `strict: auto` an oversized tool is declared non-strict instead, with an info finding).
 * The limits belong to the dialects (providers/limits.ts): this rule names no provider.
 */
import type { Json } from "../../schema/json.js";
import { catalogPointer } from "../../providers/provider.js";
import { PROVIDERS } from "../../providers/registry.js";
import { isTargetId } from "../../targets.js";
import { pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";
import { toolInputs } from "./provider-inputs.js";

export const providerLimit: LintRule = {
  id: "provider-limit",
  summary:
    "tool schemas fit the size limits of a strict target (OpenAI: 5000 properties, 10 levels, 1000 enum values, 120,000 characters; Anthropic: 20 strict tools, 24 optional and 16 union parameters)",
  severity: "error",
  run(ctx) {
    for (const target of ctx.targets) {
      if (target.options.strict !== true || !isTargetId(target.id)) continue;
      const dialect = PROVIDERS[target.id].dialects.strict;
      if (!dialect) continue;
      const inputs = toolInputs(ctx);
      if (dialect.limits) {
        for (const { resource } of inputs) {
          for (const b of dialect.limits(resource.schema as Json)) {
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
      if (dialect.catalogLimits) {
        for (const f of dialect.catalogLimits(
          inputs.map((i) => ({
            tool: i.name,
            schema: i.resource.schema as Json,
          })),
        )) {
          const input =
            f.tool === undefined
              ? undefined
              : inputs.find((i) => i.name === f.tool);
          const pointer = input
            ? catalogPointer(input.resource, f.pointer)
            : target.pointer
              ? pointerJoin(target.pointer, "strict")
              : "";
          ctx.report({
            rule: this.id,
            severity: "error",
            target: target.id,
            pointer,
            message: `${target.id} strict: ${f.reason}`,
          });
        }
      }
    }
  },
};
