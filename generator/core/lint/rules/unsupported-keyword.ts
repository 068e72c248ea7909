import { isJsonObject, pointerJoin } from "../../schema/json.js";
import {
  isSupportedKeyword,
  KEYWORDS,
  SUPPORTED_FORMATS,
  UNSUPPORTED_HINTS,
} from "../../schema/keywords.js";
import { didYouMean } from "../../did-you-mean.js";
import type { LintRule } from "../rule.js";

/** Principle 2: a keyword the validator compiler cannot enforce is an error, never a silent pass. */
export const unsupportedKeyword: LintRule = {
  id: "unsupported-keyword",
  summary: "keywords, formats and references toolcat cannot enforce",
  severity: "error",
  run(ctx) {
    for (const { node, site } of ctx.schemaNodes) {
      if (!isJsonObject(node)) continue;
      for (const key of Object.keys(node)) {
        if (isSupportedKeyword(key)) continue;
        // A keyword with its own hint (nullable, $dynamicRef, …) or a vendor extension is no typo.
        const known =
          Object.prototype.hasOwnProperty.call(UNSUPPORTED_HINTS, key) ||
          key.startsWith("x-");
        const hint = Object.prototype.hasOwnProperty.call(
          UNSUPPORTED_HINTS,
          key,
        )
          ? UNSUPPORTED_HINTS[key]
          : key.startsWith("x-")
            ? "vendor extensions are not forwarded or enforced"
            : "not in the supported JSON Schema subset";
        const suggestion = known ? "" : didYouMean(key, Object.keys(KEYWORDS));
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: pointerJoin(site.pointer, key),
          atKey: true,
          message: `unsupported keyword ${JSON.stringify(key)}${suggestion}: ${hint}`,
        });
      }
      if (
        typeof node.format === "string" &&
        !SUPPORTED_FORMATS.has(node.format)
      ) {
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: pointerJoin(site.pointer, "format"),
          message: `unknown format ${JSON.stringify(node.format)}${didYouMean(node.format, SUPPORTED_FORMATS)}: supported formats are ${[...SUPPORTED_FORMATS].join(", ")}`,
        });
      }
      if (typeof node.$ref === "string" && !node.$ref.startsWith("#")) {
        ctx.report({
          rule: this.id,
          severity: "error",
          pointer: pointerJoin(site.pointer, "$ref"),
          message: `remote $ref ${JSON.stringify(node.$ref)} is not supported; define the schema in $defs`,
        });
      }
    }
  },
};
