/**
 * The committed generated/ code, exercised as an app would use it: the catalog validators, the
 * error text for a model, and an OpenAI strict call checked and normalised.
 */
import { describe, expect, it } from "vitest";
import { validateOpenaiChatCall } from "../generated/providers/openai-chat.calls.js";
import { renderValidationErrors } from "../generated/runtime/validation-errors.js";
import {
  validate,
  validateWriteMeasurementInput,
  validators,
} from "../generated/validators.js";

describe("generated validators", () => {
  it("accept a valid call and narrow it", () => {
    const r = validateWriteMeasurementInput({
      date: "2026-02-28",
      data: { weight_kg: 70.5 },
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.data.weight_kg).toBe(70.5);
  });

  it("reject an invalid call with every failing field, and render it for the model", () => {
    const args = {
      date: "2026-02-30",
      data: { weight_kg: -1, body_fat_pct: "20" },
      extra: true,
    };
    const r = validate("write_measurement", args);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const keywords = r.errors
      .map((e) => `${e.instancePath} ${e.keyword}`)
      .sort();
    expect(keywords).toEqual([
      " additionalProperties",
      "/data/body_fat_pct type",
      "/data/weight_kg exclusiveMinimum",
      "/date format",
    ]);
    const text = renderValidationErrors("write_measurement", r.errors, args);
    expect(text).toContain("not run");
    expect(text).toContain("data.weight_kg");
    expect(text).toContain("data.body_fat_pct");
    expect(text).toContain("date");
  });

  it("never coerce: a decimal comma stays a string and fails", () => {
    expect(
      validate("write_measurement", {
        date: "2026-01-01",
        data: { weight_kg: "75,5" },
      }).ok,
    ).toBe(false);
  });

  it("answer for an unknown tool instead of throwing, and are safe for hostile keys", () => {
    expect(validate("nope" as never, {}).ok).toBe(false);
    expect(
      Object.prototype.hasOwnProperty.call(validators, "write_measurement"),
    ).toBe(true);
    const polluted = JSON.parse(
      '{"date": "2026-01-01", "data": {"weight_kg": 1}, "__proto__": {"x": 1}}',
    );
    expect(validate("write_measurement", polluted).ok).toBe(false);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("OpenAI strict calls", () => {
  it("map an announced null back to omission before the handler", () => {
    const r = validateOpenaiChatCall("write_measurement", {
      date: "2026-01-01",
      data: { weight_kg: 70, body_fat_pct: null, waist_cm: null },
    });
    expect(r).toEqual({
      ok: true,
      value: { date: "2026-01-01", data: { weight_kg: 70 } },
    });
  });

  it("reject what the declaration rejects (an omitted field that strict mode requires)", () => {
    expect(
      validateOpenaiChatCall("write_measurement", {
        date: "2026-01-01",
        data: { weight_kg: 70 },
      }).ok,
    ).toBe(false);
  });

  it("still enforce what moved into the description (at least one measurement)", () => {
    const r = validateOpenaiChatCall("write_measurement", {
      date: "2026-01-01",
      data: { weight_kg: null, body_fat_pct: null, waist_cm: null },
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors.map((e) => e.keyword)).toContain("minProperties");
  });
});
