/**
 * The validator for calls as a target announces them is: the declared (lowered) schema, then the
 * generated normaliser, then the canonical schema. For every tool of every target of every catalog
 * (example + fixtures), with Ajv as the validator and the committed generated normaliser:
 *
 * 1. values valid under the declared schema, once normalised, are accepted exactly when the
 *    canonical schema accepts them as an independent reference reads them (nulls of optional,
 *    non-nullable properties removed), and the handler gets exactly that value;
 * 2. values the declared schema rejects are rejected;
 * 3. nothing is lost: every value the canonical schema accepts can be announced (nulls added where
 *    the declaration requires them), passes the declared schema, and normalises back to itself.
 *
 * On failure the message names catalog, target, tool, the value and the fast-check seed. Seeded
 * like the other property tests; replay with FC_SEED=<seed>.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../generator/core/schema/json.js";
import { createAjv, resource } from "./support/ajv.js";
import {
  caseNames,
  generatedNormaliser,
  loadCase,
  type Case,
} from "./support/cases.js";
import { announce, denull } from "./support/reference.js";
import { arbitraryFor, mutated } from "./support/schema-arbitrary.js";

const RUNS = Number(process.env.TOOLCAT_PROPERTY_RUNS ?? 60);
const SEED = Number(process.env.FC_SEED ?? 5150);
const ajv = createAjv();

interface Subject {
  readonly label: string;
  readonly declared: Json;
  readonly canonical: Json;
  readonly normalise: (args: unknown) => unknown;
}

function subjectsOf(
  c: Case,
  normalisers: ReadonlyMap<string, (name: string, args: unknown) => unknown>,
): Subject[] {
  const seen = new Set<string>();
  const out: Subject[] = [];
  for (const l of c.lowerings) {
    for (const t of l.tools) {
      // Targets that declare the same schema for a tool are checked once (the normaliser differs only with the plan).
      const key = `${t.tool.name}\u0000${JSON.stringify(t.input.schema)}\u0000${JSON.stringify(t.plan ?? null)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const fn = normalisers.get(l.target.id)!;
      out.push({
        label: `${c.name} ${l.target.id} ${t.tool.name}`,
        declared: t.input.schema,
        canonical: t.tool.input.schema as Json,
        normalise: (args) => fn(t.tool.name, args),
      });
    }
  }
  return out;
}

const cases = caseNames();
const loaded = new Map<string, { case: Case; subjects: Subject[] }>();

beforeAll(async () => {
  for (const c of cases) {
    const lc = await loadCase(c);
    const normalisers = new Map<
      string,
      (name: string, args: unknown) => unknown
    >();
    for (const l of lc.lowerings)
      normalisers.set(l.target.id, await generatedNormaliser(lc, l.target.id));
    loaded.set(c.name, { case: lc, subjects: subjectsOf(lc, normalisers) });
  }
});

function check(s: Subject) {
  const declared = resource(ajv, s.declared);
  const canonical = resource(ajv, s.canonical);
  const accepts = (v: unknown) =>
    declared.validate(v) && canonical.validate(s.normalise(v));
  let validSeen = 0;

  // 1 and 2: values shaped by the declaration, and mutations of them.
  const values = fc.oneof(
    { weight: 3, arbitrary: arbitraryFor(s.declared as never) },
    { weight: 2, arbitrary: arbitraryFor(s.declared as never).chain(mutated) },
  );
  fc.assert(
    fc.property(values, (v) => {
      if (!declared.validate(v)) {
        expect(
          accepts(v),
          `${s.label}: declared schema rejects ${JSON.stringify(v)} but the target validator accepts it`,
        ).toBe(false);
        return;
      }
      validSeen++;
      const input = JSON.stringify(v);
      const normalised = s.normalise(v);
      expect(
        JSON.stringify(v),
        `${s.label}: the normaliser mutated its input`,
      ).toBe(input);
      const reference = denull(
        { root: s.canonical as never, at: canonical.at },
        v,
      );
      const referenceAccepts = canonical.validate(reference);
      expect(
        accepts(v),
        `${s.label}: ${input} normalised to ${JSON.stringify(normalised)}; canonical on the reference reading ${JSON.stringify(reference)} says ${referenceAccepts}`,
      ).toBe(referenceAccepts);
      if (referenceAccepts)
        expect(normalised, `${s.label}: handler value for ${input}`).toEqual(
          reference,
        );
    }),
    { seed: SEED, numRuns: RUNS },
  );

  // 3: every canonical value can be announced and comes back unchanged.
  fc.assert(
    fc.property(arbitraryFor(s.canonical as never), (c) => {
      if (!canonical.validate(c)) return;
      const announced = announce(
        { root: s.declared as never, at: declared.at },
        c,
      );
      expect(
        declared.validate(announced),
        `${s.label}: the declaration cannot express the valid value ${JSON.stringify(c)} (announced as ${JSON.stringify(announced)})`,
      ).toBe(true);
      expect(
        s.normalise(announced),
        `${s.label}: ${JSON.stringify(announced)} does not normalise back`,
      ).toEqual(c);
    }),
    { seed: SEED, numRuns: RUNS },
  );
  return validSeen;
}

describe(`normalisation: declared → normalised → canonical (FC_SEED=${SEED})`, () => {
  for (const c of cases) {
    it(c.name, () => {
      const { subjects } = loaded.get(c.name)!;
      expect(subjects.length).toBeGreaterThan(0);
      let valid = 0;
      for (const s of subjects) valid += check(s);
      // The generator must produce declared-valid values, or the property says nothing.
      expect(
        valid,
        `${c.name}: too few generated values were valid under the declared schemas`,
      ).toBeGreaterThan(subjects.length * RUNS * 0.2);
    });
  }
});
