/**
 * Recognises tool declarations in the shapes providers use and reads each into one neutral form.
 * Shapes (see each provider's documentation):
 * - MCP `Tool` (`inputSchema`, `outputSchema`, `annotations`), alone, in a list, in a `tools/list`
 *   result `{tools, nextCursor?}` or in its JSON-RPC response `{result: {tools}}`;
 * - OpenAI Chat Completions `{type: "function", function: {name, description, parameters, strict}}`;
 * - OpenAI Responses `{type: "function", name, parameters, strict, output_schema?, defer_loading?}`
 *   (also the shape of the Agents API and Gemini Interactions function tools);
 * - Anthropic Messages `{name, description, input_schema}`;
 * - Gemini `{functionDeclarations: [{name, description, parameters | parametersJsonSchema,
 *   response | responseJsonSchema}]}` (`parameters` is Gemini's OpenAPI-style `Schema`).
 * Keys a shape has but the catalog cannot hold are reported, never dropped silently.
 */
import {
  hasOwn,
  isJsonObject,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import type { Reporter, Site } from "./report.js";

export type FormatId =
  "mcp" | "openai-chat" | "openai-responses" | "anthropic" | "google";

export const FORMAT_TITLES: Readonly<Record<FormatId, string>> = {
  mcp: "MCP tool",
  "openai-chat": "OpenAI Chat Completions function tool",
  "openai-responses": "OpenAI Responses function tool",
  anthropic: "Anthropic tool",
  google: "Gemini function declaration",
};

/** A schema and where it came from. */
export interface SourcedSchema {
  readonly schema: Json;
  readonly pointer: string;
  /** Gemini's OpenAPI-style `Schema` (upper-case types, `nullable`) rather than JSON Schema. */
  readonly openApi?: boolean;
}

export interface Declaration {
  readonly format: FormatId;
  readonly site: Site;
  /** Pointer of the declaration object in its site. */
  readonly pointer: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** Absent: the declaration has no parameters (an empty argument object). */
  readonly input?: SourcedSchema;
  readonly output?: SourcedSchema;
  readonly strict?: boolean;
  readonly effect?: "read" | "write" | "destructive";
  readonly idempotent?: boolean;
  readonly openWorld?: boolean;
  readonly deferLoading?: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Wrapper keys that carry no tool: reported as not carried with a reason. */
const WRAPPER_NOTES: Readonly<Record<string, string>> = {
  "//": "a comment",
  nextCursor: "a tools/list page cursor: import every page",
  jsonrpc: "JSON-RPC framing",
  id: "JSON-RPC framing",
  _meta: "MCP metadata",
};

/**
 * Every declaration in one JSON value. Returns false when the value is in none of the known
 * formats (the caller reports that once for the whole value).
 */
export function readDeclarations(
  value: Json,
  site: Site,
  report: Reporter,
  out: Declaration[],
): boolean {
  const before = out.length;
  const ok = readAny(value, "", site, report, out, 0);
  return ok || out.length > before;
}

function readAny(
  value: Json,
  pointer: string,
  site: Site,
  report: Reporter,
  out: Declaration[],
  depth: number,
): boolean {
  if (depth > 3) return false;
  if (Array.isArray(value)) {
    let any = false;
    value.forEach((item, i) => {
      const p = pointerJoin(pointer, i);
      if (readAny(item, p, site, report, out, depth + 1)) any = true;
      else
        report.add(
          site,
          p,
          "error",
          "import-format",
          `not a tool declaration in any known format (${knownFormats()})`,
        );
    });
    return any || value.length === 0;
  }
  if (!isJsonObject(value)) return false;
  if (value.type === "tool_search" && depth > 0) {
    // OpenAI tool search is a switch, not a tool: toolcat adds it when a tool has `defer_loading`.
    report.add(
      site,
      pointer,
      "info",
      "import-converted",
      "`tool_search` is implied by `defer_loading: true` on a tool; not a tool of its own",
    );
    return true;
  }
  const tool = readTool(value, pointer, site, report);
  if (tool) {
    out.push(tool);
    return true;
  }
  // Containers: {tools: [...]}, {result: {tools: [...]}}, {functionDeclarations: [...]}.
  for (const key of [
    "tools",
    "result",
    "functionDeclarations",
    "function_declarations",
  ]) {
    if (!hasOwn(value, key)) continue;
    const inner = value[key]!;
    if (key === "result" ? !isJsonObject(inner) : !Array.isArray(inner))
      continue;
    const p = pointerJoin(pointer, key);
    const ok =
      key === "functionDeclarations" || key === "function_declarations"
        ? readGoogleList(inner as readonly Json[], p, site, report, out)
        : readAny(inner, p, site, report, out, depth + 1);
    if (!ok) return false;
    for (const k of Object.keys(value)) {
      if (k === key) continue;
      const why = hasOwn(WRAPPER_NOTES, k)
        ? WRAPPER_NOTES[k]!
        : "not part of a tool declaration";
      // Framing and comments carry nothing of a tool (info); anything else, or a page cursor (other
      // pages hold more tools), is worth a warning.
      const severity =
        hasOwn(WRAPPER_NOTES, k) && k !== "nextCursor" ? "info" : "warning";
      report.add(
        site,
        pointerJoin(pointer, k),
        severity,
        "import-not-carried",
        `${JSON.stringify(k)} not carried: ${why}`,
        true,
      );
    }
    return true;
  }
  return false;
}

function knownFormats(): string {
  return "MCP tools/list, OpenAI Chat or Responses tools, Anthropic tools, Gemini functionDeclarations";
}

function readGoogleList(
  list: readonly Json[],
  pointer: string,
  site: Site,
  report: Reporter,
  out: Declaration[],
): boolean {
  list.forEach((item, i) => {
    const p = pointerJoin(pointer, i);
    const d =
      isJsonObject(item) && typeof item.name === "string"
        ? readGoogle(item, p, site, report)
        : undefined;
    if (d) out.push(d);
    else
      report.add(
        site,
        p,
        "error",
        "import-format",
        "not a Gemini function declaration (an object with a string `name`)",
      );
  });
  return true;
}

/** The declaration `value` is, by its distinguishing keys, or undefined. */
function readTool(
  value: JsonObject,
  pointer: string,
  site: Site,
  report: Reporter,
): Declaration | undefined {
  if (
    value.type === "function" &&
    isJsonObject(value.function ?? null) &&
    typeof (value.function as JsonObject).name === "string"
  ) {
    const fn = value.function as JsonObject;
    const p = pointerJoin(pointer, "function");
    extraKeys(value, pointer, ["type", "function"], site, report);
    return common("openai-chat", fn, p, site, report, {
      schemaKey: "parameters",
      known: ["name", "description", "parameters", "strict"],
    });
  }
  if (value.type === "function" && typeof value.name === "string") {
    return common("openai-responses", value, pointer, site, report, {
      schemaKey: "parameters",
      outputKey: "output_schema",
      known: [
        "type",
        "name",
        "description",
        "parameters",
        "strict",
        "output_schema",
        "defer_loading",
      ],
    });
  }
  if (typeof value.name !== "string") return undefined;
  if (hasOwn(value, "inputSchema")) {
    return common("mcp", value, pointer, site, report, {
      schemaKey: "inputSchema",
      outputKey: "outputSchema",
      known: [
        "name",
        "title",
        "description",
        "inputSchema",
        "outputSchema",
        "annotations",
      ],
    });
  }
  if (hasOwn(value, "input_schema")) {
    return common("anthropic", value, pointer, site, report, {
      schemaKey: "input_schema",
      known: ["name", "description", "input_schema", "strict", "type"],
    });
  }
  if (
    hasOwn(value, "parametersJsonSchema") ||
    hasOwn(value, "parameters") ||
    hasOwn(value, "responseJsonSchema") ||
    hasOwn(value, "response")
  ) {
    return readGoogle(value, pointer, site, report);
  }
  return undefined;
}

function readGoogle(
  value: JsonObject,
  pointer: string,
  site: Site,
  report: Reporter,
): Declaration {
  const jsonSchema = hasOwn(value, "parametersJsonSchema");
  if (jsonSchema && hasOwn(value, "parameters")) {
    report.add(
      site,
      pointerJoin(pointer, "parameters"),
      "warning",
      "import-not-carried",
      "`parameters` not carried: Gemini takes either `parameters` or `parametersJsonSchema`, and `parametersJsonSchema` was read",
      true,
    );
  }
  const responseJson = hasOwn(value, "responseJsonSchema");
  if (responseJson && hasOwn(value, "response")) {
    report.add(
      site,
      pointerJoin(pointer, "response"),
      "warning",
      "import-not-carried",
      "`response` not carried: `responseJsonSchema` was read instead",
      true,
    );
  }
  return common("google", value, pointer, site, report, {
    schemaKey: jsonSchema ? "parametersJsonSchema" : "parameters",
    outputKey: responseJson ? "responseJsonSchema" : "response",
    openApiInput: !jsonSchema,
    openApiOutput: !responseJson,
    known: [
      "name",
      "description",
      "parameters",
      "parametersJsonSchema",
      "response",
      "responseJsonSchema",
    ],
  });
}

interface Shape {
  readonly schemaKey: string;
  readonly outputKey?: string;
  readonly openApiInput?: boolean;
  readonly openApiOutput?: boolean;
  readonly known: readonly string[];
}

function common(
  format: FormatId,
  value: JsonObject,
  pointer: string,
  site: Site,
  report: Reporter,
  shape: Shape,
): Declaration {
  const d: Mutable<Declaration> = {
    format,
    site,
    pointer,
    name: value.name as string,
  };
  const str = (key: string): string | undefined => {
    if (!hasOwn(value, key) || value[key] === null) return undefined;
    if (typeof value[key] === "string") return value[key] as string;
    report.add(
      site,
      pointerJoin(pointer, key),
      "warning",
      "import-not-carried",
      `\`${key}\` not carried: it is not a string`,
    );
    return undefined;
  };
  const title = str("title");
  if (title !== undefined) d.title = title;
  const description = str("description");
  if (description !== undefined) d.description = description;
  if (hasOwn(value, shape.schemaKey) && value[shape.schemaKey] !== null) {
    d.input = {
      schema: value[shape.schemaKey]!,
      pointer: pointerJoin(pointer, shape.schemaKey),
      ...(shape.openApiInput ? { openApi: true } : {}),
    };
  }
  if (
    shape.outputKey &&
    hasOwn(value, shape.outputKey) &&
    value[shape.outputKey] !== null
  ) {
    d.output = {
      schema: value[shape.outputKey]!,
      pointer: pointerJoin(pointer, shape.outputKey),
      ...(shape.openApiOutput ? { openApi: true } : {}),
    };
  }
  if (typeof value.strict === "boolean") d.strict = value.strict;
  if (typeof value.defer_loading === "boolean")
    d.deferLoading = value.defer_loading;
  if (
    format === "anthropic" &&
    hasOwn(value, "type") &&
    value.type !== "custom"
  ) {
    report.add(
      site,
      pointerJoin(pointer, "type"),
      "warning",
      "import-not-carried",
      `\`type: ${JSON.stringify(value.type)}\` not carried: only custom (client) tools can be imported`,
    );
  }
  if (format === "mcp" && hasOwn(value, "annotations"))
    readAnnotations(
      value.annotations!,
      pointerJoin(pointer, "annotations"),
      d,
      site,
      report,
    );
  // MCP's defaults (readOnlyHint: false, destructiveHint: true): a tool that says neither is
  // destructive, and runs only after `confirm`. Declarations toolcat wrote keep their own
  // convention: a catalog tool without `effect` is written without hints.
  if (format === "mcp" && d.effect === undefined && !site.byToolcat) {
    d.effect = "destructive";
    const at = hasOwn(value, "annotations")
      ? pointerJoin(pointer, "annotations")
      : pointer;
    report.add(
      site,
      at,
      "warning",
      "import-converted",
      "no `readOnlyHint` or `destructiveHint`: MCP's defaults make the tool destructive, imported as `effect: destructive` (it runs only after `confirm`; say `effect: read` or `write` if it is not)",
      hasOwn(value, "annotations"),
    );
  }
  for (const key of ["strict", "defer_loading"]) {
    if (
      hasOwn(value, key) &&
      value[key] !== null &&
      typeof value[key] !== "boolean"
    )
      report.add(
        site,
        pointerJoin(pointer, key),
        "warning",
        "import-not-carried",
        `\`${key}\` not carried: it is not true or false`,
      );
  }
  extraKeys(value, pointer, shape.known, site, report);
  return d;
}

function extraKeys(
  value: JsonObject,
  pointer: string,
  known: readonly string[],
  site: Site,
  report: Reporter,
): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    report.add(
      site,
      pointerJoin(pointer, key),
      "warning",
      "import-not-carried",
      `${JSON.stringify(key)} not carried: the catalog has no place for it`,
      true,
    );
  }
}

/**
 * MCP tool annotations (the MCP specification, Tools: ToolAnnotations). Defaults matter:
 * `readOnlyHint` defaults to false and `destructiveHint` to true, so a tool that says only
 * `readOnlyHint: false` is destructive.
 */
function readAnnotations(
  annotations: Json,
  pointer: string,
  d: Mutable<Declaration>,
  site: Site,
  report: Reporter,
): void {
  if (!isJsonObject(annotations)) {
    report.add(
      site,
      pointer,
      "warning",
      "import-not-carried",
      "`annotations` not carried: it is not an object",
    );
    return;
  }
  const flag = (key: string): boolean | undefined => {
    if (!hasOwn(annotations, key)) return undefined;
    if (typeof annotations[key] === "boolean")
      return annotations[key] as boolean;
    report.add(
      site,
      pointerJoin(pointer, key),
      "warning",
      "import-not-carried",
      `\`${key}\` not carried: it is not true or false`,
    );
    return undefined;
  };
  const readOnly = flag("readOnlyHint");
  const destructive = flag("destructiveHint");
  if (readOnly === true) {
    d.effect = "read";
    if (destructive !== undefined)
      report.add(
        site,
        pointerJoin(pointer, "destructiveHint"),
        "info",
        "import-converted",
        "`destructiveHint` has no meaning beside `readOnlyHint: true` (MCP); imported as `effect: read`",
      );
  } else if (readOnly !== undefined || destructive !== undefined) {
    d.effect = destructive === false ? "write" : "destructive";
    if (destructive === undefined)
      report.add(
        site,
        pointer,
        "info",
        "import-converted",
        "no `destructiveHint`: MCP's default is destructive, imported as `effect: destructive`",
      );
  }
  const idempotent = flag("idempotentHint");
  if (idempotent !== undefined) d.idempotent = idempotent;
  const openWorld = flag("openWorldHint");
  if (openWorld !== undefined) d.openWorld = openWorld;
  if (typeof annotations.title === "string" && d.title === undefined)
    d.title = annotations.title;
  for (const key of Object.keys(annotations)) {
    if (
      [
        "readOnlyHint",
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
      ].includes(key)
    )
      continue;
    if (key === "title" && typeof annotations.title === "string") {
      if (d.title !== annotations.title)
        report.add(
          site,
          pointerJoin(pointer, key),
          "warning",
          "import-not-carried",
          "`annotations.title` not carried: the tool's own `title` differs and was kept",
          true,
        );
      continue;
    }
    report.add(
      site,
      pointerJoin(pointer, key),
      "warning",
      "import-not-carried",
      `annotation ${JSON.stringify(key)} not carried: the catalog has no place for it`,
      true,
    );
  }
}
