/**
 * The dispatcher stub: a `handlers.ts` to start an app from — `createDispatcher` with one handler
 * per tool of the catalog (each typed by the generated types, throwing "not implemented") and a
 * `confirm` that refuses, present only when the catalog has a destructive tool (the generated
 * `DispatcherOptions` requires it then, and has no such member otherwise). Built with the `code`
 * template, so a catalog name is always a quoted key or string, never code.
 */
import { code, join, propertyKey, raw } from "../../../core/codegen/code.js";
import { catalogNames } from "../../../core/emit/naming.js";
import type { CatalogIR } from "../../../core/ir/catalog-ir.js";

export const HANDLERS_STUB_PATH = "handlers.ts";

export function handlersStub(
  ir: CatalogIR,
  generatedDir = "./generated",
): string {
  const names = catalogNames(ir);
  const handlers = ir.tools.map((tool) => {
    const n = names.tools.get(tool.name)!;
    return code`    ${raw(propertyKey(tool.name))}: async (args: ${n.inputType}): Promise<${n.outputType}> => {
      void args;
      throw new Error(${`${tool.name}: not implemented`});
    },`;
  });
  const types = ir.tools.flatMap((tool) => {
    const n = names.tools.get(tool.name)!;
    return [n.inputType.text, n.outputType.text];
  });
  const destructive = ir.tools.some((t) => t.effect === "destructive");
  const lines = [
    "// A starting point for your app: one handler per tool of the catalog. Arguments arrive",
    "// validated and typed; whatever a handler returns is checked against the tool's output.",
    code`import { createDispatcher } from ${`${generatedDir}/dispatcher.js`};`
      .text,
    ...(types.length > 0
      ? [
          code`import type { ${raw(types.join(", "))} } from ${`${generatedDir}/types.js`};`
            .text,
        ]
      : []),
    "",
    "export const dispatcher = createDispatcher(",
    "  {",
    join(handlers, "\n").text,
    "  },",
    destructive
      ? "  { confirm: async () => false }, // ask a person before a destructive tool runs"
      : "  {},",
    ");",
    "",
  ];
  return lines.join("\n");
}
