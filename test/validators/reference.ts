/**
 * The reference toolcat's validators are measured against: Ajv 8 for draft 2020-12 with every
 * error collected, own properties only, ajv-formats in full mode. `strict: false` only turns off
 * Ajv's schema lint (warnings about ignored keywords); `strictNumbers` stays on as in Ajv's
 * default, so non-finite numbers are not numbers.
 *
 * Ajv bugs toolcat does not reproduce are fixed in the reference (test/validators/ajv-quirks.test.ts
 * shows Ajv's answer and toolcat's on each):
 * - `contains` with the default minContains (1) and no maxContains keeps its result in a `var`
 *   that an empty array never assigns, so inside a loop (items, contains, additionalProperties, …)
 *   an empty array inherits the previous item's result and can pass;
 * - `not` and `if` check their subschema in Ajv's stop-at-first-failure mode, whose code has
 *   wrong answers of its own: `prefixItems` on an array shorter than the prefix skips the array
 *   keywords after it, and `required`/`dependentRequired` never see a missing `""` property. The
 *   reference checks those subschemas with allErrors instead, which only answers valid/invalid
 *   (their errors are discarded either way), so `not`/`if` get the answer Ajv intends;
 * - `properties` and `patternProperties` entries named `__proto__` are dropped by Ajv
 *   (`allSchemaProperties`), so such a property is never checked and counts as additional.
 *   toolcat validates it like any other name (the suite's properties.json expects that); the
 *   reference compiles with that filter removed.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { _, str, type Name } from "ajv/dist/compile/codegen/index.js";
import { alwaysValidSchema, Type } from "ajv/dist/compile/util.js";
import type { CodeKeywordDefinition, KeywordCxt } from "ajv";
import anyOfModule from "ajv/dist/vocabularies/applicator/anyOf.js";
import oneOfModule from "ajv/dist/vocabularies/applicator/oneOf.js";
import allOfModule from "ajv/dist/vocabularies/applicator/allOf.js";
import { createRequire } from "node:module";
import type { ValidationErrorLike } from "./harness.js";

const ajvCode = createRequire(import.meta.url)(
  "ajv/dist/vocabularies/code.js",
) as { allSchemaProperties: (map?: object) => string[] };
const ajvAllSchemaProperties = ajvCode.allSchemaProperties;

/** Runs `compile` with Ajv's `allSchemaProperties` keeping `__proto__` (it is read only while generating code). */
function keepingProtoProperties<T>(compile: () => T): T {
  ajvCode.allSchemaProperties = (map) => (map ? Object.keys(map) : []);
  try {
    return compile();
  } finally {
    ajvCode.allSchemaProperties = ajvAllSchemaProperties;
  }
}

const def = (m: unknown): CodeKeywordDefinition =>
  (m as { default?: CodeKeywordDefinition }).default ??
  (m as CodeKeywordDefinition);
const anyOfDef = def(anyOfModule);
const oneOfDef = def(oneOfModule);
const allOfDef = def(allOfModule);
const addFormats = addFormatsModule as unknown as (
  ajv: Ajv2020,
  options?: { mode: "full" | "fast" },
) => Ajv2020;

/** Ajv 8.20's `contains` (vocabularies/applicator/contains.ts) with `valid` initialised before the loop. */
const containsFixed: CodeKeywordDefinition = {
  keyword: "contains",
  type: "array",
  schemaType: ["object", "boolean"],
  before: "uniqueItems",
  trackErrors: true,
  error: {
    message: ({ params: { min, max } }) =>
      max === undefined
        ? str`must contain at least ${min} valid item(s)`
        : str`must contain at least ${min} and no more than ${max} valid item(s)`,
    params: ({ params: { min, max } }) =>
      max === undefined
        ? _`{minContains: ${min}}`
        : _`{minContains: ${min}, maxContains: ${max}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, schema, parentSchema, data, it } = cxt;
    const { minContains, maxContains } = parentSchema as {
      minContains?: number;
      maxContains?: number;
    };
    const min = minContains === undefined ? 1 : minContains;
    const max = maxContains;
    const len = gen.const("len", _`${data}.length`);
    cxt.setParams({ min, max });
    if (max === undefined && min === 0) return;
    if (max !== undefined && min > max) {
      cxt.fail();
      return;
    }
    if (alwaysValidSchema(it, schema)) {
      let cond = _`${len} >= ${min}`;
      if (max !== undefined) cond = _`${cond} && ${len} <= ${max}`;
      cxt.pass(cond);
      return;
    }
    it.items = true;
    const valid = gen.name("valid");
    if (max === undefined && min === 1) {
      gen.var(valid, false); // the fix
      validateItems(valid, () => gen.if(valid, () => gen.break()));
    } else if (min === 0) {
      gen.let(valid, true);
      if (max !== undefined)
        gen.if(_`${data}.length > 0`, validateItemsWithCount);
    } else {
      gen.let(valid, false);
      validateItemsWithCount();
    }
    cxt.result(valid, () => cxt.reset());

    function validateItemsWithCount(): void {
      const schValid = gen.name("_valid");
      const count = gen.let("count", 0);
      validateItems(schValid, () => gen.if(schValid, () => checkLimits(count)));
    }
    function validateItems(_valid: Name, block: () => void): void {
      gen.forRange("i", 0, len, (i) => {
        cxt.subschema(
          {
            keyword: "contains",
            dataProp: i,
            dataPropType: Type.Num,
            compositeRule: true,
          },
          _valid,
        );
        block();
      });
    }
    function checkLimits(count: Name): void {
      gen.code(_`${count}++`);
      if (max === undefined) {
        gen.if(_`${count} >= ${min}`, () => gen.assign(valid, true).break());
      } else {
        gen.if(_`${count} > ${max}`, () => gen.assign(valid, false).break());
        if (min === 1) gen.assign(valid, true);
        else gen.if(_`${count} >= ${min}`, () => gen.assign(valid, true));
      }
    }
  },
};

/** Ajv 8.20's `not` (vocabularies/applicator/not.ts), its subschema checked with allErrors (validity only). */
const notAllErrors: CodeKeywordDefinition = {
  keyword: "not",
  schemaType: ["object", "boolean"],
  trackErrors: true,
  error: { message: "must NOT be valid" },
  code(cxt: KeywordCxt) {
    const { gen, schema, it } = cxt;
    if (alwaysValidSchema(it, schema)) {
      cxt.fail();
      return;
    }
    const valid = gen.name("valid");
    cxt.subschema(
      {
        keyword: "not",
        compositeRule: true,
        createErrors: false,
        allErrors: true,
      },
      valid,
    );
    cxt.failResult(
      valid,
      () => cxt.reset(),
      () => cxt.error(),
    );
  },
};

/** Ajv 8.20's `if` (vocabularies/applicator/if.ts), its subschema checked with allErrors (validity only). */
const ifAllErrors: CodeKeywordDefinition = {
  keyword: "if",
  schemaType: ["object", "boolean"],
  trackErrors: true,
  error: {
    message: ({ params }) => str`must match "${params.ifClause}" schema`,
    params: ({ params }) => _`{failingKeyword: ${params.ifClause}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, parentSchema, it } = cxt;
    const hasSchema = (keyword: string) => {
      const sub = (parentSchema as Record<string, unknown>)[keyword];
      return sub !== undefined && !alwaysValidSchema(it, sub as boolean);
    };
    const hasThen = hasSchema("then");
    const hasElse = hasSchema("else");
    if (!hasThen && !hasElse) return;
    const valid = gen.let("valid", true);
    const schValid = gen.name("_valid");
    cxt.subschema(
      {
        keyword: "if",
        compositeRule: true,
        createErrors: false,
        allErrors: true,
      },
      schValid,
    );
    cxt.reset();
    const clause = (keyword: string, ifClause?: Name) => () => {
      cxt.subschema({ keyword }, schValid);
      gen.assign(valid, schValid);
      if (ifClause) gen.assign(ifClause, _`${keyword}`);
      else cxt.setParams({ ifClause: keyword });
    };
    if (hasThen && hasElse) {
      const ifClause = gen.let("ifClause");
      cxt.setParams({ ifClause });
      gen.if(schValid, clause("then", ifClause), clause("else", ifClause));
    } else if (hasThen) {
      gen.if(schValid, clause("then"));
    } else {
      gen.if(_`!${schValid}`, clause("else"));
    }
    cxt.pass(valid, () => cxt.error(true));
  },
};

export function referenceAjv(
  options: { allErrors?: boolean; fixBugs?: boolean } = {},
): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: options.allErrors ?? true,
    ownProperties: true,
    strict: false,
    strictNumbers: true,
    logger: false,
  });
  addFormats(ajv, { mode: "full" });
  if (options.fixBugs ?? true) {
    ajv.removeKeyword("contains");
    ajv.addKeyword(containsFixed); // back before uniqueItems, as before
    // Untyped keywords are evaluated in registration order: not, anyOf, oneOf, allOf, if.
    for (const k of ["not", "anyOf", "oneOf", "allOf", "if"])
      ajv.removeKeyword(k);
    ajv.addKeyword(notAllErrors);
    for (const def of [anyOfDef, oneOfDef, allOfDef]) ajv.addKeyword(def);
    ajv.addKeyword(ifAllErrors);
  }
  return ajv;
}

export type ReferenceOutcome =
  | { ok: true }
  | { ok: false; errors: ValidationErrorLike[] }
  | { threw: string };

const shared = new Map<boolean, Ajv2020>();

/** Compiles with a shared Ajv (schemas have no `$id`, so they never collide); undefined when Ajv rejects the schema. */
export function referenceValidator(
  schema: unknown,
  options: { fixBugs?: boolean } = {},
): ((data: unknown) => ReferenceOutcome) | undefined {
  let validate: ReturnType<Ajv2020["compile"]>;
  const fixBugs = options.fixBugs ?? true;
  let ajv = shared.get(fixBugs);
  if (!ajv) shared.set(fixBugs, (ajv = referenceAjv({ fixBugs })));
  try {
    const compile = () => ajv.compile(schema as object);
    validate = fixBugs ? keepingProtoProperties(compile) : compile();
  } catch {
    return undefined;
  }
  return (data) => {
    try {
      if (validate(data)) return { ok: true };
      const errors = (validate.errors ?? []).map((e) => ({
        instancePath: e.instancePath,
        schemaPath: e.schemaPath,
        keyword: e.keyword,
        params: e.params as Record<string, unknown>,
        message: e.message ?? "",
      }));
      return { ok: false, errors };
    } catch (e) {
      return {
        threw: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
      };
    }
  };
}
