/** Small pieces the target modules share. */
import { isJsonObject, type Json, type JsonObject } from "../../schema/json.js";
import type { LoweredTool } from "../provider.js";

/** A lowered schema as the object a declaration holds (tool inputs are objects by lint rule root-object). */
export function schemaObject(schema: Json): JsonObject {
  if (!isJsonObject(schema))
    throw new Error("internal: a declared schema must be an object");
  return schema;
}

/** Adds a function tool that discovers deferred tools when any tool defers its schema (OpenAI tool search). */
export function withToolSearch(
  declarations: readonly JsonObject[],
  tools: readonly LoweredTool[],
): JsonObject[] {
  return tools.some((t) => t.tool.deferLoading)
    ? [...declarations, { type: "tool_search" }]
    : [...declarations];
}

/** `defer_loading: true` for a deferred tool, nothing otherwise (the default is false). */
export function deferLoading(t: LoweredTool): JsonObject {
  return t.tool.deferLoading ? { defer_loading: true } : {};
}
