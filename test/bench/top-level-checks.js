// A bound for the validators bench (validators.bench.js): on valid input, the work no validator
// with Ajv's verdicts and toolcat's result can skip at the top level of an object schema. Its own
// module so that test/unit/top-level-checks.test.ts can show what it checks and what it leaves out.

/**
 * Not a validator, but closer to one than the bounds in validators.bench.js: the bound with
 * formats (`keysFormatsAndResultOnly`: the object test, a fresh result, toolcat's own checks of
 * the top-level formats) and, besides, the other top-level checks no validator with Ajv's
 * verdicts can skip on valid input, each written the cheapest way known here: each key named once
 * by a `switch` that takes the declared properties' values (as toolcat's validators do, without
 * their own-property test), any other key refused where the schema says
 * `additionalProperties: false`; each required property's presence; each present property's
 * `type` (`typeof`) and `enum` (strict equality, scalar enums only). (Reading every declared
 * property by name instead is cheaper for a dense object and much dearer for a sparse one: on the
 * real tools, whose schemas declare many optional properties, that bound was slower than toolcat.)
 * Nested objects and arrays, numeric and length bounds, patterns and property counts are not
 * checked at all, so a validator with Ajv's verdicts does more: where this is below 2x Ajv
 * allErrors, 2x needs a validator that does all its work faster than these checks alone as
 * toolcat writes them (a cheaper test of a key against many names than a `switch` is the one
 * way left open).
 *
 * `schemas` are `{ label, schema }`; `mod` holds the format helpers named by `formatNames`
 * (format → helper name); `valid` are `[schema index, input]` pairs it must accept — it throws
 * if it rejects one (it would then check more than the schema says).
 */
export function topLevelChecksOnly(schemas, mod, formatNames, valid) {
  const fns = schemas.map(({ schema }, i) => {
    const resolved = (sub) => {
      const ref = sub && typeof sub === "object" ? sub.$ref : undefined;
      const m =
        typeof ref === "string" ? /^#\/\$defs\/([^/]+)$/.exec(ref) : null;
      return m && schema.$defs ? schema.$defs[m[1]] : sub;
    };
    const properties =
      schema && typeof schema === "object" && schema.properties
        ? schema.properties
        : {};
    const helpers = [];
    const checks = [];
    const cases = [];
    const required = new Set(schema?.required ?? []);
    for (const name of required)
      if (!Object.hasOwn(properties, name))
        checks.push(
          `if (data[${JSON.stringify(name)}] === undefined) ok = false;`,
        );
    Object.entries(properties).forEach(([key, raw], n) => {
      const v = `c${n}`;
      cases.push(`case ${JSON.stringify(key)}: ${v} = data[key]; break;`);
      const sub = resolved(raw);
      const parts = [];
      if (sub && typeof sub === "object") {
        const test = typeTest(sub);
        if (test) parts.push(`if (!(${test})) ok = false;`);
        if (
          Array.isArray(sub.enum) &&
          sub.enum.every(
            (e) =>
              e === null || ["string", "number", "boolean"].includes(typeof e),
          )
        )
          parts.push(
            `if (!(${sub.enum.map((e) => `v === ${JSON.stringify(e)}`).join(" || ")})) ok = false;`,
          );
        const helper = formatHelper(sub, mod, formatNames);
        if (helper) {
          parts.push(
            `if (typeof v === "string" && !f${helpers.length}(v)) ok = false;`,
          );
          helpers.push(helper);
        }
      }
      if (parts.length > 0 || required.has(key))
        checks.push(
          `{ const v = ${v}; if (v !== undefined) { ${parts.join(" ")} }${required.has(key) ? " else ok = false;" : ""} }`,
        );
    });
    const closed = schema?.additionalProperties === false;
    // A schema of another type gets its type's test only (the bounds of validators.bench.js do
    // not even that); one without a type checks properties where the value is an object.
    const rootTypes = typesOf(schema);
    const objects = rootTypes.length === 0 || rootTypes.includes("object");
    const rootTest = typeTest(schema);
    const otherwise = rootTest
      ? `else { const v = data; if (!(${rootTest})) ok = false; }`
      : "";
    return new Function(
      ...helpers.map((_, k) => `f${k}`),
      `return function (data) { // top-level checks ${i}
let ok = true;
if (typeof data === "object" && data !== null && !Array.isArray(data)) {
  ${
    objects
      ? `${cases.map((_, n) => `let c${n};`).join(" ")}
  for (const key in data) {
    switch (key) { ${cases.join(" ")} default: ${closed ? "ok = false;" : "break;"} }
  }
  ${checks.join("\n  ")}`
      : "ok = false;"
  }
} ${otherwise}
return ok ? { ok: true, value: data } : { ok: false };
};`,
    )(...helpers);
  });
  for (const [i, data] of valid)
    if (!fns[i](data).ok)
      throw new Error(
        `topLevelChecksOnly: ${schemas[i].label} rejects a valid input`,
      );
  return {
    name: "top-level checks: the bound with formats + required, types, enums, no undeclared key",
    check: (i, data) => {
      const r = fns[i](data);
      return r.ok ? 1 : 0;
    },
  };
}

/**
 * The format's helper in `mod` (format → helper name in `formatNames`) where `schema` names a
 * format toolcat checks; else undefined. Shared with validators.bench.js's bound with formats.
 */
export function formatHelper(schema, mod, formatNames) {
  const helper =
    schema &&
    typeof schema === "object" &&
    typeof schema.format === "string" &&
    Object.hasOwn(formatNames, schema.format)
      ? mod[formatNames[schema.format]]
      : undefined;
  return typeof helper === "function" ? helper : undefined;
}

/** The types `schema` names (none when it names none). */
function typesOf(schema) {
  if (typeof schema?.type === "string") return [schema.type];
  return Array.isArray(schema?.type) ? schema.type : [];
}

/** The test of `v` against the types `schema` names, or undefined where it names none (or one not known here). */
function typeTest(schema) {
  const types = typesOf(schema);
  const tests = types.map((t) => TYPE_TESTS[t]);
  if (types.length === 0 || tests.some((t) => t === undefined))
    return undefined;
  return tests.map((t) => `(${t})`).join(" || ");
}

/** A JSON Schema type's test, as a validator with Ajv's verdicts makes it (v is the value). */
const TYPE_TESTS = {
  string: `typeof v === "string"`,
  number: `typeof v === "number" && isFinite(v)`,
  integer: `Number.isInteger(v)`,
  boolean: `typeof v === "boolean"`,
  object: `typeof v === "object" && v !== null && !Array.isArray(v)`,
  array: `Array.isArray(v)`,
  null: `v === null`,
};
