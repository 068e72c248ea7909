import {
  hasOwn,
  isJsonObject,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../../schema/json.js";
import type { Fix, LintRule } from "../rule.js";

/**
 * Validators never fill defaults (no transformation behind the model's back), so `default` only
 * misleads. `--fix` keeps what the user meant: the value moves into the description, which is
 * what the model reads.
 */
export const noDefaults: LintRule = {
  id: "no-defaults",
  summary:
    "no `default`: toolcat never fills values in, so a default would be a promise nobody keeps",
  severity: "strict",
  fix: "moves the default into the description",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isJsonObject(node) || !hasOwn(node, "default")) continue;
      const at = pointerJoin(site.pointer, "default");
      ctx.report({
        rule: this.id,
        severity: ctx.strictSeverity,
        pointer: at,
        atKey: true,
        message:
          "`default` is not applied by the validator or the providers' strict modes; state the default in the description",
        fix: moveDefaultToDescription(node, site.pointer),
      });
    }
  },
};

/** `Default: "c".`, the value as JSON (what a model reads unambiguously). */
export function defaultSentence(value: Json): string {
  return `Default: ${JSON.stringify(value)}.`;
}

/** Whether the description already says what the default is (mentions "default" and the value). */
function statesDefault(description: string, value: Json): boolean {
  if (!/default/i.test(description)) return false;
  return (
    description.includes(JSON.stringify(value)) ||
    (typeof value === "string" && value !== "" && description.includes(value))
  );
}

function moveDefaultToDescription(node: JsonObject, pointer: string): Fix {
  const value = node.default!;
  const at = pointerJoin(pointer, "default");
  const description = node.description;
  if (typeof description !== "string") {
    // No description (or a malformed one, which invalid-schema reports): the default's entry becomes it, in place.
    if (hasOwn(node, "description")) return { op: "remove-key", pointer: at };
    return {
      op: "replace-entry",
      pointer: at,
      key: "description",
      value: defaultSentence(value),
    };
  }
  if (statesDefault(description, value))
    return { op: "remove-key", pointer: at };
  const text = description.trimEnd();
  const joined =
    text === ""
      ? defaultSentence(value)
      : `${text}${/[.!?:;]$/.test(text) ? "" : "."} ${defaultSentence(value)}`;
  return {
    op: "group",
    fixes: [
      {
        op: "set-value",
        pointer: pointerJoin(pointer, "description"),
        value: joined,
      },
      { op: "remove-key", pointer: at },
    ],
  };
}
