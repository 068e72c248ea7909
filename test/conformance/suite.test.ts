/**
 * Conformance: the JSON-Schema-Test-Suite (draft 2020-12, every file incl. optional/ and
 * optional/format/) run through the *generated* validators: schemas are compiled by toolcat into
 * one standalone TypeScript module, transpiled and imported. Every case must pass, or be listed
 * in exclusions.json with its reason; exclusions are verified here, so none can hide a bug or
 * outlive its reason.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { validatorProblems } from "../../generator/core/emit/validators/compile.js";
import type { Schema } from "../../generator/core/schema/schema.js";
import { compileAll, type CompiledValidator } from "../validators/harness.js";
import { referenceValidator } from "../validators/reference.js";
import {
  loadExclusions,
  loadGroups,
  matches,
  suiteFiles,
  type Exclusion,
  type SuiteGroup,
} from "./suite.js";

const exclusions = loadExclusions();
const files = suiteFiles();
const groups = files.flatMap(loadGroups);
const problemsOf = new Map(
  groups.map((g) => [g, validatorProblems(g.schema as Schema)]),
);
const compilable = groups.filter((g) => problemsOf.get(g)!.length === 0);
const validators = new Map<SuiteGroup, CompiledValidator>();
const usedReference = new Set<Exclusion>();

beforeAll(async () => {
  const compiled = await compileAll(compilable.map((g) => g.schema as Schema));
  compilable.forEach((g, i) => validators.set(g, compiled[i]!));
});

function quoted(k: string): string {
  return JSON.stringify(k);
}

describe("JSON-Schema-Test-Suite draft 2020-12 through generated standalone validators", () => {
  for (const file of files) {
    it(file, () => {
      const failures: string[] = [];
      for (const group of groups.filter((g) => g.file === file)) {
        const problems = problemsOf.get(group)!;
        const unsupported = exclusions.filter(
          (e) =>
            e.kind === "unsupported" && matches(e, file, group.description),
        );
        if (problems.length > 0) {
          const named = unsupported.some((e) =>
            problems.some((p) =>
              (e.keywords ?? []).some((k) => p.message.includes(quoted(k))),
            ),
          );
          if (!named)
            failures.push(
              `group "${group.description}" is rejected but not excluded (or for another reason): ${problems.map((p) => p.message).join("; ")}`,
            );
          continue;
        }
        if (unsupported.length > 0)
          failures.push(
            `stale exclusion: group "${group.description}" now compiles; run it instead`,
          );
        const validate = validators.get(group)!;
        for (const t of group.tests) {
          let ok: boolean;
          try {
            ok = validate(t.data).ok;
          } catch (e) {
            failures.push(
              `${group.description} / ${t.description}: threw ${String(e)}`,
            );
            continue;
          }
          if (ok === t.valid) continue;
          const ref = exclusions.find(
            (e) =>
              e.kind === "reference" &&
              matches(e, file, group.description, t.description),
          );
          const ajv = referenceValidator(group.schema)?.(t.data);
          const ajvOk =
            ajv === undefined || "threw" in ajv ? undefined : ajv.ok;
          if (ref && ajvOk === ok && ajvOk !== t.valid) {
            usedReference.add(ref);
            continue;
          }
          failures.push(
            `${group.description} / ${t.description}: expected ${t.valid ? "valid" : "invalid"}, generated validator says ${ok ? "valid" : "invalid"} (Ajv: ${String(ajvOk)})\n  schema: ${JSON.stringify(group.schema)}\n  data: ${JSON.stringify(t.data)}`,
          );
        }
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });
  }

  it("every exclusion is used and names an existing case", () => {
    const stale: string[] = [];
    for (const e of exclusions) {
      const inFile = groups.filter(
        (g) =>
          g.file === e.file &&
          (e.group === undefined || g.description === e.group),
      );
      if (inFile.length === 0)
        stale.push(`no such file/group: ${JSON.stringify(e)}`);
      if (e.kind === "reference" && !usedReference.has(e))
        stale.push(`reference exclusion never needed: ${JSON.stringify(e)}`);
      if (e.reason.trim() === "")
        stale.push(`exclusion without reason: ${JSON.stringify(e)}`);
    }
    expect(stale, stale.join("\n")).toEqual([]);
  });

  it("covers every supported keyword and format", () => {
    const text = JSON.stringify(compilable.map((g) => g.schema));
    for (const k of [
      "type",
      "enum",
      "const",
      "properties",
      "required",
      "additionalProperties",
      "patternProperties",
      "propertyNames",
      "minProperties",
      "maxProperties",
      "dependentRequired",
      "items",
      "prefixItems",
      "contains",
      "minContains",
      "maxContains",
      "minItems",
      "maxItems",
      "uniqueItems",
      "minLength",
      "maxLength",
      "pattern",
      "minimum",
      "maximum",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "multipleOf",
      "allOf",
      "anyOf",
      "oneOf",
      "not",
      "if",
      "then",
      "else",
      "$ref",
      "$defs",
    ]) {
      expect(text, k).toContain(quoted(k));
    }
    for (const f of [
      "date",
      "time",
      "date-time",
      "duration",
      "email",
      "hostname",
      "ipv4",
      "ipv6",
      "uri",
      "uuid",
    ])
      expect(text, f).toContain(`"format":${quoted(f)}`);
    const cases = compilable.reduce((n, g) => n + g.tests.length, 0);
    expect(cases).toBeGreaterThan(900);
  });
});
