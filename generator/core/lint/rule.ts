/** The lint rule interface: one module per rule id, each a pure function of the catalog. */
import type { Severity } from "../diagnostics.js";
import type { Json, JsonObject } from "../schema/json.js";
import type { TargetIR } from "../ir/catalog-ir.js";

/**
 * A mechanical repair, stated on the JSON model; `fix.ts` turns it into a text edit that keeps
 * the YAML's comments and formatting.
 */
export type Fix =
  /** Add `key: value` to the mapping at `pointer` (which must not have the key). */
  | {
      readonly op: "add-key";
      readonly pointer: string;
      readonly key: string;
      readonly value: Json;
    }
  /** Remove the mapping entry at `pointer`. */
  | { readonly op: "remove-key"; readonly pointer: string }
  /** Replace the mapping entry at `pointer` by `key: value`, in its place (its line comment stays). */
  | {
      readonly op: "replace-entry";
      readonly pointer: string;
      readonly key: string;
      readonly value: Json;
    }
  /** Replace the value at `pointer`. */
  | { readonly op: "set-value"; readonly pointer: string; readonly value: Json }
  /** Remove the list item at `pointer` (the list keeps at least one other item). */
  | { readonly op: "remove-item"; readonly pointer: string }
  /** Append strings to the list at `pointer`, or create `key: [values]` in the mapping `parent`. */
  | {
      readonly op: "append-strings";
      readonly parent: string;
      readonly key: string;
      readonly values: readonly string[];
    }
  /** Several edits inside one mapping, applied together or not at all. */
  | {
      readonly op: "group";
      readonly fixes: readonly Exclude<Fix, { op: "group" }>[];
    };

export interface Finding {
  readonly rule: string;
  readonly severity: Severity;
  readonly message: string;
  readonly pointer: string;
  /** Report the position of the mapping key rather than of its value. */
  readonly atKey?: boolean;
  readonly target?: string;
  readonly fix?: Fix;
}

/** Where a schema node sits, for rules that care (property schemas, resource roots, …). */
export interface SchemaSite {
  readonly pointer: string;
  /** Pointer of the resource root that contains it (tool input/output or a catalog def). */
  readonly resource: string;
  readonly resourceKind: "input" | "output" | "catalog-def";
  /** The tool it belongs to (absent for catalog defs). */
  readonly tool?: string;
  /** The keyword that holds it in its parent (`properties`, `items`, …); absent at the root. */
  readonly via?: string;
  /** Property name when `via` is `properties`. */
  readonly propertyName?: string;
  /** The parent schema object (when there is one). */
  readonly parent?: JsonObject;
  readonly parentPointer?: string;
  /** Subschema nesting depth below the resource root. */
  readonly depth: number;
}

export interface LintContext {
  readonly catalog: JsonObject;
  readonly targets: readonly TargetIR[];
  /** Severity for the strict-mode contract rules: error when some target is `strict: true`. */
  readonly strictSeverity: "error" | "warning";
  /** Targets that declare strict true or auto (the ones lowering applies to). */
  readonly strictTargets: readonly TargetIR[];
  /** Strict targets whose dialect declares optional properties as required-and-nullable (OpenAI). */
  readonly nullableOptionalTargets: readonly TargetIR[];
  /** Every schema node in the catalog with its site (visited once, shared by all rules). */
  readonly schemaNodes: readonly {
    readonly node: Json;
    readonly site: SchemaSite;
  }[];
  /** Catalog-level defs (from `$defs` or `definitions`). */
  readonly catalogDefs: JsonObject;
  /** Pointer of the catalog's defs mapping (`/$defs` or `/definitions`). */
  readonly catalogDefsPointer: string;
  readonly tools: readonly {
    readonly name: string;
    readonly pointer: string;
    readonly tool: JsonObject;
  }[];
  /**
   * False in a context that holds one tool only (lint-memo.ts runs the rules tool by tool): what
   * belongs to the catalog's `$defs` mapping itself (its entry names) is left to the defs' context.
   */
  readonly catalogLevel?: boolean;
  report(finding: Finding): void;
}

/**
 * How severe a rule's findings are, for `lint --rules`: one fixed level, `strict` (error when a
 * target is `strict: true`, warning otherwise), or `mixed` (depends on the finding; see the rule).
 */
export type RuleSeverity = Severity | "strict" | "mixed";

export interface LintRule {
  readonly id: string;
  /** One line for `toolcat lint --rules` and the rules table of docs/lint.md. */
  readonly summary: string;
  readonly severity: RuleSeverity;
  /** What `lint --fix` does about the rule's findings; absent when it has no mechanical fix. */
  readonly fix?: string;
  run(context: LintContext): void;
}
