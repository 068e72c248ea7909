import { hasOwn, isJsonObject, pointerJoin } from "../../schema/json.js";
import type { LintRule } from "../rule.js";

/** Validators never fill defaults (no transformation behind the model's back), so `default` only misleads. */
export const noDefaults: LintRule = {
  id: "no-defaults",
  summary: "no `default`: toolcat never fills values in, so a default would be a promise nobody keeps",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isJsonObject(node) || !hasOwn(node, "default")) continue;
      const at = pointerJoin(site.pointer, "default");
      ctx.report({ rule: this.id, severity: ctx.strictSeverity, pointer: at, atKey: true, message: "`default` is not applied by the validator or the providers' strict modes; state the default in the description", fix: { op: "remove-key", pointer: at } });
    }
  },
};
