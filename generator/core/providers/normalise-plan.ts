/**
 * The normalisation plan of one lowered schema: where a null means "omitted" (the null wrappers
 * the lowering made), following the declared schema's shape. Pure data, emitted as a literal and
 * applied by templates/runtime/normalise-arguments.ts.
 *
 * Built in two steps: a raw plan with a placeholder for every reference, then pruning by a
 * fixpoint (a definition has a plan when it, or something it references, removes a null), so
 * recursion costs nothing when it has nothing to normalise. Unions are checked last: a branch can
 * be chosen at run time only by its keys (strict objects are closed and fully required) or by a
 * constant property; anything else is an `ambiguous-union` blocker.
 */
import type {
  ArgumentPlan,
  ToolArgumentPlan,
  UnionBranch,
} from "../../../templates/runtime/normalise-arguments.js";
import { compare } from "../diagnostics.js";
import {
  hasOwn,
  isJsonObject,
  objectFromEntries,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../schema/json.js";
import type { Blocker } from "./lowering/lowering.js";
import {
  isArrayish,
  isObjectish,
  literalKind,
  resolveLocal,
} from "./lowering/schema-util.js";

export type { ArgumentPlan, ToolArgumentPlan, UnionBranch };

type Raw =
  | { readonly kind: "ref"; readonly ref: string }
  | {
      readonly kind: "object";
      readonly props: ReadonlyMap<string, Raw>;
      readonly omitNull: readonly string[];
    }
  | {
      readonly kind: "array";
      readonly prefix: readonly (Raw | undefined)[];
      readonly items?: Raw;
    }
  | {
      readonly kind: "union";
      readonly branches: readonly RawBranch[];
      readonly pointer: string;
    }
  | {
      readonly kind: "both";
      readonly own: Raw;
      readonly union: Raw;
      readonly pointer: string;
    };

interface RawBranch {
  readonly plan?: Raw;
  /** Exact key set when the branch is a closed, fully required object. */
  readonly keys?: readonly string[];
  readonly objectish: boolean;
  readonly arrayish: boolean;
  /** Properties with a single constant value (candidate discriminators). */
  readonly constants: ReadonlyMap<string, Json>;
  readonly pointer: string;
}

export interface PlanResult {
  /** Undefined when nothing is ever normalised. */
  readonly plan?: ToolArgumentPlan;
  readonly blockers: readonly Blocker[];
}

/**
 * @param schema       the lowered resource
 * @param nullWrappers lowered property schemas made nullable from optional, mapped to their inner schema
 * @param pointerOf    maps a lowered node to the canonical pointer reported in blockers
 */
export function buildPlan(
  schema: Json,
  nullWrappers: ReadonlyMap<object, Json>,
): PlanResult {
  const blockers: Blocker[] = [];
  const defs = new Map<string, Raw | undefined>();
  const pending: string[] = [];

  const refPlan = (ref: string): Raw => {
    if (ref !== "#" && !defs.has(ref)) {
      defs.set(ref, undefined);
      pending.push(ref);
    }
    return { kind: "ref", ref };
  };

  const raw = (node: Json, pointer: string): Raw | undefined => {
    if (!isJsonObject(node)) return undefined;
    if (typeof node.$ref === "string") return refPlan(node.$ref);
    const own = objectOrArray(node, pointer);
    const union = Array.isArray(node.anyOf)
      ? unionPlan(node.anyOf as readonly Json[], pointerJoin(pointer, "anyOf"))
      : undefined;
    if (own && union) return { kind: "both", own, union, pointer };
    return own ?? union;
  };

  const objectOrArray = (
    node: JsonObject,
    pointer: string,
  ): Raw | undefined => {
    if (isJsonObject(node.properties ?? null)) {
      const properties = node.properties as JsonObject;
      const props = new Map<string, Raw>();
      const omitNull: string[] = [];
      for (const key of Object.keys(properties)) {
        const child = properties[key]!;
        const at = pointerJoin(pointer, "properties", key);
        if (isJsonObject(child) && nullWrappers.has(child)) {
          omitNull.push(key);
          const inner = raw(nullWrappers.get(child)!, at);
          if (inner) props.set(key, inner);
        } else {
          const sub = raw(child, at);
          if (sub) props.set(key, sub);
        }
      }
      return { kind: "object", props, omitNull };
    }
    if (Array.isArray(node.prefixItems) || hasOwn(node, "items")) {
      const prefix = Array.isArray(node.prefixItems)
        ? (node.prefixItems as readonly Json[]).map((p, i) =>
            raw(p, pointerJoin(pointer, "prefixItems", i)),
          )
        : [];
      const items = hasOwn(node, "items")
        ? raw(node.items!, pointerJoin(pointer, "items"))
        : undefined;
      return { kind: "array", prefix, ...(items ? { items } : {}) };
    }
    return undefined;
  };

  const unionPlan = (branches: readonly Json[], pointer: string): Raw => ({
    kind: "union",
    pointer,
    branches: branches.map((b, i) =>
      describeBranch(b, pointerJoin(pointer, i)),
    ),
  });

  const describeBranch = (branch: Json, pointer: string): RawBranch => {
    const plan = raw(branch, pointer);
    const resolved = resolveBranch(branch);
    if (!isJsonObject(resolved))
      return {
        ...(plan ? { plan } : {}),
        objectish: resolved === true,
        arrayish: resolved === true,
        constants: new Map(),
        pointer,
      };
    const objectish = isObjectish(resolved) || Array.isArray(resolved.anyOf);
    const arrayish = isArrayish(resolved) || Array.isArray(resolved.anyOf);
    const props = isJsonObject(resolved.properties ?? null)
      ? (resolved.properties as JsonObject)
      : {};
    const keys = Object.keys(props).sort(compare);
    const required = new Set(
      Array.isArray(resolved.required) ? (resolved.required as Json[]) : [],
    );
    const exact =
      isObjectish(resolved) &&
      resolved.additionalProperties === false &&
      !hasOwn(resolved, "patternProperties") &&
      keys.every((k) => required.has(k)) &&
      !Array.isArray(resolved.anyOf);
    const constants = new Map<string, Json>();
    for (const k of keys) {
      const p = resolveBranch(props[k]!);
      if (!isJsonObject(p)) continue;
      const only = hasOwn(p, "const")
        ? [p.const!]
        : Array.isArray(p.enum) && p.enum.length === 1
          ? [p.enum[0]!]
          : undefined;
      if (
        only &&
        literalKind(only[0]!) !== "object" &&
        literalKind(only[0]!) !== "array"
      )
        constants.set(k, only[0]!);
    }
    return {
      ...(plan ? { plan } : {}),
      ...(exact ? { keys } : {}),
      objectish,
      arrayish,
      constants,
      pointer,
    };
  };

  /** A branch with its references followed (for shape questions only). */
  const resolveBranch = (
    branch: Json,
    seen: ReadonlySet<string> = new Set(),
  ): Json => {
    if (
      !isJsonObject(branch) ||
      typeof branch.$ref !== "string" ||
      seen.has(branch.$ref)
    )
      return branch;
    const target = resolveLocal(schema, branch.$ref);
    return target === undefined
      ? branch
      : resolveBranch(target, new Set([...seen, branch.$ref]));
  };

  const root = raw(schema, "");
  while (pending.length > 0) {
    const ref = pending.shift()!;
    const target = resolveLocal(schema, ref);
    defs.set(ref, target === undefined ? undefined : raw(target, ref.slice(1)));
  }

  // Which plans do something: a fixpoint over references.
  const live = new Map<string, boolean>();
  const does = (p: Raw | undefined): boolean => {
    if (!p) return false;
    switch (p.kind) {
      case "ref":
        return p.ref === "#" ? rootLive : (live.get(p.ref) ?? false);
      case "object":
        return p.omitNull.length > 0 || [...p.props.values()].some(does);
      case "array":
        return p.prefix.some(does) || does(p.items);
      case "union":
        return p.branches.some((b) => does(b.plan));
      case "both":
        return does(p.own) || does(p.union);
    }
  };
  let rootLive = false;
  for (let changed = true; changed;) {
    changed = false;
    for (const [ref, p] of defs) {
      const now = does(p);
      if (now !== (live.get(ref) ?? false)) {
        live.set(ref, now);
        changed = true;
      }
    }
    const r = does(root);
    if (r !== rootLive) {
      rootLive = r;
      changed = true;
    }
  }
  if (!rootLive) return { blockers };

  const used = new Set<string>();
  const prune = (p: Raw): ArgumentPlan => {
    switch (p.kind) {
      case "ref":
        if (p.ref !== "#") used.add(p.ref);
        return { ref: p.ref };
      case "object":
        return {
          object: objectFromEntries(
            [...p.props]
              .filter(([, s]) => does(s))
              .map(([k, s]) => [k, prune(s)] as const),
          ),
          omitNull: p.omitNull,
        };
      case "array": {
        const out: {
          prefixItems?: (ArgumentPlan | null)[];
          items?: ArgumentPlan;
        } = {};
        if (p.prefix.some(does))
          out.prefixItems = p.prefix.map((s) =>
            s && does(s) ? prune(s) : null,
          );
        if (p.items && does(p.items)) out.items = prune(p.items);
        return { array: out };
      }
      case "union":
        return { anyOf: unionBranches(p) };
      case "both":
        blockers.push({
          kind: "ambiguous-union",
          pointer: p.pointer,
          reason:
            'an object with its own properties beside anyOf: which null means "omitted" depends on the branch',
        });
        return prune(does(p.own) ? p.own : p.union);
    }
  };

  const unionBranches = (p: Extract<Raw, { kind: "union" }>): UnionBranch[] => {
    const out: UnionBranch[] = [];
    const planned = p.branches.filter((b) => does(b.plan));
    const arrays = p.branches.filter((b) => b.arrayish);
    if (planned.some((b) => b.arrayish) && arrays.length > 1) {
      blockers.push({
        kind: "ambiguous-union",
        pointer: p.pointer,
        reason:
          'several array alternatives: the one whose nulls mean "omitted" cannot be told apart at run time',
      });
    }
    const objects = p.branches.filter((b) => b.objectish);
    for (const b of planned) {
      if (b.arrayish && !b.objectish) {
        out.push({ array: true, plan: prune(b.plan!) });
        continue;
      }
      if (!b.keys || objects.some((o) => o !== b && !o.keys)) {
        blockers.push({
          kind: "ambiguous-union",
          pointer: b.pointer,
          reason:
            "an object alternative that is not closed and fully required cannot be recognised by its keys",
        });
        continue;
      }
      const twins = objects.filter(
        (o) =>
          o !== b && o.keys && o.keys.join("\u0000") === b.keys!.join("\u0000"),
      );
      let when: [string, string | number | boolean | null] | undefined;
      if (twins.length > 0) {
        const key = b.keys.find(
          (k) =>
            b.constants.has(k) &&
            twins.every(
              (t) =>
                t.constants.has(k) && t.constants.get(k) !== b.constants.get(k),
            ),
        );
        if (key === undefined) {
          blockers.push({
            kind: "ambiguous-union",
            pointer: b.pointer,
            reason: `alternatives with the same properties (${b.keys.join(", ")}) and no constant property to tell them apart`,
          });
          continue;
        }
        when = [key, b.constants.get(key) as string | number | boolean | null];
      }
      out.push({
        keys: b.keys,
        ...(when ? { when } : {}),
        plan: prune(b.plan!),
      });
    }
    return out;
  };

  const rootPlan = prune(root!);
  const defPlans: [string, ArgumentPlan][] = [];
  const done = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const ref of [...used].sort(compare)) {
      if (done.has(ref)) continue;
      done.add(ref);
      grew = true;
      const d = defs.get(ref);
      if (d && does(d)) defPlans.push([ref, prune(d)]);
    }
  }
  defPlans.sort((a, b) => compare(a[0], b[0]));
  return {
    plan: { root: rootPlan, defs: objectFromEntries(defPlans) },
    blockers,
  };
}
