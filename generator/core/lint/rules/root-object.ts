import { isJsonObject, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

/** Every provider wants an object of named arguments; Anthropic and OpenAI strict reject root unions. */
export const rootObject: LintRule = {
  id: "root-object",
  summary:
    "a tool's input root is `type: object` with no root anyOf/oneOf/allOf",
  severity: "error",
  run(ctx) {
    for (const { name, pointer, tool } of ctx.tools) {
      if (!Object.prototype.hasOwnProperty.call(tool, "input")) continue;
      const input = tool.input!;
      const at = pointerJoin(pointer, "input");
      if (!isJsonObject(input)) {
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: at,
          message: `input of ${JSON.stringify(name)} must be an object schema, not ${JSON.stringify(input)}`,
        });
        continue;
      }
      if (input.type !== "object") {
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: Object.prototype.hasOwnProperty.call(input, "type")
            ? pointerJoin(at, "type")
            : at,
          message: `input root must be \`type: object\`${Object.prototype.hasOwnProperty.call(input, "type") ? `, not ${JSON.stringify(input.type)}` : ""}: providers pass arguments as a JSON object`,
        });
      }
      for (const k of ["anyOf", "oneOf", "allOf"]) {
        if (Object.prototype.hasOwnProperty.call(input, k)) {
          ctx.report({
            rule: this.id,
            severity: "error",
            pointer: pointerJoin(at, k),
            atKey: true,
            message: `${k} at the input root is rejected by Anthropic and OpenAI strict mode; move the alternatives into a property`,
          });
        }
      }
    }
  },
};
