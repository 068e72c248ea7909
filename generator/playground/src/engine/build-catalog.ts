/**
 * Build mode: the form (a tool's name, description and parameter rows, nested for objects and
 * arrays of objects) as a catalog document, printed by the importer's YAML printer
 * (`catalogYaml`: one key per line, strings quoted only where YAML needs it).
 */
import { catalogYaml } from "../../../core/import/catalog-yaml.js";
import type { Json, JsonObject } from "../../../core/schema/json.js";

export const PARAMETER_TYPES = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];
export const ITEM_TYPES = [
  "string",
  "number",
  "integer",
  "boolean",
  "object",
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export interface ParameterRow {
  readonly name: string;
  readonly type: ParameterType;
  readonly description: string;
  /** Comma-separated enum values (strings, or numbers for number/integer); empty: no enum. */
  readonly enumValues: string;
  readonly required: boolean;
  /** For `array`: the items' type. */
  readonly items: ItemType;
  /** For `object` and arrays of objects: their properties. */
  readonly children: readonly ParameterRow[];
}

/** What running the tool does (the catalog's `effect`): lint asks for it, since `write` runs without `confirm`. */
export const EFFECTS = ["read", "write", "destructive"] as const;
export type Effect = (typeof EFFECTS)[number];

export interface BuildState {
  readonly name: string;
  readonly description: string;
  readonly effect: Effect;
  readonly parameters: readonly ParameterRow[];
}

/** Every target with the example catalog's options, so each provider's declaration shows. */
export const PAGE_TARGETS: JsonObject = {
  "openai-chat": { strict: "auto" },
  "openai-responses": { strict: "auto" },
  "openai-agents": {},
  anthropic: {},
  "google-genai": {},
  "google-interactions": {},
  mcp: {},
  "openai-compatible": { strict: false },
};

export function emptyRow(): ParameterRow {
  return {
    name: "",
    type: "string",
    description: "",
    enumValues: "",
    required: true,
    items: "string",
    children: [],
  };
}

function enumOf(row: { type: string; enumValues: string }): Json[] | undefined {
  const parts = row.enumValues
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (
    parts.length === 0 ||
    row.type === "boolean" ||
    row.type === "object" ||
    row.type === "array"
  )
    return undefined;
  if (row.type === "string") return parts;
  // A value that is not a number stays a string, so the lint rule `enum-values` names it.
  return parts.map((p) => (Number.isFinite(Number(p)) ? Number(p) : p));
}

function objectSchema(
  rows: readonly ParameterRow[],
  description?: string,
): JsonObject {
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const row of rows) {
    properties[row.name] = rowSchema(row);
    if (row.required) required.push(row.name);
  }
  return {
    type: "object",
    ...(description !== undefined ? { description } : {}),
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function rowSchema(row: ParameterRow): JsonObject {
  if (row.type === "object") return objectSchema(row.children, row.description);
  if (row.type === "array") {
    const items: JsonObject =
      row.items === "object"
        ? objectSchema(row.children)
        : {
            type: row.items,
            ...optionalEnum({ type: row.items, enumValues: row.enumValues }),
          };
    return { type: "array", description: row.description, items };
  }
  return { type: row.type, description: row.description, ...optionalEnum(row) };
}

function optionalEnum(row: { type: string; enumValues: string }): JsonObject {
  const values = enumOf(row);
  return values ? { enum: values } : {};
}

export function buildCatalogDocument(state: BuildState): JsonObject {
  const input = objectSchema(state.parameters);
  return {
    toolcat: 1,
    targets: PAGE_TARGETS,
    tools: {
      [state.name]: {
        description: state.description,
        effect: state.effect,
        input,
      },
    },
  };
}

export function buildCatalogYaml(state: BuildState): string {
  return catalogYaml(buildCatalogDocument(state), [
    "Built in the toolcat playground.",
  ]);
}

export const EXAMPLE_BUILD: BuildState = {
  name: "get_weather",
  description: "Current weather for a city.",
  effect: "read",
  parameters: [
    { ...emptyRow(), name: "city", description: "Name of the city." },
    {
      ...emptyRow(),
      name: "unit",
      description: "Temperature unit.",
      enumValues: "celsius, fahrenheit",
      required: false,
    },
  ],
};
