/** Generic traversal of subschemas, with JSON Pointers, driven by the keyword table. */
import { KEYWORDS } from "./keywords.js";
import { hasOwn, isJsonObject, pointerJoin, type Json } from "./json.js";

export interface SubschemaVisit {
  readonly schema: Json;
  /** Pointer of the subschema relative to where the walk started. */
  readonly pointer: string;
  /** The keyword that holds it (`properties`, `items`, …). */
  readonly keyword: string;
  /** Property name / index / def name for map and array keywords. */
  readonly key?: string;
}

/** Immediate subschemas of `schema` (only where the keyword's value has the expected shape). */
export function subschemas(schema: Json, pointer: string): SubschemaVisit[] {
  if (!isJsonObject(schema)) return [];
  const out: SubschemaVisit[] = [];
  const keyList = Object.keys(schema);
  for (let j = 0; j < keyList.length; j++) {
    const keyword = keyList[j]!;
    if (!hasOwn(KEYWORDS, keyword)) continue;
    const value = schema[keyword]!;
    switch (KEYWORDS[keyword]!.shape) {
      case "schema":
        // A wrong-shaped value (a list under `items`, say) is reported once, by invalid-schema.
        if (typeof value === "boolean" || isJsonObject(value))
          out.push({
            schema: value,
            pointer: pointerJoin(pointer, keyword),
            keyword,
          });
        break;
      case "schemaMap":
        if (isJsonObject(value))
          for (const key of Object.keys(value))
            out.push({
              schema: value[key]!,
              pointer: pointerJoin(pointer, keyword, key),
              keyword,
              key,
            });
        break;
      case "schemaArray":
        if (Array.isArray(value))
          value.forEach((s: Json, i: number) =>
            out.push({
              schema: s,
              pointer: pointerJoin(pointer, keyword, i),
              keyword,
              key: String(i),
            }),
          );
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * Visits `schema` and every nested subschema depth-first, pre-order. The visitor may return
 * false to skip a subtree. Depth is bounded so a pathological document cannot overflow the stack.
 */
export function walkSchema(
  schema: Json,
  visit: (
    node: Json,
    pointer: string,
    parent: SubschemaVisit | undefined,
  ) => boolean | void,
  pointer = "",
  maxDepth = 500,
): void {
  const stack: {
    node: Json;
    pointer: string;
    via: SubschemaVisit | undefined;
    depth: number;
  }[] = [{ node: schema, pointer, via: undefined, depth: 0 }];
  while (stack.length > 0) {
    const { node, pointer: p, via, depth } = stack.pop()!;
    if (visit(node, p, via) === false || depth >= maxDepth) continue;
    const children = subschemas(node, p);
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({
        node: children[i]!.schema,
        pointer: children[i]!.pointer,
        via: children[i],
        depth: depth + 1,
      });
  }
}
