/**
 * One schema resource (a tool's input or output) prepared for code generation: every `$ref`
 * resolved the way Ajv resolves it, and the schemas that become functions of their own ("units")
 * identified. Ajv inlines a referenced schema that contains no `$ref` (its errors then carry the
 * `$ref` text as schema path prefix) and compiles any other one as a separate function (whose
 * errors carry schema paths relative to that schema, `#/...`). The generated code follows the same
 * split so error schema paths are Ajv's.
 */
import type { Schema, SchemaObject } from "../../schema/schema.js";
import {
  hasOwn,
  isJsonObject,
  pointerJoin,
  unescapePointerSegment,
} from "../../schema/json.js";
import { alwaysValid, containsRef, hasRulesButRef, own } from "./rules.js";
import { CompileError, checkSchema, type Problem } from "./check.js";
import { nodesOnCycles } from "../../graph.js";

export interface Unit {
  readonly index: number;
  readonly schema: SchemaObject | boolean;
  readonly isRoot: boolean;
  /** Called through `$ref` (so it receives the caller's instance path and depth). */
  referenced: boolean;
  /** On a `$ref` cycle: calls into it are depth-limited. */
  cyclic: boolean;
}

export type RefTarget =
  | { readonly kind: "inline"; readonly schema: Schema }
  | { readonly kind: "call"; readonly unit: Unit };

const SAME_LEVEL_LISTS = ["allOf", "anyOf", "oneOf"] as const;
const SAME_LEVEL_ONES = ["not", "if", "then", "else"] as const;
const PROPERTY_MAPS = ["properties", "patternProperties"] as const;
const EVALUATED_ONES = [
  "additionalProperties",
  "propertyNames",
  "items",
  "contains",
  "not",
] as const;
const EVALUATED_LISTS = ["prefixItems", "allOf", "anyOf", "oneOf"] as const;

// The loops below are indexed (not for…of): they run for every schema object of every
// resource, mostly unoptimised in a one-shot run, where each iterator step allocates its result.

/** Subschemas Ajv evaluates at the same instance location (edges of a non-descending cycle). */
function sameLevelChildren(schema: SchemaObject): Schema[] {
  const out: Schema[] = [];
  for (let k = 0; k < SAME_LEVEL_LISTS.length; k++) {
    const list = own(schema, SAME_LEVEL_LISTS[k]!);
    if (list) for (let i = 0; i < list.length; i++) out.push(list[i]!);
  }
  for (let k = 0; k < SAME_LEVEL_ONES.length; k++) {
    const s = own(schema, SAME_LEVEL_ONES[k]!);
    if (s !== undefined) out.push(s);
  }
  return out;
}

/** Subschemas Ajv evaluates for a schema object (where refs may be called), mirroring its skip rules, with their pointer segments. */
function evaluatedChildren(
  schema: SchemaObject,
): [Schema, (string | number)[]][] {
  if (own(schema, "$ref") !== undefined && !hasRulesButRef(schema)) return [];
  const out: [Schema, (string | number)[]][] = [];
  for (let m = 0; m < PROPERTY_MAPS.length; m++) {
    const k = PROPERTY_MAPS[m]!;
    const map = own(schema, k);
    if (map) {
      const names = Object.keys(map);
      for (let i = 0; i < names.length; i++)
        out.push([map[names[i]!]!, [k, names[i]!]]);
    }
  }
  for (let m = 0; m < EVALUATED_ONES.length; m++) {
    const k = EVALUATED_ONES[m]!;
    const s = own(schema, k);
    if (s !== undefined) out.push([s, [k]]);
  }
  for (let m = 0; m < EVALUATED_LISTS.length; m++) {
    const k = EVALUATED_LISTS[m]!;
    const list = own(schema, k);
    if (list)
      for (let i = 0; i < list.length; i++) out.push([list[i]!, [k, i]]);
  }
  const ifs = own(schema, "if");
  const thens = own(schema, "then");
  const elses = own(schema, "else");
  const hasThen = thens !== undefined && !alwaysValid(thens);
  const hasElse = elses !== undefined && !alwaysValid(elses);
  if (ifs !== undefined && (hasThen || hasElse)) {
    out.push([ifs, ["if"]]);
    if (hasThen) out.push([thens, ["then"]]);
    if (hasElse) out.push([elses, ["else"]]);
  }
  return out;
}

/** The JSON Pointer a local `$ref` spells (percent-decoded), for diagnostics. */
function refPointer(ref: string): string {
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return ref.slice(1);
  }
}

function isRootRef(ref: string): boolean {
  return ref === "#" || ref === "#/";
}

/**
 * Short stand-ins for share keys (see Resource.shareKey), numbered in the order they are first
 * seen: the same key, the same stand-in, in every resource given this table.
 */
export class ShareKeys {
  private readonly ids = new Map<string, string>();

  idOf(key: string): string {
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = `#${this.ids.size}`));
    return id;
  }
}

export class Resource {
  readonly units: Unit[] = [];
  private readonly unitBySchema = new Map<object, Unit>();
  private readonly targets = new Map<string, RefTarget>();
  private readonly callees = new Map<Unit, Set<Unit>>();
  private readonly boundedMemo = new WeakMap<object, boolean>();
  private readonly unboundedUnits = new Map<Unit, boolean>();

  private constructor(
    readonly root: Schema,
    private readonly keys: ShareKeys,
  ) {}

  /**
   * Checks, resolves and analyses one resource; throws `CompileError` listing every problem.
   * Resources whose units may share functions are given the same `keys`.
   */
  static prepare(root: Schema, keys: ShareKeys = new ShareKeys()): Resource {
    const problems = checkSchema(root);
    if (problems.length > 0) throw new CompileError(problems);
    const resource = new Resource(root, keys);
    resource.analyse();
    return resource;
  }

  get rootUnit(): Unit {
    return this.units[0]!;
  }

  /** Where a `$ref` (as written) leads: an inlined schema or a unit. */
  resolve(ref: string): RefTarget {
    const known = this.targets.get(ref);
    if (known) return known;
    const target = this.resolveUncached(ref);
    this.targets.set(ref, target);
    return target;
  }

  /**
   * Text that is the same for two units, of this resource or another, whose generated functions
   * are the same: the unit's schema and what each `$ref` it evaluates leads to (an inlined schema,
   * or the key of the unit it calls). A unit's errors carry schema paths relative to itself and
   * its caller's instance path, so nothing else enters its code. Undefined (not shared) for the
   * root and for units on a `$ref` cycle, whose code depends on the resource around them.
   */
  shareKey(unit: Unit): string | undefined {
    if (this.shareKeys.has(unit)) return this.shareKeys.get(unit);
    this.shareKeys.set(unit, undefined); // a unit reached again while computing: no key
    let key: string | undefined;
    if (!unit.isRoot && !unit.cyclic && typeof unit.schema === "object") {
      const parts = [JSON.stringify(unit.schema)];
      const stack: Schema[] = [unit.schema];
      while (stack.length > 0 && parts !== undefined) {
        const s = stack.pop()!;
        if (typeof s === "boolean") continue;
        const ref = own(s, "$ref");
        if (ref !== undefined) {
          const t = this.resolve(ref);
          const inner =
            t.kind === "inline"
              ? JSON.stringify(t.schema)
              : this.shareKey(t.unit);
          if (inner === undefined) {
            parts.length = 0;
            break;
          }
          // The unit's key stands for it by its number: written out, a definition used six times in
          // one used six times, and so on, made keys of 6^depth characters (past V8's string limit).
          parts.push(
            JSON.stringify(ref),
            t.kind === "inline" ? inner : this.keys.idOf(inner),
          );
        }
        const children = evaluatedChildren(s);
        for (let i = 0; i < children.length; i++) stack.push(children[i]![0]);
      }
      key = parts.length > 0 ? parts.join("\u0000") : undefined;
    }
    this.shareKeys.set(unit, key);
    return key;
  }

  private readonly shareKeys = new Map<Unit, string | undefined>();

  /** True when checking `schema` cannot recurse without bound (no call into a `$ref` cycle). */
  bounded(schema: Schema): boolean {
    if (typeof schema === "boolean") return true;
    const memo = this.boundedMemo.get(schema);
    if (memo !== undefined) return memo;
    let result = true;
    const stack: Schema[] = [schema];
    const seen = new Set<object>();
    while (stack.length > 0 && result) {
      const s = stack.pop()!;
      if (typeof s === "boolean" || seen.has(s)) continue;
      seen.add(s);
      const ref = own(s, "$ref");
      if (ref !== undefined) {
        const t = this.resolve(ref);
        if (t.kind === "call" && this.unitUnbounded(t.unit)) result = false;
        else if (t.kind === "inline") stack.push(t.schema);
      }
      const children = evaluatedChildren(s);
      for (let i = 0; i < children.length; i++) stack.push(children[i]![0]);
    }
    this.boundedMemo.set(schema, result);
    return result;
  }

  private unitUnbounded(unit: Unit): boolean {
    const memo = this.unboundedUnits.get(unit);
    if (memo !== undefined) return memo;
    let result = unit.cyclic;
    if (!result)
      for (const c of this.callees.get(unit) ?? [])
        if (this.unitUnbounded(c)) result = true;
    this.unboundedUnits.set(unit, result);
    return result;
  }

  private unit(schema: SchemaObject | boolean, isRoot: boolean): Unit {
    const key = typeof schema === "object" ? schema : undefined;
    if (key) {
      const known = this.unitBySchema.get(key);
      if (known) return known;
    }
    const unit: Unit = {
      index: this.units.length,
      schema,
      isRoot,
      referenced: false,
      cyclic: false,
    };
    this.units.push(unit);
    if (key) this.unitBySchema.set(key, unit);
    return unit;
  }

  /** JSON Pointer walk through own members, as Ajv's `getJsonPointer` (percent-decoding each token). */
  private walk(ref: string): Schema | undefined {
    const fragment = ref.slice(1);
    if (!fragment.startsWith("/")) return undefined;
    let node: unknown = this.root;
    for (const token of fragment.slice(1).split("/")) {
      let part: string;
      try {
        part = unescapePointerSegment(decodeURIComponent(token));
      } catch {
        return undefined;
      }
      if (typeof node !== "object" || node === null || !hasOwn(node, part))
        return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    if (typeof node === "boolean" || isJsonObject(node as never))
      return node as Schema;
    return undefined;
  }

  private resolveUncached(ref: string): RefTarget {
    if (isRootRef(ref)) return { kind: "call", unit: this.rootUnit };
    let target = this.walk(ref);
    if (target === undefined)
      throw new CompileError([
        {
          rule: "unresolved-ref",
          pointer: "",
          message: `$ref ${JSON.stringify(ref)} does not resolve inside the schema`,
        },
      ]);
    // Ajv follows a chain of schemas that hold nothing but a `$ref` to a JSON Pointer.
    const chain = new Set<object>();
    for (;;) {
      if (
        typeof target === "boolean" ||
        own(target, "$ref") === undefined ||
        hasRulesButRef(target)
      )
        break;
      if (chain.has(target))
        throw new CompileError([
          {
            rule: "unresolved-ref",
            pointer: "",
            message: `$ref ${JSON.stringify(ref)} is a cycle of references that never reaches a schema`,
          },
        ]);
      chain.add(target);
      const inner = target.$ref!;
      if (isRootRef(inner)) break;
      const next = this.walk(inner);
      if (next === undefined) break;
      target = next;
    }
    if (typeof target === "boolean" || !containsRef(target))
      return { kind: "inline", schema: target };
    return { kind: "call", unit: this.unit(target, false) };
  }

  private analyse(): void {
    const problems: Problem[] = [];
    this.unit(this.root as SchemaObject | boolean, true);
    // Discover units and the call graph.
    const unitPointer = new Map<Unit, string>([[this.rootUnit, ""]]);
    for (let i = 0; i < this.units.length; i++) {
      const unit = this.units[i]!;
      const calls = new Set<Unit>();
      this.callees.set(unit, calls);
      const stack: [Schema, string][] = [
        [unit.schema, unitPointer.get(unit) ?? ""],
      ];
      while (stack.length > 0) {
        const [s, pointer] = stack.pop()!;
        if (typeof s === "boolean") continue;
        const ref = own(s, "$ref");
        if (ref !== undefined) {
          let t: RefTarget;
          try {
            t = this.resolve(ref);
          } catch (e) {
            if (!(e instanceof CompileError)) throw e;
            problems.push(
              ...e.problems.map((p) => ({
                ...p,
                pointer: pointerJoin(pointer, "$ref"),
              })),
            );
            continue;
          }
          if (t.kind === "call") {
            t.unit.referenced = true;
            calls.add(t.unit);
            if (!unitPointer.has(t.unit))
              unitPointer.set(t.unit, refPointer(ref));
          }
        }
        const children = evaluatedChildren(s);
        for (let i = 0; i < children.length; i++) {
          const child = children[i]!;
          stack.push([child[0], pointerJoin(pointer, ...child[1])]);
        }
      }
    }
    if (problems.length > 0) throw new CompileError(problems);
    this.markCycles();
    this.checkSameLevelCycles();
  }

  /** Marks the units on a cycle of the call graph. */
  private markCycles(): void {
    for (const u of nodesOnCycles(
      this.units,
      (unit) => this.callees.get(unit) ?? [],
    ))
      u.cyclic = true;
  }

  /** Rejects `$ref` cycles through applicators that stay on the same instance value. */
  private checkSameLevelCycles(): void {
    const GRAY = 1;
    const BLACK = 2;
    const color = new Map<object, number>();
    const edges = (s: SchemaObject): Schema[] => {
      const out = sameLevelChildren(s);
      const ref = own(s, "$ref");
      if (ref !== undefined) {
        const t = this.resolve(ref);
        out.push(t.kind === "inline" ? t.schema : t.unit.schema);
      }
      return out;
    };
    // Every schema object that code is generated for: unit bodies and what they evaluate.
    const all: SchemaObject[] = [];
    const seen = new Set<object>();
    const pending: Schema[] = this.units.map((u) => u.schema);
    while (pending.length > 0) {
      const s = pending.pop()!;
      if (typeof s === "boolean" || seen.has(s)) continue;
      seen.add(s);
      all.push(s);
      const children = evaluatedChildren(s);
      for (let i = 0; i < children.length; i++) pending.push(children[i]![0]);
      const next = edges(s);
      for (let i = 0; i < next.length; i++) pending.push(next[i]!);
    }
    for (const start of all) {
      if (color.get(start) === BLACK) continue;
      const stack: { node: SchemaObject; children: Schema[]; next: number }[] =
        [{ node: start, children: edges(start), next: 0 }];
      color.set(start, GRAY);
      while (stack.length > 0) {
        const top = stack[stack.length - 1]!;
        if (top.next >= top.children.length) {
          color.set(top.node, BLACK);
          stack.pop();
          continue;
        }
        const child = top.children[top.next++]!;
        if (typeof child === "boolean") continue;
        const c = color.get(child);
        if (c === GRAY)
          throw new CompileError([
            {
              rule: "unresolved-ref",
              pointer: "",
              message:
                "$ref cycle that never descends into the instance (validation would never end)",
            },
          ]);
        if (c === undefined) {
          color.set(child, GRAY);
          stack.push({ node: child, children: edges(child), next: 0 });
        }
      }
    }
  }
}
