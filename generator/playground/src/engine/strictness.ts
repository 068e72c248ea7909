/**
 * Per target and tool: declared strict or not, and why — the decision the provider emitter
 * makes (`lowerTool`, the same function), and how the target is told about each optional
 * top-level parameter (required and nullable, or left out of `required`).
 */
import type { CatalogIR } from "../../../core/ir/catalog-ir.js";
import { lowerTool } from "../../../core/providers/provider.js";
import { PROVIDERS } from "../../../core/providers/registry.js";
import { isTargetId } from "../../../core/targets.js";
import { isJsonObject, type Json } from "../../../core/schema/json.js";

export interface OptionalParameter {
  readonly name: string;
  readonly told: "required-and-nullable" | "left-out-of-required";
}

export interface StrictnessDecision {
  readonly target: string;
  readonly tool: string;
  readonly strict: boolean;
  readonly why: string;
  readonly optional: readonly OptionalParameter[];
}

function names(list: Json | undefined): Set<string> {
  return new Set(
    Array.isArray(list)
      ? list.filter((v): v is string => typeof v === "string")
      : [],
  );
}

export function strictnessDecisions(ir: CatalogIR): StrictnessDecision[] {
  const out: StrictnessDecision[] = [];
  for (const target of ir.targets) {
    if (!isTargetId(target.id)) continue;
    const module = PROVIDERS[target.id];
    const setting = target.options.strict;
    for (const tool of ir.tools) {
      const lowered = lowerTool(module, tool, target);
      const why = !module.dialects.strict
        ? `${target.id} has no strict mode: the schema is declared as the catalog says`
        : lowered.strict
          ? `strict: ${String(setting)} and the schema fits ${target.id}'s strict subset`
          : setting === "auto"
            ? `strict: auto, declared non-strict: ${lowered.problems[0]?.reason ?? "the schema does not fit the strict subset"}`
            : `strict: ${String(setting ?? false)} in the catalog`;
      const canonical = tool.input.schema as Json;
      const declared = lowered.input.schema;
      const optional: OptionalParameter[] = [];
      if (
        isJsonObject(canonical) &&
        isJsonObject(canonical.properties ?? null)
      ) {
        const required = names(canonical.required);
        const declaredRequired = isJsonObject(declared)
          ? names(declared.required)
          : new Set<string>();
        for (const name of Object.keys(canonical.properties as object)) {
          if (required.has(name)) continue;
          optional.push({
            name,
            told: declaredRequired.has(name)
              ? "required-and-nullable"
              : "left-out-of-required",
          });
        }
      }
      out.push({
        target: target.id,
        tool: tool.name,
        strict: lowered.strict,
        why,
        optional,
      });
    }
  }
  return out;
}
