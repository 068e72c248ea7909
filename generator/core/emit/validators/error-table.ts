/**
 * How an entry's error table is written: one row per error known when generating, in order of
 * first use, read by the generated code as `_e[n]` (`errorTable` in templates/validators/helpers.ts
 * builds the error objects at module load). Most rows are errors of Ajv's standard keywords, whose
 * params and message follow from the keyword and one schema value: such a row is only
 * `[schemaPath, arg]`, the schema path shortened to the keyword when it continues the previous
 * row's parent, and the instance path left out when the schema path names it. Everything else is
 * written out, `[instancePath, schemaPath, keyword, params, message]` (every row an array: prettier
 * lays out a table of arrays one row per line). test/validators/error-table.test.ts reads rows
 * written here back through the template's `errorTable`.
 */
import { code, type Code } from "../../codegen/code.js";
import { errorTableInstancePath } from "../../../../templates/validators/helpers.js";

/** Keywords whose params and message `errorTable` derives from the keyword and one value. */
export const STANDARD_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "required",
  "format",
  "pattern",
  "multipleOf",
  "maximum",
  "minimum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "items",
  "maxProperties",
  "minProperties",
  "enum",
  "const",
  "if",
  "anyOf",
  "not",
  "additionalProperties",
  "false schema",
]);

export interface TableRow {
  readonly schemaPath: string;
  readonly keyword: string;
  /** An object literal expression. */
  readonly params: Code;
  /** A string expression. */
  readonly message: Code;
  /** See ErrorSpec.arg: set when params and message are the standard derivation from it. */
  readonly arg?: Code | null;
  /** The static instance path; undefined when the row only lends its other fields. */
  readonly instancePath: string | undefined;
}

/** Identity of a row within a table (equal keys, one row). */
export function rowKey(row: TableRow): string {
  return [
    row.schemaPath,
    row.keyword,
    row.params.text,
    row.message.text,
    row.arg === undefined ? "\u0000" : (row.arg?.text ?? "null"),
    row.instancePath ?? "\u0000",
  ].join("\u0001");
}

/** The rows' expressions, in order (the shortening depends on the row before). */
export function rowExpressions(rows: readonly TableRow[]): Code[] {
  let parent = "#";
  return rows.map((row) => {
    const cut = row.schemaPath.lastIndexOf("/");
    if (
      row.arg === undefined ||
      !STANDARD_KEYWORDS.has(row.keyword) ||
      row.schemaPath.slice(cut + 1) !== row.keyword ||
      !row.schemaPath.startsWith("#")
    ) {
      return code`[${row.instancePath ?? ""}, ${row.schemaPath}, ${row.keyword}, ${row.params}, ${row.message}]`;
    }
    const rowParent = row.schemaPath.slice(0, cut);
    const head = rowParent === parent ? row.keyword : row.schemaPath;
    parent = rowParent;
    const arg = row.arg ?? code`null`;
    if (
      row.instancePath === undefined ||
      row.instancePath === namedInstancePath(row.schemaPath)
    )
      return code`[${head}, ${arg}]`;
    return code`[${head}, ${arg}, ${row.instancePath}]`;
  });
}

/**
 * The instance path a schema path names, as `errorTable` derives it where a row leaves it out:
 * the template's own function (templates/validators/helpers.ts), so the two cannot disagree.
 */
export const namedInstancePath: (schemaPath: string) => string =
  errorTableInstancePath;
