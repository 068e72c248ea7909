/**
 * Maps tool-call arguments as a provider's declaration announces them back to the catalog's shape.
 *
 * Under OpenAI strict mode an optional property is declared required-and-nullable, so the model
 * sends `null` to mean "not given". A plan (pure data, generated from the same lowered schema as
 * the declaration) lists where that is the case; `normaliseArguments` removes exactly those nulls.
 * Nothing else is rewritten: no coercion, no defaults. The input is never mutated; objects on the
 * path are copied, with own data properties only (safe for `__proto__` and friends).
 *
 * The arguments are expected to have passed the declared schema already; for values that did not,
 * the result is unspecified but never throws.
 */

/** Where null means "omitted", following the shape of the declared schema. */
export type ArgumentPlan =
  /** A `$defs` entry (or `#`), by canonical reference: plans follow recursion. */
  | { readonly ref: string }
  /** An object: plans of some properties, and the properties whose null means "omitted". */
  | {
      readonly object: { readonly [property: string]: ArgumentPlan };
      readonly omitNull: readonly string[];
    }
  /** An array: the plan of its items (after the positions in `prefixItems`, when given). */
  | {
      readonly array: {
        readonly prefixItems?: readonly (ArgumentPlan | null)[];
        readonly items?: ArgumentPlan;
      };
    }
  /** A union: the branch is chosen by the value's shape (see `UnionBranch`). */
  | { readonly anyOf: readonly UnionBranch[] };

/**
 * A union branch that has something to normalise. Object branches of a strict declaration are
 * closed and list every property as required, so a valid value has exactly the branch's keys;
 * where two branches share their keys, `when` names the property whose constant tells them apart.
 */
export type UnionBranch =
  | {
      readonly keys: readonly string[];
      readonly when?: readonly [string, string | number | boolean | null];
      readonly plan: ArgumentPlan;
    }
  | { readonly array: true; readonly plan: ArgumentPlan };

export interface ToolArgumentPlan {
  readonly root: ArgumentPlan;
  /** Plans of referenced definitions, keyed by canonical reference (`#/$defs/Name`, `#`). */
  readonly defs: { readonly [ref: string]: ArgumentPlan };
}

const hasOwn = (object: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(object, key);

function isPlainObject(
  value: unknown,
): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Sets an own data property. Only `__proto__` needs `defineProperty` (assigning it would set the
 * prototype); every other key is assigned. Defining every key left the copy a dictionary-mode
 * object, slow for the validator and the handler after it: a strict call check (the declared
 * schema, this copy, the catalog validator) took three times as long, measured in one process.
 */
function setOwn(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  if (key !== "__proto__") target[key] = value;
  else
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

function sameKeys(
  keys: readonly string[],
  value: { readonly [key: string]: unknown },
): boolean {
  const own = Object.keys(value);
  if (own.length !== keys.length) return false;
  return keys.every((k) => hasOwn(value, k));
}

function pick(
  branches: readonly UnionBranch[],
  value: unknown,
): ArgumentPlan | undefined {
  if (Array.isArray(value)) {
    for (const b of branches) if ("array" in b) return b.plan;
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  for (const b of branches) {
    if (!("keys" in b) || !sameKeys(b.keys, value)) continue;
    if (b.when !== undefined && value[b.when[0]] !== b.when[1]) continue;
    return b.plan;
  }
  return undefined;
}

function apply(
  plan: ArgumentPlan,
  defs: ToolArgumentPlan["defs"],
  value: unknown,
  root: ArgumentPlan,
): unknown {
  if ("ref" in plan) {
    const target =
      plan.ref === "#"
        ? root
        : hasOwn(defs, plan.ref)
          ? defs[plan.ref]
          : undefined;
    return target === undefined ? value : apply(target, defs, value, root);
  }
  if ("anyOf" in plan) {
    const chosen = pick(plan.anyOf, value);
    return chosen === undefined ? value : apply(chosen, defs, value, root);
  }
  if ("array" in plan) {
    if (!Array.isArray(value)) return value;
    const prefix = plan.array.prefixItems ?? [];
    return value.map((item: unknown, i: number) => {
      const p = i < prefix.length ? prefix[i] : plan.array.items;
      return p === undefined || p === null ? item : apply(p, defs, item, root);
    });
  }
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === null && plan.omitNull.includes(key)) continue;
    const sub = hasOwn(plan.object, key) ? plan.object[key] : undefined;
    setOwn(out, key, sub === undefined ? item : apply(sub, defs, item, root));
  }
  return out;
}

/** The arguments with every null that means "omitted" removed (a new value; the input is untouched). */
export function normaliseArguments(
  plan: ToolArgumentPlan,
  value: unknown,
): unknown {
  return apply(plan.root, plan.defs, value, plan.root);
}
