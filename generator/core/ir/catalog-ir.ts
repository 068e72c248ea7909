/**
 * The read-only intermediate representation every emitter consumes. It is built once from a
 * catalog that passed the document check and lint, and deep-frozen: no emitter can change what
 * another one sees.
 */
import type { Schema, SchemaObject } from "../schema/schema.js";

export type Effect = "read" | "write" | "destructive";
export type StrictSetting = true | false | "auto";

/** Options for one provider target, as written under `targets:` in the catalog. */
export interface TargetOptions {
  readonly strict?: StrictSetting;
  /** google-genai `stream_arguments: true`: ask for streamed function-call arguments (Vertex AI). */
  readonly streamArguments?: boolean;
}

export interface TargetIR {
  /** Target id from the registry (`openai-chat`, `mcp`, …). */
  readonly id: string;
  readonly options: TargetOptions;
  /** Pointer of the target's entry in the catalog (for diagnostics). */
  readonly pointer: string;
}

/**
 * One tool input or output schema as a self-contained resource: `#` is its root, every `$ref`
 * points inside it, catalog `$defs` it uses have been copied into its `$defs`, draft-07
 * `definitions` are renamed `$defs` and `$schema` is removed.
 */
export interface SchemaResource {
  readonly schema: Schema;
  /** Pointer of the resource's root in the catalog, e.g. `/tools/get_weather/input`. */
  readonly pointer: string;
  /** For each `$defs` entry of the resource: where it came from. */
  readonly defs: readonly DefOrigin[];
}

export interface DefOrigin {
  readonly name: string;
  /** `catalog`: copied from the catalog's `$defs` (a shared named type); `tool`: the tool's own. */
  readonly origin: "catalog" | "tool";
  /** Pointer of the definition in the catalog document. */
  readonly pointer: string;
}

export interface ToolIR {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  /** Absent: the catalog did not say (MCP then sends no effect hints). */
  readonly effect?: Effect;
  /** OpenAI tool search: the parameter schema is loaded only when the model asks for it. */
  readonly deferLoading: boolean;
  /** MCP hints beyond `effect` (absent = the protocol default). */
  readonly idempotent?: boolean;
  readonly openWorld?: boolean;
  readonly input: SchemaResource;
  readonly output?: SchemaResource;
  /** Pointer of the tool in the catalog (`/tools/<name>`). */
  readonly pointer: string;
}

export interface CatalogDefIR {
  readonly name: string;
  readonly schema: Schema;
  readonly pointer: string;
}

export interface CatalogIR {
  /** Catalog path as given by the user (posix separators), used in headers and diagnostics. */
  readonly path: string;
  readonly targets: readonly TargetIR[];
  /** Catalog-level `$defs`, in file order (normalised like resources). */
  readonly defs: readonly CatalogDefIR[];
  /** Tools in file order. */
  readonly tools: readonly ToolIR[];
}

export type { Schema, SchemaObject };
