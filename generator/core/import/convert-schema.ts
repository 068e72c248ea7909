/**
 * One imported schema → its catalog form (JSON Schema 2020-12 as toolcat reads it), top down, so
 * each output node knows the input node it came from (for positions in the report):
 * - Gemini's OpenAPI-style `Schema` (`parameters`): upper-case types, `nullable`, `example`,
 *   `propertyOrdering`, `format: enum` (Gemini's function calling guide, Schema reference);
 * - draft-07 (and draft-04) forms: `definitions` → `$defs` with references rewritten, tuple
 *   `items: [...]` → `prefixItems` with `additionalItems` → `items`, boolean `exclusiveMinimum`,
 *   array-valued `dependencies` → `dependentRequired`;
 * - OpenAI strict's null-for-omitted form (every property required, an optional one declared
 *   `anyOf: [X, {type: "null"}]` or `type: [X, "null"]`) → an optional property X;
 * - constraints toolcat's own lowering moved into descriptions → keywords again.
 * Every rewrite is reported as `import-converted`.
 */
import {
  hasOwn,
  isJsonObject,
  objectFromEntries,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import { KEYWORDS } from "../schema/keywords.js";
import { ONE_OF_ALTERNATIVES, readConstraints } from "./constraint-phrases.js";
import type { Reporter, Site } from "./report.js";

/** How required-and-nullable properties of a strict declaration are read. */
export type NullableMode =
  /** Not a strict declaration: the schema means what it says. */
  | "none"
  /** Only properties marked with toolcat's sentence were optional (toolcat generated the file). */
  | "marked"
  /** Every required-and-nullable property was optional (the convention of OpenAI strict mode). */
  | "all";

export interface ConvertOptions {
  readonly site: Site;
  readonly pointer: string;
  readonly openApi: boolean;
  readonly nullable: NullableMode;
  /** Read constraint sentences back (only in files toolcat generated). */
  readonly readBack: boolean;
  readonly report: Reporter;
}

/** The sentence toolcat's OpenAI strict lowering adds to an optional property (passes.ts). */
export const NULL_MEANS_OMITTED = "Null means not given.";

const OPENAPI_TYPES: Readonly<Record<string, string>> = {
  STRING: "string",
  NUMBER: "number",
  INTEGER: "integer",
  BOOLEAN: "boolean",
  ARRAY: "array",
  OBJECT: "object",
  NULL: "null",
};

export function convertSchema(schema: Json, options: ConvertOptions): Json {
  return new SchemaConverter(options).node(schema, options.pointer, true);
}

class SchemaConverter {
  constructor(private readonly o: ConvertOptions) {}

  private info(pointer: string, message: string): void {
    this.o.report.add(
      this.o.site,
      pointer,
      "info",
      "import-converted",
      message,
    );
  }

  node(value: Json, src: string, root = false): Json {
    if (!isJsonObject(value)) return value;
    let node: JsonObject = value;
    if (
      root &&
      typeof node.$schema === "string" &&
      /draft-0[4-7]/.test(node.$schema)
    ) {
      this.info(
        pointerJoin(src, "$schema"),
        `${JSON.stringify(node.$schema)} read as draft 2020-12 (the forms that differ are converted)`,
      );
      node = without(node, ["$schema"]);
    }
    if (this.o.openApi) node = this.openApi(node, src);
    node = this.draft07(node, src);
    if (this.o.readBack && typeof node.description === "string")
      node = this.readBack(node, src);

    const unwrapped =
      this.o.nullable !== "none" ? this.nullables(node, src) : undefined;
    if (unwrapped) node = unwrapped.node;
    const entries: [string, Json][] = [];
    for (const key of Object.keys(node)) {
      const v = node[key]!;
      const shape = hasOwn(KEYWORDS, key) ? KEYWORDS[key]!.shape : undefined;
      const at = pointerJoin(src, renamedFrom(key, value));
      if (shape === "schema") entries.push([key, this.node(v, at)]);
      else if (shape === "schemaArray" && Array.isArray(v))
        entries.push([
          key,
          v.map((s: Json, i: number) => this.node(s, pointerJoin(at, i))),
        ]);
      else if (shape === "schemaMap" && isJsonObject(v)) {
        entries.push([
          key,
          objectFromEntries(
            Object.keys(v).map(
              (m) =>
                [
                  m,
                  this.node(
                    v[m]!,
                    unwrapped?.sources.get(m) ?? pointerJoin(at, m),
                  ),
                ] as const,
            ),
          ),
        ]);
      } else entries.push([key, v]);
    }
    return objectFromEntries(entries);
  }

  /** Gemini `Schema` → JSON Schema. */
  private openApi(node: JsonObject, src: string): JsonObject {
    let out = node;
    if (typeof out.type === "string" && hasOwn(OPENAPI_TYPES, out.type))
      out = withValue(out, "type", OPENAPI_TYPES[out.type]!);
    else if (out.type === "TYPE_UNSPECIFIED") {
      this.info(pointerJoin(src, "type"), "`TYPE_UNSPECIFIED` read as no type");
      out = without(out, ["type"]);
    }
    if (hasOwn(out, "nullable")) {
      if (out.nullable === true) {
        if (typeof out.type === "string")
          out = withValue(out, "type", [out.type, "null"]);
        if (Array.isArray(out.enum) && !out.enum.includes(null))
          out = withValue(out, "enum", [...out.enum, null]);
        this.info(
          pointerJoin(src, "nullable"),
          "`nullable: true` read as a type that admits null",
        );
      }
      out = without(out, ["nullable"]);
    }
    if (hasOwn(out, "example") && !hasOwn(out, "examples"))
      out = rename(out, "example", "examples", [out.example!]);
    if (out.format === "enum" && Array.isArray(out.enum))
      out = without(out, ["format"]);
    if (Array.isArray(out.propertyOrdering)) {
      const order = out.propertyOrdering.filter(
        (k): k is string => typeof k === "string",
      );
      if (isJsonObject(out.properties ?? null)) {
        const props = out.properties as JsonObject;
        const keys = [
          ...order.filter((k) => hasOwn(props, k)),
          ...Object.keys(props).filter((k) => !order.includes(k)),
        ];
        out = withValue(
          out,
          "properties",
          objectFromEntries(keys.map((k) => [k, props[k]!] as const)),
        );
      }
      this.info(
        pointerJoin(src, "propertyOrdering"),
        "`propertyOrdering` read as the order of `properties`",
      );
      out = without(out, ["propertyOrdering"]);
    }
    return out;
  }

  private draft07(node: JsonObject, src: string): JsonObject {
    let out = node;
    if (
      hasOwn(out, "definitions") &&
      !hasOwn(out, "$defs") &&
      isJsonObject(out.definitions!)
    ) {
      this.info(
        pointerJoin(src, "definitions"),
        "draft-07 `definitions` read as `$defs` (references rewritten)",
      );
      out = rename(out, "definitions", "$defs", out.definitions!);
    }
    if (typeof out.$ref === "string" && out.$ref.startsWith("#/definitions/"))
      out = withValue(
        out,
        "$ref",
        "#/$defs/" + out.$ref.slice("#/definitions/".length),
      );
    if (Array.isArray(out.items)) {
      this.info(
        pointerJoin(src, "items"),
        "draft-07 tuple `items: [...]` read as `prefixItems`" +
          (hasOwn(out, "additionalItems")
            ? ", `additionalItems` as `items`"
            : ""),
      );
      const tuple = out.items;
      const rest = hasOwn(out, "additionalItems")
        ? out.additionalItems!
        : undefined;
      out = rename(out, "items", "prefixItems", tuple);
      out = without(out, ["additionalItems"]);
      if (rest !== undefined)
        out = objectFromEntries([
          ...Object.keys(out).map((k) => [k, out[k]!] as const),
          ["items", rest] as const,
        ]);
    } else if (hasOwn(out, "additionalItems")) {
      this.info(
        pointerJoin(src, "additionalItems"),
        "`additionalItems` without tuple `items` has no effect (draft-07); left out",
      );
      out = without(out, ["additionalItems"]);
    }
    for (const [bound, limit] of [
      ["exclusiveMinimum", "minimum"],
      ["exclusiveMaximum", "maximum"],
    ] as const) {
      if (typeof out[bound] !== "boolean") continue;
      this.info(
        pointerJoin(src, bound),
        `draft-04 boolean \`${bound}\` read as the 2020-12 number form`,
      );
      out =
        out[bound] === true && typeof out[limit] === "number"
          ? rename(out, limit, bound, out[limit]!)
          : without(out, [bound]);
    }
    if (isJsonObject(out.dependencies ?? null)) {
      const deps = out.dependencies as JsonObject;
      if (Object.keys(deps).every((k) => Array.isArray(deps[k]))) {
        this.info(
          pointerJoin(src, "dependencies"),
          "draft-07 `dependencies` (lists of names) read as `dependentRequired`",
        );
        out = rename(out, "dependencies", "dependentRequired", deps);
      }
    }
    return out;
  }

  private readBack(node: JsonObject, src: string): JsonObject {
    let description = node.description as string;
    let out = node;
    const back = readConstraints(description);
    if (!back) {
      if (/(?:^|\s)Constraints: /.test(description)) {
        this.o.report.add(
          this.o.site,
          pointerJoin(src, "description"),
          "warning",
          "import-not-carried",
          "the description states constraints toolcat could not read back into keywords; they stay text only (the imported validator does not check them)",
        );
      }
      return out;
    }
    const additions: [string, Json][] = [];
    for (const [k, v] of back.keywords) {
      if (k === ONE_OF_ALTERNATIVES) {
        // `oneOf` was declared as `anyOf` with this phrase (passes.ts, oneOfToAnyOf).
        if (!Array.isArray(out.anyOf)) return node;
        out = rename(out, "anyOf", "oneOf", out.anyOf);
      } else if (hasOwn(out, k) && JSON.stringify(out[k]) !== JSON.stringify(v))
        return node;
      else if (!hasOwn(out, k)) additions.push([k, v]);
    }
    description = back.description;
    out =
      description === ""
        ? without(out, ["description"])
        : withValue(out, "description", description);
    out = objectFromEntries([
      ...Object.keys(out).map((k) => [k, out[k]!] as const),
      ...additions,
    ]);
    this.info(
      pointerJoin(src, "description"),
      `constraints stated in the description read back as ${back.keywords.map(([k]) => `\`${k === ONE_OF_ALTERNATIVES ? "oneOf" : k}\``).join(", ")}`,
    );
    return out;
  }

  /** Strict declarations: a required property that admits null was an optional one. */
  private nullables(
    node: JsonObject,
    src: string,
  ): { node: JsonObject; sources: Map<string, string> } | undefined {
    if (!isJsonObject(node.properties ?? null) || !Array.isArray(node.required))
      return undefined;
    const props = node.properties as JsonObject;
    const required = node.required.filter(
      (k): k is string => typeof k === "string",
    );
    const sources = new Map<string, string>();
    const lifted: [string, Json][] = [];
    const optional = new Set<string>();
    for (const key of Object.keys(props)) {
      const child = props[key]!;
      const at = pointerJoin(src, "properties", key);
      const inner = required.includes(key)
        ? this.withoutNull(child)
        : undefined;
      if (!inner) {
        lifted.push([key, child]);
        continue;
      }
      optional.add(key);
      sources.set(
        key,
        inner.source === "" ? at : pointerJoin(at, inner.source),
      );
      lifted.push([key, inner.schema]);
      this.info(
        at,
        `${JSON.stringify(key)} is required and nullable in a strict declaration, where null stands for "not given": imported as optional`,
      );
    }
    if (optional.size === 0) return undefined;
    const left = required.filter((k) => !optional.has(k));
    let out = withValue(node, "properties", objectFromEntries(lifted));
    out =
      left.length === 0
        ? without(out, ["required"])
        : withValue(out, "required", left);
    return { node: out, sources };
  }

  /** The schema of a null-for-omitted property without its null, or undefined when it is not one. */
  private withoutNull(
    child: Json,
  ): { schema: JsonObject; source: string } | undefined {
    if (!isJsonObject(child)) return undefined;
    const marked =
      typeof child.description === "string" &&
      (child.description === NULL_MEANS_OMITTED ||
        child.description.endsWith(" " + NULL_MEANS_OMITTED));
    if (this.o.nullable === "marked" && !marked) return undefined;
    const description = marked
      ? (child.description as string)
          .slice(0, -NULL_MEANS_OMITTED.length)
          .trimEnd()
      : undefined;
    const annotate = (schema: JsonObject): JsonObject => {
      if (description === undefined) return schema;
      return description === ""
        ? without(schema, ["description"])
        : withValue(schema, "description", description);
    };
    if (Array.isArray(child.anyOf)) {
      const branches = child.anyOf;
      const last = branches[branches.length - 1];
      if (
        branches.length < 2 ||
        !isJsonObject(last ?? null) ||
        Object.keys(last as JsonObject).length !== 1 ||
        (last as JsonObject).type !== "null"
      )
        return undefined;
      const rest = branches.slice(0, -1);
      const outer = without(child, ["anyOf"]);
      if (rest.length === 1 && isJsonObject(rest[0]!)) {
        const inner = rest[0] as JsonObject;
        return {
          schema: annotate(
            objectFromEntries([
              ...Object.keys(inner).map((k) => [k, inner[k]!] as const),
              ...Object.keys(outer)
                .filter((k) => !hasOwn(inner, k))
                .map((k) => [k, outer[k]!] as const),
            ]),
          ),
          source: "anyOf/0",
        };
      }
      return {
        schema: annotate(
          objectFromEntries([
            ["anyOf", rest] as const,
            ...Object.keys(outer).map((k) => [k, outer[k]!] as const),
          ]),
        ),
        source: "",
      };
    }
    if (
      Array.isArray(child.type) &&
      child.type.length === 2 &&
      child.type.includes("null")
    ) {
      const kind = child.type.find((t) => t !== "null")!;
      let schema = withValue(child, "type", kind);
      if (Array.isArray(schema.enum))
        schema = withValue(
          schema,
          "enum",
          schema.enum.filter((v) => v !== null),
        );
      return { schema: annotate(schema), source: "" };
    }
    return undefined;
  }
}

/** The input key an output key came from (for positions). */
function renamedFrom(key: string, input: JsonObject): string {
  if (hasOwn(input, key)) return key;
  if (key === "$defs") return "definitions";
  if (key === "prefixItems") return "items";
  if (key === "items" && hasOwn(input, "additionalItems"))
    return "additionalItems";
  if (key === "dependentRequired") return "dependencies";
  if (key === "examples") return "example";
  return key;
}

export function without(node: JsonObject, keys: readonly string[]): JsonObject {
  return objectFromEntries(
    Object.keys(node)
      .filter((k) => !keys.includes(k))
      .map((k) => [k, node[k]!] as const),
  );
}

function withValue(node: JsonObject, key: string, value: Json): JsonObject {
  const keys = Object.keys(node);
  return objectFromEntries([
    ...keys.map((k) => [k, k === key ? value : node[k]!] as const),
    ...(keys.includes(key) ? [] : [[key, value] as const]),
  ]);
}

/** Replaces `from` by `to` in place (same position in key order). */
function rename(
  node: JsonObject,
  from: string,
  to: string,
  value: Json,
): JsonObject {
  return objectFromEntries(
    Object.keys(node)
      .filter((k) => k !== to || k === from)
      .map((k) =>
        k === from ? ([to, value] as const) : ([k, node[k]!] as const),
      ),
  );
}
