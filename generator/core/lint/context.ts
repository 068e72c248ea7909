/** Builds the shared lint context: targets with defaults, every schema node with its site. */
import {
  hasOwn,
  isJsonObject,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import { subschemas } from "../schema/walk.js";
import { TARGET_IDS, TARGET_SPECS, isTargetId } from "../targets.js";
import type { TargetIR, TargetOptions } from "../ir/catalog-ir.js";
import type { Finding, LintContext, SchemaSite } from "./rule.js";
import { optionalAsNullableTargets } from "../providers/provider.js";
import { PROVIDERS } from "../providers/registry.js";

/** Targets named in the catalog (all of them, with defaults, when `targets:` is absent). */
export function resolveTargets(catalog: JsonObject): TargetIR[] {
  const declared =
    hasOwn(catalog, "targets") && isJsonObject(catalog.targets!)
      ? (catalog.targets as JsonObject)
      : undefined;
  const ids = declared
    ? Object.keys(declared).filter(isTargetId)
    : [...TARGET_IDS];
  return ids.map((id) => {
    const raw =
      declared && isJsonObject(declared[id] ?? null)
        ? (declared[id] as JsonObject)
        : {};
    const spec = TARGET_SPECS[id];
    // Only an option set to true is kept, so a catalog that leaves it out (or says false) builds the same IR.
    const options: TargetOptions =
      spec.flags?.includes("stream_arguments") && raw.stream_arguments === true
        ? { streamArguments: true }
        : {};
    const strict = hasOwn(raw, "strict") ? raw.strict : spec.defaultStrict;
    return {
      id,
      options:
        strict === true || strict === false || strict === "auto"
          ? { ...options, strict }
          : options,
      pointer: declared ? pointerJoin("/targets", id) : "",
    };
  });
}

/** Walk bound: deeper schemas are reported by the document limits, not walked forever. */
const MAX_SCHEMA_DEPTH = 200;

/** A lint context without its schema nodes and report (lint-memo.ts makes one per tool from it). */
export type ContextBase = Omit<LintContext, "schemaNodes" | "report">;

export function contextBase(catalog: JsonObject): ContextBase {
  const targets = resolveTargets(catalog);
  const strictTargets = targets.filter(
    (t) => t.options.strict === true || t.options.strict === "auto",
  );
  const strictSeverity = targets.some((t) => t.options.strict === true)
    ? "error"
    : "warning";
  const nullableOptionalTargets = optionalAsNullableTargets(targets, (id) =>
    isTargetId(id) ? PROVIDERS[id] : undefined,
  );
  const defsKey = hasOwn(catalog, "$defs")
    ? "$defs"
    : hasOwn(catalog, "definitions")
      ? "definitions"
      : "$defs";
  const catalogDefs =
    hasOwn(catalog, defsKey) && isJsonObject(catalog[defsKey]!)
      ? (catalog[defsKey] as JsonObject)
      : {};
  const catalogDefsPointer = "/" + defsKey;
  const tools: { name: string; pointer: string; tool: JsonObject }[] = [];
  if (hasOwn(catalog, "tools") && isJsonObject(catalog.tools!)) {
    const map = catalog.tools as JsonObject;
    for (const name of Object.keys(map))
      if (isJsonObject(map[name]!))
        tools.push({
          name,
          pointer: pointerJoin("/tools", name),
          tool: map[name] as JsonObject,
        });
  }
  return {
    catalog,
    targets,
    strictSeverity,
    strictTargets,
    nullableOptionalTargets,
    catalogDefs,
    catalogDefsPointer,
    tools,
  };
}

type SchemaNode = { node: Json; site: SchemaSite };

/** Every schema node of one resource (a tool's input or output, a catalog def), in walk order, onto `out`. */
function collect(
  out: SchemaNode[],
  root: Json,
  resource: string,
  resourceKind: SchemaSite["resourceKind"],
  tool: string | undefined,
): void {
  const stack: SchemaNode[] = [
    {
      node: root,
      site: { pointer: resource, resource, resourceKind, tool, depth: 0 },
    },
  ];
  let guard = 0;
  while (stack.length > 0) {
    const { node, site } = stack.pop()!;
    out.push({ node, site });
    if (++guard > 1_000_000 || site.depth > MAX_SCHEMA_DEPTH) continue;
    const children = subschemas(node, site.pointer);
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i]!;
      stack.push({
        node: c.schema,
        site: {
          pointer: c.pointer,
          resource,
          resourceKind,
          tool,
          via: c.keyword,
          propertyName: c.keyword === "properties" ? c.key : undefined,
          parent: node as JsonObject,
          parentPointer: site.pointer,
          depth: site.depth + 1,
        },
      });
    }
  }
}

/** The schema nodes of the catalog's `$defs` entries, in order, onto `out`. */
export function collectDefNodes(out: SchemaNode[], base: ContextBase): void {
  for (const name of Object.keys(base.catalogDefs))
    collect(
      out,
      base.catalogDefs[name]!,
      pointerJoin(base.catalogDefsPointer, name),
      "catalog-def",
      undefined,
    );
}

/** The schema nodes of one tool (its input, then its output), onto `out`. */
export function collectToolNodes(
  out: SchemaNode[],
  t: ContextBase["tools"][number],
): void {
  if (hasOwn(t.tool, "input"))
    collect(
      out,
      t.tool.input!,
      pointerJoin(t.pointer, "input"),
      "input",
      t.name,
    );
  if (hasOwn(t.tool, "output"))
    collect(
      out,
      t.tool.output!,
      pointerJoin(t.pointer, "output"),
      "output",
      t.name,
    );
}

export function buildContext(
  catalog: JsonObject,
  report: (f: Finding) => void,
): LintContext {
  const base = contextBase(catalog);
  const schemaNodes: SchemaNode[] = [];
  collectDefNodes(schemaNodes, base);
  for (const t of base.tools) collectToolNodes(schemaNodes, t);
  return { ...base, schemaNodes, report };
}
