/**
 * The keyword table of the validator compiler against the supported-keyword table and against
 * Ajv's own rule order (which fixes the order of errors).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import {
  EVALUATION_ORDER,
  KEYWORD_ROLES,
} from "../../generator/core/emit/validators/keywords/index.js";
import { isRuleKeyword } from "../../generator/core/emit/validators/rules.js";
import { KEYWORDS } from "../../generator/core/schema/keywords.js";

const ajv = new Ajv2020({ strict: false });
const supported = Object.keys(KEYWORDS);

describe("keyword table", () => {
  it("gives every supported keyword a role (definitions is renamed $defs before emitting)", () => {
    expect(Object.keys(KEYWORD_ROLES).sort()).toEqual(
      supported.filter((k) => k !== "definitions").sort(),
    );
  });

  it("evaluates each group's keywords in Ajv's rule order", () => {
    const groups = ajv.RULES.rules.map((g) => ({
      type: g.type ?? "any",
      keywords: g.rules
        .map((r) => r.keyword)
        .filter(
          (k) => supported.includes(k) && k !== "type" && k !== "$comment",
        ),
    }));
    for (const g of groups)
      expect([
        g.type,
        EVALUATION_ORDER[g.type as keyof typeof EVALUATION_ORDER],
      ]).toEqual([g.type, g.keywords]);
  });

  it("counts as rules exactly what Ajv counts (RULES.all)", () => {
    for (const k of supported)
      expect([k, isRuleKeyword(k)]).toEqual([
        k,
        ajv.RULES.all[k] !== undefined,
      ]);
  });

  it("every checking keyword is emitted by a module that declares it", () => {
    for (const [k, role] of Object.entries(KEYWORD_ROLES)) {
      if (role.kind !== "check") continue;
      expect(role.emitter.keywords).toContain(k);
      expect(
        Object.values(EVALUATION_ORDER).some((list) =>
          (list as readonly string[]).includes(k),
        ) || k === "type",
      ).toBe(true);
    }
  });
});
