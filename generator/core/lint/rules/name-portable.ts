import { TARGET_NAME_RULES } from "../../provider-names.js";
import type { LintRule } from "../rule.js";

/** The name pattern every provider accepts. */
export const PORTABLE_NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

export const namePortable: LintRule = {
  id: "name-portable",
  summary:
    "tool names match ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$ (safe on every provider)",
  severity: "mixed",
  run(ctx) {
    for (const { name, pointer } of ctx.tools) {
      if (name === "" || PORTABLE_NAME.test(name)) continue;
      const rejecting = ctx.targets.filter(
        (t) =>
          !TARGET_NAME_RULES[
            t.id as keyof typeof TARGET_NAME_RULES
          ].pattern.test(name),
      );
      if (rejecting.length > 0) {
        for (const t of rejecting) {
          ctx.report({
            rule: this.id,
            severity: "error",
            pointer,
            atKey: true,
            target: t.id,
            message: `tool name ${JSON.stringify(name)} is rejected by ${t.id} (${TARGET_NAME_RULES[t.id as keyof typeof TARGET_NAME_RULES].description}); portable names match ${PORTABLE_NAME.source}`,
          });
        }
      } else {
        ctx.report({
          rule: this.id,
          severity: "warning",
          pointer,
          atKey: true,
          message: `tool name ${JSON.stringify(name)} is accepted by the configured targets but not portable; portable names match ${PORTABLE_NAME.source}`,
        });
      }
    }
  },
};
