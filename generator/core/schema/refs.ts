/**
 * `$ref` resolution as toolcat defines it: each tool input/output is its own resource (`#` is its
 * root); `#/$defs/Name` looks in the resource's own `$defs` first, then in the catalog's `$defs`.
 * Draft-07 `definitions` are read as `$defs`. Only local references exist.
 */
import { KEYWORDS } from "./keywords.js";
import {
  hasOwn,
  isJsonObject,
  pointerSegments,
  type Json,
  type JsonObject,
} from "./json.js";

export type RefResolution =
  | {
      ok: true;
      scope: "resource" | "catalog";
      /** Segments after `#`, canonical (`$defs`, not `definitions`). */ segments: string[];
      target: Json;
      defName?: string;
    }
  | { ok: false; message: string };

export interface RefScope {
  /** The resource root (a tool's input or output, or a catalog def being checked on its own). */
  readonly root: Json;
  /** Catalog-level definitions (already merged from `$defs`/`definitions`). */
  readonly catalogDefs: JsonObject;
  /** True when the resource is a catalog `$defs` entry: `#` then means each user's root. */
  readonly isCatalogDef: boolean;
}

const DEF_KEYWORDS = ["$defs", "definitions"];

export function resolveRef(ref: string, scope: RefScope): RefResolution {
  if (!ref.startsWith("#")) {
    return {
      ok: false,
      message: `remote reference ${JSON.stringify(ref)}: only local references (#/$defs/…) are supported`,
    };
  }
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return { ok: false, message: `malformed reference ${JSON.stringify(ref)}` };
  }
  if (fragment !== "" && !fragment.startsWith("/")) {
    return {
      ok: false,
      message: `anchor reference ${JSON.stringify(ref)}: anchors are not supported; use #/$defs/<name>`,
    };
  }
  const segments = pointerSegments(fragment);
  if (
    scope.isCatalogDef &&
    !(segments.length >= 2 && DEF_KEYWORDS.includes(segments[0]!))
  ) {
    return {
      ok: false,
      message: `in catalog $defs, ${JSON.stringify(ref)} would point into every tool that uses it; reference a $defs entry by name`,
    };
  }
  const first = segments[0];
  if (
    first !== undefined &&
    DEF_KEYWORDS.includes(first) &&
    segments.length >= 2
  ) {
    const name = segments[1]!;
    const local = resourceDefs(scope.root);
    if (!scope.isCatalogDef && local && hasOwn(local, name)) {
      const walked = walkPointer(local[name]!, segments.slice(2));
      return walked.ok
        ? {
            ok: true,
            scope: "resource",
            segments: ["$defs", name, ...walked.segments],
            target: walked.target,
            defName: name,
          }
        : fail(ref, walked.at);
    }
    if (hasOwn(scope.catalogDefs, name)) {
      const walked = walkPointer(scope.catalogDefs[name]!, segments.slice(2));
      return walked.ok
        ? {
            ok: true,
            scope: "catalog",
            segments: ["$defs", name, ...walked.segments],
            target: walked.target,
            defName: name,
          }
        : fail(ref, walked.at);
    }
    return {
      ok: false,
      message: `${JSON.stringify(ref)} does not resolve: no $defs entry ${JSON.stringify(name)} in the tool or the catalog`,
    };
  }
  const walked = walkPointer(scope.root, segments);
  return walked.ok
    ? {
        ok: true,
        scope: "resource",
        segments: walked.segments,
        target: walked.target,
      }
    : fail(ref, walked.at);
}

function fail(ref: string, at: string): RefResolution {
  return {
    ok: false,
    message: `${JSON.stringify(ref)} does not resolve (nothing at ${JSON.stringify(at)})`,
  };
}

function resourceDefs(root: Json): JsonObject | undefined {
  if (!isJsonObject(root)) return undefined;
  const defs = hasOwn(root, "$defs")
    ? root.$defs
    : hasOwn(root, "definitions")
      ? root.definitions
      : undefined;
  return defs !== undefined && isJsonObject(defs) ? defs : undefined;
}

/**
 * Walks pointer segments through a schema, knowing which segments are keywords and which are
 * keys of a keyword's map or indices of its array; returns canonical segments (`$defs`).
 */
export function walkPointer(
  root: Json,
  segments: readonly string[],
): { ok: true; target: Json; segments: string[] } | { ok: false; at: string } {
  let node: Json = root;
  const out: string[] = [];
  let expect: "keyword" | "mapKey" | "index" = "keyword";
  for (const seg of segments) {
    if (expect === "keyword") {
      if (!isJsonObject(node) || !hasOwn(node, seg))
        return { ok: false, at: "/" + [...out, seg].join("/") };
      const info = hasOwn(KEYWORDS, seg) ? KEYWORDS[seg]! : undefined;
      out.push(seg === "definitions" ? "$defs" : seg);
      node = node[seg]!;
      expect =
        info?.shape === "schemaMap"
          ? "mapKey"
          : info?.shape === "schemaArray"
            ? "index"
            : "keyword";
      if (
        info === undefined ||
        !["schema", "schemaMap", "schemaArray"].includes(info.shape)
      )
        return { ok: false, at: "/" + out.join("/") };
    } else if (expect === "mapKey") {
      if (!isJsonObject(node) || !hasOwn(node, seg))
        return { ok: false, at: "/" + [...out, seg].join("/") };
      out.push(seg);
      node = node[seg]!;
      expect = "keyword";
    } else {
      if (
        !Array.isArray(node) ||
        !/^(0|[1-9][0-9]*)$/.test(seg) ||
        Number(seg) >= node.length
      )
        return { ok: false, at: "/" + [...out, seg].join("/") };
      out.push(seg);
      node = (node as readonly Json[])[Number(seg)]!;
      expect = "keyword";
    }
  }
  if (expect !== "keyword") return { ok: false, at: "/" + out.join("/") };
  return { ok: true, target: node, segments: out };
}
