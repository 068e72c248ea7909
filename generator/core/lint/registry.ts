/** Every lint rule, in the order findings are produced. Rule ids are stable. */
import type { LintRule, RuleSeverity } from "./rule.js";
import { allRequired } from "./rules/all-required.js";
import { arrayItems } from "./rules/array-items.js";
import { defsConflict } from "./rules/defs-conflict.js";
import { descriptionPresent } from "./rules/description-present.js";
import { effectDeclared } from "./rules/effect-declared.js";
import { enumValues } from "./rules/enum-values.js";
import { invalidSchema } from "./rules/invalid-schema.js";
import { namePortable } from "./rules/name-portable.js";
import { noAdditionalProperties } from "./rules/no-additional-properties.js";
import { noDefaults } from "./rules/no-defaults.js";
import { nonEmptyName } from "./rules/non-empty-name.js";
import { optionalNullable } from "./rules/optional-nullable.js";
import { patternCompiles } from "./rules/pattern-compiles.js";
import { requiredUndeclared } from "./rules/required-undeclared.js";
import { patternSafe } from "./rules/pattern-safe.js";
import { providerLimit } from "./rules/provider-limit.js";
import { rootObject } from "./rules/root-object.js";
import { strictSubset } from "./rules/strict-subset.js";
import { typedProperties } from "./rules/typed-properties.js";
import { prototypeName } from "./rules/prototype-name.js";
import { unresolvedRef } from "./rules/unresolved-ref.js";
import { unsupportedKeyword } from "./rules/unsupported-keyword.js";

export const LINT_RULES: readonly LintRule[] = [
  // What toolcat must be able to compile: errors whatever the targets.
  unsupportedKeyword,
  invalidSchema,
  unresolvedRef,
  defsConflict,
  patternCompiles,
  patternSafe,
  rootObject,
  nonEmptyName,
  namePortable,
  prototypeName,
  requiredUndeclared,
  // What the dispatcher does with a tool.
  effectDeclared,
  // The strict-mode contract: errors when a target is `strict: true`, warnings otherwise.
  descriptionPresent,
  noAdditionalProperties,
  allRequired,
  optionalNullable,
  noDefaults,
  typedProperties,
  enumValues,
  arrayItems,
  // What a strict: true target can declare (the provider dialects and their limits).
  strictSubset,
  providerLimit,
];

/**
 * Rule ids reported outside the lint rules (by the loader, the document check and the emitters),
 * listed so `--rules` and the docs show every id a user can see.
 */
export const OTHER_RULES: readonly Pick<
  LintRule,
  "id" | "summary" | "severity"
>[] = [
  {
    id: "yaml-syntax",
    severity: "error",
    summary: "the catalog is not well-formed YAML",
  },
  {
    id: "duplicate-key",
    severity: "error",
    summary: "a mapping repeats a key",
  },
  {
    id: "json-parseable",
    severity: "error",
    summary:
      "a YAML value that JSON cannot represent (.inf, .nan, custom tags, non-string keys)",
  },
  { id: "encoding", severity: "error", summary: "the catalog is not UTF-8" },
  {
    id: "file-too-large",
    severity: "error",
    summary: "the catalog exceeds the size limit",
  },
  {
    id: "catalog-schema",
    severity: "mixed",
    summary:
      "the catalog document does not match catalog.schema.json (a catalog without tools is a warning)",
  },
  {
    id: "provider-output",
    severity: "error",
    summary:
      "a tool output that a target cannot declare (e.g. a non-object output for MCP)",
  },
];

/** Every rule a user can see, once each, with its severity and fix: what `lint --rules` prints. */
export function ruleTable(): {
  id: string;
  severity: RuleSeverity;
  fix?: string;
  summary: string;
}[] {
  return [...LINT_RULES, ...OTHER_RULES].map((r) => {
    const fix = (r as Partial<LintRule>).fix;
    return {
      id: r.id,
      severity: r.severity,
      ...(fix ? { fix } : {}),
      summary: r.summary,
    };
  });
}
