import { hasOwn } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

/**
 * A tool that does not say its `effect` is dispatched as `write`: it runs without `confirm`. That
 * is a decision (a delete must ask), so the rule warns and never fixes: only the catalog's author
 * knows whether the tool reads, writes or destroys.
 */
export const effectDeclared: LintRule = {
  id: "effect-declared",
  summary:
    "a tool without `effect`: it is dispatched as `write`, without confirmation (say read, write or destructive)",
  severity: "warning",
  run(ctx) {
    for (const { name, pointer, tool } of ctx.tools) {
      if (hasOwn(tool, "effect")) continue;
      ctx.report({
        rule: this.id,
        severity: "warning",
        pointer,
        atKey: true,
        message: `tool ${JSON.stringify(name)} has no \`effect\`: the dispatcher runs it as \`write\`, without asking \`confirm\`; say \`effect: read\`, \`write\` or \`destructive\` (a tool that deletes or cannot be undone is destructive)`,
      });
    }
  },
};
