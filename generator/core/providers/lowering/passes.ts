/**
 * The shared lowering passes. Each is a pure function of one node (children already lowered) and
 * is composed into dialects in dialects.ts. A pass that removes something only ever widens what
 * the declaration admits (the canonical validator still enforces it) and records it as moved; a
 * pass that would have to narrow or change meaning reports a blocker instead.
 */
import {
  hasOwn,
  isJsonObject,
  objectFromEntries,
  pointerJoin,
  type Json,
  type JsonObject,
} from "../../schema/json.js";
import { KEYWORDS } from "../../schema/keywords.js";
import {
  constraintPhrase,
  annotationPhrase,
  withSentence,
  type PhraseOptions,
} from "./constraint-text.js";
import { withKey, withKeyPlaced, withoutKeys, type Pass } from "./lowering.js";
import {
  admitsNull,
  ANNOTATIONS,
  isArrayish,
  isObjectish,
  isStableRef,
  literalKind,
  refsIn,
  sameShape,
  typeList,
  withoutAnnotations,
} from "./schema-util.js";

/** Removes annotations a dialect does not take; a dropped `default` is stated as a sentence. */
export function dropAnnotations(
  keys: readonly string[],
  options: { noteDefault: boolean },
): Pass {
  const drop = new Set(keys);
  return (node, ctx) => {
    if (!Object.keys(node).some((k) => drop.has(k))) return node;
    if (options.noteDefault && drop.has("default") && hasOwn(node, "default"))
      ctx.note(`${capitalise(annotationPhrase("default", node.default!)!)}.`);
    return withoutKeys(node, drop);
  };
}

/** Which keywords move together: removing the first alone would change what the others mean. */
const COUPLED: Readonly<Record<string, readonly string[]>> = {
  patternProperties: ["additionalProperties"],
  prefixItems: ["items"],
  contains: ["minContains", "maxContains"],
  if: ["then", "else"],
};

/** Keywords stated together in one phrase: a conditional, and `contains` with its bounds. */
function groupPhrases(
  selected: ReadonlySet<string>,
  value: (k: string) => Json,
): [{ members: string[] }, string][] {
  const out: [{ members: string[] }, string][] = [];
  const j = (v: Json) => JSON.stringify(v);
  if (selected.has("if")) {
    const members = ["if", ...["then", "else"].filter((k) => selected.has(k))];
    const then = selected.has("then")
      ? `, it must match ${j(value("then"))}`
      : ", nothing more is required";
    const otherwise = selected.has("else")
      ? `; otherwise it must match ${j(value("else"))}`
      : "";
    out.push([
      { members },
      `if it matches ${j(value("if"))}${then}${otherwise}`,
    ]);
  }
  if (selected.has("contains")) {
    const members = [
      "contains",
      ...["minContains", "maxContains"].filter((k) => selected.has(k)),
    ];
    const min = selected.has("minContains")
      ? (value("minContains") as number)
      : 1;
    const max = selected.has("maxContains")
      ? (value("maxContains") as number)
      : undefined;
    const count =
      max === undefined
        ? `at least ${min}`
        : min === max
          ? `exactly ${min}`
          : min === 0
            ? `at most ${max}`
            : `${min} to ${max}`;
    out.push([
      { members },
      `${count} ${count === "exactly 1" || count === "at least 1" || count === "at most 1" ? "item matches" : "items match"} ${j(value("contains"))}`,
    ]);
  }
  return out;
}

export type MovePredicate = (
  keyword: string,
  value: Json,
  node: JsonObject,
) => boolean;

/**
 * Removes the keywords `predicate` selects and states them in the node's description. The phrase
 * is rendered from the canonical value (what the validator enforces), not from a lowered one.
 */
export function moveKeywords(
  predicate: MovePredicate,
  phrase: PhraseOptions = {},
): Pass {
  return (node, ctx) => {
    const selected = new Set<string>();
    const keyList = Object.keys(node);
    for (let i = 0; i < keyList.length; i++) {
      const k = keyList[i]!;
      if (k === "description" || k === "title" || !hasOwn(KEYWORDS, k))
        continue;
      if (predicate(k, node[k]!, node)) {
        selected.add(k);
        for (const c of COUPLED[k] ?? [])
          if (
            hasOwn(node, c) &&
            !(c === "additionalProperties" && node[c] === true)
          )
            selected.add(c);
      }
    }
    if (selected.size === 0) return node;
    const canonicalValue = (k: string) =>
      hasOwn(ctx.canonical, k) ? ctx.canonical[k]! : node[k]!;
    const grouped = new Map<string, { lead: string; text: string }>();
    for (const [lead, text] of groupPhrases(selected, canonicalValue))
      for (const k of lead.members)
        grouped.set(k, { lead: lead.members[0]!, text });
    for (let i = 0; i < keyList.length; i++) {
      const k = keyList[i]!;
      if (!selected.has(k)) continue;
      const group = grouped.get(k);
      if (group) {
        ctx.moved(
          k,
          canonicalValue(k),
          group.text,
          group.lead === k ? {} : { samePhraseAs: group.lead },
        );
        continue;
      }
      const text = constraintPhrase(k, canonicalValue(k), phrase);
      if (text !== undefined) ctx.moved(k, canonicalValue(k), text);
    }
    return withoutKeys(node, selected);
  };
}

/**
 * `oneOf` becomes `anyOf` (the alternatives stay declared; only "exactly one" moves into the
 * description). A node that has both keeps `anyOf` and moves `oneOf` whole.
 */
export const oneOfToAnyOf: Pass = (node, ctx) => {
  if (!Array.isArray(node.oneOf)) return node;
  if (hasOwn(node, "anyOf")) {
    ctx.moved(
      "oneOf",
      ctx.canonical.oneOf ?? node.oneOf,
      constraintPhrase("oneOf", ctx.canonical.oneOf ?? node.oneOf)!,
    );
    return withoutKeys(node, ["oneOf"]);
  }
  ctx.moved(
    "oneOf",
    ctx.canonical.oneOf ?? node.oneOf,
    "exactly one of the alternatives matches",
    { keepsSubschemas: true },
  );
  return objectFromEntries(
    Object.keys(node).map((k) =>
      k === "oneOf"
        ? (["anyOf", node.oneOf!] as const)
        : ([k, node[k]!] as const),
    ),
  );
};

/** `const: X` becomes the equivalent `enum: [X]` (for dialects without `const`). */
export const constToEnum: Pass = (node) => {
  if (!hasOwn(node, "const")) return node;
  if (hasOwn(node, "enum")) return node;
  return objectFromEntries(
    Object.keys(node).map((k) =>
      k === "const"
        ? (["enum", [node.const!]] as const)
        : ([k, node[k]!] as const),
    ),
  );
};

/** Keywords that only apply to one JSON kind: they follow that kind's branch when an enum is split. */
const KIND_KEYWORDS: Readonly<Record<string, string>> = {
  minLength: "string",
  maxLength: "string",
  pattern: "string",
  format: "string",
  minimum: "number",
  maximum: "number",
  exclusiveMinimum: "number",
  exclusiveMaximum: "number",
  multipleOf: "number",
};

/**
 * Literals get an explicit type, and an enum over several kinds (or beside a type list) becomes
 * `anyOf` with one typed enum per kind — never a type array beside `enum`, where `null` would then
 * fail the enum (OpenAI's Structured Outputs guide, supported schemas). Object and array literals cannot be declared.
 */
export const typeLiterals: Pass = (node, ctx) => {
  if (hasOwn(node, "const")) {
    const kind = literalKind(node.const!);
    if (kind === "object" || kind === "array") {
      ctx.block(
        "complex-literal",
        `const ${JSON.stringify(node.const)} is not a primitive value`,
      );
      return node;
    }
    if (hasOwn(node, "type")) return node;
    return withKeyPlaced(node, "type", kind, "first");
  }
  if (!Array.isArray(node.enum)) return node;
  const values = node.enum as readonly Json[];
  if (
    values.some(
      (v) => literalKind(v) === "object" || literalKind(v) === "array",
    )
  ) {
    ctx.block(
      "complex-literal",
      `enum ${JSON.stringify(values)} holds object or array values`,
    );
    return node;
  }
  const declared = typeList(node);
  const admitted = (kind: string, v: Json) =>
    !declared ||
    declared.includes(kind) ||
    (kind === "number" && declared.includes("integer") && Number.isInteger(v));
  const groups = new Map<string, Json[]>();
  for (const v of values) {
    const kind = literalKind(v);
    if (!admitted(kind, v)) continue; // can never pass the canonical type check either
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind)!.push(v);
  }
  const typeFor = (kind: string) =>
    kind === "number" &&
    declared?.includes("integer") &&
    !declared.includes("number")
      ? "integer"
      : kind;
  if (groups.size === 0) return node;
  if (groups.size === 1) {
    const [kind, group] = [...groups][0]!;
    return withKey(
      withKeyPlaced(node, "type", typeFor(kind), "first"),
      "enum",
      group,
    );
  }
  const branchKeys = Object.keys(node).filter((k) => hasOwn(KIND_KEYWORDS, k));
  const branches: Json[] = [...groups].map(([kind, group]) => {
    if (kind === "null") return { type: "null" };
    const own = branchKeys
      .filter((k) => KIND_KEYWORDS[k] === kind)
      .map((k) => [k, node[k]!] as const);
    return objectFromEntries<Json>([
      ["type", typeFor(kind)],
      ["enum", group],
      ...own,
    ]);
  });
  const rest = Object.keys(node).filter(
    (k) => k !== "type" && k !== "enum" && !branchKeys.includes(k),
  );
  return objectFromEntries<Json>([
    ["anyOf", branches],
    ...rest.map((k) => [k, node[k]!] as const),
  ]);
};

/**
 * A tuple (`prefixItems`) becomes one item schema: the union of the positions (and of `items`),
 * with `maxItems` when no item may follow. The per-position schemas move into the description.
 */
export const tupleToItems: Pass = (node, ctx) => {
  if (!Array.isArray(node.prefixItems)) return node;
  const prefix = node.prefixItems as readonly Json[];
  if (!hasOwn(node, "items") || node.items === true) {
    ctx.block(
      "open-tuple",
      "a tuple that admits any further items (`items` absent or true) has no single item schema",
    );
    return node;
  }
  if (prefix.some((p) => typeof p === "boolean")) {
    ctx.block("boolean-schema", "a tuple position is a boolean schema");
    return node;
  }
  const positions = prefix as readonly JsonObject[];
  const rest =
    node.items === false
      ? []
      : isJsonObject(node.items!)
        ? [node.items as JsonObject]
        : [];
  const unique: JsonObject[] = [];
  for (const b of [...positions, ...rest].map(withoutAnnotations))
    if (!unique.some((u) => sameShape(u, b))) unique.push(b);
  const merged: JsonObject =
    unique.length === 1 ? unique[0]! : { anyOf: unique };
  const canonicalPrefix = (ctx.canonical.prefixItems ??
    prefix) as readonly Json[];
  const described = canonicalPrefix.map((p, i) => {
    const desc =
      isJsonObject(p) && typeof p.description === "string"
        ? p.description.trim().replace(/[.;]+$/, "")
        : undefined;
    const what =
      unique.length === 1 && desc !== undefined && desc !== ""
        ? desc
        : JSON.stringify(p);
    return `(${i + 1}) ${what}`;
  });
  ctx.moved(
    "prefixItems",
    canonicalPrefix as Json,
    `items by position ${described.join(", ")}`,
    { keepsSubschemas: true },
  );
  let out = withoutKeys(node, ["prefixItems"]);
  out = withKey(out, "items", merged);
  if (node.items === false) {
    const max =
      typeof node.maxItems === "number"
        ? Math.min(node.maxItems, prefix.length)
        : prefix.length;
    out = withKey(out, "maxItems", max);
  }
  return out;
};

/**
 * Every object is closed (`additionalProperties: false`). An object that is explicitly open (a map,
 * pattern keys) or whose shape comes from a union beside it cannot be closed without rejecting
 * what the catalog allows.
 */
export const closeObjects: Pass = (node, ctx) => {
  if (!isObjectish(node)) return node;
  if (node.additionalProperties === false && !hasOwn(node, "patternProperties"))
    return node;
  if (hasOwn(node, "patternProperties")) {
    ctx.block(
      "open-object",
      "an object with patternProperties admits keys that strict mode cannot declare",
    );
    return node;
  }
  if (hasOwn(node, "additionalProperties")) {
    ctx.block(
      "open-object",
      "an object that admits additional properties (a map) cannot be declared in strict mode",
    );
    return node;
  }
  if (hasOwn(node, "anyOf") || hasOwn(node, "$ref")) {
    ctx.block(
      "open-object",
      "an open object beside anyOf/$ref cannot be closed without rejecting the alternatives' properties",
    );
    return node;
  }
  return withKey(node, "additionalProperties", false);
};

/** The sentence added to a property that is declared required-and-nullable instead of optional. */
export const NULL_MEANS_OMITTED = "Null means not given.";

/**
 * OpenAI strict: every property is required. An optional property is declared
 * `anyOf: [X, {type: "null"}]` (its annotations stay outside) and recorded as a null wrapper: the
 * normalisation removes a null there before the handler runs. A property that already admits
 * null cannot take that meaning and blocks strict mode.
 */
export const requireAllNullable: Pass = (node, ctx) => {
  if (!isJsonObject(node.properties ?? null)) return node;
  const properties = node.properties as JsonObject;
  const keys = Object.keys(properties);
  const required = new Set(
    Array.isArray(node.required)
      ? (node.required as Json[]).filter(
          (x): x is string => typeof x === "string",
        )
      : [],
  );
  if (keys.every((k) => required.has(k)) && required.size === keys.length)
    return node;
  const canonicalProps = isJsonObject(ctx.canonical.properties ?? null)
    ? (ctx.canonical.properties as JsonObject)
    : {};
  const lowered = keys.map((k) => {
    const child = properties[k]!;
    if (required.has(k)) return [k, child] as const;
    const original = hasOwn(canonicalProps, k) ? canonicalProps[k]! : child;
    if (admitsNull(original, ctx.root)) {
      ctx.block(
        "optional-nullable",
        `${JSON.stringify(k)} is optional and admits null: under strict mode null would mean both "omitted" and "null"`,
        pointerJoin(ctx.pointer, "properties", k),
      );
      return [k, child] as const;
    }
    if (!isJsonObject(child)) return [k, child] as const;
    const wrapper = nullable(child);
    ctx.nullWrapper(wrapper, child);
    return [k, wrapper] as const;
  });
  let out = withKey(node, "properties", objectFromEntries<Json>(lowered));
  out = withKeyPlaced(out, "required", keys, { after: "properties" });
  return out;
};

function nullable(child: JsonObject): JsonObject {
  const annotations = Object.keys(child).filter((k) => ANNOTATIONS.has(k));
  const rest = withoutAnnotations(child);
  const pureUnion = Object.keys(rest).length === 1 && Array.isArray(rest.anyOf);
  const branches: Json[] = pureUnion
    ? [...(rest.anyOf as readonly Json[]), { type: "null" }]
    : [rest, { type: "null" }];
  const entries: [string, Json][] = [["anyOf", branches]];
  for (const k of annotations) entries.push([k, child[k]!]);
  const wrapper = objectFromEntries<Json>(entries);
  return withKey(
    wrapper,
    "description",
    withSentence(
      typeof child.description === "string" ? child.description : undefined,
      NULL_MEANS_OMITTED,
    ),
  );
}

/** Boolean subschemas (other than `additionalProperties: false`) cannot be declared. */
export const blockBooleanSubschemas: Pass = (node, ctx) => {
  const keyList = Object.keys(node);
  for (let j = 0; j < keyList.length; j++) {
    const k = keyList[j]!;
    const info = hasOwn(KEYWORDS, k) ? KEYWORDS[k]! : undefined;
    if (!info) continue;
    const v = node[k]!;
    if (k === "items" && hasOwn(node, "prefixItems")) continue; // the tuple pass reports an open tuple
    const booleans: string[] = [];
    if (
      info.shape === "schema" &&
      typeof v === "boolean" &&
      !(k === "additionalProperties" && v === false)
    )
      booleans.push(pointerJoin(ctx.pointer, k));
    if (info.shape === "schemaMap" && isJsonObject(v))
      for (const m of Object.keys(v))
        if (typeof v[m] === "boolean")
          booleans.push(pointerJoin(ctx.pointer, k, m));
    if (info.shape === "schemaArray" && Array.isArray(v))
      v.forEach(
        (s: Json, i: number) =>
          typeof s === "boolean" &&
          booleans.push(pointerJoin(ctx.pointer, k, i)),
      );
    for (const at of booleans)
      ctx.block(
        "boolean-schema",
        "a boolean schema (true/false) has no typed form in strict mode",
        at,
      );
  }
  return node;
};

/** Every node says what it is; arrays say what their items are. */
export const requireTyped: Pass = (node, ctx) => {
  const typed = ["type", "enum", "const", "anyOf", "$ref", "allOf"].some((k) =>
    hasOwn(node, k),
  );
  if (!typed && !(ctx.via === "$defs" && Object.keys(node).length === 0))
    ctx.block(
      "untyped",
      "a schema without a type (type, enum, const, anyOf or $ref) cannot be declared in strict mode",
    );
  if (
    isArrayish(node) &&
    !hasOwn(node, "items") &&
    !hasOwn(node, "prefixItems")
  )
    ctx.block(
      "untyped",
      "an array without `items` cannot be declared in strict mode",
    );
  return node;
};

/** References other than `#` and `#/$defs/<name>` may point into a part the lowering rewrote. */
export const requireStableRefs: Pass = (node, ctx) => {
  if (typeof node.$ref === "string" && !isStableRef(node.$ref))
    ctx.block(
      "untyped",
      `reference ${JSON.stringify(node.$ref)} points inside a schema; strict declarations reference $defs entries only`,
    );
  return node;
};

/** Resource check: a `$ref` cycle (for dialects without recursion). Reports the ref that closes a cycle. */
export function findRecursion(
  root: Json,
  block: (kind: "recursion", reason: string, pointer: string) => void,
): void {
  const defs =
    isJsonObject(root) && isJsonObject(root.$defs ?? null)
      ? (root.$defs as JsonObject)
      : {};
  const nodeOf = (ref: string): string | undefined => {
    if (ref === "#") return "#";
    const m = /^#\/\$defs\/([^/]+)/.exec(ref);
    if (!m) return "#";
    try {
      return decodeURIComponent(m[1]!).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
  };
  const edges = new Map<string, { to: string; pointer: string }[]>();
  const bodyOf = (name: string): Json =>
    name === "#"
      ? isJsonObject(root)
        ? withoutKeys(root, ["$defs"])
        : root
      : defs[name]!;
  const names = ["#", ...Object.keys(defs)];
  for (const name of names) {
    const base = name === "#" ? "" : pointerJoin("/$defs", name);
    edges.set(
      name,
      refsIn(bodyOf(name), base)
        .map((r) => ({ to: nodeOf(r.ref) ?? "#", pointer: r.pointer }))
        .filter((e) => e.to === "#" || hasOwn(defs, e.to)),
    );
  }
  const state = new Map<string, "active" | "done">();
  const reported = new Set<string>();
  const visit = (name: string) => {
    state.set(name, "active");
    for (const e of edges.get(name) ?? []) {
      const s = state.get(e.to);
      if (s === "active") {
        if (!reported.has(e.pointer)) {
          reported.add(e.pointer);
          block(
            "recursion",
            `recursive reference to ${e.to === "#" ? "the root" : JSON.stringify(e.to)}: the dialect has no recursive schemas`,
            e.pointer,
          );
        }
      } else if (s === undefined) visit(e.to);
    }
    state.set(name, "done");
  };
  for (const n of names) if (!state.has(n)) visit(n);
}

function capitalise(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}
