/**
 * Checks the catalog document's own structure (everything outside the tool schemas, which lint
 * checks keyword by keyword). The rules mirror catalog.schema.json, which editors use; a test
 * keeps the two in agreement.
 */
import {
  hasOwn,
  isJsonObject,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import { TARGET_IDS, TARGET_SPECS, isTargetId } from "../targets.js";
import { didYouMean } from "../did-you-mean.js";

export interface DocumentFinding {
  readonly rule: "catalog-schema";
  readonly severity: "error" | "warning";
  readonly message: string;
  readonly pointer: string;
  /** Point at the key rather than the value (unknown keys). */
  readonly atKey?: boolean;
}

const ROOT_KEYS = [
  "toolcat",
  "targets",
  "$defs",
  "definitions",
  "tools",
  "$schema",
  "$comment",
  "title",
  "description",
];
const TOOL_KEYS = [
  "title",
  "description",
  "effect",
  "input",
  "output",
  "defer_loading",
  "idempotent",
  "open_world",
  "renamed_from",
  "$comment",
];
const EFFECTS = ["read", "write", "destructive"];

export function checkDocument(value: Json | undefined): DocumentFinding[] {
  const out: DocumentFinding[] = [];
  const err = (pointer: string, message: string, atKey = false) =>
    out.push({
      rule: "catalog-schema",
      severity: "error",
      message,
      pointer,
      atKey,
    });

  if (value === undefined || value === null) {
    err(
      "",
      "catalog is empty: expected a mapping with `toolcat: 1` and `tools:`",
    );
    return out;
  }
  if (!isJsonObject(value)) {
    err(
      "",
      `catalog must be a mapping with \`toolcat: 1\` and \`tools:\`, not ${describe(value)}`,
    );
    return out;
  }
  for (const key of Object.keys(value))
    if (!ROOT_KEYS.includes(key))
      err(
        pointerJoin("", key),
        `unknown top-level key ${JSON.stringify(key)}${didYouMean(key, ROOT_KEYS)} (expected one of ${ROOT_KEYS.join(", ")})`,
        true,
      );

  if (!hasOwn(value, "toolcat"))
    err("", "missing `toolcat: 1` (the catalog format version)");
  else if (value.toolcat !== 1)
    err(
      "/toolcat",
      `unsupported catalog format ${JSON.stringify(value.toolcat)}; this toolcat reads format 1`,
    );

  for (const key of ["$schema", "$comment", "title", "description"]) {
    if (hasOwn(value, key) && typeof value[key] !== "string")
      err(pointerJoin("", key), `\`${key}\` must be a string`);
  }

  if (hasOwn(value, "targets")) checkTargets(value.targets!, err);
  if (hasOwn(value, "$defs") && hasOwn(value, "definitions"))
    err(
      "/definitions",
      "use either `$defs` or draft-07 `definitions`, not both",
      true,
    );
  for (const key of ["$defs", "definitions"]) {
    if (hasOwn(value, key) && !isJsonObject(value[key]!))
      err(
        pointerJoin("", key),
        `\`${key}\` must be a mapping from names to schemas, not ${describe(value[key]!)}`,
      );
  }

  if (!hasOwn(value, "tools"))
    err("", "missing `tools:` (a mapping from tool name to tool)");
  else if (!isJsonObject(value.tools!))
    err(
      "/tools",
      `\`tools\` must be a mapping from tool name to tool, not ${describe(value.tools!)}`,
    );
  else {
    const tools = value.tools as JsonObject;
    if (Object.keys(tools).length === 0)
      out.push({
        rule: "catalog-schema",
        severity: "warning",
        message: "catalog defines no tools",
        pointer: "/tools",
      });
    for (const name of Object.keys(tools))
      checkTool(tools[name]!, pointerJoin("/tools", name), err);
    // `renamed_from` tells `toolcat diff` the old name; a tool of that name still here is a slip.
    for (const name of Object.keys(tools)) {
      const from = isJsonObject(tools[name]!)
        ? (tools[name] as JsonObject).renamed_from
        : undefined;
      if (typeof from === "string" && hasOwn(tools, from))
        out.push({
          rule: "catalog-schema",
          severity: "warning",
          message: `renamed_from names ${JSON.stringify(from)}, which is still a tool in this catalog`,
          pointer: pointerJoin("/tools", name, "renamed_from"),
        });
    }
  }
  return out;
}

function checkTargets(
  targets: Json,
  err: (p: string, m: string, k?: boolean) => void,
): void {
  if (!isJsonObject(targets)) {
    err(
      "/targets",
      `\`targets\` must be a mapping from target name to options, not ${describe(targets)}`,
    );
    return;
  }
  for (const id of Object.keys(targets)) {
    const p = pointerJoin("/targets", id);
    if (!isTargetId(id)) {
      err(
        p,
        `unknown target ${JSON.stringify(id)}${didYouMean(id, TARGET_IDS)} (known: ${TARGET_IDS.join(", ")})`,
        true,
      );
      continue;
    }
    const options = targets[id]!;
    if (options === null) continue;
    if (!isJsonObject(options)) {
      err(
        p,
        `options of target ${id} must be a mapping (or empty), not ${describe(options)}`,
      );
      continue;
    }
    const spec = TARGET_SPECS[id];
    for (const key of Object.keys(options)) {
      const flags: readonly string[] = spec.flags ?? [];
      if (key === "strict" && spec.strict.length > 0) {
        const v = options.strict;
        if (!(spec.strict as readonly Json[]).includes(v!))
          err(
            pointerJoin(p, "strict"),
            `\`strict\` for ${id} must be one of ${spec.strict.map((s) => JSON.stringify(s)).join(", ")}`,
          );
      } else if (flags.includes(key)) {
        if (typeof options[key] !== "boolean")
          err(
            pointerJoin(p, key),
            `\`${key}\` for ${id} must be true or false, not ${describe(options[key]!)}`,
          );
      } else {
        err(
          pointerJoin(p, key),
          key === "strict"
            ? `target ${id} has no strict mode`
            : `unknown option ${JSON.stringify(key)} for target ${id}${didYouMean(key, [...(spec.strict.length > 0 ? ["strict"] : []), ...flags])}`,
          true,
        );
      }
    }
  }
}

function checkTool(
  tool: Json,
  p: string,
  err: (p: string, m: string, k?: boolean) => void,
): void {
  if (!isJsonObject(tool)) {
    err(
      p,
      `a tool must be a mapping with \`description\` and \`input\`, not ${describe(tool)}`,
    );
    return;
  }
  for (const key of Object.keys(tool))
    if (!TOOL_KEYS.includes(key))
      err(
        pointerJoin(p, key),
        `unknown tool key ${JSON.stringify(key)}${didYouMean(key, TOOL_KEYS)} (expected one of ${TOOL_KEYS.join(", ")})`,
        true,
      );
  for (const key of ["title", "description", "renamed_from", "$comment"])
    if (hasOwn(tool, key) && typeof tool[key] !== "string")
      err(
        pointerJoin(p, key),
        `\`${key}\` must be a string, not ${describe(tool[key]!)}`,
      );
  for (const key of ["defer_loading", "idempotent", "open_world"])
    if (hasOwn(tool, key) && typeof tool[key] !== "boolean")
      err(
        pointerJoin(p, key),
        `\`${key}\` must be true or false, not ${describe(tool[key]!)}`,
      );
  if (hasOwn(tool, "effect") && !EFFECTS.includes(tool.effect as string))
    err(
      pointerJoin(p, "effect"),
      `\`effect\` must be one of ${EFFECTS.join(", ")}, not ${describe(tool.effect!)}`,
    );
  if (!hasOwn(tool, "input"))
    err(
      p,
      "tool has no `input` schema (use `{type: object, additionalProperties: false}` for a tool without arguments)",
    );
  else if (!isJsonObject(tool.input!) && typeof tool.input !== "boolean")
    err(
      pointerJoin(p, "input"),
      `\`input\` must be a schema (a mapping), not ${describe(tool.input!)}`,
    );
  if (
    hasOwn(tool, "output") &&
    !isJsonObject(tool.output!) &&
    typeof tool.output !== "boolean"
  )
    err(
      pointerJoin(p, "output"),
      `\`output\` must be a schema (a mapping), not ${describe(tool.output!)}`,
    );
}

export function describe(value: Json): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}
