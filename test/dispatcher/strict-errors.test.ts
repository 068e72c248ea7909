/**
 * One retry is enough for a strict model (issue 21, item 4): an OpenAI strict call the declared
 * schema turns down is answered with every problem at once, in the catalog's terms — wrong types
 * and failed constraints together with the missing fields, and for a field the catalog makes
 * optional, that `null` leaves it out (never "required" alone). The property over sampled calls
 * is in test/providers/support/call-agreement.ts (example catalog, fixtures, whole-output fuzz).
 */
import { describe, expect, it } from "vitest";
import { exampleApp } from "./example-app.js";

const strict = (target: "openai-chat" | "openai-responses", args: string) => ({
  target,
  id: `c-${args}`,
  name: "write_measurement",
  arguments: args,
});

describe("OpenAI strict: every problem in one answer", () => {
  for (const target of ["openai-chat", "openai-responses"] as const) {
    it(`${target}: a wrong type and missing optional fields are reported together, with null to leave them out`, async () => {
      const app = exampleApp();
      const r = await app.dispatcher.run(
        strict(target, '{"date": 5, "data": {"weight_kg": 70}}'),
      );
      expect(r.status).toBe("invalid-arguments");
      expect(r.text).toBe(
        [
          'The tool "write_measurement" was not run: its arguments are invalid (3 problems).',
          "- date: type — expected a string; received 5",
          "- data.body_fat_pct: required — expected a value, or null to leave it out (the field is optional, but it must be sent); received missing",
          "- data.waist_cm: required — expected a value, or null to leave it out (the field is optional, but it must be sent); received missing",
          "Fix these fields and call the tool again.",
        ].join("\n"),
      );
      expect(app.handlerCalls()).toBe(0);
    });
  }

  it("a missing field the catalog requires is plain required; constraint failures come with it", async () => {
    const app = exampleApp();
    const r = await app.dispatcher.run(
      strict(
        "openai-chat",
        '{"data": {"weight_kg": -1, "body_fat_pct": 500, "waist_cm": null}}',
      ),
    );
    expect(r.text).toContain(
      "- date: required — expected a value (required property); received missing",
    );
    expect(r.text).toContain(
      "- data.weight_kg: exclusiveMinimum — expected a number greater than 0; received -1",
    );
    expect(r.text).toContain(
      "- data.body_fat_pct: maximum — expected a number at most 100; received 500",
    );
    expect(r.text).not.toContain("null to leave it out");
  });

  it("an unknown key is reported with the rest", async () => {
    const app = exampleApp();
    const r = await app.dispatcher.run(
      strict(
        "openai-chat",
        '{"date": "2026-06-01", "data": {"weight_kg": "70", "body_fat_pct": null, "waist_cm": null}, "note": "x"}',
      ),
    );
    expect(r.text).toContain("- data.weight_kg: type — expected a number");
    expect(r.text).toContain("- note: additionalProperties");
  });
});
