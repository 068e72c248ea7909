/**
 * Lowering: the canonical schema of a tool (a self-contained 2020-12 resource) rewritten into the
 * dialect one provider accepts. A dialect is an ordered list of node-local passes; one shared walker
 * applies them bottom-up (children are lowered before their parent sees them), so every pass is a
 * small pure function of one node. Nothing is mutated: the canonical resource is frozen and every
 * lowered node is a fresh object.
 *
 * Each lowering reports what it did, so the result can be checked rather than trusted:
 * - `moved`: constraints removed from the declaration and stated in a description instead
 *   (they stay enforced by the canonical validator);
 * - `blockers`: constructs the dialect cannot express at all (the target then cannot be strict);
 * - `nullWrappers`: property schemas that were optional and are declared required-and-nullable,
 *   so a `null` there means "omitted" (the input of the normalisation plan).
 */
import {
  hasOwn,
  isJsonObject,
  objectFromEntries,
  pointerJoin,
  setOwn,
  type Json,
  type JsonObject,
} from "../../schema/json.js";
import { KEYWORDS } from "../../schema/keywords.js";
import { withConstraints, withSentence } from "./constraint-text.js";

/** A constraint that the declaration no longer carries; `text` was appended to a description. */
export interface MovedConstraint {
  /** Pointer of the canonical node that held the keyword (relative to the resource root). */
  readonly pointer: string;
  readonly keyword: string;
  readonly value: Json;
  /** The phrase written into the description of the lowered node that replaces this one. */
  readonly text: string;
}

/** Why a construct cannot be declared in a dialect. `kind` lets lint rules skip what others report. */
export type BlockerKind =
  | "open-object"
  | "untyped"
  | "optional-nullable"
  | "boolean-schema"
  | "open-tuple"
  | "ambiguous-union"
  | "complex-literal"
  | "recursion"
  /** A size limit of the provider's strict mode (limits.ts). */
  | "limit";

export interface Blocker {
  readonly kind: BlockerKind;
  /** Pointer of the canonical node (relative to the resource root). */
  readonly pointer: string;
  readonly reason: string;
}

export interface Lowering {
  readonly schema: Json;
  readonly moved: readonly MovedConstraint[];
  readonly blockers: readonly Blocker[];
  /** Lowered property schemas of the form `anyOf [X, null]` made from an optional property, mapped to X. */
  readonly nullWrappers: ReadonlyMap<object, Json>;
}

/** What a pass may see and record about the node it rewrites. */
export interface NodeContext {
  /** Pointer of the canonical node (relative to the resource root). */
  readonly pointer: string;
  /** The canonical node itself (before any pass): moved constraints are rendered from it. */
  readonly canonical: JsonObject;
  /** The canonical resource root, for `$ref` look-ups. */
  readonly root: Json;
  readonly isRoot: boolean;
  /** The keyword that holds this node in its parent (`properties`, `items`, …); absent at the root. */
  readonly via?: string;
  block(kind: BlockerKind, reason: string, pointer?: string): void;
  /**
   * Records a constraint removed from this node; `text` is appended to the description of the
   * node the passes finally produce (all phrases of a node form one sentence). With
   * `samePhraseAs`, the keyword is stated by the phrase of another moved keyword (`then` by `if`).
   */
  moved(
    keyword: string,
    value: Json,
    text: string,
    options?: {
      readonly pointer?: string;
      readonly keepsSubschemas?: boolean;
      readonly samePhraseAs?: string;
    },
  ): void;
  /** Appends a sentence that states no constraint (e.g. a dropped `default`). */
  note(sentence: string): void;
  /** Declares `wrapper` (a fresh lowered node) as the required-and-nullable form of `inner`. */
  nullWrapper(wrapper: JsonObject, inner: Json): void;
  isNullWrapper(node: Json): boolean;
}

/** One node-local rewrite. Receives the node with its children already lowered. */
export type Pass = (node: JsonObject, ctx: NodeContext) => JsonObject;

export interface Dialect {
  /** Stable id (`openai-strict`, `anthropic-strict`, `google`, `canonical`). */
  readonly id: string;
  readonly passes: readonly Pass[];
  /** Resource-level checks before the walk (e.g. recursion, where a dialect has none). */
  readonly checks?: readonly ((
    root: Json,
    block: (kind: BlockerKind, reason: string, pointer: string) => void,
  ) => void)[];
  /**
   * The dialect declares optional properties as required-and-nullable (a null then means
   * "omitted" and is normalised away). Must agree with its passes (a test checks it).
   */
  readonly optionalAsNullable?: boolean;
  /** Size limits of the dialect, measured on the canonical schema (kind `limit`). */
  readonly limits?: (canonical: Json) => readonly Blocker[];
  /**
   * Limits over all tools declared strict together (one request carries them all): findings name
   * the tool whose schema crosses the limit, or none when the count of tools itself does.
   */
  readonly catalogLimits?: (
    inputs: readonly { readonly tool: string; readonly schema: Json }[],
  ) => readonly CatalogLimitFinding[];
}

export interface CatalogLimitFinding {
  readonly tool?: string;
  /** Pointer inside that tool's input (ignored without a tool). */
  readonly pointer: string;
  readonly reason: string;
}

/** Lowers one schema resource (tool input or output) into a dialect. */
export function lowerResource(root: Json, dialect: Dialect): Lowering {
  const state: LoweringState = {
    root,
    moved: [],
    blockers: [],
    nullWrappers: new Map(),
    gone: [],
  };
  const { moved, blockers, nullWrappers, gone } = state;
  for (const check of dialect.checks ?? [])
    check(root, (kind, reason, pointer) =>
      blockers.push({ kind, reason, pointer }),
    );
  if (dialect.passes.length === 0)
    return { schema: root, moved, blockers, nullWrappers };

  const lower = (
    node: Json,
    pointer: string,
    via: string | undefined,
  ): Json => {
    if (!isJsonObject(node)) return node;
    // Built in place, key by key (no list of pairs per node): this runs for every node of every
    // tool schema, for each dialect.
    const rebuilt: { [key: string]: Json } = {};
    // Indexed, not for…of (mostly unoptimised in a one-shot run: each iterator step allocates).
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = node[key]!;
      const shape = SHAPES.get(key);
      if (shape === "schema")
        setOwn(rebuilt, key, lower(value, pointerJoin(pointer, key), key));
      else if (shape === "schemaMap" && isJsonObject(value)) {
        const base = pointerJoin(pointer, key);
        const map: { [key: string]: Json } = {};
        const names = Object.keys(value);
        for (let j = 0; j < names.length; j++) {
          const k = names[j]!;
          setOwn(map, k, lower(value[k]!, pointerJoin(base, k), key));
        }
        setOwn(rebuilt, key, map);
      } else if (shape === "schemaArray" && Array.isArray(value)) {
        const base = pointerJoin(pointer, key);
        setOwn(
          rebuilt,
          key,
          value.map((v: Json, i: number) => lower(v, `${base}/${i}`, key)),
        );
      } else setOwn(rebuilt, key, value);
    }
    let out: JsonObject = rebuilt;
    const ctx = new NodeScope(state, node, pointer, via);
    for (let i = 0; i < dialect.passes.length; i++) {
      const pass = dialect.passes[i]!;
      out = pass(out, ctx);
    }
    if (ctx.phrases.length + ctx.notes.length > 0) {
      let description = withConstraints(
        typeof out.description === "string" ? out.description : undefined,
        ctx.phrases,
      );
      for (const n of ctx.notes) description = withSentence(description, n);
      out = withKey(out, "description", description);
    }
    return out;
  };
  const schema = lower(root, "", undefined);
  const inGone = (p: string) =>
    gone.some((g) => p === g || p.startsWith(g + "/"));
  return {
    schema,
    moved: moved.filter((m) => !inGone(m.pointer)),
    blockers: blockers.filter((b) => !inGone(b.pointer)),
    nullWrappers,
  };
}

/** The subschema shape of each keyword (a Map: looked up for every key of every node). */
const SHAPES: ReadonlyMap<string, string> = new Map(
  Object.keys(KEYWORDS).map((k) => [k, KEYWORDS[k]!.shape] as const),
);

/** What the passes of one resource record, shared by the contexts of all its nodes. */
interface LoweringState {
  readonly root: Json;
  readonly moved: MovedConstraint[];
  readonly blockers: Blocker[];
  readonly nullWrappers: Map<object, Json>;
  /** Subtrees removed from the declaration: what was found inside them no longer applies. */
  readonly gone: string[];
}

/**
 * The context of one node. A class rather than an object of closures: the walker makes one per
 * schema node of every tool, and methods on the prototype cost no allocation.
 */
class NodeScope implements NodeContext {
  readonly root: Json;
  readonly isRoot: boolean;
  /** Phrases and sentences for this node's description. */
  readonly phrases: string[] = [];
  readonly notes: string[] = [];

  constructor(
    private readonly state: LoweringState,
    readonly canonical: JsonObject,
    readonly pointer: string,
    readonly via: string | undefined,
  ) {
    this.root = state.root;
    this.isRoot = pointer === "";
  }

  block(kind: BlockerKind, reason: string, at?: string): void {
    this.state.blockers.push({ kind, reason, pointer: at ?? this.pointer });
  }

  moved(
    keyword: string,
    value: Json,
    text: string,
    options?: {
      readonly pointer?: string;
      readonly keepsSubschemas?: boolean;
      readonly samePhraseAs?: string;
    },
  ): void {
    this.state.moved.push({
      keyword,
      value,
      text,
      pointer: options?.pointer ?? this.pointer,
    });
    if (!options?.keepsSubschemas)
      this.state.gone.push(
        pointerJoin(options?.pointer ?? this.pointer, keyword),
      );
    if (options?.samePhraseAs === undefined) this.phrases.push(text);
  }

  note(sentence: string): void {
    this.notes.push(sentence);
  }

  nullWrapper(wrapper: JsonObject, inner: Json): void {
    this.state.nullWrappers.set(wrapper, inner);
  }

  isNullWrapper(n: Json): boolean {
    return isJsonObject(n) && this.state.nullWrappers.has(n);
  }
}

/** The identity dialect: the canonical schema as it is (MCP, non-strict targets). */
export const CANONICAL: Dialect = { id: "canonical", passes: [] };

/** A copy of `node` with `key` set (kept in place when present, appended otherwise). */
export function withKey(
  node: JsonObject,
  key: string,
  value: Json,
): JsonObject {
  const out: { [key: string]: Json } = {};
  const keyList = Object.keys(node);
  for (let i = 0; i < keyList.length; i++) {
    const k = keyList[i]!;
    setOwn(out, k, k === key ? value : node[k]!);
  }
  if (!hasOwn(node, key)) setOwn(out, key, value);
  return out;
}

/**
 * A copy of `node` with `key` set: in place when present, otherwise first or right after
 * `after` (when that key exists), else last.
 */
export function withKeyPlaced(
  node: JsonObject,
  key: string,
  value: Json,
  place: "first" | { readonly after: string },
): JsonObject {
  if (hasOwn(node, key)) return withKey(node, key, value);
  const keys = Object.keys(node);
  const entries = keys.map((k) => [k, node[k]!] as const);
  const at =
    place === "first" ? 0 : keys.indexOf(place.after) + 1 || keys.length;
  return objectFromEntries([
    ...entries.slice(0, at),
    [key, value] as const,
    ...entries.slice(at),
  ]);
}

/** A copy of `node` without the given keys. */
export function withoutKeys(
  node: JsonObject,
  keys: Iterable<string>,
): JsonObject {
  const drop = new Set(keys);
  const out: { [key: string]: Json } = {};
  const keyList = Object.keys(node);
  for (let i = 0; i < keyList.length; i++) {
    const k = keyList[i]!;
    if (!drop.has(k)) setOwn(out, k, node[k]!);
  }
  return out;
}
