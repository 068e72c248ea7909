/**
 * Tool inputs as providers receive them (normalised resources, catalog `$defs` copied in), for the
 * provider rules. A tool whose input cannot be normalised (an unresolved or malformed `$ref`) is
 * left out: `unresolved-ref`/`invalid-schema` report it.
 */
import type { SchemaResource } from "../../ir/catalog-ir.js";
import { normaliseResource } from "../../ir/normalize.js";
import { hasOwn, pointerJoin } from "../../schema/json.js";
import type { LintContext } from "../rule.js";

export interface ToolInput {
  readonly name: string;
  readonly resource: SchemaResource;
}

const cache = new WeakMap<LintContext, readonly ToolInput[]>();

export function toolInputs(ctx: LintContext): readonly ToolInput[] {
  const cached = cache.get(ctx);
  if (cached) return cached;
  const out: ToolInput[] = [];
  for (const { name, pointer, tool } of ctx.tools) {
    if (!hasOwn(tool, "input")) continue;
    try {
      out.push({
        name,
        resource: normaliseResource(
          tool.input!,
          pointerJoin(pointer, "input"),
          { defs: ctx.catalogDefs, pointer: ctx.catalogDefsPointer },
        ),
      });
    } catch {
      // Reported by the rules that own the problem (unresolved-ref, invalid-schema).
    }
  }
  cache.set(ctx, out);
  return out;
}
