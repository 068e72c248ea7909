/**
 * The last lint step: what the validator compiler itself cannot honour (beyond what the rules
 * already report — e.g. property names with lone surrogates) is a lint error with a position, so
 * `toolcat lint` says everything `toolcat generate` would refuse.
 */
import { buildIR } from "../ir/build-ir.js";
import type { SchemaResource } from "../ir/catalog-ir.js";
import { validatorProblems } from "../emit/validators/index.js";
import {
  pointerSegments,
  escapePointerSegment,
  type JsonObject,
} from "../schema/json.js";
import type { Finding } from "./rule.js";

/** Maps a pointer inside a normalised resource back to the catalog (copied defs to their source). */
export function catalogPointerOf(
  resource: SchemaResource,
  pointer: string,
): string {
  const segs = pointerSegments(pointer);
  if (segs[0] === "$defs" && segs.length >= 2) {
    const def = resource.defs.find((d) => d.name === segs[1]);
    if (def)
      return (
        def.pointer +
        segs
          .slice(2)
          .map((s) => "/" + escapePointerSegment(s))
          .join("")
      );
  }
  return resource.pointer + pointer;
}

export function compilerFindings(catalog: JsonObject, path: string): Finding[] {
  const ir = buildIR(catalog, path);
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const tool of ir.tools) {
    for (const resource of [tool.input, tool.output]) {
      if (!resource) continue;
      for (const p of validatorProblems(resource.schema)) {
        const pointer = catalogPointerOf(resource, p.pointer);
        if (seen.has(`${p.rule}\0${pointer}`)) continue;
        seen.add(`${p.rule}\0${pointer}`);
        out.push({
          rule: p.rule,
          severity: "error",
          pointer,
          message: p.message,
        });
      }
    }
  }
  return out;
}
